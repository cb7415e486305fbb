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
from py_rules.armageddon.damage import POOLS, apply_damage, restore_points, roll_damage
from py_rules.armageddon.encumbrance import load_of
from py_rules.armageddon.essence import essence_checks, lose_essence
from py_rules.armageddon.fear import fear_table_lookup, fear_test, is_placeholder
from py_rules.armageddon.fields import (
    ATTRIBUTE_NAME,
    CARE_OVERSHOOT,
    CHARACTER,
    CONSCIOUSNESS_TIMING,
    ESSENCE_SETTINGS,
    EXAMPLE_BELOW_0_ESSENCE,
    EXAMPLE_BELOW_0_LP,
    EXAMPLE_DEATH_PENDING,
    EXAMPLE_DYING,
    FEAR_TABLE_PARAM,
    FIRST_AID_SCOPE,
    LABEL,
    MODIFIERS,
    PENALTY_SETTINGS,
    ROLL_SETTINGS,
    TAGS,
    TURN_SECONDS,
    USE_FEAR_EFFECTS,
    WAKE_AT,
    tags_of,
)
from py_rules.armageddon.life import consciousness_test, first_aid, resuscitate, survival_test
from py_rules.armageddon.penalties import PenaltySettings, automatic_modifiers, state_conditions
from py_rules.armageddon.tables import (
    ACTIVITIES,
    DAMAGE_FORM,
    DEATH_TIMER_MINUTES_PER_CON,
    EMOTIONAL_LEAK_DICE,
    FEAR_TABLE,
    GM_TITLE,
    LIFE_POINTS_FORMULA,
    STORED_CONDITIONS,
    SURVIVAL_INTERVAL,
    TARGET_NUMBER,
)
from py_rules.armageddon.work import Settings, Work
from py_rules.dice_expr import parse
from py_rules.errors import RulesError
from py_rules.game_words import words_of
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result, Step, headline_of, total_of
from py_rules.words import counted, humanize, passes

__all__ = ("STATE_OPERATIONS",)

_GM_MODS = "Chronicler's modifier (seed 000: apply modifiers, if any)"
_SYS = "armageddon"


def _conditions_said(conditions) -> str:
    """Conditions as the Chronicler reads them (``knocked_down`` → ``knocked down``)."""
    labels = words_of(_SYS).CHOICES.get("condition", {})
    return ", ".join((labels.get(c) or humanize(c)).lower() for c in conditions) or "none"


def _work(character, dice, options, *, allow_dead=False) -> Work:
    return Work(character, dice, Settings.from_args(options), allow_dead=allow_dead)


# --- U24, U1, U10, U21 --------------------------------------------------------------------------


def _system_info():
    return Result(system=_SYS, kind="system_info", label="Armageddon (Classic Unisystem)",
                  target=TARGET_NUMBER, level_name=f"Game Master: the {GM_TITLE}; Target Number {TARGET_NUMBER}",
                  steps=[Step(f"The Game Master is known as the {GM_TITLE}.", "seed 000, The Basics"),
                         Step("A d10 is used for all rolls except damage rolls.", "seed 000, The Basics"),
                         Step(f"The Target Number for nearly all rolls is {TARGET_NUMBER}.", "seed 000, The Basics")],
                  details={"gm_title": GM_TITLE, "target_number": TARGET_NUMBER, "die": "d10",
                           "damage_dice": "NdX × M + K"})  # RULES.md §1.8


SYSTEM_INFO = Operation(
    id="armageddon.system_info", system=_SYS, title="About Armageddon (Chronicler, TN 9)",
    summary="The basics: the Game Master is the Chronicler, a d10 for every roll but damage, Target Number 9.",
    covers=("U24",), params=(), run=_system_info, source="seed 000, The Basics", rolls=False,
)


