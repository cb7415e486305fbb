"""Parameter declarations: declared once, they drive validation here, the forms
in the page and the API reference (one door into the engine: :mod:`py_rules.api`).

A :class:`Param` says what a field holds (kind, range, choices, default), how
it is labelled, and which seed or rules notes' section its help text cites.
:meth:`Param.coerce` turns what a form or a JSON request sent into a value,
or raises :class:`RulesError` naming the field.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from py_rules import limits, text
from py_rules.errors import RulesError

__all__ = ("Param", "REQUIRED", "KINDS", "faces_param")


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""Sentinel default: the field must be given."""

KINDS = ("int", "number", "bool", "choice", "text", "faces", "json")
"""Every kind of field the page knows how to render."""

_MAX_FACES = 200
_FACE_LIMIT = 1000


@dataclass(frozen=True)
class Param:
    """One declared field of an operation.

    Attributes:
        name: the JSON key (and form field name).
        kind: one of :data:`KINDS`.
        label: what the form shows.
        help: one sentence, citing the seed or rules notes' section it comes from.
        default: value when omitted; :data:`REQUIRED` if it must be given; None
            for an optional field with no value.
        minimum, maximum: inclusive range for ``int`` and ``number``.
        choices: allowed values for ``choice``.
        parse: for ``json``, a function that validates and converts the decoded
            value, raising :class:`RulesError` (its field is replaced by this name); for ``choice``, one that
            accepts a text outside ``choices`` (the choices are then the common values of an open list).
        example: a sample value; the catalog's example request sends each field's example (and the defaults
            of the rest), so an operation's examples put it where it does its work: a rolling operation's
            example rolls (a hurt sheet for a Consciousness Test, damage that calls for a CON roll).
        state_key: fields with the same key share one value in the page, which
            a result's ``state`` updates (e.g. the current character).
        setting: a house-rule setting (a named option a table can switch).
        max_length: longest ``text`` (characters) or ``json`` (characters of its JSON text); None =
            the default of :mod:`py_rules.limits`.
        max_depth: deepest nesting of a ``json`` value; None = the default of :mod:`py_rules.limits`.
        dice: for ``text`` (or ``choice``) fields holding a dice expression, its :class:`py_rules.dice_expr.Form`:
            the door's ``dice_range`` reads the field's text with it (what a damage or a loss can come to).
        as_written: a record read as it was written (a file's or a pasted text, a log entry, an engine answer, a
            campaign): its texts only have to be Unicode text; every other ``text`` field is one line and every
            other ``json`` field's texts are names, both held to :mod:`py_rules.text`'s rule (no control or
            direction-turning character). A record's sheets meet that rule in their game's own validation.
        mends_text: the operation mends the value's text itself (``campaign.repair``: a campaign stored before the
            text rule may hold half a character, which every other field refuses); the door lets such text through.

    Every limit is declared here, shown in the catalog (so forms and the API reference show it) and
    refused with an error naming the field; a number declared without a range gets ±1,000,000,000.
    """

    name: str
    kind: str
    label: str
    help: str
    default: Any = REQUIRED
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple = ()
    parse: Callable[[Any], Any] | None = None
    example: Any = None
    state_key: str | None = None
    setting: bool = False
    max_length: int | None = None
    max_depth: int | None = None
    as_written: bool = False
    mends_text: bool = False
    dice: Any = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind {self.kind!r} for {self.name}")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"choice field {self.name} needs choices")

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    @property
    def low(self):
        """The lowest value a number field accepts (its declared minimum or the default limit)."""
        if self.kind not in ("int", "number"):
            return self.minimum
        return -limits.NUMBER_LIMIT if self.minimum is None else self.minimum

    @property
    def high(self):
        """The highest value a number field accepts."""
        if self.kind not in ("int", "number"):
            return self.maximum
        return limits.NUMBER_LIMIT if self.maximum is None else self.maximum

    @property
    def length_limit(self) -> int | None:
        """Longest accepted ``text`` or ``json`` (characters of JSON text); None for other kinds."""
        if self.max_length is not None:
            return self.max_length
        return {"text": limits.TEXT_MAX_LENGTH, "json": limits.JSON_MAX_LENGTH}.get(self.kind)

    @property
    def depth_limit(self) -> int | None:
        """Deepest accepted nesting of a ``json`` value; None for other kinds."""
        if self.kind != "json":
            return None
        return limits.JSON_MAX_DEPTH if self.max_depth is None else self.max_depth

    def with_example(self, example: Any) -> Param:
        """This field with another example: a shared sheet field in the state one operation acts on."""
        return replace(self, example=example)

    def to_dict(self) -> dict:
        """The declaration as JSON for the catalog (no functions)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "label": self.label,
            "help": self.help,
            "required": self.required,
            "default": None if self.required else self.default,
            "min": self.low,
            "max": self.high,
            "max_length": self.length_limit,
            "max_depth": self.depth_limit,
            "choices": list(self.choices),
            "example": self.example,
            "state_key": self.state_key,
            "setting": self.setting,
        }

    def coerce(self, raw: Any, labels: list[str] | None = None) -> Any:
        """Validate ``raw`` and return the value the rule receives; a refused choice is named with ``labels`` (the
        choices in the game's words, :func:`py_rules.game_words.choice_label`) or the choices made readable."""
        if raw is None or (isinstance(raw, str) and raw.strip() == "" and self.kind != "text"):
            if self.required:
                raise RulesError("missing_field", f"{self.label} is required.", self.name)
            return self.default
        if self.kind == "choice":
            return _coerce_choice(self, raw, labels)
        return _COERCE[self.kind](self, raw)

    def _fail(self, code: str, message: str) -> RulesError:
        return RulesError(code, message, self.name)

    def _check_range(self, value):
        low, high = self.low, self.high
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                bound = f"between {_num(low)} and {_num(high)}"
            elif low is not None:
                bound = f"at least {_num(low)}"
            else:
                bound = f"at most {_num(high)}"
            raise self._fail("out_of_range", f"{self.label} must be {bound} (got {_num(value)}).")
        return value


def _num(value) -> str:
    """A number as the messages show it (whole floats without ``.0``; never converts a huge int)."""
    if isinstance(value, int):
        return str(value) if abs(value) < 10**30 else f"a number of {len(str(abs(value)))} digits"
    return str(int(value)) if value.is_integer() else str(value)


def _coerce_int(param: Param, raw: Any) -> int:
    if isinstance(raw, bool):
        raise param._fail("wrong_type", f"{param.label} must be a whole number, not true/false.")
    if isinstance(raw, int):
        return param._check_range(raw)
    if isinstance(raw, float) and math.isfinite(raw) and raw.is_integer():
        return param._check_range(int(raw))
    if isinstance(raw, str) and limits.whole_number(raw) is not None:
        return param._check_range(limits.whole_number(raw))
    raise param._fail("wrong_type", f"{param.label} must be a whole number (got {_show(raw)}).")


def _coerce_number(param: Param, raw: Any) -> float:
    value = None
    if isinstance(raw, int) and not isinstance(raw, bool):
        value = float(param._check_range(raw))  # range first: a huge int has no float
    elif isinstance(raw, float):
        value = raw
    elif isinstance(raw, str):
        value = limits.finite_float(raw)
    if value is None or not math.isfinite(value):
        raise param._fail("wrong_type", f"{param.label} must be a number (got {_show(raw)}).")
    return param._check_range(value)


def _coerce_bool(param: Param, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip().lower() in ("true", "on", "yes", "1"):
        return True
    if isinstance(raw, str) and raw.strip().lower() in ("false", "off", "no", "0"):
        return False
    raise param._fail("wrong_type", f"{param.label} must be true or false (got {_show(raw)}).")


def _coerce_choice(param: Param, raw: Any, labels=None) -> str:
    if isinstance(raw, (str, int, float)) and raw in param.choices:
        return raw
    if param.parse is not None and isinstance(raw, str) and len(raw) <= limits.TEXT_MAX_LENGTH:
        # an open list: the choices are the common values, and parse accepts the rest (a skill's speciality)
        try:
            return param.parse(text.check(raw, param.name, param.label))
        except RulesError as error:
            raise RulesError(error.code, f"{param.label}: {error.message}", param.name) from None
    from py_rules.words import humanize

    options = ", ".join(labels or [humanize(c) for c in param.choices])  # the choices in words, never their values
    raise param._fail("bad_choice", f"{param.label} must be one of: {options} (got {_show(raw)}).")


def _coerce_text(param: Param, raw: Any) -> str:
    if not isinstance(raw, str):
        raise param._fail("wrong_type", f"{param.label} must be text.")
    if len(raw) > param.length_limit:
        raise param._fail("out_of_range", f"{param.label} must be at most {param.length_limit} characters.")
    if param.as_written:
        if limits.has_surrogate(raw):
            raise param._fail("bad_text", f"{param.label} holds a character that is not valid Unicode text.")
        return raw
    return text.check(raw, param.name, param.label)


def _coerce_faces(param: Param, raw: Any) -> list[int] | None:
    if isinstance(raw, str):
        if len(raw) > _MAX_FACES * 8:
            raise param._fail("out_of_range", f"{param.label}: at most {_MAX_FACES} faces.")
        parts = [p for p in re.split(r"[\s,;]+", raw.strip()) if p]
    elif isinstance(raw, list):
        parts = raw
    else:
        raise param._fail("wrong_type", f"{param.label} must be die faces separated by spaces.")
    if len(parts) > _MAX_FACES:
        raise param._fail("out_of_range", f"{param.label}: at most {_MAX_FACES} faces.")
    faces = []
    for position, part in enumerate(parts, start=1):
        face = None
        if isinstance(part, int) and not isinstance(part, bool):
            face = part
        elif isinstance(part, str):
            face = limits.whole_number(part)
        if face is None:
            raise param._fail("wrong_type", f"{param.label}: die {position} ({_show(part)}) is not a whole number.")
        if abs(face) > _FACE_LIMIT:
            raise param._fail(
                "out_of_range",
                f"{param.label}: die {position} cannot show {_num(face)}; no die has more than {_FACE_LIMIT} faces.",
            )
        faces.append(face)
    return faces or param.default


def _coerce_json(param: Param, raw: Any) -> Any:
    value = raw
    if isinstance(raw, str):
        if len(raw) > param.length_limit:
            raise param._fail("out_of_range", f"{param.label} must be at most {param.length_limit} characters of JSON.")
        value = limits.loads(raw, param.depth_limit, param.name, param.label)
    try:
        # the length of its JSON text, when written on the way
        size = limits.check_tree(value, "", param.depth_limit, halves=param.mends_text)
        if not param.as_written:
            text.check_sheet(value)
        if (
            not isinstance(raw, str)
            and (len(json.dumps(value, ensure_ascii=False)) if size is None else size) > param.length_limit
        ):
            raise param._fail("out_of_range", f"must be at most {param.length_limit} characters of JSON.")
        return value if param.parse is None else param.parse(value)
    except RulesError as error:
        # The message names the place in the value in words; where exactly stays for developers (and for a form
        # that shows it next to its own field) in the error's path, with the message without the label as detail.
        path = error.field if error.field and error.field != param.name else None
        raise RulesError(error.code, f"{param.label}: {error.message}", param.name, path, error.message) from None


def _show(raw: Any) -> str:
    text = repr(raw)
    return text if len(text) <= 40 else text[:37] + "..."


_COERCE = {
    "int": _coerce_int,
    "number": _coerce_number,
    "bool": _coerce_bool,
    "choice": _coerce_choice,
    "text": _coerce_text,
    "faces": _coerce_faces,
    "json": _coerce_json,
}


def faces_param(name: str = "dice", order: str = "") -> Param:
    """The optional field every rolling operation gets for physical dice; ``order`` says which die
    is typed when (e.g. a d100's units die before its tens dice)."""
    return Param(
        name,
        "faces",
        "Physical dice (optional)",
        "Type the faces of real dice in the order you rolled them, rerolls included"
        + (f" ({order})" if order else "")
        + "; leave empty to roll digitally.",
        default=None,
    )
