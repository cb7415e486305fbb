"""A game's character sheet declared once: every field with its kind, bounds, choices, default and words.

Each game declares its sheet in ``py_rules/<game>/sheet.py`` as a :class:`SheetSpec`. The game's own check
(``from_dict``) reads each value through :meth:`SheetSpec.read`, the catalog publishes every declaration
(``sheets``, :func:`py_rules.api.catalog`), and the page builds its forms and limits from that publication
(``web/games/sheet_spec.mjs``), so a bound or a field changed here changes everywhere at once.

A field's ``path`` is dotted as the sheet's JSON is nested. ``*`` stands for any key of a map (``skills.*``: any
skill) or any entry of a list (``items.*.weight``: the weight of any item); :meth:`SheetSpec.field` finds the
declaration of a concrete path (``skills.Handguns``, ``items.3.weight``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field as dataclass_field
from typing import Any

from py_rules.errors import RulesError
from py_rules.limits import shown

__all__ = ("Field", "Derived", "SheetSpec", "KINDS")

KINDS = ("int", "number", "text", "note", "choice", "bool", "map", "list", "record")
"""What a field holds: a whole number, any number, one line of text, a multi-line note, one of ``choices``,
true or false; or a container: ``map`` (named entries, each a ``value`` field), ``list`` (entries, each a
``value`` field) and ``record`` (a fixed set of sub-fields, declared by their own paths)."""


@dataclass(frozen=True)
class Field:
    """One field of a sheet.

    ``section`` is the heading the guided new-character form shows it under (empty: not asked at creation);
    ``group`` the sheet's group of rows (empty: not a row); ``sheet_kinds`` the kinds of sheet the field is asked
    of (empty: every kind; e.g. a creature's sheet may lack APP); ``optional`` whether it may be absent;
    ``max_count`` the most entries of a map or a list; ``source`` the rule the bound comes from.
    """

    path: str
    label: str
    kind: str = "int"
    minimum: float | None = None
    maximum: float | None = None
    max_length: int | None = None
    choices: tuple = ()
    choice_labels: tuple = ()
    default: Any = None
    help: str = ""
    source: str = ""
    section: str = ""
    group: str = ""
    optional: bool = False
    max_count: int | None = None
    sheet_kinds: tuple = ()

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"{self.path}: unknown field kind {self.kind!r}")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"{self.path}: one label per choice")

    def describe(self) -> dict:
        """The field as JSON for the catalog: only what it declares."""
        out = {"path": self.path, "label": self.label, "kind": self.kind}
        for key in ("minimum", "maximum", "max_length", "default", "help", "source", "section", "group", "max_count"):
            value = getattr(self, key)
            if value not in (None, ""):
                out[key] = value
        if self.choices:
            out["choices"] = list(self.choices)
            out["choice_labels"] = list(self.choice_labels or self.choices)
        if self.optional:
            out["optional"] = True
        if self.sheet_kinds:
            out["sheet_kinds"] = list(self.sheet_kinds)
        return out


@dataclass(frozen=True)
class Derived:
    """A value the rules compute from the sheet (shown, never typed): its key under ``derived``, words, rule."""

    key: str
    label: str
    formula: str
    source: str

    def describe(self) -> dict:
        return {"key": self.key, "label": self.label, "formula": self.formula, "source": self.source}


def _matches(pattern: tuple[str, ...], parts: tuple[str, ...]) -> bool:
    return len(pattern) == len(parts) and all(p in ("*", q) for p, q in zip(pattern, parts, strict=True))


@dataclass(frozen=True)
class SheetSpec:
    """A game's sheet: its schema and every field, in the order the forms show them."""

    game: str
    schema: str
    fields: tuple[Field, ...]
    derived: tuple[Derived, ...] = ()
    sheet_kinds: tuple = ()
    words: dict = dataclass_field(default_factory=dict)
    kind_field: str = ""
    """The field holding a sheet's kind (one of ``sheet_kinds``); empty when the game has one kind of sheet."""
    kind_defaults: dict = dataclass_field(default_factory=dict)
    """Per sheet kind, the defaults that differ from the fields' own (``{"robot": {"emp_complexity": "Advanced"}}``)."""
    cast_kinds: tuple = ()
    """The sheet kinds the game master runs: such a sheet brought in from a file joins the cast, not the party."""

    def __post_init__(self):
        paths = [each.path for each in self.fields]
        if len(set(paths)) != len(paths):
            raise ValueError(f"{self.game}: a field is declared twice")
        object.__setattr__(
            self, "_by_path", dict(zip(paths, self.fields, strict=True))
        )  # field() finds a declared path at once
        unknown = set(self.kind_defaults) | set(self.cast_kinds)
        if self.kind_field:
            unknown -= set(self.sheet_kinds)
        if unknown:
            raise ValueError(f"{self.game}: kind defaults or cast kinds name no sheet kind: {sorted(unknown)}")

    def default_for(self, path: str, sheet_kind: str = ""):
        """The default of ``path`` for a sheet of ``sheet_kind`` (its kind's own default first)."""
        kind_own = self.kind_defaults.get(sheet_kind, {})
        return kind_own[path] if path in kind_own else self.field(path).default

    def allows(self, path: str, sheet_kind: str) -> bool:
        """Whether a sheet of ``sheet_kind`` has the field ``path`` (a field declares the kinds it is asked of)."""
        kinds = self.field(path).sheet_kinds
        return not kinds or sheet_kind in kinds

    def field(self, path: str) -> Field:
        """The declaration of ``path`` (``skills.Handguns`` finds ``skills.*``); a key of a map may hold dots, so
        an exact declaration is looked for first, then the patterns from the most specific."""
        found = self._by_path.get(path) if isinstance(path, str) else None
        if found is not None:
            return found
        parts = tuple(path.split("."))
        for each in self.fields:
            if "*" in each.path and _matches(tuple(each.path.split(".")), parts):
                return each
        # a map's key with dots in it ("skills.Dr. Who's lore"): match the pattern's head and tail
        for each in self.fields:
            head, star, tail = each.path.partition("*")
            if star and path.startswith(head) and path.endswith(tail) and len(path) > len(head) + len(tail):
                return each
        raise KeyError(path)

    def read(self, path: str, value, *, label: str | None = None):
        """``value`` checked against the declaration of ``path``: the value to store, or a RulesError naming
        ``path`` in the field's words (``label`` overrides them, e.g. a skill's own name)."""
        declared = self.field(path)
        said = label or declared.label
        kind = declared.kind
        if kind in ("int", "number"):
            return _number(value, declared, path, said)
        if kind in ("text", "note"):
            if not isinstance(value, str):
                raise RulesError("wrong_type", f"{said} must be text.", path)
            if declared.max_length is not None and len(value) > declared.max_length:
                raise RulesError(
                    "out_of_range", f"{said} must be at most {declared.max_length} characters (got {len(value)}).", path
                )
            return value
        if kind == "choice":
            if not isinstance(value, str) or value not in declared.choices:
                options = ", ".join(declared.choice_labels or declared.choices)
                raise RulesError("bad_choice", f"{said} must be one of: {options} (got {shown(value)}).", path)
            return value
        if kind == "bool":
            if not isinstance(value, bool):
                raise RulesError("wrong_type", f"{said} must be true or false.", path)
            return value
        if kind == "map":
            if not isinstance(value, dict):
                raise RulesError("wrong_type", f"{said} must be a JSON object.", path)
            _count(value, declared, path, said)
            return value
        if kind == "list":
            if not isinstance(value, list):
                raise RulesError("wrong_type", f"{said} must be a list.", path)
            _count(value, declared, path, said)
            return value
        if not isinstance(value, dict):  # record
            raise RulesError("wrong_type", f"{said} must be a JSON object.", path)
        return value

    def describe(self) -> dict:
        """The declaration as JSON for the catalog (the page reads its forms and limits from it)."""
        return {
            "game": self.game,
            "schema": self.schema,
            "fields": [each.describe() for each in self.fields],
            "derived": [each.describe() for each in self.derived],
            "sheet_kinds": list(self.sheet_kinds),
            "words": dict(self.words),
            **(
                {
                    "kind_field": self.kind_field,
                    "kind_defaults": {kind: dict(values) for kind, values in self.kind_defaults.items()},
                    "cast_kinds": list(self.cast_kinds),
                }
                if self.kind_field
                else {}
            ),
        }


def _count(value, declared: Field, path: str, said: str) -> None:
    if declared.max_count is not None and len(value) > declared.max_count:
        raise RulesError("out_of_range", f"{said}: at most {declared.max_count} (got {len(value)}).", path)


def _number(value, declared: Field, path: str, said: str):
    whole = declared.kind == "int"
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or (isinstance(value, float) and not math.isfinite(value))
        or (whole and isinstance(value, float) and not value.is_integer())
    ):
        kind = "a whole number" if whole else "a number"
        raise RulesError("wrong_type", f"{said} must be {kind} (got {shown(value)}).", path)
    if whole or (isinstance(value, float) and value.is_integer()):
        value = int(value)
    low, high = declared.minimum, declared.maximum
    if low is not None and value < low:
        raise RulesError("out_of_range", f"{said} must be at least {_plain(low)} (got {shown(value)}).", path)
    if high is not None and value > high:
        raise RulesError("out_of_range", f"{said} must be at most {_plain(high)} (got {shown(value)}).", path)
    return value


def _plain(number) -> str:
    return str(int(number)) if float(number).is_integer() else str(number)
