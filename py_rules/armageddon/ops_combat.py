"""The Attack as a Chronicler runs it, and the list of common weapons (rules/armageddon.md §1.8, §1.8a, §1.9).

One operation chains what the seed gives: the attacker's Task (Dexterity + the weapon's skill, his state's
penalties), the defender's defence Task (Dexterity + Dodge, or + his close-combat skill to parry), then on a
hit the weapon's damage (Strength from the attacker's sheet, Success Levels where the weapon says), the
defender's armour subtracted, and what reaches Life Points applied with all that follows (knocked down, the
Consciousness Test at 0 or below, Survival Tests at −10 or below). Every die and modifier is in the trace.
"""

from __future__ import annotations

from py_rules.armageddon.character import (
    EXAMPLE,
    attribute as attribute_of,
    check_alive,
    from_dict,
    has,
    name_of,
    skill_entry,
)
from py_rules.armageddon.checks import resisted_outcome
from py_rules.armageddon.combat_rules import avoided, damage_through, doubles
from py_rules.armageddon.damage import apply_damage, roll_damage
from py_rules.armageddon.fields import CHARACTER_HELP, MODIFIERS, ROLL_SETTINGS, TIE_RULE
from py_rules.armageddon.penalties import PenaltySettings, automatic_modifiers
from py_rules.armageddon.tables import DEFENCE_RULES, PARRY_SKILLS, SKILL_NAMES
from py_rules.armageddon.task import resolve_task
from py_rules.armageddon.weapons import COMMON_WEAPONS, FIREARM_SKILLS, damage_roll, find_weapon
from py_rules.armageddon.work import Settings, Work
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result, Step, rolled
from py_rules.words import counted

__all__ = ("COMBAT_OPERATIONS", "DEFENCES")

_SYS = "armageddon"
_ATTACK = "rules/armageddon.md §1.8a Attack: a Task, Dexterity + the weapon's skill"
_DEFENCE = "rules/armageddon.md §1.8a Defence"
_DAMAGE = "rules/armageddon.md §1.8a Damage"
_ARMOUR = "rules/armageddon.md §1.8a Armour"
_GM_MODS = "Chronicler's modifier (seed 000, Tasks: apply modifiers)"

DEFENCES = ("none", "dodge", "parry")
"""rules/armageddon.md §1.8a: no defence, a dodge (Dexterity + Dodge) or a block/parry (Dexterity + close-combat skill)."""

_NO_DEFENCE = ("unconscious", "asleep", "frozen", "death_pending", "dying")
"""rules/armageddon.md §1.8a: the unconscious, the frozen by fear (and the sleeping, the dying) make no defence."""


def _penalties(options: dict) -> PenaltySettings:
    keys = ("injury_penalty_cap", "stack_essence_penalties", "essence_penalty_on_mental_tests")
    return PenaltySettings(**{k: options[k] for k in keys if k in options})


def _task(dice, who: dict, skill: str, extra, options, title: str, purpose: str) -> Result:
    level, untrained = skill_entry(who, skill)
    mods = list(extra) + automatic_modifiers(who, attributes=("Dexterity",), kind="task", settings=_penalties(options))
    return resolve_task(
        dice,
        attribute=attribute_of(who, "Dexterity"),
        attribute_name="Dexterity",
        skill=level,
        skill_name=skill,
        untrained_penalty=untrained,
        modifiers=mods,
        tn=options.get("tn", 9),
        rule_of_one_mode=options.get("rule_of_one_mode", "replace"),
        label=title,
        purpose=purpose,
    )


def _why_no_defence(defender: dict) -> str:
    """Why the defender makes no defence, or "" (rules/armageddon.md §1.8a)."""
    for condition in _NO_DEFENCE:
        if has(defender, condition):
            return condition.replace("_", " ")
    if has(defender, "knocked_down") and has(defender, "semi_conscious"):
        return "knocked down and stunned"
    return ""


