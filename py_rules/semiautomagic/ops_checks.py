"""Operations: the creature or object sheet and its derived values, checks and skill checks (M1–M3, M14, M21;
rules/semiautomagic.md §2.2 Dice, §2.3 Abilities, Scale, Target, Toughness, Defence, Will, §2.9 Mobility penalty)."""

from __future__ import annotations

from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.semiautomagic import condition_registry as R, creature as C, tables as T
from py_rules.semiautomagic.checks import roll_check, skill_modifiers
from py_rules.semiautomagic.fields import CREATURE, LABEL, MODIFIERS
from py_rules.semiautomagic.ops_result import GM as _GM, finish
from py_rules.trace import Log, Modifier

__all__ = ("OPERATIONS",)


def _describe(*, creature, label):
    c = C.copy_of(creature)
    data = C.derive(c)
    log = Log()
    row = T.SCALE_TABLE[c["scale"]]
    end_note = " (objects have no Endurance and count as 3)" if C.is_object(c) else ""
    if C.is_machine(c):
        log.step(f"A {c['kind']}: acts as a creature does, and is electronic (an EMP can stop it)", "seed 002, EMP")
    source = str(data["defence_source"]).replace("_", " ")
    log.step(
        f"Defence {data['defence']:+d} from {source} (the best single source; sources do not stack, "
        "natural armour +0 is the floor)",
        "seed 002, Natural Armour; Stacking Bonuses",
    )
    log.step(
        f"Toughness = 6 + 3 × Scale {c['scale']} ({row[1]}) + Endurance {data['endurance_used']}{end_note} + Defence "
        f"{data['defence']} − wounds {c['wounds']} = {data['toughness']}",
        "seed 002, Creature or Object Toughness",
    )
    log.step(f"Minimum Toughness = Toughness − 6 = {data['min_toughness']}", "seed 002, Minimum Toughness")
    if data["will"] is not None:
        log.step(
            f"Will = Spirit {c['abilities']['Spirit']} + 6 + {T.WILL_SKILL} {C.discipline(c)} + Will bonus "
            f"{c['will_bonus']} − morale penalties {c['morale_penalties']} = {data['will']}; Minimum Will "
            f"{data['min_will']}",
            "rules/semiautomagic.md §2.3, §2.8 [SRC Morale.html]",
        )
    log.step(
        f"Scale {c['scale']}: square {row[0]}, size ×{row[2]}, attack {row[3]:+d}, Target {row[4]}",
        "rules/semiautomagic.md §2.3",
    )
    if data["mobility_penalty"]:
        log.step(
            f"Mobility penalty {data['mobility_penalty']}: −{data['mobility_penalty']} to "
            f"{', '.join(T.MOBILITY_SKILLS)}; −{data['mobility_penalty'] * T.MOBILITY_SQUARES_PER_POINT} squares "
            "to every movement type",
            "seed 002, Mobility Penalty",
        )
    if c["movement"]:
        log.step(
            "Movement: " + ", ".join(f"{k} {v} squares" for k, v in data["movement"].items()),
            "seed 002, Mobility Penalty",
        )
    if data["conditions"]:
        log.step("Conditions (with implied ones): " + ", ".join(data["conditions"]), "seed 002, Conditions")
    defence_rolls = "allowed" if data["can_defend"] else f"not allowed ({data['no_defence_reason']})"
    narrowing = [r for r in R.CONDITIONS if r.name in data["conditions"] and r.only_defences is not None]
    if data["can_defend"] and narrowing:
        record = narrowing[0]
        only = " or ".join(record.only_defences)
        penalty = f"{R.defence_modifier(record.name, record.only_defences[0]):+d}".replace("-", "−")
        others = " or ".join(o for o in T.DEFENCE_OPTIONS if o not in record.only_defences)
        defence_rolls = f"{only} only, at {penalty} ({record.name}: no {others})"
    log.step(
        f"Defence rolls: {defence_rolls}; action seconds this round: {data['action_seconds']}",
        "seed 002, Conditions; rules/semiautomagic.md §2.13",
    )
    if data.get("emp_toughness") is not None:
        log.step(f"EMP Toughness {data['emp_toughness']} ({c['emp_complexity']})", "seed 002, EMP table")
    return finish(
        "creature",
        label or c["name"],
        c,
        log,
        level_name=f"Toughness {data['toughness']} (Minimum Toughness {data['min_toughness']})",
    )


