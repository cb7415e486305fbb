"""Checks, attack rolls and defence rolls (M3, M4, M5, M14; rules/semiautomagic.md §2.2, §2.4).

A check is 1d6 + modifier against a DC; success if the total is at least the DC (a DC is just a
number, negative DCs allowed). :func:`check_total` and :func:`passes` are pure; the ``roll_*``
functions draw their d6 from the injected dice source.
"""

from __future__ import annotations

from py_rules.dice import DiceSource, d
from py_rules.errors import RulesError
from py_rules.semiautomagic import condition_registry as R, creature as C, tables as T
from py_rules.trace import Modifier, Result, Step, signed, total_of

__all__ = (
    "D6",
    "check_total",
    "passes",
    "best_possible",
    "roll_check",
    "skill_modifiers",
    "attack_roll",
    "defence_roll",
    "defence_allowed",
    "tired_modifiers",
    "condition_modifiers",
)

D6 = d(6)
_CHECK = "rules/semiautomagic.md §2.2 [SRC SkillBasics]: 1d6 + modifier vs DC, success if total ≥ DC"
_ATTACK = "rules/semiautomagic.md §2.4 [SRC Attacking.html]"


def check_total(face: int, modifiers) -> int:
    """The d6 face plus every modifier.

    >>> check_total(4, [Modifier("ranks", 2, "")])
    6
    """
    return face + total_of(modifiers)


def passes(total: int, dc: int) -> bool:
    """A check succeeds when the total reaches the DC.

    >>> passes(6, 6), passes(5, 6), passes(-4, -5)
    (True, False, True)
    """
    return total >= dc


def best_possible(modifiers) -> int:
    """The highest total a check can reach: a 6 on the d6 plus the modifiers (seed 002, Dying example)."""
    return 6 + total_of(modifiers)


def roll_check(
    dice: DiceSource,
    modifiers,
    dc: int,
    *,
    kind: str = "check",
    label: str = "",
    purpose: str = "check",
    source: str = _CHECK,
    against: str = "DC",
) -> Result:
    """Roll 1d6 + ``modifiers`` against ``dc`` and explain it (M3)."""
    face = dice.roll(D6, purpose)
    total = check_total(face, modifiers)
    success = passes(total, dc)
    arithmetic = " ".join(f"{signed(m.value)} ({m.label})" for m in modifiers)
    steps = [
        Step(f"d6 rolled {face}" + (f" {arithmetic}" if arithmetic else "") + f" = {total}", source),
        Step(f"{total} {'≥' if success else '<'} {against} {dc}: {'success' if success else 'failure'}", source),
    ]
    return Result(
        system="semiautomagic",
        kind=kind,
        label=label,
        modifiers=list(modifiers),
        total=total,
        target=dc,
        success=success,
        steps=steps,
        details={"d6": face},
    )


def skill_modifiers(c: dict, name: str, *, vehicle_mobility: int = 0) -> list[Modifier]:
    """The modifiers a creature adds to a check with skill or ability ``name`` (M3, M14).

    Skill bonus (0 if untrained) or ability score; mobility penalties on Acrobatics, Athletics,
    Wrestle and Stealth; Scale on Stealth (−), Wrestle and Fortitude (+); −6 Perception while
    Sleeping; a vehicle's or mount's mobility penalty on Pilot or Ride; a Tired modifier if the GM set one.

    >>> human = C.new_creature(mobility_penalties={"plate": 2}, skills={"Stealth": 3})
    >>> [(m.label, m.value) for m in skill_modifiers(human, "Stealth")]
    [('Stealth bonus', 3), ('mobility penalty', -2)]
    """
    if name in T.ABILITIES:
        if C.is_object(c):
            raise RulesError("not_allowed", "Objects have no abilities.", "skill")
        mods = [
            Modifier(f"{name} score", c["abilities"][name], "rules/semiautomagic.md §2.2: ability check = d6 + ability")
        ]
    elif name in T.SKILLS:
        mods = [
            Modifier(
                f"{name} bonus", c["skills"].get(name, 0), "rules/semiautomagic.md §2.2: skill check = d6 + skill bonus"
            )
        ]
    else:
        raise RulesError("unknown_skill", f"Unknown skill or ability {name!r}.", "skill")
    mobility = C.mobility_total(c)
    if name in T.MOBILITY_SKILLS and mobility:
        mods.append(Modifier(_mobility_label(c), -mobility, "seed 002, Mobility Penalty"))
    sign = T.SCALE_SKILL_SIGN.get(name)
    if sign and c["scale"]:
        mods.append(Modifier(f"Scale {c['scale']}", sign * c["scale"], "rules/semiautomagic.md §2.3 [SRC Scale.html]"))
    mods += condition_modifiers(c, name)
    if name in ("Pilot", "Ride") and vehicle_mobility:
        what = "vehicle" if name == "Pilot" else "mount"
        mods.append(Modifier(f"{what}'s mobility penalty", -vehicle_mobility, "seed 002, Mobility Penalty"))
    return mods + tired_modifiers(c)


