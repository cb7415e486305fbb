"""Operations on Essence: points spent or lost to an emotional leak, and the Willpower and Survival Tests below 0
(U17, U18; seed 000, Essence; rules/armageddon.md §1.12, §1.16 A13)."""

from __future__ import annotations

from py_rules.armageddon.character import name_of
from py_rules.armageddon.damage import roll_damage
from py_rules.armageddon.essence import essence_checks, lose_essence
from py_rules.armageddon.fields import CHARACTER, ESSENCE_SETTINGS, EXAMPLE_BELOW_0_ESSENCE, LABEL, ROLL_SETTINGS
from py_rules.armageddon.tables import DAMAGE_FORM, EMOTIONAL_LEAK_DICE
from py_rules.armageddon.work import SYSTEM as _SYS, work_for as _work
from py_rules.dice_expr import parse
from py_rules.errors import RulesError
from py_rules.operations import Operation
from py_rules.params import Param

__all__ = ("LOSE_ESSENCE", "ESSENCE_CHECKS")


def _lose_essence(dice, *, character, amount, leak_die, cause, label, **options):
    if not amount and leak_die == "none":
        raise RulesError("missing_field", "Give a number of points or an emotional leak die.", "amount")
    work = _work(character, dice, options)
    total = amount
    if leak_die != "none":
        value, _faces, steps = roll_damage(
            dice,
            parse(leak_die, DAMAGE_FORM, "leak_die"),
            "Essence leak",
            "seed 000, Essence: involuntary loss ranges from 1d6 to 1d10",
        )
        work.steps.extend(steps)
        total += value
    lose_essence(work, total, cause or "emotional stress")
    return work.result("lose_essence", label or f"{name_of(character)} loses Essence", details={"lost": total})


LOSE_ESSENCE = Operation(
    id="armageddon.lose_essence",
    system=_SYS,
    title="Spend or lose Essence (emotional leak)",
    summary="Lower Essence by a number of points and/or an involuntary leak of 1d6 to 1d10; below 0 the Willpower "
    "Test (and at −30 the Survival Test) follow.",
    covers=("U17", "U18"),
    params=(
        CHARACTER,
        Param(
            "amount",
            "int",
            "Points",
            "Essence spent or lost (0 with a leak die).",
            default=1,
            minimum=0,
            maximum=1000,
            example=20,
        ),
        Param(
            "leak_die",
            "choice",
            "Emotional leak die",
            "Seed 000, Essence: involuntary loss from strong emotion ranges from 1d6 to 1d10 (the Chronicler picks).",
            default="none",
            choices=("none",) + tuple(f"1d{n}" for n in EMOTIONAL_LEAK_DICE),
            dice=DAMAGE_FORM,
        ),
        Param("cause", "text", "Cause", "Echoed in the result.", default="emotional stress"),
        LABEL,
    )
    + ROLL_SETTINGS
    + ESSENCE_SETTINGS,
    run=_lose_essence,
    source="seed 000, Essence; rules/armageddon.md §1.12",
)


def _essence_checks(dice, *, character, label, **options):
    work = _work(character, dice, options)
    essence_checks(work)
    return work.result(
        "essence_checks",
        label or f"{name_of(character)}: Essence below 0",
        main=work.rolls[0] if len(work.rolls) == 1 else None,
    )


ESSENCE_CHECKS = Operation(
    id="armageddon.essence_checks",
    system=_SYS,
    title="Essence below 0: Willpower and Survival Tests",
    summary="Below 0 Essence: Difficult Willpower Test at −1 per 5 below 0, failure costs a mental Attribute point "
    "(or a 2-point Mental Drawback); at −30 or below also a Survival Test at −1 per 10 below 0, failure is death.",
    covers=("U18",),
    params=(CHARACTER.with_example(EXAMPLE_BELOW_0_ESSENCE), LABEL) + ROLL_SETTINGS + ESSENCE_SETTINGS,
    run=_essence_checks,
    source="seed 000, Essence; rules/armageddon.md §1.12, A13",
)
