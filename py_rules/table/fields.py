"""The fields the table's operations share (:mod:`.operations`): how a list of seats, characters or proposals is
checked on its way in (each item by its shape, :mod:`.shapes`; the first problem refused naming its place), and the
bounds of the lists that carry sheets."""

from __future__ import annotations

from py_rules.errors import RulesError
from py_rules.params import REQUIRED, Param
from py_rules.table import shapes

__all__ = (
    "DEPTH",
    "LONG",
    "id_of",
    "listed",
    "one",
    "key_seat",
    "table_seat",
    "decided_id",
    "proposal_id_and_seat",
    "json_param",
    "unique_ids",
)

DEPTH = 24
LONG = 900_000
"""Characters of the lists that carry sheets (a table's seats' characters and their proposals)."""


def id_of(value, field: str, what: str) -> str:
    """``value`` when it is an id, else a RulesError naming ``field`` (``what``: the id in words)."""
    return shapes.checked(value, lambda v, _p: shapes.id_problems(v, "", what), field, what)


def listed(problems_of, what: str):
    """A field's parse: a list of at most :data:`~py_rules.table.shapes.MAX_LIST` items each without a problem of
    ``problems_of``."""

    def parse(value):
        if not isinstance(value, list) or len(value) > shapes.MAX_LIST:
            raise RulesError("wrong_type", f"{what} must be a list of at most {shapes.MAX_LIST}.", "")
        for index, item in enumerate(value):
            found = problems_of(item, str(index))
            if found:
                raise RulesError("bad_table_record", f"{what}, {index + 1}: {found[0]['message']}", found[0]["path"])
        return value

    return parse


def one(problems_of, what: str, optional: bool = False):
    """A field's parse: one record without a problem of ``problems_of`` (or None when ``optional``)."""

    def parse(value):
        if value is None and optional:
            return None
        found = problems_of(value, "")
        if found:
            raise RulesError("bad_table_record", f"{what}: {found[0]['message']}", found[0]["path"] or "")
        return value

    return parse


def key_seat(value, path: str) -> list[dict]:
    """A seat as a reader of codes needs it: its id and key (the rest of a seat may come along)."""
    if not isinstance(value, dict):
        return [shapes.problem(path, "A seat must be a JSON object with its id and key.")]
    found = shapes.id_problems(value.get("id"), shapes.join_path(path, "id"), "The seat's id")
    if not shapes.is_key(value.get("key")):
        found.append(
            shapes.problem(
                shapes.join_path(path, "key"), f"The seat's key must be {shapes.KEY_CHARS} characters of base64url."
            )
        )
    return found


def table_seat(value, path: str) -> list[dict]:
    return shapes.seat_problems(value, path, key=False, made=False)


def decided_id(value, path: str) -> list[dict]:
    return shapes.id_problems(value, path, "A decided proposal")


def proposal_id_and_seat(value, path: str) -> list[dict]:
    """What a proposal needs to be answered at all (its id and seat); the rest is checked when it is decided."""
    if not isinstance(value, dict):
        return [shapes.problem(path, "A proposal must be a JSON object.")]
    return shapes.id_problems(value.get("id"), shapes.join_path(path, "id"), "The proposal's id") + shapes.id_problems(
        value.get("seat"), shapes.join_path(path, "seat"), "The seat"
    )


def json_param(name, label, help, parse, example, *, default=REQUIRED, max_length=None) -> Param:
    return Param(
        name,
        "json",
        label,
        help,
        default=default,
        parse=parse,
        example=example,
        max_length=max_length,
        max_depth=DEPTH,
    )


def unique_ids(items: list, field: str) -> None:
    """Refuse a list (of characters, of seats) in which two have one id."""
    seen = set()
    for each in items:
        if each["id"] in seen:
            raise RulesError("bad_table_record", f"Two of the {field} have the id {each['id']!r}.", field)
        seen.add(each["id"])
