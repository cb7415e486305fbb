"""Age at creation (C23; rules/coc.md §3.2a): EDU improvement checks, the shared deductions, APP and EDU loss, and
Luck rolled twice for the youngest, applied once to freshly rolled characteristics, every die in the trace.
"""

from __future__ import annotations

from dataclasses import dataclass

from py_rules import dice_expr
from py_rules.coc.percentile import roll_percentile
from py_rules.coc.tables import CHARACTERISTICS, DICE_FORM
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.limits import shown
from py_rules.trace import Log

__all__ = ("AgeBand", "AGE_TABLE", "AGE_LOW", "AGE_HIGH", "band_for", "split_loss", "apply_age", "EDU_MAX")

SOURCE = "rules/coc.md §3.2a"
EDU_MAX = 99
"""An EDU improvement check adds 1D10, at most 99 (rules/coc.md §3.2a)."""


@dataclass(frozen=True)
class AgeBand:
    """One row of the age table: the ages it covers, how many EDU improvement checks, the loss shared by which
    characteristics, APP and EDU lost, and whether Luck is rolled twice (the higher kept)."""

    low: int
    high: int
    edu_checks: int
    shared_loss: int = 0
    shared_by: tuple[str, ...] = ()
    app_loss: int = 0
    edu_loss: int = 0
    luck_twice: bool = False

    def to_dict(self) -> dict:
        """The row as the guided form reads it: the shared loss, who shares it and the even split the rules take
        when the player chooses none (each characteristic able to give it)."""
        even = split_loss(self, None, {key: 99 for key in self.shared_by}) if self.shared_loss else {}
        return {
            "low": self.low,
            "high": self.high,
            "edu_checks": self.edu_checks,
            "shared_loss": self.shared_loss,
            "shared_by": list(self.shared_by),
            "even": even,
            "app_loss": self.app_loss,
            "edu_loss": self.edu_loss,
            "luck_twice": self.luck_twice,
            "words": self.words(),
        }

    def words(self) -> str:
        parts = []
        if self.edu_checks:
            parts.append(f"{self.edu_checks} EDU improvement check{'s' if self.edu_checks > 1 else ''}")
        if self.shared_loss:
            parts.append(f"−{self.shared_loss} shared by {', '.join(self.shared_by)}")
        if self.app_loss:
            parts.append(f"APP −{self.app_loss}")
        if self.edu_loss:
            parts.append(f"EDU −{self.edu_loss}")
        if self.luck_twice:
            parts.append("Luck rolled twice, the higher kept")
        return f"Age {self.low}–{self.high}: " + ("; ".join(parts) or "no change")


_PHYSICAL = ("STR", "CON", "DEX")
AGE_TABLE = (
    # rules/coc.md §3.2a [BOOK]
    AgeBand(15, 19, 0, 5, ("STR", "SIZ"), edu_loss=5, luck_twice=True),
    AgeBand(20, 39, 1),
    AgeBand(40, 49, 2, 5, _PHYSICAL, app_loss=5),
    AgeBand(50, 59, 3, 10, _PHYSICAL, app_loss=10),
    AgeBand(60, 69, 4, 20, _PHYSICAL, app_loss=15),
    AgeBand(70, 79, 4, 40, _PHYSICAL, app_loss=20),
    AgeBand(80, 89, 4, 80, _PHYSICAL, app_loss=25),
)
"""The age table at creation (rules/coc.md §3.2a)."""

AGE_LOW, AGE_HIGH = AGE_TABLE[0].low, AGE_TABLE[-1].high


def band_for(age: int, field: str = "age") -> AgeBand:
    """The row of the age table for ``age`` (15–89), or a RulesError naming ``field``."""
    for band in AGE_TABLE:
        if band.low <= age <= band.high:
            return band
    raise RulesError(
        "out_of_range", f"Age: the age table at creation runs from {AGE_LOW} to {AGE_HIGH} (got {shown(age)}).", field
    )