def _sheet(*, character):
    derived = character["derived"]
    attrs = character["attributes"]
    weights, constant = LIFE_POINTS_FORMULA
    steps = [
        Step(f"Life Points (Str {attrs['Strength']} + Con {attrs['Constitution']}) × 4 + 10 = "
             f"{sum(attrs[k] * w for k, w in weights.items()) + constant}"
             + (f" + {character['bonuses']['life_points']} bonus" if character["bonuses"]["life_points"] else ""),
             "RULES.md §1.4"),
        Step(f"Endurance Points (Str + Con + Will) × 3 + 5 = {derived['endurance_points']}", "RULES.md §1.4"),
        Step(f"Essence Pool (sum of the six Attributes) = {derived['essence']}", "RULES.md §1.4"),
        Step(f"Speed (Con + Dex) × 2 = {derived['speed']}; Initiative 1d10 + Dexterity {derived['initiative_base']}",
             "RULES.md §1.4"),
        Step(f"Lifting capacity {derived['lifting_capacity']} lb, carrying capacity {derived['carrying_capacity']} lb",
             "RULES.md §1.4 Strength table; seed 000, Encumbrance"),
    ]
    current = character["current"]
    conditions = list(character["conditions"]) + state_conditions(character)
    lost = character["lost_attributes"]
    if lost:
        steps.append(Step("Temporarily lost: " + ", ".join(f"{k} −{v}" for k, v in lost.items()), "seed 000, Essence"))
    summary = (f"LP {current['life_points']}/{derived['life_points']}, EP {current['endurance_points']}/"
               f"{derived['endurance_points']}, Essence {current['essence']}/{derived['essence']}")
    steps.append(Step(summary + "; conditions: " + _conditions_said(conditions), "RULES.md §1.17 U23"))
    return Result(system=_SYS, kind="character_sheet", label=name_of(character), level_name=summary,
                  flags=conditions, steps=steps,
                  details={"derived": derived, "current": current, "conditions": conditions,
                           "timers": character["timers"], "sleep_debt": character["sleep_debt"]},
                  state=from_dict(character))


SHEET = Operation(
    id="armageddon.character_sheet", system=_SYS, title="Character sheet (derived values, conditions)",
    summary="Derive LP, EP, Essence, Speed, Initiative base, lifting and carrying capacity from the Attributes, and "
    "list the character's conditions (stored and read from his pools).",
    covers=("U1", "U23"), params=(CHARACTER,), run=_sheet, source="RULES.md §1.4, §1.17", rolls=False,
)


def _penalties(*, character, attribute_name, roll_type, tags, **options):
    settings = PenaltySettings(**{p.name: options[p.name] for p in PENALTY_SETTINGS})
    mods = automatic_modifiers(character, attributes=(attribute_name,), kind=roll_type, tags=tags_of(tags),
                               settings=settings)
    total = total_of(mods)
    # The modifiers are listed with their sources already; a step only says so when there are none.
    steps = [] if mods else [Step("His state imposes no penalty.", "RULES.md §1.15")]
    return Result(system=_SYS, kind="action_penalties", label=name_of(character), modifiers=mods, total=total,
                  level_name=f"{total:+d} from his state", steps=steps)


PENALTIES = Operation(
    id="armageddon.action_penalties", system=_SYS, title="Penalties from the character's state",
    summary="What injury (below 6 LP), tiredness (5 EP or less), low Essence and encumbrance add to a roll on the "
    "chosen Attribute, each listed with its rule.",
    covers=("U10",),
    params=(CHARACTER, ATTRIBUTE_NAME,
            Param("roll_type", "choice", "Task or Test", "RULES.md A12: the half-Essence −1 is for mental Tasks "
                  "(and mental Tests by default).", default="task", choices=("task", "test")),
            TAGS) + PENALTY_SETTINGS,
    run=_penalties, source="RULES.md §1.15; seed 000 LP, EP, Essence, Encumbrance", rolls=False,
)


def _encumbrance(*, character):
    load = load_of(character)
    capacity = load.carrying_capacity
    percent = (100 * load.weight / capacity) if capacity else 0
    steps = [Step("Items: " + (", ".join(f"{i['name'] or 'item'} {i['weight']} lb" for i in character["items"])
                                or "none") + f" = {load.weight} lb", "seed 000, Encumbrance: add the weights"),
             Step(f"{load.weight} lb of {capacity} lb carrying capacity = {percent:.0f} %: {load.level} Encumbrance",
                  "seed 000, Encumbrance; RULES.md §1.14")]
    if load.drain_seconds:
        steps.append(Step(f"Loses 1d4 EP every {load.drain_seconds // 60} min while active; {load.penalty} to Speed "
                          "and to rolls needing silence or fast reactions", "seed 000, Encumbrance"))
    if load.over_limit:
        steps.append(Step(f"Over the lifting capacity ({character['derived']['lifting_capacity']} lb): he cannot carry "
                          "this load.", "seed 000, Encumbrance: up to the maximum lifting capacity"))
    return Result(system=_SYS, kind="encumbrance", label=name_of(character), total=load.penalty,
                  level_name=f"{load.level} Encumbrance ({load.penalty:+d})", flags=["over_limit"] if load.over_limit else [],
                  steps=steps, details={"weight": load.weight, "carrying_capacity": capacity, "level": load.level,
                                        "penalty": load.penalty, "drain_seconds": load.drain_seconds,
                                        "over_limit": load.over_limit, "percent": round(percent, 1)})


