"""Damage operations: a weapon's damage rolled, damage taken, and the common weapons (C14, C15; seed 003, Luck, Hit
points, Wounds, and Healing; rules/coc.md §3.8, §3.9, §3.12 D3–D5, §3.14)."""

from __future__ import annotations

from py_rules.coc import combat
from py_rules.coc.checks import require_alive
from py_rules.coc.investigator import copy_state, normalize
from py_rules.coc.params import DIFFICULTY, INVESTIGATOR, LABEL, with_states
from py_rules.coc.settings import SETTING_PARAMS, settings_from, settings_params
from py_rules.coc.tables import DAMAGE_FORM
from py_rules.coc.weapons import COMMON_WEAPONS, WEAPON_SKILLS, find_weapon
from py_rules.coc.wounds import apply_damage
from py_rules.limits import DAMAGE_MAX
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Log, Result

__all__ = ("WEAPON", "RANGE", "ROLL_DAMAGE", "APPLY_DAMAGE", "WEAPON_LIST")

WEAPON = Param(
    "weapon",
    "text",
    "Weapon",
    "Seed 003, If attacking: a weapon on the attacker's sheet, by its name (its "
    "skill, damage, Damage Bonus and impaling follow); empty = unarmed, Fighting (Brawl) 1D3 + Damage Bonus "
    "(rules/coc.md §3.8). Brawl, Handgun or Rifle name the seed's three attack skills with typical damage.",
    default="",
    max_length=80,
)
RANGE = Param(
    "range_difficulty",
    "choice",
    "Range",
    "Regular within the weapon's base range, Hard up to ×2, Extreme up "
    "to ×4 (rules/coc.md §3.8): the shot's difficulty with the book firearms setting, and the damage of a weapon "
    "whose damage goes by range (a shotgun's 4D6/2D6/1D6).",
    default="Regular",
    choices=DIFFICULTY.choices,
)


def _damage(dice, *, investigator, weapon, damage, extreme, range_difficulty, extreme_damage, label):
    require_alive(investigator)
    arm = find_weapon(investigator, weapon, "weapon")
    expr = combat.damage_expr(arm, damage, "damage", range_difficulty)
    log = Log()
    total = combat.roll_damage(
        dice, arm, expr, investigator["derived"]["damage_bonus"], log, extreme=extreme, extreme_rule=extreme_damage
    )
    log.flag("no_luck")
    new = copy_state(investigator)
    new["last_roll"] = {
        "kind": "damage",
        "name": f"{arm['name']} damage",
        "roll": total,
        "pushed": False,
        "luck_spent": 0,
        "success": True,
        "level": 2,
        "value": 0,
        "difficulty": "Regular",
        "bonus": 0,
        "penalty": 0,
    }
    return with_states(
        Result.of(
            log,
            "coc",
            "roll_damage",
            label=label,
            total=total,
            details={"damage": total},
            state=normalize(new),
        )
    )


ROLL_DAMAGE = Operation(
    id="coc.roll_damage",
    system="coc",
    title="Roll damage",
    summary="A weapon's damage with its share of the Damage Bonus (full hand to hand, half thrown, none for firearms); "
    "Luck can never change it.",
    covers=("C14",),
    params=(
        INVESTIGATOR,
        WEAPON,
        Param(
            "damage",
            "text",
            "Weapon damage",
            "Dice such as 1D6+1; empty = the weapon's own (rules/coc.md §3.8).",
            default="",
            dice=DAMAGE_FORM,
        ),
        RANGE,
        Param(
            "extreme",
            "bool",
            "Extreme success",
            "Used by the book extreme-damage setting (rules/coc.md §3.8).",
            default=False,
        ),
        SETTING_PARAMS["extreme_damage"],
        LABEL,
    ),
    run=_damage,
    source="seed 003, Luck ('you can't use them for damage'); rules/coc.md §3.8",
)


def _apply(dice, *, investigator, amount, own_turn, label, **rest):
    settings, _ = settings_from(rest)
    new, log = copy_state(investigator), Log()
    if own_turn and new["damage_this_round"]:
        new["damage_this_round"] = 0
        log.step("Outside combat this damage is its own turn: the per-turn count starts at 0", "rules/coc.md §3.13")
    apply_damage(dice, new, amount, log, settings)
    c = new["conditions"]
    for key in ("major_wound", "unconscious", "dying", "dead"):
        if c[key]:
            log.flag(key)
    return with_states(
        Result.of(
            log,
            "coc",
            "apply_damage",
            label=label,
            total=new["hp"],
            target=new["derived"]["hp_max"],
            headline=log.told[0] if log.told else None,  # what the damage did, the CON roll it asked for included
            details={"hp": new["hp"], "damage_this_round": new["damage_this_round"]},
            state=normalize(new),
        )
    )


APPLY_DAMAGE = Operation(
    id="coc.apply_damage",
    system="coc",
    title="Take damage",
    summary="Lose HP (never below 0): more than half max HP this round is a major wound with a CON roll, 0 HP is "
    "unconscious (dying with a major wound), all HP in one round is instant death.",
    covers=("C15",),
    params=(
        INVESTIGATOR,
        Param(
            "amount",
            "int",
            "Damage",
            "HP lost (seed 003, Hit points, Wounds, and Healing).",
            minimum=0,
            maximum=DAMAGE_MAX,
            example=8,
        ),
        Param(
            "own_turn",
            "bool",
            "A separate turn",
            "Outside combat each damaging event is its own turn "
            "(rules/coc.md §3.13); off = adds to the damage already taken this round.",
            default=False,
        ),
        LABEL,
        *settings_params("major_wound_rule", "instant_death_rule", "zero_hp_always_dying"),
    ),
    run=_apply,
    source="seed 003, Hit points, Wounds, and Healing; rules/coc.md §3.9, §3.12 D3–D5",
)


def _weapon_list(*, label):
    weapons = [dict(w) for w in COMMON_WEAPONS]
    log = Log()
    log.step(f"{len(weapons)} common weapons: " + ", ".join(w["name"] for w in weapons), "rules/coc.md §3.8 [BOOK]")
    return Result.of(
        log,
        "coc",
        "weapon_list",
        label=label,
        details={"weapons": weapons, "skills": list(WEAPON_SKILLS)},
    )


WEAPON_LIST = Operation(
    id="coc.weapon_list",
    system="coc",
    title="Common weapons",
    summary="The common weapons with their skill, damage (without the Damage Bonus), how much Damage Bonus they add, "
    "whether they impale, range, attacks per round, shots and malfunction, to put on a sheet.",
    covers=("C14",),
    params=(LABEL,),
    run=_weapon_list,
    source="rules/coc.md §3.8 [BOOK]; seed 003, If attacking",
    rolls=False,
)