def split_loss(band: AgeBand, chosen: dict | None, characteristics: dict, field: str = "age_loss") -> dict:
    """How the band's shared loss is taken: as the table chose (``{"STR": 3, "CON": 2}``: each a characteristic the
    band names, adding up to the loss, none taken below 1), or, when none is chosen, evenly in the band's order as
    far as each can give.

    >>> split_loss(AGE_TABLE[2], None, {"STR": 50, "CON": 50, "DEX": 50})
    {'STR': 2, 'CON': 2, 'DEX': 1}
    """
    if not band.shared_loss:
        if chosen:
            raise RulesError("not_allowed", f"Age loss: {band.words()}: nothing is shared to choose.", field)
        return {}
    if chosen:
        if not isinstance(chosen, dict):
            raise RulesError("wrong_type", "Age loss must name each characteristic and what it loses.", field)
        out = {}
        for key, value in chosen.items():
            if key not in band.shared_by:
                raise RulesError(
                    "not_allowed",
                    f"Age loss: at this age the loss is shared by {', '.join(band.shared_by)}, not {shown(key)}.",
                    f"{field}.{key}"[:120],
                )
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RulesError(
                    "wrong_type", f"Age loss from {key} must be a whole number, 0 or more.", f"{field}.{key}"
                )
            if characteristics[key] - value < 1:
                raise RulesError(
                    "out_of_range",
                    f"Age loss: {key} {characteristics[key]} cannot lose {value} (at least 1 stays).",
                    f"{field}.{key}",
                )
            out[key] = value
        if sum(out.values()) != band.shared_loss:
            raise RulesError(
                "out_of_range",
                f"Age loss: the characteristics must lose {band.shared_loss} between "
                f"them at this age (got {sum(out.values())}).",
                field,
            )
        return {key: out.get(key, 0) for key in band.shared_by}
    out = {key: 0 for key in band.shared_by}
    left = band.shared_loss
    while left:
        gave = False
        for key in band.shared_by:
            if left and characteristics[key] - out[key] > 1:
                out[key] += 1
                left -= 1
                gave = True
        if not gave:
            raise RulesError(
                "out_of_range",
                f"Age loss: {', '.join(band.shared_by)} cannot lose {band.shared_loss} "
                "between them (at least 1 stays in each).",
                field,
            )
    return out


def apply_age(
    dice: DiceSource, characteristics: dict, age: int, log: Log, chosen: dict | None = None
) -> tuple[dict, list[dict]]:
    """The characteristics after age (the Luck rolls are the roller's: a band's ``luck_twice``), and each age step
    with its dice for the sheet's creation record; ``log`` is told each step."""
    band = band_for(age)
    chars = dict(characteristics)
    log.step(band.words(), SOURCE)
    record = []
    loss = split_loss(band, chosen, chars)
    if loss:
        how = "as chosen" if chosen else "evenly (the player may choose another split)"
        for key, value in loss.items():
            chars[key] -= value
        text = f"−{band.shared_loss} shared {how}: " + ", ".join(
            f"{key} −{value} → {chars[key]}" for key, value in loss.items()
        )
        log.step(text, SOURCE)
        record.append({"text": text, "dice": []})
    for key, lost in (("APP", band.app_loss), ("EDU", band.edu_loss)):
        if lost:
            before = chars[key]
            chars[key] = max(1, before - lost)
            text = f"{key} −{lost}: {before} → {chars[key]}"
            log.step(text, SOURCE)
            record.append({"text": text, "dice": []})
    for number in range(1, band.edu_checks + 1):
        purpose = f"EDU improvement check {number}"
        perc = roll_percentile(dice, purpose=purpose)
        faces = [perc.units, *perc.tens]
        if perc.value > chars["EDU"]:
            gain, _, _ = dice_expr.roll(dice, dice_expr.parse("1D10", DICE_FORM), f"{purpose}: EDU gained")
            before = chars["EDU"]
            chars["EDU"] = min(EDU_MAX, before + gain)
            text = f"{purpose}: {perc.value} > EDU {before}: +1D10 = {gain} → EDU {chars['EDU']} (at most {EDU_MAX})"
            faces.append(gain)
        else:
            text = f"{purpose}: {perc.value} ≤ EDU {chars['EDU']}: no gain"
        log.step(text, SOURCE)
        record.append({"text": text, "dice": faces})
    assert set(chars) == set(CHARACTERISTICS)
    return chars, record
