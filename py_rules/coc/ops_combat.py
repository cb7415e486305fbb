"""Combat operations: an attack and its defence, and whether a manoeuvre is possible (C11–C15; rules/coc.md §3.8,
§3.14; seed 003 "Combat", "Outnumbered"). The round tracker's operations: :mod:`py_rules.coc.ops_round`; damage:
:mod:`py_rules.coc.ops_damage`."""

from __future__ import annotations

from py_rules.coc import ammo, attack as attack_mod, combat
from py_rules.coc.investigator import EXAMPLE
from py_rules.coc.ops_damage import APPLY_DAMAGE, RANGE, ROLL_DAMAGE, WEAPON, WEAPON_LIST
from py_rules.coc.ops_round import ATTACK_ORDER, COMBAT_ROUND
from py_rules.coc.params import INVESTIGATOR, LABEL, OPPONENT, with_states
from py_rules.coc.settings import SETTING_PARAMS, settings_from, settings_params
from py_rules.coc.tables import DAMAGE_FORM
from py_rules.coc.weapons import COMMON_WEAPONS, parse_weapon
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Log, Result

__all__ = ("OPERATIONS",)


def _weapon_object(data):
    return parse_weapon(data, "weapon_stats")


WEAPON_STATS = Param(
    "weapon_stats",
    "json",
    "A weapon not on the sheet",
    "Optional: a weapon given in full (name, "
    "skill, damage, Damage Bonus share, impales); used instead of the weapon named (rules/coc.md §3.8).",
    default=None,
    parse=_weapon_object,
    example=dict(COMMON_WEAPONS[1]),
)


def _attack(dice, *, investigator, opponent, **args):
    settings, rest = settings_from(args)
    return attack_mod.attack(dice, investigator, opponent, settings=settings, **rest)


_INT5 = dict(default=0, minimum=0, maximum=5)
ATTACK = Operation(
    id="coc.attack",
    system="coc",
    title="Attack",
    summary="An attack as an opposed roll: a weapon from the attacker's sheet (unarmed when none) against Dodge, Fight "
    "back or Manoeuvre; surprise and outnumbered bonus dice; the Build limit for manoeuvres; the weapon's damage with "
    "its share of the Damage Bonus, less the target's armour, and the wound rules.",
    covers=("C11", "C12", "C13", "C14", "C15"),
    params=(
        INVESTIGATOR,
        OPPONENT,
        Param(
            "attacker",
            "choice",
            "Who attacks",
            "The investigator attacks the opponent, or the opponent attacks the investigator.",
            default="investigator",
            choices=("investigator", "opponent"),
        ),
        WEAPON,
        Param(
            "defence",
            "choice",
            "Defender's choice",
            "Seed 003, If defending: Dodge (Dodge skill), Fight back "
            "(Brawl; a win hurts the attacker), Manoeuvre (Brawl; Build limit and penalty dice); 'none' when the "
            "target cannot defend.",
            default="dodge",
            choices=attack_mod.DEFENCES,
        ),
        Param(
            "surprise",
            "bool",
            "Surprise attack",
            "Seed 003, If surprise attack: the attacker uses an extra bonus die.",
            default=False,
        ),
        Param(
            "outnumbered",
            "bool",
            "Target outnumbered",
            "Seed 003, Outnumbered: used by the 'while_marked' "
            "setting; the default counts the target's defences this round (rules/coc.md §3.12 D11).",
            default=False,
        ),
        Param(
            "damage",
            "text",
            "Weapon damage",
            "Dice such as 1D6+1 instead of the weapon's own; empty = the weapon's "
            "damage (rules/coc.md §3.8). Luck can't change damage (seed 003, Luck).",
            default="",
            dice=DAMAGE_FORM,
        ),
        Param(
            "defender_weapon",
            "text",
            "Fight-back weapon",
            "For a fight back: a hand-to-hand weapon on the "
            "defender's sheet, by its name; empty = unarmed (seed 003, If defending).",
            default="",
            max_length=80,
        ),
        Param(
            "defender_damage",
            "text",
            "Fight-back damage",
            "Damage if the defender wins a fight back; empty = the "
            "defender's weapon (unarmed 1D3) plus the defender's Damage Bonus.",
            default="",
            dice=DAMAGE_FORM,
        ),
        WEAPON_STATS,
        Param(
            "attacker_bonus", "int", "Attacker's extra bonus dice", "Other conditions (seed 003, Bonus Dice).", **_INT5
        ),
        Param(
            "attacker_penalty", "int", "Attacker's penalty dice", "Other conditions (seed 003, Penalty Dice).", **_INT5
        ),
        Param("defender_bonus", "int", "Defender's bonus dice", "Other conditions (seed 003, Bonus Dice).", **_INT5),
        Param(
            "defender_penalty", "int", "Defender's penalty dice", "Other conditions (seed 003, Penalty Dice).", **_INT5
        ),
        Param(
            "attacker_luck",
            "int",
            "Attacker's Luck to spend",
            "rules/coc.md §3.6: Luck may lower a combat roll point "
            "for point, chosen before the roll: none is spent on a fumble, and it stops at 02 (never a critical).",
            default=0,
            minimum=0,
            maximum=99,
        ),
        Param(
            "defender_luck",
            "int",
            "Defender's Luck to spend",
            "rules/coc.md §3.6: e.g. a Dodge bought up a level.",
            default=0,
            minimum=0,
            maximum=99,
        ),
        RANGE,
        Param(
            "new_round",
            "bool",
            "A new round",
            "Outside an encounter: this shot starts a new round, so the shots counted toward the weapon's rate of fire "
            "start at 0 (rules/coc.md §3.12 D18); in an encounter the round's end does it.",
            default=False,
        ),
        LABEL,
        *settings_params(
            "combat_ties",
            "surprise_rule",
            "outnumbered_rule",
            "manoeuvre_rule",
            "firearms_rule",
            "extreme_damage",
            "major_wound_rule",
            "instant_death_rule",
            "zero_hp_always_dying",
            "fumble_basis",
            "tick_with_bonus_die",
            "rate_of_fire",
        ),
    ),
    run=_attack,
    source="seed 003, Combat; Combat Round Duration; Outnumbered; rules/coc.md §3.8, §3.9",
)