def _mobility_label(c: dict) -> str:
    """``mobility penalty`` or, with worn armour, ``mobility penalty (chain shirt 1, pack 1)``."""
    armour = c.get("armour")
    if not armour or not armour["mobility_penalty"]:
        return "mobility penalty"
    parts = [f"{armour['name'] or 'armour'} {armour['mobility_penalty']}"]
    parts += [f"{name} {value}" for name, value in c["mobility_penalties"].items() if value]
    return f"mobility penalty ({', '.join(parts)})"


def condition_modifiers(c: dict, applies: str) -> list[Modifier]:
    """What the conditions on ``c`` add to rolls of ``applies`` (a skill, a defence option, "every check"): each
    record's modifiers (:mod:`.condition_registry`), a GM's value read from the condition on the sheet.

    >>> condition_modifiers(C.new_creature(conditions={"Sleeping": {}}), "Perception")
    [Modifier(label='asleep', value=-6, source='seed 002, Sleeping')]
    """
    on = C.effective_conditions(c)
    found = []
    for record in R.CONDITIONS:
        if record.name not in on:
            continue
        for m in record.modifiers:
            if m.applies != applies:
                continue
            value = c["conditions"].get(record.name, {}).get("modifier", 0) if m.value is None else m.value
            if value:
                found.append(Modifier(m.label, value, m.source))
    return found


def tired_modifiers(c: dict) -> list[Modifier]:
    """The GM's Tired modifier, on every check the creature makes (rules/semiautomagic.md §2.14 S3: Tired is empty in the
    seed; the GM may attach a modifier, e.g. −1 to all checks): skill, ability, attack, defence, dying checks.

    >>> tired_modifiers(C.new_creature(conditions={"Tired": {"modifier": -1}}))
    [Modifier(label="Tired (GM's modifier)", value=-1, source='rules/semiautomagic.md §2.14 S3')]
    >>> tired_modifiers(C.new_creature(conditions={"Tired": {}}))
    []
    """
    return condition_modifiers(c, "every check")


def attack_bonus_parts(attacker: dict, kind: str, situational) -> tuple[list[Modifier], list[Modifier]]:
    """(modifiers of the attack roll, modifiers of the attack bonus without Scale) (rules/semiautomagic.md §2.4)."""
    skill = T.ATTACK_SKILLS[kind]
    without_scale = [Modifier(f"{skill} bonus", attacker["skills"].get(skill, 0), f"{_ATTACK}: attack bonus = skill")]
    without_scale += list(situational)
    with_scale = list(without_scale) + tired_modifiers(attacker)
    scale_mod = T.SCALE_TABLE[attacker["scale"]][3]
    if scale_mod:
        with_scale.append(
            Modifier(
                f"attacker's Scale {attacker['scale']}",
                scale_mod,
                "rules/semiautomagic.md §2.3: Scale is subtracted from attack rolls",
            )
        )
    return with_scale, without_scale


