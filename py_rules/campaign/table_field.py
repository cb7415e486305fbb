"""The campaign's optional ``table`` field: the game master's side of the table (:mod:`py_rules.table`)::

    "table": {"seats": [seat, …],                    # one per player's device, each with its key
              "requests": [roll request, …],          # the roll requests asked, with their answers so far
              "decisions": {proposal id: decision},   # every proposal decided (accept is idempotent by id)
              "seq": {seat id: n}}                    # the last update made for each seat

Each part left out reads as empty; a campaign without the field reads as it did and keeps none. Every seat,
request and decision is checked by its shape (:mod:`py_rules.table.shapes`), a seat's id once, a decision under its
own proposal's id (a kept one may carry ``sent``, the update that carried it), an update number for a seat the table
has.
"""

from __future__ import annotations

from typing import Any

from py_rules.campaign.problems import LIMITS, join_path, problem

__all__ = ("PARTS", "MAX_REQUESTS", "table_field")

PARTS = ("seats", "requests", "decisions", "seq")
MAX_REQUESTS = 5_000
"""Roll requests asked over a long campaign."""


def _seats(value, problems: list) -> list:
    from py_rules.table.shapes import MAX_LIST, seat_problems

    if not isinstance(value, list) or len(value) > MAX_LIST:
        problems.append(problem("table.seats", f"The seats must be a list of at most {MAX_LIST}."))
        return []
    seen = set()
    for index, seat in enumerate(value):
        path = join_path("table.seats", index)
        found = seat_problems(seat, path)
        problems.extend(found)
        if not found and seat["id"] in seen:
            problems.append(problem(join_path(path, "id"), f"Two seats have the id {seat['id']!r}."))
        elif not found:
            seen.add(seat["id"])
    return value


def _requests(value, problems: list) -> list:
    from py_rules.table.shapes import request_problems

    if not isinstance(value, list) or len(value) > MAX_REQUESTS:
        problems.append(problem("table.requests", f"The roll requests must be a list of at most {MAX_REQUESTS:,}."))
        return []
    for index, request in enumerate(value):
        problems.extend(request_problems(request, join_path("table.requests", index)))
    return value


def _decisions(value, problems: list) -> dict:
    from py_rules.table.shapes import decision_problems

    if not isinstance(value, dict) or len(value) > LIMITS["log"]:
        problems.append(
            problem("table.decisions", f"The decisions must map at most {LIMITS['log']:,} proposal ids to decisions.")
        )
        return {}
    for key, decision in value.items():
        path = join_path("table.decisions", str(key)[:64])
        found = decision_problems(_unmarked(decision, path, problems), path)
        problems.extend(found)
        if not found and decision["proposal"] != key:
            problems.append(problem(join_path(path, "proposal"), "A decision is kept under its own proposal's id."))
    return value


def _unmarked(decision, path: str, problems: list):
    """A kept decision without its ``sent`` mark, the number of the first update that carried it to its seat (the page
    sends each decision once: py_rules/table/__init__.py, Changes); the mark, when there, is a whole number ≥ 0."""
    if not isinstance(decision, dict) or "sent" not in decision:
        return decision
    sent = decision["sent"]
    if not isinstance(sent, int) or isinstance(sent, bool) or sent < 0:
        problems.append(problem(join_path(path, "sent"), "The update that carried a decision must be its number."))
    return {key: value for key, value in decision.items() if key != "sent"}


def _seq(value, seats: list, problems: list) -> dict:
    if not isinstance(value, dict):
        problems.append(problem("table.seq", "The update numbers must map seat ids to whole numbers."))
        return {}
    have = {seat.get("id") for seat in seats if isinstance(seat, dict)}
    for key, number in value.items():
        path = join_path("table.seq", str(key)[:64])
        if key not in have:
            problems.append(problem(path, "An update number for a seat the table does not have."))
        elif isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 2**53:
            problems.append(problem(path, "An update number must be a whole number (0 or more)."))
    return value


def table_field(value: Any, problems: list) -> dict | None:
    """The campaign's table checked, each part left out read as empty; None with its problems listed.

    >>> table_field({"seats": []}, [])
    {'seats': [], 'requests': [], 'decisions': {}, 'seq': {}}
    >>> wrong = []; table_field({"seats": [{"id": "s-1"}]}, wrong); wrong[0]["path"]
    'table.seats.0.character'
    """
    before = len(problems)
    if not isinstance(value, dict):
        problems.append(problem("table", "The table must be a JSON object with its seats, requests and decisions."))
        return None
    for key in value:
        if key not in PARTS:
            shown = str(key)[:40]
            problems.append(problem(join_path("table", shown), f"The table has no field {shown!r}."))
    seats = _seats(value.get("seats", []), problems)
    out = {
        "seats": seats,
        "requests": _requests(value.get("requests", []), problems),
        "decisions": _decisions(value.get("decisions", {}), problems),
        "seq": _seq(value.get("seq", {}), seats, problems),
    }
    return None if len(problems) > before else out
