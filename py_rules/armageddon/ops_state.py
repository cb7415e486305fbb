"""Operations on the character's state: sheet, penalties, encumbrance, damage and healing,
Consciousness/Survival, First Aid, resuscitation, Essence, Fear, conditions, time (U1, U9–U21, U23, U24)."""

from __future__ import annotations

from py_rules.armageddon.character import (
    add,
    attribute,
    from_dict,
    has,
    name_of,
    remove,
)
from py_rules.armageddon.clock import MAX_DAYS, MAX_SECONDS, _duration, advance_days, advance_time
from py_rules.armageddon.condition_registry import CLOCKS, NAMES as STORED_CONDITIONS
from py_rules.armageddon.damage import POOLS, apply_damage, restore_points, roll_damage
from py_rules.armageddon.encumbrance import load_of
from py_rules.armageddon.fields import (
    ATTRIBUTE_NAME,
    CARE_OVERSHOOT,
    CHARACTER,
    CONSCIOUSNESS_TIMING,
    ESSENCE_SETTINGS,
    EXAMPLE_BELOW_0_LP,
    EXAMPLE_DYING,
    LABEL,
    PENALTY_SETTINGS,
    ROLL_SETTINGS,
    TAGS,
    TURN_SECONDS,
    WAKE_AT,
    tags_of,
)
from py_rules.armageddon.ops_health import (
    CONSCIOUSNESS,
    ESSENCE_CHECKS,
    FEAR,
    FEAR_TABLE_OP,
    FIRST_AID,
    LOSE_ESSENCE,
    RESUSCITATE,
    SURVIVAL,
)
from py_rules.armageddon.penalties import PenaltySettings, automatic_modifiers, state_conditions
from py_rules.armageddon.tables import (
    ACTIVITIES,
    DAMAGE_FORM,
    DEATH_TIMER_MINUTES_PER_CON,
    GM_TITLE,
    LIFE_POINTS_FORMULA,
    SURVIVAL_INTERVAL,
    TARGET_NUMBER,
)
from py_rules.armageddon.work import GM_MODIFIER, SYSTEM, work_for
from py_rules.dice_expr import parse
from py_rules.errors import RulesError
from py_rules.game_words import words_of
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result, Step, headline_of, total_of
from py_rules.words import humanize, passes

__all__ = ("STATE_OPERATIONS",)

_GM_MODS, _SYS = GM_MODIFIER, SYSTEM


def _conditions_said(conditions) -> str:
    """Conditions as the Chronicler reads them (``knocked_down`` → ``knocked down``)."""
    labels = words_of(_SYS).CHOICES.get("condition", {})
    return ", ".join((labels.get(c) or humanize(c)).lower() for c in conditions) or "none"


_work = work_for


# --- U24, U1, U10, U21 --------------------------------------------------------------------------


def _system_info():
    return Result(
        system=_SYS,
        kind="system_info",
        label="Armageddon (Classic Unisystem)",
        target=TARGET_NUMBER,
        level_name=f"Game Master: the {GM_TITLE}; Target Number {TARGET_NUMBER}",
        steps=[
            Step(f"The Game Master is known as the {GM_TITLE}.", "seed 000, The Basics"),
            Step("A d10 is used for all rolls except damage rolls.", "seed 000, The Basics"),
            Step(f"The Target Number for nearly all rolls is {TARGET_NUMBER}.", "seed 000, The Basics"),
        ],
        details={"gm_title": GM_TITLE, "target_number": TARGET_NUMBER, "die": "d10", "damage_dice": "NdX × M + K"},
    )  # rules/armageddon.md §1.8


SYSTEM_INFO = Operation(
    id="armageddon.system_info",
    system=_SYS,
    title="About Armageddon (Chronicler, TN 9)",
    summary="The basics: the Game Master is the Chronicler, a d10 for every roll but damage, Target Number 9.",
    covers=("U24",),
    params=(),
    run=_system_info,
    source="seed 000, The Basics",
    rolls=False,
)


