"""Combat operations: C9–C15 (rules/coc.md §3.14; seed 003 "Combat", "Attack Order", "Outnumbered")."""

from __future__ import annotations

from py_rules.coc import attack as attack_mod, combat
from py_rules.coc.checks import require_alive
from py_rules.coc.investigator import copy_state, normalize, who
from py_rules.coc.params import DIFFICULTY, EXAMPLE_DYING, INVESTIGATOR, LABEL, OPPONENT, with_states
from py_rules.coc.settings import SETTING_PARAMS, settings_from, settings_params
from py_rules.coc.tables import DAMAGE_FORM
from py_rules.coc.weapons import COMMON_WEAPONS, WEAPON_SKILLS, find_weapon, parse_weapon
from py_rules.coc.wounds import apply_damage, end_round
from py_rules.errors import RulesError
from py_rules.limits import DAMAGE_MAX
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result, Step

__all__ = ("OPERATIONS",)

COMBATANTS_EXAMPLE = [
    {"name": "Harvey Walters", "dex": 60, "firearm_ready": True, "combat_skill": 45},
    {"name": "Cultist", "dex": 55, "firearm_ready": False, "combat_skill": 50},
    {"name": "Ghoul", "dex": 100, "firearm_ready": False, "combat_skill": 40},
    {"name": "Second cultist", "dex": 55, "firearm_ready": False, "combat_skill": 50},
]
"""Two cultists alike in DEX and combat skill: their order is a roll-off (seed 003, Attack Order)."""

COMBAT_PARAM = Param(
    "combat",
    "json",
    "Combat",
    "The combat tracker made by 'Attack order' (schema coc.combat/1): order, round, who "
    "has acted (seed 003, Combat Round Duration).",
    parse=combat.parse_combat,
    state_key="coc.combat",
    example={
        "schema": "coc.combat/1",
        "round": 1,
        "order": [
            {"name": "Ghoul", "dex": 100, "firearm_ready": False, "combat_skill": 40},
            {"name": "Harvey Walters", "dex": 60, "firearm_ready": True, "combat_skill": 45},
        ],
        "acted": [],
    },
)
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


def _order(dice, *, combatants, label):
    state, steps = combat.attack_order(dice, combatants)
    return Result(
        system="coc",
        kind="attack_order",
        label=label,
        steps=steps,
        events=[f"Round 1: {state['order'][0]['name']} acts first"],
        details={"order": [p["name"] for p in state["order"]]},
        states={"coc.combat": state},
        state=state,
    )


ATTACK_ORDER = Operation(
    id="coc.attack_order",
    system="coc",
    title="Attack order (start combat)",
    summary="Order everyone by DEX, +50 for a drawn firearm, highest first; ties go to the higher combat skill, then "
    "a 1D100 roll-off. Starts the round tracker (it replaces the shared combat tracker).",
    covers=("C9",),
    params=(
        Param(
            "combatants",
            "json",
            "Combatants",
            "List of {name, dex, firearm_ready, combat_skill} (seed 003, Attack Order).",
            parse=combat.validate_combatants,
            example=COMBATANTS_EXAMPLE,
        ),
        LABEL,
    ),
    run=_order,
    source="seed 003, Attack Order; rules/coc.md §3.8, §3.12 D12",
)


def _round(dice, *, combat, action, name, investigator, opponent, label):
    state = {**combat, "order": [dict(p) for p in combat["order"]], "acted": list(combat["acted"])}
    names = [p["name"] for p in state["order"]]
    steps, events, flags = [], [], []
    states = {"coc.combat": state}
    if action == "act":
        if name not in names:
            raise RulesError("bad_input", f"{name!r} is not in this combat ({', '.join(names)}).", "name")
        if name in state["acted"]:
            raise RulesError(
                "rule_violation",
                f"{name} has already acted in round {state['round']}: one action per post/round.",
                "name",
            )  # seed 003, Combat Round Duration
        waiting = [n for n in names if n not in state["acted"]]
        if waiting[0] != name:
            flags.append("out_of_order")
            steps.append(
                Step(f"{name} acts before {waiting[0]} (order: {' → '.join(names)})", "seed 003, Attack Order")
            )
        state["acted"].append(name)
        steps.append(Step(f"Round {state['round']}: {name} takes one action", "seed 003, Combat Round Duration"))
        for key, who_state in (("coc.investigator", investigator), ("coc.opponent", opponent)):
            if who_state is not None and who(who_state) == name and who_state["conditions"]["involuntary_action"]:
                new = copy_state(who_state)
                new["conditions"]["involuntary_action"] = False
                steps.append(
                    Step(
                        f"The Keeper controls this action of {name} (fear: screaming, freezing …); "
                        "the flag is now cleared",
                        "seed 003, Failing a Sanity Roll",
                    )
                )
                events.append(f"{name}'s involuntary action is used up")
                states[key] = normalize(new)
        left = [n for n in names if n not in state["acted"]]
        events.append(f"{name} acts" + (f"; next: {left[0]}" if left else "; everyone has acted"))
    else:
        finished = state["round"]
        state["round"] += 1
        state["acted"] = []
        steps.append(
            Step(
                f"Round {finished} ends; round {state['round']} begins in the same order",
                "seed 003, Combat Round Duration",
            )
        )
        for key, who_state in (("coc.investigator", investigator), ("coc.opponent", opponent)):
            if who_state is None:
                continue
            new = copy_state(who_state)
            more, evs = end_round(dice, new)
            steps += more
            events += evs
            states[key] = normalize(new)
        events.insert(0, f"Round {state['round']} begins: {names[0]} acts first")
    return Result(
        system="coc",
        kind="combat_round",
        label=label,
        flags=flags,
        steps=steps,
        events=events,
        details={"round": state["round"], "acted": state["acted"]},
        states=states,
        state=state,
    )


