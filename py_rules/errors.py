"""Errors the engine reports to the user (STYLE.md A1 errors.py).

Every error names the field it concerns, so the page can show the message next
to that field. Nothing else may escape :func:`py_rules.api.call`. Every code is declared once, with its
meaning, in :mod:`py_rules.error_codes`.
"""

from py_rules.error_codes import ERROR_CODES

__all__ = ("RulesError",)


class RulesError(Exception):
    """A problem with the user's input or with what the rules allow.

    Args:
        code: a short machine-readable kind, e.g. ``"out_of_range"``; one of
            :data:`py_rules.error_codes.ERROR_CODES` (any other is a mistake in the code: ``ValueError``).
        message: a plain sentence for the player.
        field: the request field the problem is about, or None.
        path: inside a JSON field (a sheet), where the problem is ("essence_channeling", "skills.Notice"),
            so a form can show ``detail`` (the message without the field's label) next to its own field.
        detail: with ``path``: the message without the field's label (the message itself when not given).

    :meth:`to_dict` is the door's error object: ``code``, ``message`` and ``field`` always; ``path`` and ``detail``
    only with a path (README, One JSON door).
    """

    def __init__(
        self, code: str, message: str, field: str | None = None, path: str | None = None, detail: str | None = None
    ):
        if code not in ERROR_CODES:
            raise ValueError(f"{code!r} is not a declared error code (py_rules/error_codes.py)")
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.path = path
        self.detail = detail

    def to_dict(self) -> dict:
        answer = {"code": self.code, "message": self.message, "field": self.field}
        if self.path:
            answer.update(path=self.path, detail=self.detail or self.message)
        return answer

    def __repr__(self) -> str:
        return f"RulesError({self.code!r}, {self.message!r}, field={self.field!r})"