ENCUMBRANCE = Operation(
    id="armageddon.encumbrance", system=_SYS, title="Encumbrance",
    summary="Add the weights carried and compare with the carrying capacity: level, penalty, EP drain, and whether "
    "the load is beyond the lifting capacity.",
    covers=("U21",), params=(CHARACTER,), run=_encumbrance, source="seed 000, Encumbrance; RULES.md §1.14",
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
    result = work.result("apply_damage", label or f"{name_of(character)} takes {value} {pool} damage",
                         details={"damage": value, "pool": pool})
    if work.told:  # the tests the damage called for decided something: the headline names each one
        result.headline = f"Takes {value} {pool} damage ({before} → {work.current[key]} {pool}): " + headline_of(work.told)
    return result


_POOL_KEYS = {"LP": "life_points", "EP": "endurance_points", "Essence": "essence"}


APPLY_DAMAGE = Operation(
    id="armageddon.apply_damage", system=_SYS, title="Take damage (LP, EP or Essence)",
    summary="Subtract damage (a number or a roll such as d6x4) and apply what follows: knocked down and a "
    "Consciousness Test at 0 LP or below, Survival Tests at −10 or below, a Consciousness Test below 0 EP, the "
    "Essence checks below 0 Essence.",
    covers=("U9", "U11", "U12"),
    params=(CHARACTER,
            Param("amount", "text", "Damage", "A number, or a damage roll NdX × M + K such as d6x4 (RULES.md §1.8).",
                  default="5", example="34", dice=DAMAGE_FORM),
            Param("pool", "choice", "Pool", "Seed 000: damage goes to Life Points; some supernatural attacks take "
                  "EP or Essence instead (RULES.md §1.8).", default="LP", choices=POOLS),
            LABEL) + ROLL_SETTINGS + ESSENCE_SETTINGS,
    run=_apply_damage,
    source="seed 000, Life Points, Consciousness Tests & Survival Tests; Endurance Points; Essence; RULES.md §1.8–1.12",
)


def _restore(*, character, amount, pool, reason, **options):
    work = _work(character, None, options)
    restore_points(work, amount, pool, reason or "healing")
    return work.result("restore_points", f"{name_of(character)} regains {pool}", details={"pool": pool})


RESTORE = Operation(
    id="armageddon.restore_points", system=_SYS, title="Regain points (healing, rest, Essence)",
    summary="Give back LP, EP or Essence (supernatural healing, a Chronicler's ruling); never above the maximum, and "
    "EP lost to missed sleep only come back by sleeping. Waking up and lost Attributes follow.",
    covers=("U9",),
    params=(CHARACTER,
            Param("amount", "int", "Points", "How many points come back.", default=5, minimum=0, maximum=1000),
            Param("pool", "choice", "Pool", "Life Points, Endurance Points or Essence.", default="LP", choices=POOLS),
            Param("reason", "text", "Why", "Echoed in the result, e.g. 'healing spell'.", default="healing"),
            WAKE_AT),
    run=_restore, source="seed 000, Healing; Endurance Points; Essence", rolls=False,
)

# --- U11–U14: Consciousness, Survival, First Aid, resuscitation --------------------------------


def _consciousness(dice, *, character, cause, modifiers, label, **options):
    work = _work(character, dice, options)
    key = "life_points" if cause == "LP" else "endurance_points"
    if (cause == "LP" and work.current[key] > 0) or (cause == "EP" and work.current[key] >= 0):
        raise RulesError("not_owed", f"{name_of(character)} owes no Consciousness Test for {cause}: it is needed at "
                         "0 LP or below, or below 0 EP.", "cause")  # seed 000
    if has(work.char, "unconscious") or (cause == "EP" and has(work.char, "asleep")):
        raise RulesError("not_owed", f"{name_of(character)} is already out.", "character")
    if cause == "LP":
        add(work.char, "semi_conscious")
    consciousness_test(work, cause, parse_modifiers(modifiers, _GM_MODS))
    result = work.result("consciousness_test", label or f"{name_of(character)}: Consciousness Test", main=work.rolls[-1])
    result.headline = headline_of(work.told)  # the test with its target and what came of it, as time passing says it
    return result


CONSCIOUSNESS = Operation(
    id="armageddon.consciousness_test", system=_SYS, title="Consciousness Test",
    summary="Constitution + Willpower + 1d10 to stay awake: −1 per LP below 0, or −1 per 5 EP below 0 (every Turn "
    "while below 0 EP). Failure: unconscious (LP) or passes out asleep (EP).",
    covers=("U11",),
    params=(CHARACTER.with_example(EXAMPLE_BELOW_0_LP),
            Param("cause", "choice", "Because of", "Seed 000: Life Points at 0 or below, or Endurance below 0.",
                  default="LP", choices=("LP", "EP")),
            MODIFIERS, LABEL) + ROLL_SETTINGS,
    run=_consciousness, source="seed 000, Life Points …; Endurance Points; RULES.md §1.9, §1.11",
)


def _survival(dice, *, character, label, **options):
    work = _work(character, dice, options)
    if not has(work.char, "dying") or has(work.char, "stabilised"):
        raise RulesError("not_owed", f"{name_of(character)} is not dying: Survival Tests are owed every minute at "
                         "−10 LP or less until First Aid.", "character")  # seed 000
    survival_test(work)
    result = work.result("survival_test", label or f"{name_of(character)}: Survival Test", main=work.rolls[-1])
    result.headline = headline_of(work.told)  # the test with its target and the death timer, as time passing says it
    return result


SURVIVAL = Operation(
    id="armageddon.survival_test", system=_SYS, title="Survival Test (dying, every minute)",
    summary="The next minute's Survival Test at −10 LP or less: Constitution + Willpower + 1d10, −1 per 10 LP below "
    "0 and −1 per earlier test. Failure starts the death timer (Constitution × 2 minutes).",
    covers=("U12",), params=(CHARACTER.with_example(EXAMPLE_DYING), LABEL) + ROLL_SETTINGS, run=_survival,
    source="seed 000, Life Points …: Survival Tests; RULES.md §1.9",
)


def _first_aid(dice, *, character, medic_intelligence, medic_first_aid, modifiers, label, **options):
    work = _work(character, dice, options)
    roll = first_aid(work, medic_intelligence=medic_intelligence, medic_first_aid=medic_first_aid,
                     extra=parse_modifiers(modifiers, _GM_MODS))
    return work.result("first_aid", label or f"First Aid on {name_of(character)}", main=roll)


FIRST_AID = Operation(
    id="armageddon.first_aid", system=_SYS, title="First Aid",
    summary="The medic's First Aid Task (First Aid + Intelligence): success stabilises a dying character (no more "
    "Survival Tests) and gives +1 LP per Success Level.",
    covers=("U13",),
    params=(CHARACTER.with_example(EXAMPLE_DYING),
            Param("medic_intelligence", "int", "Medic's Intelligence", "Seed 000: First Aid + Intelligence.",
                  default=2, minimum=0, maximum=20),
            Param("medic_first_aid", "int", "Medic's First Aid", "0 = unskilled (−2, at most Decent).",
                  default=2, minimum=0, maximum=20),
            Param("modifiers", "text", "Medic's modifiers", MODIFIERS.help + " Include the medic's own penalties.",
                  default=""),
            LABEL, FIRST_AID_SCOPE, WAKE_AT) + ROLL_SETTINGS,
    run=_first_aid, source="seed 000, Healing & Resuscitation (First Aid); RULES.md §1.10, A11",
)


def _resuscitate(dice, *, character, doctor_intelligence, doctor_medicine, in_hospital, modifiers, label, **options):
    work = _work(character, dice, options)
    roll = resuscitate(work, doctor_intelligence=doctor_intelligence, doctor_medicine=doctor_medicine,
                       in_hospital=in_hospital, extra=parse_modifiers(modifiers, _GM_MODS))
    return work.result("resuscitation", label or f"Resuscitating {name_of(character)}", main=roll)


RESUSCITATE = Operation(
    id="armageddon.resuscitate", system=_SYS, title="Resuscitation (after a failed Survival Test)",
    summary="Within Constitution × 2 minutes: the doctor's Medicine Task, then a new Survival Test at +1 per "
    "Success Level, +3 in a hospital, −1 per 5 LP below 0. Pass: he lives; fail: he dies.",
    covers=("U14",),
    params=(CHARACTER.with_example(EXAMPLE_DEATH_PENDING),
            Param("doctor_intelligence", "int", "Doctor's Intelligence", "Seed 000: Medicine + Intelligence.",
                  default=3, minimum=0, maximum=20),
            Param("doctor_medicine", "int", "Doctor's Medicine", "0 = unskilled.", default=3, minimum=0, maximum=20),
            Param("in_hospital", "bool", "In a hospital", "Seed 000: being in a hospital gives +3.", default=True),
            Param("modifiers", "text", "Doctor's modifiers", MODIFIERS.help, default=""),
            LABEL) + ROLL_SETTINGS,
    run=_resuscitate, source="seed 000, Healing & Resuscitation; RULES.md §1.10, A9",
)

# --- U17, U18: Essence ---------------------------------------------------------------------------


def _lose_essence(dice, *, character, amount, leak_die, cause, label, **options):
    if not amount and leak_die == "none":
        raise RulesError("missing_field", "Give a number of points or an emotional leak die.", "amount")
    work = _work(character, dice, options)
    total = amount
    if leak_die != "none":
        value, _faces, steps = roll_damage(dice, parse(leak_die, DAMAGE_FORM, "leak_die"), "Essence leak",
                                          "seed 000, Essence: involuntary loss ranges from 1d6 to 1d10")
        work.steps.extend(steps)
        total += value
    lose_essence(work, total, cause or "emotional stress")
    return work.result("lose_essence", label or f"{name_of(character)} loses Essence", details={"lost": total})


LOSE_ESSENCE = Operation(
    id="armageddon.lose_essence", system=_SYS, title="Spend or lose Essence (emotional leak)",
    summary="Lower Essence by a number of points and/or an involuntary leak of 1d6 to 1d10; below 0 the Willpower "
    "Test (and at −30 the Survival Test) follow.",
    covers=("U17", "U18"),
    params=(CHARACTER,
            Param("amount", "int", "Points", "Essence spent or lost (0 with a leak die).", default=1, minimum=0, maximum=1000,
                  example=20),
            Param("leak_die", "choice", "Emotional leak die", "Seed 000, Essence: involuntary loss from strong "
                  "emotion ranges from 1d6 to 1d10 (the Chronicler picks).", default="none",
                  choices=("none",) + tuple(f"1d{n}" for n in EMOTIONAL_LEAK_DICE), dice=DAMAGE_FORM),
            Param("cause", "text", "Cause", "Echoed in the result.", default="emotional stress"),
            LABEL) + ROLL_SETTINGS + ESSENCE_SETTINGS,
    run=_lose_essence, source="seed 000, Essence; RULES.md §1.12",
)


def _essence_checks(dice, *, character, label, **options):
    work = _work(character, dice, options)
    essence_checks(work)
    return work.result("essence_checks", label or f"{name_of(character)}: Essence below 0",
                       main=work.rolls[0] if len(work.rolls) == 1 else None)


ESSENCE_CHECKS = Operation(
    id="armageddon.essence_checks", system=_SYS, title="Essence below 0: Willpower and Survival Tests",
    summary="Below 0 Essence: Difficult Willpower Test at −1 per 5 below 0, failure costs a mental Attribute point "
    "(or a 2-point Mental Drawback); at −30 or below also a Survival Test at −1 per 10 below 0, failure is death.",
    covers=("U18",), params=(CHARACTER.with_example(EXAMPLE_BELOW_0_ESSENCE), LABEL) + ROLL_SETTINGS + ESSENCE_SETTINGS,
    run=_essence_checks,
    source="seed 000, Essence; RULES.md §1.12, A13",
)

# --- U19, U20: Fear ------------------------------------------------------------------------------


def _fear_test(dice, *, character, penalty, modifiers, label, **options):
    work = _work(character, dice, options)
    roll, row = fear_test(work, penalty=penalty, extra=parse_modifiers(modifiers, _GM_MODS))
    return work.result("fear_test", label or f"{name_of(character)}: Fear Test", main=roll,
                       details={"fear_table_row": row, "margin": roll.target - roll.total if row else 0,
                                "fear_table_placeholder": is_placeholder(work.settings.fear_table)})


FEAR = Operation(
    id="armageddon.fear_test", system=_SYS, title="Fear Test",
    summary="Mundanes: Willpower + 1d10; the Gifted and supernatural: Willpower × 2 + 1d10; the Chronicler's "
    "penalty −1 to −8. Failure: frozen for a Turn and Essence lost by the Fear Table (a placeholder until "
    "replaced).",
    covers=("U19", "U20", "U10"),
    params=(CHARACTER,
            Param("penalty", "int", "Chronicler's fear penalty", "Seed 000, Fear Tests: −1 to −8 depending on the "
                  "creature or situation.", default=0, minimum=-8, maximum=0),
            MODIFIERS, LABEL, USE_FEAR_EFFECTS, FEAR_TABLE_PARAM, TURN_SECONDS) + ROLL_SETTINGS + ESSENCE_SETTINGS,
    run=_fear_test, source="seed 000, Fear Tests; RULES.md §1.13",
)


def _fear_table(*, margin, fear_table):
    table = fear_table or FEAR_TABLE
    row = fear_table_lookup(margin, table)
    placeholder = is_placeholder(table)
    steps = [Step(f"Failed by {margin}: {row['effect']}; Essence loss {row['essence_dice']}; frozen "
                  f"{counted(row['frozen_turns'], 'Turns')}", "seed 000, Fear Tests; RULES.md §1.13")]
    if placeholder:
        steps.append(Step("This Fear Table is a stand-in until the book's own table (Armageddon p. 124) is typed in.",
                          "RULES.md §1.13 [UNVERIFIED]"))
    return Result(system=_SYS, kind="fear_table", label=f"Fear Table, failed by {margin}", level_name=row["effect"],
                  flags=["fear_table_placeholder"] if placeholder else [], steps=steps,
                  details={"row": row, "table": [dict(r) for r in table], "placeholder": placeholder})


FEAR_TABLE_OP = Operation(
    id="armageddon.fear_table", system=_SYS, title="Fear Table lookup",
    summary="Read the Fear Table for the amount a Fear Test failed by: extra effect, Essence loss dice, Turns "
    "frozen. Ships as a placeholder (RULES.md §1.13).",
    covers=("U20",),
    params=(Param("margin", "int", "Failed by", "Target Number minus the Fear Test's total.", default=1, minimum=1,
                  maximum=100), FEAR_TABLE_PARAM),
    run=_fear_table, source="seed 000, Fear Tests (Fear Table, Armageddon p. 124); RULES.md §1.13", rolls=False,
)

# --- U23: conditions; U15, U16: time -----------------------------------------------------------


def _set_condition(*, character, condition, action, turn_seconds):
    work = _work(character, None, {"turn_seconds": turn_seconds}, allow_dead=True)
    char, timers = work.char, work.char["timers"]
    who = name_of(char)
    if action == "set":
        if has(char, "dead") and condition != "dead":
            raise RulesError("dead", f"{who} is dead; clear 'dead' first to set {condition.replace('_', ' ')}.",
                             "condition")
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
        key = {"frozen": "frozen_seconds", "death_pending": "death_seconds", "dying": "survival_seconds"}.get(condition)
        if key:
            timers[key] = 0
        work.event(f"{who} is no longer {condition.replace('_', ' ')}.")
    work.step("Conditions: " + _conditions_said(char["conditions"]), "RULES.md §1.17 U23")
    return work.result("conditions", f"{who}: {_conditions_said([condition])}")


SET_CONDITION = Operation(
    id="armageddon.set_condition", system=_SYS, title="Set or clear a condition",
    summary="The Chronicler's bookkeeping: set or clear frozen, knocked down, semi-conscious, unconscious, asleep, "
    "stabilised, dying, death pending or dead (timers start as the rules say; time expires them).",
    covers=("U23",),
    params=(CHARACTER,
            Param("condition", "choice", "Condition", "RULES.md §1.17 U23.", default="knocked_down",
                  choices=STORED_CONDITIONS),
            Param("action", "choice", "Set or clear", "Set starts its timer (frozen 1 Turn, Survival Test in a "
                  "minute, death in Con × 2 minutes).", default="clear", choices=("set", "clear")),
            TURN_SECONDS),
    run=_set_condition, source="seed 000 (state bullets); RULES.md §1.17 U23", rolls=False,
)


def _advance_time(dice, *, character, minutes, seconds, activity, label, **options):
    total = minutes * 60 + seconds
    if total <= 0:
        raise RulesError("out_of_range", "Let at least one second pass.", "minutes")
    if total > MAX_SECONDS:
        raise RulesError("out_of_range", "Advance at most 24 hours at a time; use Advance days for longer.", "minutes")
    work = _work(character, dice, options, allow_dead=True)
    advance_time(work, total, activity)
    result = work.result("advance_time", label or f"{name_of(character)}: {_duration(total)} {'passes' if _duration(total) in ('1 min', '1 s') else 'pass'}",
                         details={"seconds": total, "activity": activity})
    result.headline = headline_of(work.told)  # each Survival or Consciousness Test the time ran, in order
    return result


ADVANCE_TIME = Operation(
    id="armageddon.advance_time", system=_SYS, title="Advance time (minutes)",
    summary="Let time pass Turn by Turn: EP drained by activity and encumbrance, recovered by sleep or rest (missed "
    "sleep only by sleep), Essence regenerates, Survival Tests every minute, the death timer, frozen ends, a "
    "Consciousness Test every Turn below 0 EP.",
    covers=("U16", "U12", "U23"),
    params=(CHARACTER.with_example(EXAMPLE_DYING),
            Param("minutes", "int", "Minutes", "Minutes that pass (at most 1440).", default=10, minimum=0,
                  maximum=1440),
            Param("seconds", "int", "Seconds", "Extra seconds.", default=0, minimum=0, maximum=3599),
            Param("activity", "choice", "Doing", "Seed 000, Endurance Points: moderate (jogging) −1 EP per 10 min, "
                  "strenuous (sprinting) −1d4 per minute, very strenuous (close combat) −1d4 per Turn; resting +Con "
                  "per hour; sleeping +Con per ½ hour; encumbrance drains while active.", default="normal",
                  choices=ACTIVITIES),
            LABEL, TURN_SECONDS, CONSCIOUSNESS_TIMING) + ROLL_SETTINGS + ESSENCE_SETTINGS,
    run=_advance_time,
    source="seed 000, Endurance Points; Essence; Encumbrance; Life Points …; RULES.md §1.9–1.12, §4",
)


def _advance_days(dice, *, character, days, care, sleep_hours, label, **options):
    work = _work(character, dice, options)
    advance_days(work, days, care, sleep_hours)
    result = work.result("advance_days", label or f"{name_of(character)}: {passes(days, 'days')}",
                         details={"days": days, "care": care, "sleep_hours": sleep_hours})
    result.headline = headline_of(work.told)
    return result


ADVANCE_DAYS = Operation(
    id="armageddon.advance_days", system=_SYS, title="Advance days (healing)",
    summary="Whole days: +2 LP a day at 0 LP or more; below 0, +Constitution a day with medical care, or a daily "
    "Survival Test without (+1 LP per Success Level up to Con, failure −1 LP); sleep and missed sleep; Essence "
    "regenerates.",
    covers=("U15",),
    params=(CHARACTER.with_example(EXAMPLE_BELOW_0_LP),
            Param("days", "int", "Days", "How many days pass.", default=1, minimum=1, maximum=MAX_DAYS),
            Param("care", "bool", "Proper medical care", "Seed 000, Healing: with proper medical care a character "
                  "below 0 LP regains 1 LP per Constitution level per day.", default=True, example=False),
            Param("sleep_hours", "int", "Hours of sleep each day", "Seed 000: less than seven hours loses 1 EP per "
                  "missed hour (only sleep restores it); sleep restores Con EP per ½ hour.", default=8, minimum=0,
                  maximum=24),
            LABEL, CARE_OVERSHOOT, WAKE_AT) + ROLL_SETTINGS + ESSENCE_SETTINGS,
    run=_advance_days, source="seed 000, Healing & Resuscitation; Endurance Points; Essence; RULES.md §1.10, §1.11",
)

STATE_OPERATIONS = (
    SYSTEM_INFO, SHEET, PENALTIES, ENCUMBRANCE, APPLY_DAMAGE, RESTORE, CONSCIOUSNESS, SURVIVAL, FIRST_AID,
    RESUSCITATE, LOSE_ESSENCE, ESSENCE_CHECKS, FEAR, FEAR_TABLE_OP, SET_CONDITION, ADVANCE_TIME, ADVANCE_DAYS,
)

