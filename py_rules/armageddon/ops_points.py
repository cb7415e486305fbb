"""Operations that change the character's pools: damage to Life Points, Endurance Points or Essence with what follows
from it, and points regained (U9, U11, U12; seed 000, Life Points, Endurance Points, Essence, Healing;
rules/armageddon.md §1.8–1.12)."""

from __future__ import annotations

from py_rules.armageddon.character import name_of
from py_rules.armageddon.damage import POOLS, apply_damage, restore_points, roll_damage
from py_rules.armageddon.fields import CHARACTER, ESSENCE_SETTINGS, LABEL, ROLL_SETTINGS, WAKE_AT
from py_rules.armageddon.tables import DAMAGE_FORM
from py_rules.armageddon.work import SYSTEM as _SYS, work_for as _work
from py_rules.dice_expr import parse
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import headline_of

__all__ = ("APPLY_DAMAGE", "RESTORE")


def _apply_damage(dice, *, character, amount, pool, label, **options):
    work = _work(character, dice, options, allow_dead=True)
    roll = parse(amount, DAMAGE_FORM, "amount")
    value, _faces, steps = roll_damage(dice, roll, f"damage ({pool})")
    work.steps.extend(steps)
    key = _POOL_KEYS[pool]
    before = work.current[key]
    apply_damage(work, value, pool)
    result = work.result(
        "apply_damage",
        label or f"{name_of(character)} takes {value} {pool} damage",
        details={"damage": value, "pool": pool},
    )
    if work.told:  # the tests the damage called for decided something: the headline names each one
        result.headline = f"Takes {value} {pool} damage ({before} → {work.current[key]} {pool}): " + headline_of(
            work.told
        )
    return result


_POOL_KEYS = {"LP": "life_points", "EP": "endurance_points", "Essence": "essence"}


APPLY_DAMAGE = Operation(
    id="armageddon.apply_damage",
    system=_SYS,
    title="Take damage (LP, EP or Essence)",
    summary="Subtract damage (a number or a roll such as d6x4) and apply what follows: knocked down and a "
    "Consciousness Test at 0 LP or below, Survival Tests at −10 or below, a Consciousness Test below 0 EP, the "
    "Essence checks below 0 Essence.",
    covers=("U9", "U11", "U12"),
    params=(
        CHARACTER,
        Param(
            "amount",
            "text",
            "Damage",
            "A number, or a damage roll NdX × M + K such as d6x4 (rules/armageddon.md §1.8).",
            default="5",
            example="34",
            dice=DAMAGE_FORM,
        ),
        Param(
            "pool",
            "choice",
            "Pool",
            "Seed 000: damage goes to Life Points; some supernatural attacks take "
            "EP or Essence instead (rules/armageddon.md §1.8).",
            default="LP",
            choices=POOLS,
        ),
        LABEL,
    )
    + ROLL_SETTINGS
    + ESSENCE_SETTINGS,
    run=_apply_damage,
    source="seed 000, Life Points, Consciousness Tests & Survival Tests; Endurance Points; Essence; rules/armageddon.md §1.8–1.12",
)


def _restore(*, character, amount, pool, reason, **options):
    work = _work(character, None, options)
    restore_points(work, amount, pool, reason or "healing")
    return work.result("restore_points", f"{name_of(character)} regains {pool}", details={"pool": pool})


RESTORE = Operation(
    id="armageddon.restore_points",
    system=_SYS,
    title="Regain points (healing, rest, Essence)",
    summary="Give back LP, EP or Essence (supernatural healing, a Chronicler's ruling); never above the maximum, and "
    "EP lost to missed sleep only come back by sleeping. Waking up and lost Attributes follow.",
    covers=("U9",),
    params=(
        CHARACTER,
        Param("amount", "int", "Points", "How many points come back.", default=5, minimum=0, maximum=1000),
        Param("pool", "choice", "Pool", "Life Points, Endurance Points or Essence.", default="LP", choices=POOLS),
        Param("reason", "text", "Why", "Echoed in the result, e.g. 'healing spell'.", default="healing"),
        WAKE_AT,
    ),
    run=_restore,
    source="seed 000, Healing; Endurance Points; Essence",
    rolls=False,
)