DESCRIBE = Operation(
    id="semiautomagic.describe_creature",
    system="semiautomagic",
    title="Creature or object sheet",
    summary="Toughness, Minimum Toughness, Defence (best single source), Will, Target, Scale, mobility and "
    "movement, conditions with the ones they imply, defence and action limits.",
    covers=("M1", "M2", "M14", "M21"),
    params=(CREATURE, LABEL),
    run=_describe,
    rolls=False,
    source="seed 002, Creature or Object Toughness; Natural Armour; Stacking Bonuses; Mobility Penalty; rules/semiautomagic.md §2.3",
)


def _check(dice, *, label, modifier, dc, modifiers):
    mods = [Modifier("modifier", modifier, "rules/semiautomagic.md §2.2")] + parse_modifiers(modifiers, _GM)
    return roll_check(dice, mods, dc, label=label)


CHECK = Operation(
    id="semiautomagic.check",
    system="semiautomagic",
    title="Check (d6 + modifier vs DC)",
    summary="Roll 1d6 + modifier against a DC; success if the total reaches the DC. DCs may be negative.",
    covers=("M3",),
    params=(
        LABEL,
        Param(
            "modifier",
            "int",
            "Modifier",
            "The skill bonus or ability score added to the d6 (rules/semiautomagic.md §2.2).",
            default=0,
            minimum=-30,
            maximum=40,
        ),
        Param(
            "dc",
            "int",
            "DC",
            "The difficulty; negative DCs exist (seed 002: 'a noise louder than DC -5').",
            default=6,
            minimum=-30,
            maximum=50,
        ),
        MODIFIERS,
    ),
    run=_check,
    source="rules/semiautomagic.md §2.2 [SRC SkillBasics]",
)


def _skill_check(dice, *, creature, label, skill, dc, vehicle_mobility, modifiers):
    mods = skill_modifiers(creature, skill, vehicle_mobility=vehicle_mobility) + parse_modifiers(modifiers, _GM)
    who = creature["name"].strip()
    said = label or (f"{who}: {skill}" if who else skill)  # who rolled what, as a post names it
    return roll_check(dice, mods, dc, label=said, purpose=f"{skill} check")


SKILL_CHECK = Operation(
    id="semiautomagic.skill_check",
    system="semiautomagic",
    title="Skill or ability check",
    summary="d6 + the creature's skill bonus or ability score vs a DC, with its mobility penalty (Acrobatics, "
    "Athletics, Wrestle, Stealth), Scale (Stealth −, Wrestle/Fortitude +), −6 Perception asleep, a vehicle's or "
    "mount's mobility penalty on Pilot/Ride.",
    covers=("M3", "M14"),
    params=(
        CREATURE,
        LABEL,
        Param(
            "skill",
            "choice",
            "Skill or ability",
            "What the check uses (rules/semiautomagic.md §2.2–2.3).",
            default="Perception",
            choices=T.ABILITIES + T.SKILLS,
        ),
        Param("dc", "int", "DC", "The difficulty (negative DCs allowed).", default=6, minimum=-30, maximum=50),
        Param(
            "vehicle_mobility",
            "int",
            "Vehicle's / mount's mobility penalty",
            "Seed 002, Mobility Penalty: a piloted vehicle's penalty applies to all Pilot checks; a mount's to Ride.",
            default=0,
            minimum=0,
            maximum=30,
        ),
        MODIFIERS,
    ),
    run=_skill_check,
    source="rules/semiautomagic.md §2.2; seed 002, Mobility Penalty; Sleeping",
)


OPERATIONS = (DESCRIBE, CHECK, SKILL_CHECK)
