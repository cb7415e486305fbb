"""Tests and Resisted rolls (U6, U7; seed 000 "Tests", "Resisted Tasks & Tests"; rules/armageddon.md §1.7).

:func:`resolve_roll` is the one d10 resolution every Task and Test shares:
d10 (Rules of 10 and 1) + labelled parts + modifiers against the Target Number,
Success Levels from the Outcome Table, optionally capped (unskilled).
"""

from __future__ import annotations

from py_rules.armageddon.d10 import roll_d10
from py_rules.armageddon.outcome import describe_level, success_levels
from py_rules.armageddon.tables import TARGET_NUMBER
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Modifier, Result, Step, signed, total_of
from py_rules.words import counted

__all__ = ("resolve_roll", "attribute_parts", "resolve_test", "resisted_outcome", "TEST_KINDS", "TIE_RULES")

TEST_KINDS = ("simple", "difficult", "consciousness", "survival")
"""Seed 000, Tests: Simple (Attribute × 2) and Difficult (Attribute); Consciousness and Survival
Tests use Constitution + Willpower (seed 000, Life Points)."""

TIE_RULES = ("stalemate", "defender_wins", "reroll", "compare_sl")
"""rules/armageddon.md §1.7/A4: what equal totals of 9 or more mean; default stalemate."""

_BASICS = "seed 000, The Basics"
_TESTS = "seed 000, Tests"
_TWO = "seed 000, Life Points: Constitution + Willpower + 1d10"


def resolve_roll(
    dice: DiceSource,
    *,
    kind: str,
    parts: list[Modifier],
    modifiers=(),
    tn: int = TARGET_NUMBER,
    rule_of_one_mode: str = "replace",
    label: str = "",
    level_cap: int | None = None,
    cap_source: str = "",
    purpose: str = "d10",
    flags=(),
    label_numbers: bool = False,
) -> Result:
    """d10 + ``parts`` + ``modifiers`` against ``tn``; every part listed in the result.

    ``label_numbers`` names each number in the arithmetic line (for rolls inside a state change, whose
    modifiers are not listed right above it).
    """
    all_parts = list(parts) + list(modifiers)
    die = roll_d10(dice, rule_of_one_mode, purpose)
    total = die.value + total_of(all_parts)
    levels = success_levels(total, tn)
    steps = list(die.steps)
    arithmetic = "".join(f" {signed(m.value)}" + (f" ({m.label})" if label_numbers else "") for m in all_parts)
    steps.append(Step(f"{die.value} (die){arithmetic} = {total}", "seed 000, Tasks" if kind == "task" else _TESTS))
    result_flags = list(die.flags) + list(flags)
    if level_cap is not None and levels > level_cap:
        steps.append(Step(f"{counted(levels, 'Success Levels')} capped at {describe_level(level_cap)}", cap_source))
        levels = level_cap
        result_flags.append("unskilled_cap")
    success = total >= tn
    steps.append(Step(f"{total} {'≥' if success else '<'} {tn}: {'success' if success else 'failure'}", _BASICS))
    return Result(
        system="armageddon",
        kind=kind,
        label=label,
        modifiers=all_parts,
        total=total,
        target=tn,
        success=success,
        level=levels,
        level_name=describe_level(levels),
        flags=result_flags,
        steps=steps,
        details={"die": die.value, "faces": list(die.faces), "margin": total - tn},
    )


def attribute_parts(
    kind: str, attribute_name: str, attribute: int, second_name: str = "Willpower", second: int | None = None
) -> list[Modifier]:
    """The Attribute parts of a Test (U6).

    >>> [(m.label, m.value) for m in attribute_parts("simple", "Willpower", 3)]
    [('Willpower × 2', 6)]
    >>> [(m.label, m.value) for m in attribute_parts("consciousness", "Constitution", 3, "Willpower", 2)]
    [('Constitution', 3), ('Willpower', 2)]
    """
    if kind == "simple":
        return [Modifier(f"{attribute_name} × 2", attribute * 2, _TESTS + ": Simple Test, Attribute × 2")]
    if kind == "difficult":
        return [Modifier(attribute_name, attribute, _TESTS + ": Difficult Test, Attribute")]
    if kind in ("consciousness", "survival"):
        if second is None:
            raise RulesError(
                "missing_field", f"A {kind.title()} Test needs Constitution and Willpower.", "second_attribute"
            )
        return [Modifier(attribute_name, attribute, _TWO), Modifier(second_name, second, _TWO)]
    raise RulesError("bad_choice", f"Unknown Test kind {kind!r}.", "kind")


def resolve_test(
    dice,
    *,
    kind,
    attribute_name,
    attribute,
    second_attribute=None,
    modifiers=(),
    tn=TARGET_NUMBER,
    rule_of_one_mode="replace",
    label="",
    purpose="d10",
) -> Result:
    """A Simple, Difficult, Consciousness or Survival Test (U6)."""
    parts = attribute_parts(kind, attribute_name, attribute, "Willpower", second_attribute)
    result = resolve_roll(
        dice,
        kind=f"{kind}_test",
        parts=parts,
        modifiers=modifiers,
        tn=tn,
        rule_of_one_mode=rule_of_one_mode,
        label=label,
        purpose=purpose,
    )
    return result


def resisted_outcome(
    total_a: int, total_b: int, tn: int = TARGET_NUMBER, tie_rule: str = "stalemate"
) -> tuple[str | None, str]:
    """Who wins a Resisted roll: ("A"|"B"|None, reason) (U7; seed 000, Resisted Tasks & Tests).

    >>> resisted_outcome(12, 10), resisted_outcome(8, 7)[0], resisted_outcome(11, 11)[0]
    (('A', 'higher result wins'), None, None)
    >>> resisted_outcome(11, 11, tie_rule="defender_wins")[0]
    'B'
    """
    a_ok, b_ok = total_a >= tn, total_b >= tn
    if not a_ok and not b_ok:
        return None, f"neither result reaches {tn}: both fail"
    if total_a > total_b:
        return "A", "higher result wins"
    if total_b > total_a:
        return "B", "higher result wins"
    if tie_rule == "defender_wins":
        return "B", "tie: the defender wins (tie setting)"
    return None, "tie: stalemate, the status quo stands (tie setting)"