def _parry_skill(defender: dict) -> str:
    """The defender's best close-combat skill (rules/armageddon.md §1.8a: the skill used to block or parry)."""
    return max(PARRY_SKILLS, key=lambda name: (skill_entry(defender, name)[0], -PARRY_SKILLS.index(name)))


def _indent(steps, who: str) -> list[Step]:
    return [Step(f"{who}:")] + [Step("  " + s.text, s.source) for s in steps]


def _attack(
    dice,
    *,
    attacker,
    defender,
    weapon,
    defence,
    modifiers,
    defender_modifiers,
    defence_rule,
    doubled_types,
    add_success_levels,
    tie_rule,
    label,
    **options,
):
    check_alive(attacker)
    arm = find_weapon(attacker, weapon)
    me, them = name_of(attacker), name_of(defender)
    work = Work(defender, dice, Settings.from_args(options), allow_dead=True)
    work.attacker = from_dict(attacker)  # unchanged: it goes back as it came
    settings = {"tn": work.settings.tn, "rule_of_one_mode": work.settings.rule_of_one_mode, **options}
    work.step(
        f"{me} attacks {them} with {arm['name']} ({arm['skill']}, {arm['damage']} {arm['damage_type']})",
        "rules/armageddon.md §1.8a",
    )
    for condition in ("unconscious", "asleep", "frozen", "death_pending"):
        if has(attacker, condition):
            work.step(
                f"Note: {me} is {condition.replace('_', ' ')} and cannot normally act.", "rules/armageddon.md §1.17 U23"
            )
            work.flag(f"attacker_{condition}")
    strike = _task(
        dice,
        attacker,
        arm["skill"],
        parse_modifiers(modifiers, _GM_MODS),
        settings,
        f"{me}: attack with {arm['name']}",
        "attack",
    )
    work.rolls.append(strike)
    work.steps.extend(_indent(strike.steps, f"Attack Task ({me}, Dexterity + {arm['skill']})"))
    details = {
        "weapon": arm,
        "attack": {"total": strike.total, "success": strike.success, "level": strike.level},
        "hit": False,
        "damage": 0,
        "armour": 0,
        "life_points_damage": 0,
        "who_rolled": [
            rolled(me, f"attack with {arm['name']} ({arm['skill']})", strike.total, strike.target, strike.level_name)
        ],
    }
    if not strike.success:
        work.event(f"{me} misses {them} ({arm['name']}, {strike.total}).")
        return _done(work, label, strike, details, "miss")
    if has(defender, "dead"):
        work.event(f"{them} is already dead.")
        return _done(work, label, strike, details, "hit")

    hit_levels = strike.level
    if defence != "none":
        avoided, hit_levels = _defend(
            dice, work, defender, arm, defence, strike, defender_modifiers, defence_rule, tie_rule, settings, details
        )
        if avoided:
            return _done(work, label, strike, details, "avoided")

    details["hit"] = True
    roll, uses_strength = damage_roll(arm["damage"], attribute_of(attacker, "Strength"), "weapon")
    if uses_strength:
        work.step(f"{arm['damage']}: Strength {attribute_of(attacker, 'Strength')} from {me}'s sheet", _DAMAGE)
    value, faces, steps = roll_damage(dice, roll, f"{arm['name']} damage")
    work.steps.extend(steps)
    if (arm["success_levels"] or add_success_levels) and hit_levels:
        why = "the weapon's setting" if arm["success_levels"] else "the table's house rule"
        work.step(
            f"{value} + {counted(hit_levels, 'Success Levels')} of the attack = {value + hit_levels}",
            f"rules/armageddon.md §1.8: Success Levels added to damage ({why})",
        )
        value += hit_levels
    details["damage"], details["faces"] = value, faces
    armour = (defender.get("armour") or {}).get("value", 0)
    through = max(0, value - armour)
    if armour:
        name = defender["armour"]["name"] or "armour"
        work.step(f"{value} − {armour} ({them}'s {name}) = {through}", _ARMOUR + ": subtracted, never below 0")
    details["armour"] = armour
    if through and doubles(arm["damage_type"], doubled_types):
        work.step(
            f"{arm['damage_type']} damage past armour is doubled: {through} × 2 = {through * 2}",
            _ARMOUR + ": per-type multiplier (house rule)",
        )
    through = damage_through(value, armour, doubles(arm["damage_type"], doubled_types))
    details["life_points_damage"] = through
    if through <= 0:
        work.event(
            f"{me} hits {them} with {arm['name']}, but the {defender['armour']['name'] or 'armour'} stops "
            f"all {value} damage."
        )
        work.flag("armour_absorbed")
        return _done(work, label, strike, details, "hit")
    work.event(f"{me} hits {them} with {arm['name']} for {through} damage.")
    apply_damage(work, through, "LP")
    return _done(work, label, strike, details, "hit")


