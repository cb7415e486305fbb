"""Parameter declarations: declared once, they drive validation here, the forms
in the page and the API reference (issue 2, "One door into the engine").

A :class:`Param` says what a field holds (kind, range, choices, default), how
it is labelled, and which seed or RULES.md section its help text cites.
:meth:`Param.coerce` turns what a form or a JSON request sent into a value,
or raises :class:`RulesError` naming the field.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any, Callable

from py_rules.errors import RulesError

__all__ = ("Param", "REQUIRED", "KINDS", "faces_param")


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""Sentinel default: the field must be given."""

KINDS = ("int", "number", "bool", "choice", "text", "faces", "json")
"""Every kind of field the page knows how to render."""

_TEXT_LIMIT = 500


@dataclass(frozen=True)
class Param:
    """One declared field of an operation.

    Attributes:
        name: the JSON key (and form field name).
        kind: one of :data:`KINDS`.
        label: what the form shows.
        help: one sentence, citing the seed or RULES.md section it comes from.
        default: value when omitted; :data:`REQUIRED` if it must be given; None
            for an optional field with no value.
        minimum, maximum: inclusive range for ``int`` and ``number``.
        choices: allowed values for ``choice``.
        parse: for ``json``, a function that validates and converts the decoded
            value, raising :class:`RulesError` (its field is replaced by this name).
        example: for ``json``, a sample value the form pre-fills.
        state_key: fields with the same key share one value in the page, which
            a result's ``state`` updates (e.g. the current character).
        setting: a house-rule setting (a named option a table can switch).
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

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind {self.kind!r} for {self.name}")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"choice field {self.name} needs choices")

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def to_dict(self) -> dict:
        """The declaration as JSON for the catalog (no functions)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "label": self.label,
            "help": self.help,
            "required": self.required,
            "default": None if self.required else self.default,
            "min": self.minimum,
            "max": self.maximum,
            "choices": list(self.choices),
            "example": self.example,
            "state_key": self.state_key,
            "setting": self.setting,
        }

    def coerce(self, raw: Any) -> Any:
        """Validate ``raw`` and return the value the rule receives."""
        if raw is None or (isinstance(raw, str) and raw.strip() == "" and self.kind != "text"):
            if self.required:
                raise RulesError("missing_field", f"{self.label} is required.", self.name)
            return self.default
        return _COERCE[self.kind](self, raw)

    def _fail(self, code: str, message: str) -> RulesError:
        return RulesError(code, message, self.name)

    def _check_range(self, value):
        low, high = self.minimum, self.maximum
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
    return str(int(value)) if float(value).is_integer() else str(value)


def _coerce_int(param: Param, raw: Any) -> int:
    if isinstance(raw, bool):
        raise param._fail("wrong_type", f"{param.label} must be a whole number, not true/false.")
    if isinstance(raw, int):
        return param._check_range(raw)
    if isinstance(raw, float) and math.isfinite(raw) and raw.is_integer():
        return param._check_range(int(raw))
    if isinstance(raw, str) and re.fullmatch(r"\s*[+-]?\d+\s*", raw):
        return param._check_range(int(raw))
    raise param._fail("wrong_type", f"{param.label} must be a whole number (got {_show(raw)}).")


def _coerce_number(param: Param, raw: Any) -> float:
    value = None
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        value = float(raw)
    elif isinstance(raw, str):
        try:
            value = float(raw.strip())
        except ValueError:
            value = None
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


def _coerce_choice(param: Param, raw: Any) -> str:
    if raw in param.choices:
        return raw
    options = ", ".join(str(c) for c in param.choices)
    raise param._fail("bad_choice", f"{param.label} must be one of: {options} (got {_show(raw)}).")


def _coerce_text(param: Param, raw: Any) -> str:
    if not isinstance(raw, str):
        raise param._fail("wrong_type", f"{param.label} must be text.")
    if len(raw) > _TEXT_LIMIT:
        raise param._fail("out_of_range", f"{param.label} must be at most {_TEXT_LIMIT} characters.")
    return raw


def _coerce_faces(param: Param, raw: Any) -> list[int] | None:
    if isinstance(raw, str):
        parts = [p for p in re.split(r"[\s,;]+", raw.strip()) if p]
    elif isinstance(raw, list):
        parts = raw
    else:
        raise param._fail("wrong_type", f"{param.label} must be die faces separated by spaces.")
    faces = []
    for position, part in enumerate(parts, start=1):
        if isinstance(part, bool):
            part = "true"
        if isinstance(part, int) or (isinstance(part, str) and re.fullmatch(r"[+-]?\d+", part)):
            faces.append(int(part))
        else:
            raise param._fail("wrong_type", f"{param.label}: die {position} ({_show(part)}) is not a whole number.")
    if len(faces) > 200:
        raise param._fail("out_of_range", f"{param.label}: at most 200 faces.")
    return faces or param.default


def _coerce_json(param: Param, raw: Any) -> Any:
    value = raw
    if isinstance(raw, str):
        try:
            value = json.loads(raw)
        except ValueError as error:
            raise param._fail("bad_json", f"{param.label} is not valid JSON ({error.msg} at line {error.lineno}, column {error.colno}).")
    if param.parse is None:
        return value
    try:
        return param.parse(value)
    except RulesError as error:
        inner = f" ({error.field})" if error.field and error.field != param.name else ""
        raise RulesError(error.code, f"{param.label}{inner}: {error.message}", param.name)


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
        + "; leave empty to roll digitally (DEVELOPERS.md: one injectable dice source).",
        default=None,
    )