def attack_roll(dice: DiceSource, attacker: dict, defender: dict, kind: str, situational=(), label: str = "") -> Result:
    """Attack roll: d6 + attack bonus ≥ the defender's Target; melee against the Helpless hits automatically (M4)."""
    mods, bare = attack_bonus_parts(attacker, kind, situational)
    tgt = C.target(defender)
    name = defender["name"] or "the defender"
    steps = [
        Step(f"{name}'s Target = 4 − Scale {defender['scale']} = {tgt}", "rules/semiautomagic.md §2.3 Scale table")
    ]
    flags = []
    if kind == "melee" and C.has(defender, "Helpless") and not defender["dead"]:
        steps.append(Step(f"{name} is Helpless: melee attacks automatically hit (no roll)", "seed 002, Helpless"))
        flags.append("auto_hit")
        result = Result(
            system="semiautomagic",
            kind="attack",
            label=label,
            modifiers=mods,
            target=tgt,
            success=True,
            level_name="hit",
            flags=flags,
            steps=steps,
        )
    else:
        result = roll_check(
            dice, mods, tgt, kind="attack", label=label, purpose="attack roll", source=_ATTACK, against="Target"
        )
        result.steps = steps + result.steps
        result.level_name = "hit" if result.success else "miss"
    result.details["defence_dc"] = T.DEFENCE_BASE + total_of(bare)
    if C.has(defender, "Flat-Footed"):
        result.flags.append("sneak_attack_possible")
        result.steps.append(
            Step(f"{name} is Flat-Footed: vulnerable to a Sneak Attack (Stealth skill)", "seed 002, Flat-Footed")
        )
    return result


def defence_allowed(defender: dict, option: str) -> tuple[bool, str, int]:
    """Whether ``option`` (block, dodge, parry) may be rolled, why not, and its penalty (M5).

    >>> defence_allowed(C.new_creature(conditions={"Held": {}}), "parry")[:2]
    (False, 'Held: no block or parry defence rolls')
    >>> defence_allowed(C.new_creature(conditions={"Held": {}}), "dodge")
    (True, '', -1)
    """
    ok, why = C.can_defend(defender)
    if not ok:
        return False, f"{why}: may not make defence rolls", 0
    on = C.effective_conditions(defender)
    for record in R.CONDITIONS:
        if record.name in on and record.only_defences is not None and option not in record.only_defences:
            others = " or ".join(o for o in T.DEFENCE_OPTIONS if o not in record.only_defences)
            return False, f"{record.name}: no {others} defence rolls", 0
    return True, "", total_of(condition_modifiers(defender, option))


def defence_roll(
    dice: DiceSource, defender: dict, option: str, attack_bonus: int, situational=(), label: str = ""
) -> Result:
    """Defence roll: d6 + defence skill ≥ 4 + the attacker's attack bonus (Scale excluded); success negates the attack."""
    allowed, why, _penalty = defence_allowed(defender, option)
    if not allowed:
        raise RulesError("not_allowed", f"{defender['name'] or 'This creature'} cannot {option}: {why}.", "option")
    skill = T.DEFENCE_OPTIONS[option]
    mods = [
        Modifier(f"{skill} bonus ({option})", defender["skills"].get(skill, 0), f"{_ATTACK}: {option} uses {skill}")
    ]
    mods += condition_modifiers(defender, option)
    mods += tired_modifiers(defender) + list(situational)
    dc = T.DEFENCE_BASE + attack_bonus
    result = roll_check(dice, mods, dc, kind="defence", label=label, purpose=f"defence roll ({option})", source=_ATTACK)
    result.steps.insert(0, Step(f"Defence DC = 4 + attacker's attack bonus {attack_bonus} = {dc}", _ATTACK))
    result.level_name = "attack negated" if result.success else "attack stands"
    if C.has(defender, "Stunned") or C.has(defender, "Panicked"):
        result.steps.append(
            Step("Stunned and Panicked characters may still defend normally", "seed 002, Stunned; Panicked")
        )
    return result