def _defend(dice, work, defender, arm, defence, strike, defender_modifiers, rule, tie_rule, settings, details):
    """The defence Task; (avoided, Success Levels the hit keeps) (rules/armageddon.md §1.8a)."""
    them = name_of(defender)
    why = _why_no_defence(defender)
    if why:
        work.step(f"{them} is {why}: no defence", _DEFENCE)
        return False, strike.level
    if defence == "parry" and (SKILL_NAMES.family_name(arm["skill"]) or arm["skill"]) in FIREARM_SKILLS:
        work.step(f"{them} cannot block or parry a firearm: no defence", _DEFENCE + ": not against firearms")
        return False, strike.level
    skill = "Dodge" if defence == "dodge" else _parry_skill(defender)
    mods = parse_modifiers(defender_modifiers, _GM_MODS, "defender_modifiers")
    guard = _task(dice, defender, skill, mods, settings, f"{them}: {defence} ({skill})", "defence")
    work.rolls.append(guard)
    details["who_rolled"].append(rolled(them, f"{defence} ({skill})", guard.total, guard.target, guard.level_name))
    work.steps.extend(_indent(guard.steps, f"Defence Task ({them}, Dexterity + {skill})"))
    details["defence"] = {
        "kind": defence,
        "skill": skill,
        "total": guard.total,
        "success": guard.success,
        "level": guard.level,
    }
    got = avoided(
        rule,
        tie_rule,
        work.settings.tn,
        (strike.total, strike.success, strike.level),
        (guard.total, guard.success, guard.level),
    )
    if rule == "resisted":
        _winner, reason = resisted_outcome(strike.total, guard.total, work.settings.tn, tie_rule)
        work.step(f"{strike.total} vs {guard.total}: {reason}", "seed 000, Resisted Tasks & Tests; " + _DEFENCE)
        if got:
            work.event(f"{them} avoids the attack ({defence}, {guard.total} against {strike.total}).")
            return True, 0
        return False, strike.level
    if got:
        work.step(
            f"{them}'s {counted(guard.level, 'Success Levels')} reach the attack's {strike.level}: avoided",
            _DEFENCE + ": avoided when the defender's Success Levels are at least the attacker's",
        )
        work.event(f"{them} avoids the attack ({defence}).")
        return True, 0
    work.step(
        f"{them}'s defence ({counted(guard.level or 0, 'Success Levels')}) falls short of the attack's "
        f"{strike.level}: hit",
        _DEFENCE,
    )
    return False, strike.level


def _done(work, label, strike, details, outcome) -> Result:
    result = work.result("attack", label, details=details)
    result.total, result.target, result.level = strike.total, strike.target, strike.level
    result.success = outcome == "hit"
    result.level_name = {"miss": "miss", "avoided": "avoided", "hit": "hit"}[outcome]
    if outcome == "hit" and details["life_points_damage"]:
        result.level_name = f"hit: {details['life_points_damage']} damage"
    result.states = {"armageddon.defender": result.state, "armageddon.attacker": work.attacker}
    return result


_WEAPON_NAMES = tuple(w["name"] for w in COMMON_WEAPONS)

