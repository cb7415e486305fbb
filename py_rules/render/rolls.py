"""Who rolled what, as a result says it (``details["who_rolled"]``, :func:`py_rules.trace.rolled`): each roll of the
result with its roller, what was rolled, the roll, its target and level, and a note (the roll before Luck was spent,
the patient of a medic's roll). A forum post names each so a reader can check it (TABLE.md, The forum's own format).

Also whose post is next in an encounter (the forum's Attack Order): the combatant whose turn it is, or when the post
is theirs, the next who takes a turn (neither delayed nor skipped).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ("Roll", "rolls_of", "next_to_post")

WHO_ROLLED = "who_rolled"


class Roll(NamedTuple):
    who: str
    what: str
    roll: int | None
    target: int | None
    level: str
    note: str

    def line(self) -> str:
        """``Cultist: Dodge, rolled 6 against 27 — Hard success``."""
        text = f"{self.who}: {self.what}" if self.who and self.what else self.who or self.what
        if self.roll is not None:
            text += f", rolled {self.roll}" + (f" against {self.target}" if self.target is not None else "")
        text += f" — {self.level}" if self.level else ""
        return text + (f" ({self.note})" if self.note else "")


def _int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str(value) -> str:
    return value.strip() if isinstance(value, str) else ""


def rolls_of(details) -> list[Roll]:
    """The rolls ``details`` names (a logged result read long after: any part of another shape is left out)."""
    said = details.get(WHO_ROLLED) if isinstance(details, dict) else None
    if not isinstance(said, list):
        return []
    out = []
    for each in said[:20]:
        if isinstance(each, dict) and (_str(each.get("who")) or _str(each.get("what"))):
            out.append(
                Roll(
                    _str(each.get("who")),
                    _str(each.get("what")),
                    _int(each.get("roll")),
                    _int(each.get("target")),
                    _str(each.get("level")),
                    _str(each.get("note")),
                )
            )
    return out


def next_to_post(encounter, poster: str = "") -> str:
    """The name of whoever posts next in ``encounter`` (a valid encounter state): the combatant whose turn it is,
    or after them the next who takes a turn when ``poster`` is the one whose turn it is; empty when nobody does.

    >>> people = [{"name": n, "delayed": False, "skipped": n == "Cy"} for n in ("Ann", "Bo", "Cy")]
    >>> next_to_post({"combatants": people, "turn": 0, "ended": False}, "Ann")
    'Bo'
    >>> next_to_post({"combatants": people, "turn": 1, "ended": False}, "Bo")
    'Ann'
    >>> next_to_post({"combatants": people, "turn": 1, "ended": False}, "Ann")
    'Bo'
    """
    if not isinstance(encounter, dict) or encounter.get("ended") or not encounter.get("combatants"):
        return ""
    people, turn = encounter["combatants"], encounter.get("turn") or 0
    current = people[turn]
    if current.get("name") != poster and not (current.get("delayed") or current.get("skipped")):
        return str(current.get("name") or "")
    for step in range(1, len(people) + 1):
        other = people[(turn + step) % len(people)]
        if not (other.get("delayed") or other.get("skipped")):
            return "" if other is current and current.get("name") == poster else str(other.get("name") or "")
    return ""