COMBAT_ROUND = Operation(
    id="coc.combat_round",
    system="coc",
    title="Combat round tracker",
    summary="Mark a combatant's one action this round, or end the round: dying characters roll CON, damage-this-round "
    "and defence counters reset.",
    covers=("C10", "C16"),
    params=(
        COMBAT_PARAM,
        Param(
            "action",
            "choice",
            "Action",
            "'act' marks one action for a combatant; 'end_round' closes the round (seed 003, Combat Round Duration).",
            default="act",
            choices=("act", "end_round"),
            example="end_round",
        ),
        Param("name", "text", "Combatant", "Who acts (for 'act').", default=""),
        Param(
            INVESTIGATOR.name,
            "json",
            INVESTIGATOR.label,
            "Optional: the investigator, updated at the end of the "
            "round, or when its action uses up the Keeper's control after a failed Sanity roll.",
            default=None,
            parse=INVESTIGATOR.parse,
            example=EXAMPLE_DYING,
            state_key="coc.investigator",
        ),
        Param(
            OPPONENT.name,
            "json",
            OPPONENT.label,
            "Optional: the opponent, updated like the investigator.",
            default=None,
            parse=OPPONENT.parse,
            example=OPPONENT.example,
            state_key="coc.opponent",
        ),
        LABEL,
    ),
    run=_round,
    source="seed 003, Combat Round Duration; rules/coc.md §3.9 (per-round damage)",
)


def _attack(dice, *, investigator, opponent, **args):
    settings, rest = settings_from(args)
    return attack_mod.attack(dice, investigator, opponent, settings=settings, **rest)


_INT5 = dict(default=0, minimum=0, maximum=5)
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
    return Result(
        system="coc",
        kind="manoeuvre_check",
        label=label,
        success=allowed,
        steps=[Step(text, "seed 003, If defending (Manoeuvre); rules/coc.md §3.12 D13")],
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


def _damage(dice, *, investigator, weapon, damage, extreme, range_difficulty, extreme_damage, label):
    require_alive(investigator)
    arm = find_weapon(investigator, weapon, "weapon")
    expr = combat.damage_expr(arm, damage, "damage", range_difficulty)
    total, steps = combat.roll_damage(
        dice, arm, expr, investigator["derived"]["damage_bonus"], extreme=extreme, extreme_rule=extreme_damage
    )
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
        Result(
            system="coc",
            kind="roll_damage",
            label=label,
            total=total,
            steps=steps,
            flags=["no_luck"],
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
    new = copy_state(investigator)
    pre = []
    if own_turn and new["damage_this_round"]:
        new["damage_this_round"] = 0
        pre.append(
            Step("Outside combat this damage is its own turn: the per-turn count starts at 0", "rules/coc.md §3.13")
        )
    told: list[str] = []
    steps, events = apply_damage(dice, new, amount, settings, told)
    steps = pre + steps
    c = new["conditions"]
    flags = [k for k in ("major_wound", "unconscious", "dying", "dead") if c[k]]
    return with_states(
        Result(
            system="coc",
            kind="apply_damage",
            label=label,
            total=new["hp"],
            target=new["derived"]["hp_max"],
            headline=told[0] if told else None,
            flags=flags,
            steps=steps,
            events=events,
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
    return Result(
        system="coc",
        kind="weapon_list",
        label=label,
        steps=[
            Step(f"{len(weapons)} common weapons: " + ", ".join(w["name"] for w in weapons), "rules/coc.md §3.8 [BOOK]")
        ],
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

OPERATIONS = (ATTACK_ORDER, COMBAT_ROUND, ATTACK, MANOEUVRE, ROLL_DAMAGE, APPLY_DAMAGE, WEAPON_LIST)