def _sheet(*, character):
    derived = character["derived"]
    attrs = character["attributes"]
    weights, constant = LIFE_POINTS_FORMULA
    steps = [
        Step(
            f"Life Points (Str {attrs['Strength']} + Con {attrs['Constitution']}) × 4 + 10 = "
            f"{sum(attrs[k] * w for k, w in weights.items()) + constant}"
            + (f" + {character['bonuses']['life_points']} bonus" if character["bonuses"]["life_points"] else ""),
            "rules/armageddon.md §1.4",
        ),
        Step(
            f"Endurance Points (Str + Con + Will) × 3 + 5 = {derived['endurance_points']}", "rules/armageddon.md §1.4"
        ),
        Step(f"Essence Pool (sum of the six Attributes) = {derived['essence']}", "rules/armageddon.md §1.4"),
        Step(
            f"Speed (Con + Dex) × 2 = {derived['speed']}; Initiative 1d10 + Dexterity {derived['initiative_base']}",
            "rules/armageddon.md §1.4",
        ),
        Step(
            f"Lifting capacity {derived['lifting_capacity']} lb, carrying capacity {derived['carrying_capacity']} lb",
            "rules/armageddon.md §1.4 Strength table; seed 000, Encumbrance",
        ),
    ]
    current = character["current"]
    conditions = list(character["conditions"]) + state_conditions(character)
    lost = character["lost_attributes"]
    if lost:
        steps.append(Step("Temporarily lost: " + ", ".join(f"{k} −{v}" for k, v in lost.items()), "seed 000, Essence"))
    summary = (
        f"LP {current['life_points']}/{derived['life_points']}, EP {current['endurance_points']}/"
        f"{derived['endurance_points']}, Essence {current['essence']}/{derived['essence']}"
    )
    steps.append(Step(summary + "; conditions: " + _conditions_said(conditions), "rules/armageddon.md §1.17 U23"))
    return Result(
        system=_SYS,
        kind="character_sheet",
        label=name_of(character),
        level_name=summary,
        flags=conditions,
        steps=steps,
        details={
            "derived": derived,
            "current": current,
            "conditions": conditions,
            "timers": character["timers"],
            "sleep_debt": character["sleep_debt"],
        },
        state=from_dict(character),
    )


SHEET = Operation(
    id="armageddon.character_sheet",
    system=_SYS,
    title="Character sheet (derived values, conditions)",
    summary="Derive LP, EP, Essence, Speed, Initiative base, lifting and carrying capacity from the Attributes, and "
    "list the character's conditions (stored and read from his pools).",
    covers=("U1", "U23"),
    params=(CHARACTER,),
    run=_sheet,
    source="rules/armageddon.md §1.4, §1.17",
    rolls=False,
)


def _penalties(*, character, attribute_name, roll_type, tags, **options):
    settings = PenaltySettings(**{p.name: options[p.name] for p in PENALTY_SETTINGS})
    mods = automatic_modifiers(
        character, attributes=(attribute_name,), kind=roll_type, tags=tags_of(tags), settings=settings
    )
    total = total_of(mods)
    # The modifiers are listed with their sources already; a step only says so when there are none.
    steps = [] if mods else [Step("His state imposes no penalty.", "rules/armageddon.md §1.15")]
    return Result(
        system=_SYS,
        kind="action_penalties",
        label=name_of(character),
        modifiers=mods,
        total=total,
        level_name=f"{total:+d} from his state",
        steps=steps,
    )


PENALTIES = Operation(
    id="armageddon.action_penalties",
    system=_SYS,
    title="Penalties from the character's state",
    summary="What injury (below 6 LP), tiredness (5 EP or less), low Essence and encumbrance add to a roll on the "
    "chosen Attribute, each listed with its rule.",
    covers=("U10",),
    params=(
        CHARACTER,
        ATTRIBUTE_NAME,
        Param(
            "roll_type",
            "choice",
            "Task or Test",
            "rules/armageddon.md §1.16 A12: the half-Essence −1 is for mental Tasks (and mental Tests by default).",
            default="task",
            choices=("task", "test"),
        ),
        TAGS,
    )
    + PENALTY_SETTINGS,
    run=_penalties,
    source="rules/armageddon.md §1.15; seed 000 LP, EP, Essence, Encumbrance",
    rolls=False,
)


def _encumbrance(*, character):
    load = load_of(character)
    capacity = load.carrying_capacity
    percent = (100 * load.weight / capacity) if capacity else 0
    steps = [
        Step(
            "Items: "
            + (", ".join(f"{i['name'] or 'item'} {i['weight']} lb" for i in character["items"]) or "none")
            + f" = {load.weight} lb",
            "seed 000, Encumbrance: add the weights",
        ),
        Step(
            f"{load.weight} lb of {capacity} lb carrying capacity = {percent:.0f} %: {load.level} Encumbrance",
            "seed 000, Encumbrance; rules/armageddon.md §1.14",
        ),
    ]
    if load.drain_seconds:
        steps.append(
            Step(
                f"Loses 1d4 EP every {load.drain_seconds // 60} min while active; {load.penalty} to Speed "
                "and to rolls needing silence or fast reactions",
                "seed 000, Encumbrance",
            )
        )
    if load.over_limit:
        steps.append(
            Step(
                f"Over the lifting capacity ({character['derived']['lifting_capacity']} lb): he cannot carry "
                "this load.",
                "seed 000, Encumbrance: up to the maximum lifting capacity",
            )
        )
    return Result(
        system=_SYS,
        kind="encumbrance",
        label=name_of(character),
        total=load.penalty,
        level_name=f"{load.level} Encumbrance ({load.penalty:+d})",
        flags=["over_limit"] if load.over_limit else [],
        steps=steps,
        details={
            "weight": load.weight,
            "carrying_capacity": capacity,
            "level": load.level,
            "penalty": load.penalty,
            "drain_seconds": load.drain_seconds,
            "over_limit": load.over_limit,
            "percent": round(percent, 1),
        },
    )