ATTACK = Operation(
    id="armageddon.attack",
    system=_SYS,
    title="Attack",
    summary="The attacker's Task (Dexterity + the weapon's skill, with their state's penalties) against the "
    "defender's dodge or parry; on a hit the weapon's damage (Strength from the attacker's sheet), minus the "
    "defender's armour, comes off their Life Points with all that follows (Consciousness Test at 0 or below, "
    "Survival Tests at −10 or below).",
    covers=("U4", "U7", "U8", "U9", "U11", "U12"),
    params=(
        Param(
            "attacker",
            "json",
            "Attacker",
            CHARACTER_HELP + " Their weapons and Strength are used.",
            parse=from_dict,
            example=EXAMPLE,
            state_key="armageddon.attacker",
        ),
        Param(
            "defender",
            "json",
            "Defender",
            CHARACTER_HELP + " Their armour stops damage; they take the hit.",
            parse=from_dict,
            example=EXAMPLE,
            state_key="armageddon.defender",
        ),
        Param(
            "weapon",
            "text",
            "Weapon",
            "The name of a weapon on the attacker's sheet; empty: their first weapon, "
            "or a punch (rules/armageddon.md §1.8).",
            default="",
        ),
        Param(
            "defence",
            "choice",
            "Defence",
            "rules/armageddon.md §1.8a: the defender dodges (Dexterity + Dodge), parries "
            "(Dexterity + their best close-combat skill; not against firearms) or makes no defence.",
            default="dodge",
            choices=DEFENCES,
        ),
        Param("modifiers", "text", "Attacker's modifiers", MODIFIERS.help, default=""),
        Param("defender_modifiers", "text", "Defender's modifiers", MODIFIERS.help, default=""),
        Param(
            "defence_rule",
            "choice",
            "Defence rule",
            "rules/armageddon.md §1.8a: 'success_levels' (default: avoided when the defender's Success Levels are at least "
            "the attacker's) or 'resisted' (the seed's Resisted Task: the higher total of 9 or more wins).",
            default="success_levels",
            choices=DEFENCE_RULES,
            setting=True,
        ),
        Param(
            "doubled_types",
            "bool",
            "Double slashing/stabbing and bullet damage past armour",
            "rules/armageddon.md §1.8a: a per-type multiplier on what passes armour, default ×1; on, ×2 for slashing/stabbing "
            "and bullets as the book says.",
            default=False,
            setting=True,
        ),
        Param(
            "add_success_levels",
            "bool",
            "Add Success Levels to damage",
            "rules/armageddon.md §1.8: an optional flag; on, every weapon adds the attack's Success Levels (a weapon can say so "
            "on its own).",
            default=False,
            setting=True,
        ),
        TIE_RULE,
        Param("label", "text", "Label", "Who attacks whom; echoed in the result.", default=""),
    )
    + ROLL_SETTINGS,
    run=_attack,
    source="rules/armageddon.md §1.8a; seed 000, Tasks; Resisted Tasks & Tests; Life Points, Consciousness Tests & Survival "
    "Tests; rules/armageddon.md §1.8, §1.9",
)


def _weapon_list():
    steps = [
        Step(
            f"{w['name']}: {w['damage']} {w['damage_type']} ({w['skill']})"
            + (", Success Levels add to damage" if w["success_levels"] else ""),
            "rules/armageddon.md §1.8 [BOOK]",
        )
        for w in COMMON_WEAPONS
    ]
    return Result(
        system=_SYS,
        kind="weapon_list",
        label="Common weapons",
        steps=steps,
        level_name=counted(len(COMMON_WEAPONS), "weapons"),
        details={"weapons": [dict(w) for w in COMMON_WEAPONS]},
    )


WEAPON_LIST = Operation(
    id="armageddon.weapon_list",
    system=_SYS,
    title="Common weapons",
    summary="A short list of common weapons with their damage as the books print it (d4 × Strength for a punch, "
    "d6 × 4 for a handgun …), to copy onto a sheet.",
    covers=("U8",),
    params=(),
    run=_weapon_list,
    rolls=False,
    source="rules/armageddon.md §1.8 (weapon data are not in the seed); armageddon.weapons.COMMON_WEAPONS",
)

COMBAT_OPERATIONS = (ATTACK, WEAPON_LIST)
