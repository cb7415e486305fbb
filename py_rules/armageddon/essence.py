"""Essence: loss, emotional leaks, the checks below 0 and at −30, regeneration (U17, U18;
seed 000 "Essence"; rules/armageddon.md §1.12).
"""

from __future__ import annotations

from py_rules.armageddon.character import POOL_FLOOR, attribute, name_of
from py_rules.armageddon.life import below_zero_penalty, die
from py_rules.armageddon.tables import (
    DRAWBACK_POINTS,
    ESSENCE_DEATH_THRESHOLD,
    ESSENCE_SURVIVAL_STEP,
    ESSENCE_WILLPOWER_STEP,
    MENTAL_ATTRIBUTES,
)
from py_rules.trace import Modifier

__all__ = ("lose_essence", "essence_checks", "gain_essence", "regeneration")

_ESSENCE = "seed 000, Essence"
_ESSENCE_TEST = _ESSENCE + ": below 0, Difficult Willpower Test at −1 per 5 Essence Points below 0"
_STACKING = (
    "Below 0 Essence the character is still deeply depressed (−3 to all actions, Essence 1 or less), and the "
    "Willpower Test is an action: the −3 counts besides the Test's own −1 per 5 below 0, as do tiredness and "
    "injury; of the two Essence penalties (−3, and −1 on mental rolls at half or less) only the worse applies."
)
_STACKING_SOURCE = "rules/armageddon.md §1.12, §1.15, §1.16 A12"


def lose_essence(work, amount: int, cause: str) -> None:
    """Lower Essence by ``amount``; below 0 the checks follow each loss (U17; rules/armageddon.md §1.16 A13)."""
    before = work.current["essence"]
    after = max(POOL_FLOOR, before - amount)
    work.current["essence"] = after
    work.event(f"{name_of(work.char)} loses {amount} Essence to {cause} ({before} → {after}).")
    if after < 0 and amount > 0:
        if work.settings.essence_check_timing == "each_loss":
            essence_checks(work)
        else:
            work.step(
                "Essence is below 0: the checks are rolled once per day (house rule).", "rules/armageddon.md §1.12, A13"
            )


def _lose_mental_point(work) -> None:
    char = work.char
    order = [work.settings.mental_attribute_lost] + [
        a for a in MENTAL_ATTRIBUTES if a != work.settings.mental_attribute_lost
    ]
    for name in order:
        if attribute(char, name) > 0:
            char["lost_attributes"][name] = char["lost_attributes"].get(name, 0) + 1
            work.event(
                f"{name_of(char)} temporarily loses 1 point of {name} (now {attribute(char, name)}); it "
                "returns once Essence is back to 0."
            )
            return
    work.event(f"{name_of(char)} has no mental Attribute points left to lose.")


def essence_checks(work) -> None:
    """Below 0: Difficult Willpower Test at −1 per 5 below 0; at −30 or below also a Survival Test
    at −1 per 10 below 0, failure is death (U18)."""
    char = work.char
    essence = work.current["essence"]
    if essence >= 0:
        work.step(f"Essence {essence} is not below 0: no checks are owed.", _ESSENCE)
        return
    penalty = below_zero_penalty(essence, ESSENCE_WILLPOWER_STEP)
    mods = [Modifier(f"Essence {essence} (−1 per 5 below 0)", penalty, _ESSENCE_TEST)] if penalty else []
    work.step(_STACKING, _STACKING_SOURCE)
    roll = work.roll(
        "Willpower Test (Essence below 0)",
        kind="difficult_test",
        parts=[Modifier("Willpower", attribute(char, "Willpower"), _ESSENCE + ": Difficult Willpower Test")],
        attributes=("Willpower",),
        extra=mods,
    )
    # said as an event, pass or fail: a Test rolled inside a loss of Essence is otherwise seen only in the trace
    outcome = "passes" if roll.success else "fails"
    work.event(
        f"{name_of(char)} {outcome} the Willpower Test for Essence {essence} ({roll.total} against {roll.target})."
    )
    if not roll.success:
        if work.settings.essence_failure_effect == "drawback":
            char["temporary_drawbacks"].append(f"{DRAWBACK_POINTS}-point Mental Drawback (Essence below 0)")
            work.event(
                f"{name_of(char)} temporarily gains a {DRAWBACK_POINTS}-point Mental Drawback (Chronicler's choice)."
            )
        else:
            _lose_mental_point(work)
    if essence <= ESSENCE_DEATH_THRESHOLD:
        penalty = below_zero_penalty(essence, ESSENCE_SURVIVAL_STEP)
        mods = [
            Modifier(f"Essence {essence} (−1 per 10 below 0)", penalty, _ESSENCE + ": −30 or below, −1 per 10 below 0")
        ]
        source = _ESSENCE + ": at −30 or below, Survival Test"
        parts = [
            Modifier("Constitution", attribute(char, "Constitution"), source),
            Modifier("Willpower", attribute(char, "Willpower"), source),
        ]
        work.step(
            "The injury penalty is not added: a Survival Test carries its own penalty (A6); the Essence and "
            "tiredness penalties are, as on every action.",
            "rules/armageddon.md §1.9, §1.15, §1.16 A6",
        )
        survival = work.roll(
            "Survival Test (Essence −30 or below)",
            kind="survival_test",
            parts=parts,
            attributes=("Constitution", "Willpower"),
            exclude=("injury",),
            extra=mods,
        )
        if survival.success:
            work.event(f"{name_of(char)} passes the Survival Test for Essence {essence}.")
        else:
            die(work, "Essence at −30 or below: heart failure, suicide …")


def gain_essence(work, amount: int, why: str) -> int:
    """Raise Essence up to its maximum; at 0 or more lost points and drawbacks return."""
    char = work.char
    before = work.current["essence"]
    after = min(char["derived"]["essence"], before + amount)
    work.current["essence"] = after
    if after != before:
        work.event(f"{name_of(char)} regains {after - before} Essence from {why} ({before} → {after}).")
    if after >= 0 and (char["lost_attributes"] or char["temporary_drawbacks"]):
        lost = ", ".join(f"{n} +{v}" for n, v in char["lost_attributes"].items())
        char["lost_attributes"] = {}
        char["temporary_drawbacks"] = []
        work.event(
            f"Essence is back to {after}: the lost mental Attribute points return"
            + (f" ({lost})" if lost else "")
            + " and temporary Mental Drawbacks end."
        )
    return after - before


def regeneration(character: dict, seconds_from: int, seconds_to: int) -> tuple[int, str]:
    """Essence regained between two clock readings: Channeling level per minute, else Willpower
    per hour (seed 000, Essence). Pure.

    >>> c = {"essence_channeling": 2, "attributes": {"Willpower": 3}, "lost_attributes": {}}
    >>> regeneration(c, 0, 180)[0], regeneration(dict(c, essence_channeling=0), 0, 7200)[0]
    (6, 6)
    """
    level = character["essence_channeling"]
    if level:
        ticks = seconds_to // 60 - seconds_from // 60
        return ticks * level, f"Essence Channeling {level} per minute"
    will = attribute(character, "Willpower")
    ticks = seconds_to // 3600 - seconds_from // 3600
    return ticks * will, f"Willpower {will} per hour"
