"""Who can act: the shape every game's ``<game>.capacity`` answer shares (TABLE.md, "Who can act"; "The state on
the sheet is the state the engine uses").

Each game's ``capacity`` module reads a sheet and lists, in the game's words and each with its rule source:

* :class:`Limit` — what the state forbids: acting (``"act"``), defending (``"defend"``), or a note that limits
  without forbidding (``"note"``: Disabled's 3 seconds a round, Held's dodge only);
* :class:`Penalty` — a number the state adds to some rolls or values, and which ones ("−1 mental rolls: Essence
  at half or below");
* :class:`Lowered` — a value the state lowers for a while ("Willpower 3 (4, −1 until Essence is back to 0 or more)").

:func:`answer` turns them into the door's :class:`~py_rules.trace.Result`: the headline ("Can't act: frozen by
fear (1 Turn)") as ``level_name``, one trace line per item with its source, and the same as data in ``details``
for the page (``can_act``, ``can_defend``, ``only``, ``forbidden`` — the operations the rules forbid now, each
with the reason — and the lists). Nothing here rolls or changes a sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from py_rules.trace import Result, Step
from py_rules.words import counted

__all__ = ("Limit", "Penalty", "Lowered", "answer", "spoken_duration", "headline")


@dataclass(frozen=True)
class Limit:
    what: str
    """``"act"``, ``"defend"`` or ``"note"``."""
    reason: str
    source: str


@dataclass(frozen=True)
class Penalty:
    value: int
    applies: str
    """Which rolls or values, in the game's words ("mental rolls", "Toughness")."""
    reason: str
    source: str

    @property
    def text(self) -> str:
        sign = "−" if self.value < 0 else "+"
        return f"{sign}{abs(self.value)} {self.applies}: {self.reason}"


@dataclass(frozen=True)
class Lowered:
    name: str
    base: int
    lost: int
    until: str
    source: str

    @property
    def value(self) -> int:
        return max(0, self.base - self.lost)

    @property
    def text(self) -> str:
        return f"{self.name} {self.value} ({self.base}, −{self.lost} {self.until})"


def spoken_duration(seconds: int, round_seconds: int, round_word: str = "rounds") -> str:
    """A time left in the unit a person reads: rounds (or Turns) under a minute, then minutes, then hours.

    >>> spoken_duration(12, 6), spoken_duration(5, 5, "Turns"), spoken_duration(3000, 6), spoken_duration(7200, 6)
    ('2 rounds', '1 Turn', '50 minutes', '2 hours')
    >>> spoken_duration(5400, 6), spoken_duration(4, 6), spoken_duration(90000, 6)
    ('1 hour 30 minutes', '4 seconds', '25 hours')
    >>> spoken_duration(5 * 3600 + 3599, 5), spoken_duration(3599, 5)
    ('6 hours', '1 hour')
    """
    seconds = max(0, int(seconds))
    if seconds < 60:
        if seconds % round_seconds == 0:
            return counted(seconds // round_seconds, round_word)
        if seconds < round_seconds:
            return counted(seconds, "seconds")
        return counted(-(-seconds // round_seconds), round_word)
    minutes = -(-seconds // 60)  # rounded up once, so 59 min 30 s is "1 hour", never "60 minutes"
    if minutes < 60:
        return counted(minutes, "minutes")
    hours, minutes = divmod(minutes, 60)
    return counted(hours, "hours") + (f" {counted(minutes, 'minutes')}" if minutes else "")


def headline(limits, only=()) -> str:
    """ "Can act", "Can't act: frozen by fear (1 Turn)", "Can't act or defend: unconscious", "Can act; can't defend:
    Flat-Footed" — the first reason of each kind (the card lists the rest)."""
    act = [limit.reason for limit in limits if limit.what == "act"]
    defend = [limit.reason for limit in limits if limit.what == "defend"]
    if act and defend and act[0] == defend[0]:
        text = f"Can't act or defend: {act[0]}"
    elif act:
        text = f"Can't act: {act[0]}" + (f"; can't defend: {defend[0]}" if defend else "")
    elif defend:
        text = f"Can act; can't defend: {defend[0]}"
    else:
        text = "Can act"
    if only and act:
        text += f" (only {' or '.join(only)})"
    return text


def answer(
    system: str,
    label: str,
    *,
    limits=(),
    penalties=(),
    lowered=(),
    only=(),
    forbidden=None,
    defence_ops=(),
    refused=(),
    none_said: str = "Nothing in their state limits them.",
    source: str = "",
) -> Result:
    """The door's answer. ``only``: the rolls still allowed while unable to act, in words; ``forbidden``: the
    operation ids the rules forbid now (when acting is forbidden, ``act_ops`` minus the allowed ones), each
    mapped to the reason; ``defence_ops``: the operations that are a defence roll (forbidden when defending is);
    ``refused``: those of them the operation itself refuses now (the rest the GM may still roll: their table)."""
    limits, penalties, lowered = list(limits), list(penalties), list(lowered)
    act = [limit for limit in limits if limit.what == "act"]
    defend = [limit for limit in limits if limit.what == "defend"]
    forbidden = dict(forbidden or {})
    if defend:
        for op in defence_ops:
            forbidden.setdefault(op, f"can't defend: {defend[0].reason}")
    steps = [Step(_limit_words(limit), limit.source) for limit in limits]
    steps += [Step(penalty.text, penalty.source) for penalty in penalties]
    steps += [Step(item.text, item.source) for item in lowered]
    if not steps:
        steps = [Step(none_said, source)]
    said = headline(limits, only)
    return Result(
        system=system,
        kind="capacity",
        label=label,
        level_name=said,
        steps=steps,
        details={
            "headline": said,
            "can_act": not act,
            "can_defend": not defend,
            "only": list(only) if act else [],
            "forbidden": forbidden,
            "refused": sorted(op for op in refused if op in forbidden),
            "limits": [{"what": limit.what, "reason": limit.reason, "text": _limit_words(limit)} for limit in limits],
            "penalties": [
                {"value": p.value, "applies": p.applies, "reason": p.reason, "text": p.text} for p in penalties
            ],
            "lowered": [
                {
                    "name": item.name,
                    "value": item.value,
                    "base": item.base,
                    "lost": item.lost,
                    "until": item.until,
                    "text": item.text,
                }
                for item in lowered
            ],
        },
    )


def _limit_words(limit: Limit) -> str:
    return {"act": "Can't act: ", "defend": "Can't defend: ", "note": ""}[limit.what] + limit.reason