ENCUMBRANCE = Operation(
    id="armageddon.encumbrance",
    system=_SYS,
    title="Encumbrance",
    summary="Add the weights carried and compare with the carrying capacity: level, penalty, EP drain, and whether "
    "the load is beyond the lifting capacity.",
    covers=("U21",),
    params=(CHARACTER,),
    run=_encumbrance,
    source="seed 000, Encumbrance; rules/armageddon.md §1.14",
    rolls=False,
)

# --- U9: damage and restoring -------------------------------------------------------------------


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

# --- U11–U14: Consciousness, Survival, First Aid, resuscitation --------------------------------


# --- U23: conditions; U15, U16: time -----------------------------------------------------------


def _set_condition(*, character, condition, action, turn_seconds):
    work = _work(character, None, {"turn_seconds": turn_seconds}, allow_dead=True)
    char, timers = work.char, work.char["timers"]
    who = name_of(char)
    if action == "set":
        if has(char, "dead") and condition != "dead":
            raise RulesError(
                "dead", f"{who} is dead; clear 'dead' first to set {condition.replace('_', ' ')}.", "condition"
            )
        if condition == "dead":
            char["conditions"] = [c for c in char["conditions"] if c == "dead"]
            for key in ("frozen_seconds", "survival_seconds", "survival_tests", "death_seconds"):
                timers[key] = 0
        if not add(char, condition):
            raise RulesError("no_change", f"{who} is already {condition.replace('_', ' ')}.", "condition")
        if condition == "frozen":
            timers["frozen_seconds"] = max(timers["frozen_seconds"], turn_seconds)
        elif condition == "dying":
            remove(char, "stabilised")
            timers["survival_seconds"], timers["survival_tests"] = SURVIVAL_INTERVAL, 0
        elif condition == "death_pending":
            remove(char, "dying")
            timers["death_seconds"] = attribute(char, "Constitution") * DEATH_TIMER_MINUTES_PER_CON * 60
        elif condition == "stabilised":
            remove(char, "dying")
        work.event(f"{who} is now {condition.replace('_', ' ')}.")
    else:
        if not remove(char, condition):
            raise RulesError("no_change", f"{who} is not {condition.replace('_', ' ')}.", "condition")
        key = CLOCKS.get(condition)
        if key:
            timers[key] = 0
        work.event(f"{who} is no longer {condition.replace('_', ' ')}.")
    work.step("Conditions: " + _conditions_said(char["conditions"]), "rules/armageddon.md §1.17 U23")
    return work.result("conditions", f"{who}: {_conditions_said([condition])}")


SET_CONDITION = Operation(
    id="armageddon.set_condition",
    system=_SYS,
    title="Set or clear a condition",
    summary="The Chronicler's bookkeeping: set or clear frozen, knocked down, semi-conscious, unconscious, asleep, "
    "stabilised, dying, death pending or dead (timers start as the rules say; time expires them).",
    covers=("U23",),
    params=(
        CHARACTER,
        Param(
            "condition",
            "choice",
            "Condition",
            "rules/armageddon.md §1.17 U23.",
            default="knocked_down",
            choices=STORED_CONDITIONS,
        ),
        Param(
            "action",
            "choice",
            "Set or clear",
            "Set starts its timer (frozen 1 Turn, Survival Test in a minute, death in Con × 2 minutes).",
            default="clear",
            choices=("set", "clear"),
        ),
        TURN_SECONDS,
    ),
    run=_set_condition,
    source="seed 000 (state bullets); rules/armageddon.md §1.17 U23",
    rolls=False,
)