def _manoeuvre(*, own_build, opponent_build, manoeuvre_rule, label):
    allowed, penalty = combat.manoeuvre_allowed(own_build, opponent_build, manoeuvre_rule)
    gap = opponent_build - own_build
    text = f"Build {own_build} vs {opponent_build} (difference {gap}): " + (
        f"manoeuvre allowed with {penalty} penalty dice" if allowed else "no manoeuvre possible"
    )
    log = Log()
    log.step(text, "seed 003, If defending (Manoeuvre); rules/coc.md §3.12 D13")
    return Result.of(
        log,
        "coc",
        "manoeuvre_check",
        label=label,
        success=allowed,
        details={"allowed": allowed, "penalty_dice": penalty, "build_difference": gap},
    )


MANOEUVRE = Operation(
    id="coc.manoeuvre_check",
    system="coc",
    title="Can I manoeuvre? (Build)",
    summary="No manoeuvre against a Build more than 3 points higher; one penalty die per point of difference.",
    covers=("C12",),
    params=(
        Param("own_build", "int", "Your Build", "rules/coc.md §3.2 Build.", default=0, minimum=-2, maximum=20),
        Param(
            "opponent_build", "int", "Opponent's Build", "rules/coc.md §3.2 Build.", default=0, minimum=-2, maximum=20
        ),
        SETTING_PARAMS["manoeuvre_rule"],
        LABEL,
    ),
    run=_manoeuvre,
    source="seed 003, If defending (Manoeuvre)",
    rolls=False,
)


def _reload(*, investigator, weapon, label):
    return with_states(ammo.reload(investigator, weapon, label=label))


_REVOLVER = dict(COMMON_WEAPONS[7], loaded=1)
"""The example's .38 Revolver with one round left of six."""
RELOAD = Operation(
    id="coc.reload",
    system="coc",
    title="Reload",
    summary="Reload a firearm from the sheet to its full load and clear a jam; each shot spends a round and an empty "
    "or jammed weapon cannot fire.",
    covers=("C11",),
    params=(
        INVESTIGATOR.with_example({**EXAMPLE, "weapons": [_REVOLVER]}),
        WEAPON.with_example(_REVOLVER["name"]),
        LABEL,
    ),
    run=_reload,
    source=ammo.AMMO,
    rolls=False,
)

OPERATIONS = (ATTACK_ORDER, COMBAT_ROUND, ATTACK, MANOEUVRE, ROLL_DAMAGE, APPLY_DAMAGE, WEAPON_LIST, RELOAD)