def _advance_time(dice, *, character, minutes, seconds, activity, label, **options):
    total = minutes * 60 + seconds
    if total <= 0:
        raise RulesError("out_of_range", "Let at least one second pass.", "minutes")
    if total > MAX_SECONDS:
        raise RulesError("out_of_range", "Advance at most 24 hours at a time; use Advance days for longer.", "minutes")
    work = _work(character, dice, options, allow_dead=True)
    advance_time(work, total, activity)
    result = work.result(
        "advance_time",
        label
        or f"{name_of(character)}: {_duration(total)} {'passes' if _duration(total) in ('1 min', '1 s') else 'pass'}",
        details={"seconds": total, "activity": activity},
    )
    result.headline = headline_of(work.told)  # each Survival or Consciousness Test the time ran, in order
    return result


ADVANCE_TIME = Operation(
    id="armageddon.advance_time",
    system=_SYS,
    title="Advance time (minutes)",
    summary="Let time pass Turn by Turn: EP drained by activity and encumbrance, recovered by sleep or rest (missed "
    "sleep only by sleep), Essence regenerates, Survival Tests every minute, the death timer, frozen ends, a "
    "Consciousness Test every Turn below 0 EP.",
    covers=("U16", "U12", "U23"),
    params=(
        CHARACTER.with_example(EXAMPLE_DYING),
        Param("minutes", "int", "Minutes", "Minutes that pass (at most 1440).", default=10, minimum=0, maximum=1440),
        Param("seconds", "int", "Seconds", "Extra seconds.", default=0, minimum=0, maximum=3599),
        Param(
            "activity",
            "choice",
            "Doing",
            "Seed 000, Endurance Points: moderate (jogging) −1 EP per 10 min, "
            "strenuous (sprinting) −1d4 per minute, very strenuous (close combat) −1d4 per Turn; resting +Con "
            "per hour; sleeping +Con per ½ hour; encumbrance drains while active.",
            default="normal",
            choices=ACTIVITIES,
        ),
        LABEL,
        TURN_SECONDS,
        CONSCIOUSNESS_TIMING,
    )
    + ROLL_SETTINGS
    + ESSENCE_SETTINGS,
    run=_advance_time,
    source="seed 000, Endurance Points; Essence; Encumbrance; Life Points …; rules/armageddon.md §1.9–1.12, rules/cross-system.md §4",
)


def _advance_days(dice, *, character, days, care, sleep_hours, label, **options):
    work = _work(character, dice, options)
    advance_days(work, days, care, sleep_hours)
    result = work.result(
        "advance_days",
        label or f"{name_of(character)}: {passes(days, 'days')}",
        details={"days": days, "care": care, "sleep_hours": sleep_hours},
    )
    result.headline = headline_of(work.told)
    return result


ADVANCE_DAYS = Operation(
    id="armageddon.advance_days",
    system=_SYS,
    title="Advance days (healing)",
    summary="Whole days: +2 LP a day at 0 LP or more; below 0, +Constitution a day with medical care, or a daily "
    "Survival Test without (+1 LP per Success Level up to Con, failure −1 LP); sleep and missed sleep; Essence "
    "regenerates.",
    covers=("U15",),
    params=(
        CHARACTER.with_example(EXAMPLE_BELOW_0_LP),
        Param("days", "int", "Days", "How many days pass.", default=1, minimum=1, maximum=MAX_DAYS),
        Param(
            "care",
            "bool",
            "Proper medical care",
            "Seed 000, Healing: with proper medical care a character "
            "below 0 LP regains 1 LP per Constitution level per day.",
            default=True,
            example=False,
        ),
        Param(
            "sleep_hours",
            "int",
            "Hours of sleep each day",
            "Seed 000: less than seven hours loses 1 EP per "
            "missed hour (only sleep restores it); sleep restores Con EP per ½ hour.",
            default=8,
            minimum=0,
            maximum=24,
        ),
        LABEL,
        CARE_OVERSHOOT,
        WAKE_AT,
    )
    + ROLL_SETTINGS
    + ESSENCE_SETTINGS,
    run=_advance_days,
    source="seed 000, Healing & Resuscitation; Endurance Points; Essence; rules/armageddon.md §1.10, §1.11",
)

STATE_OPERATIONS = (
    SYSTEM_INFO,
    SHEET,
    PENALTIES,
    ENCUMBRANCE,
    APPLY_DAMAGE,
    RESTORE,
    CONSCIOUSNESS,
    SURVIVAL,
    FIRST_AID,
    RESUSCITATE,
    LOSE_ESSENCE,
    ESSENCE_CHECKS,
    FEAR,
    FEAR_TABLE_OP,
    SET_CONDITION,
    ADVANCE_TIME,
    ADVANCE_DAYS,
)
