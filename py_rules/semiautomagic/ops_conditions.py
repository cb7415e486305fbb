"""Operations: conditions, Confusion, scatter, Staggered, waking, Soul Coma, time, tables (M8, M15–M20, M22)."""

from __future__ import annotations

from py_rules.errors import RulesError
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.semiautomagic import condition_registry as R, creature as C, tables as T
from py_rules.semiautomagic.clock import advance_hours, advance_rounds
from py_rules.semiautomagic.conditions import (
    add_condition,
    detect_soul_coma,
    noise_wakes,
    remove_condition,
    soul_coma_hour,
    staggered_round,
)
from py_rules.semiautomagic.confusion import confusion_round, roll_scatter
from py_rules.semiautomagic.fields import (
    BLANK_ROWS,
    CARETAKER,
    CREATURE,
    DYING_ORDER,
    DYING_RULE,
    EXAMPLE_CONFUSED,
    EXAMPLE_DYING,
    EXAMPLE_SLEEPING,
    EXAMPLE_SOUL_COMA,
    EXAMPLE_STAGGERED,
    LABEL,
    skill_bonus,
)
from py_rules.semiautomagic.ops_combat import finish, told
from py_rules.trace import Log
from py_rules.words import spelled

__all__ = ("OPERATIONS",)

UNITS = {"seconds": 1, "rounds": T.ROUND_SECONDS, "minutes": 60, "hours": T.HOUR_SECONDS}


def _set_condition(dice, *, creature, label, condition, action, duration, unit, dying_rule):
    c = C.copy_of(creature)
    log = Log()
    if action == "add":
        seconds = None if duration is None else duration * UNITS[unit]
        add_condition(dice, c, condition, seconds, log, rule=dying_rule)
    else:
        if duration is not None:
            raise RulesError("not_allowed", "A duration only applies when adding a condition.", "duration")
        remove_condition(dice, c, condition, log)
    return finish("condition", label, c, log, level_name=", ".join(C.effective_conditions(c)) or "no conditions")


SET_CONDITION = Operation(
    id="semiautomagic.set_condition",
    system="semiautomagic",
    title="Add or remove a condition",
    summary=f"Any of the {spelled(len(R.NAMES))} conditions, with a duration or the seed's own (Staggered 1d6 rounds with its first "
    "stun roll, Unconscious 1d4 hours per wound, Dying at the rule's DC, Soul Coma from DC 1). Implied conditions "
    "(Dying, Soul Coma → Unconscious → Helpless; Sleeping, Broken → Helpless) follow automatically; waking leaves the "
    "character Flat-Footed one round.",
    covers=("M15", "M18", "M19"),
    params=(
        CREATURE,
        LABEL,
        Param(
            "condition",
            "choice",
            "Condition",
            f"Seed 002, Conditions ({spelled(len(R.NAMES))}).",
            default="Flat-Footed",
            choices=R.NAMES,
            example="Staggered",
        ),
        Param(
            "action",
            "choice",
            "Add or remove",
            "Add the condition or end it.",
            default="add",
            choices=("add", "remove"),
        ),
        Param(
            "duration",
            "int",
            "Duration",
            "Empty = the seed's rolled duration or until removed.",
            default=None,
            minimum=1,
            maximum=100000,
        ),
        Param(
            "unit",
            "choice",
            "Duration unit",
            "rules/semiautomagic.md §2.13: a round is 6 seconds.",
            default="rounds",
            choices=tuple(UNITS),
        ),
        DYING_RULE,
    ),
    run=_set_condition,
    source="seed 002, Conditions; rules/semiautomagic.md §2.10",
)


def _set_status(*, creature, label, status, action):
    c = C.copy_of(creature)
    log = Log()
    name = c["name"] or "The creature"
    if C.is_object(c):
        raise RulesError("not_allowed", "Objects have no statuses.", "creature")
    if c["dead"]:
        raise RulesError("not_allowed", f"{name} is dead.", "creature")
    if action == "add":
        if status in c["statuses"]:
            raise RulesError("not_allowed", f"{name} is already {status}.", "status")
        c["statuses"] = sorted(set(c["statuses"]) | {status})
        log.event(f"{name} is now {status}.")
    else:
        if status not in c["statuses"]:
            raise RulesError("not_present", f"{name} is not {status}.", "status")
        c["statuses"] = [s for s in c["statuses"] if s != status]
        log.event(f"{name} is no longer {status}.")
    note = "A named status without rules of its own (the seed names it but gives no mechanics)"
    if action == "add":
        note += "; it ends with the round" if status in T.ROUND_STATUSES else "; it lasts until removed"
    log.step(note, "rules/semiautomagic.md §2.14 S14")
    return finish("status", label, c, log, details={"statuses": list(c["statuses"])})


SET_STATUS = Operation(
    id="semiautomagic.set_status",
    system="semiautomagic",
    title="Add or remove a status (prone, frenzy …)",
    summary="The seed's named statuses without rules of their own: flanked, prone, crouching, screaming (Confusion "
    "rows 6, 13–15), frenzy (rage above Will), on fire (heat). Stand a prone character up, end a frenzy, put out a fire.",
    covers=("M15",),
    params=(
        CREATURE,
        LABEL,
        Param(
            "status",
            "choice",
            "Status",
            "rules/semiautomagic.md §2.14 S14: named statuses without mechanics.",
            default="prone",
            choices=T.STATUSES,
        ),
        Param(
            "action",
            "choice",
            "Add or remove",
            "Add the status or end it.",
            default="remove",
            choices=("add", "remove"),
        ),
    ),
    run=_set_status,
    rolls=False,
    source="rules/semiautomagic.md §2.10, §2.14 S14; seed 002, Confusion chart; Heat",
)


def _confusion(dice, *, creature, label, blank_rows):
    c = C.copy_of(creature)
    log = Log()
    rolled = confusion_round(dice, c, log, blank_rows)
    text = T.CONFUSION_CHART[rolled.row][0]
    details = {
        "row": rolled.row,
        "faces": rolled.faces,
        "screaming": rolled.screaming,
        "scatter": rolled.scatter[1] if rolled.scatter else None,
        "control_rounds": rolled.control_rounds,
    }
    return told(
        finish("confusion", label, c, log, total=rolled.row, level=rolled.row, level_name=text, details=details), log
    )


CONFUSION = Operation(
    id="semiautomagic.confusion_round",
    system="semiautomagic",
    title="Confusion round (d20 chart)",
    summary="Roll the Confusion chart for a Confused creature: 1 rerolls ignoring later 1s and adds 1d6 rounds; 6 "
    "rerolls ignoring 5s while screaming; blank rows 16–17 rerolled (setting); scatter die where needed; 18–20 "
    "give the player control.",
    covers=("M16", "M17"),
    params=(CREATURE.with_example(EXAMPLE_CONFUSED), LABEL, BLANK_ROWS),
    run=_confusion,
    source="seed 002, Confused; Confusion chart; rules/semiautomagic.md §2.11",
)


def _scatter(dice, *, label):
    log = Log()
    face, direction = roll_scatter(dice)
    log.step(f"d8 {face}: {direction}", "rules/semiautomagic.md §2.14 S17")
    return finish("scatter", label, None, log, total=face, level_name=direction)


SCATTER = Operation(
    id="semiautomagic.scatter",
    system="semiautomagic",
    title="Scatter die",
    summary="A direction for Panicked flight and Confusion rows 2, 7, 11, 12: a d8 read as N, NE, E, SE, S, SW, W, NW.",
    covers=("M17",),
    params=(LABEL,),
    run=_scatter,
    source="seed 002, Panicked; Confusion chart; rules/semiautomagic.md §2.14 S17",
)


def _staggered(dice, *, creature, label):
    c = C.copy_of(creature)
    log = Log()
    face = staggered_round(dice, c, log)
    return finish("staggered", label, c, log, total=face, level_name=f"stunned {face} s")


STAGGERED = Operation(
    id="semiautomagic.staggered_round",
    system="semiautomagic",
    title="Staggered: seconds stunned",
    summary="A Staggered character rolls 1d6 each round and is Stunned that many seconds (no actions, may still defend).",
    covers=("M18",),
    params=(CREATURE.with_example(EXAMPLE_STAGGERED), LABEL),
    run=_staggered,
    source="seed 002, Staggered; Stunned",
)


def _noise(dice, *, creature, label, noise_dc, wake_noise_dc):
    c = C.copy_of(creature)
    log = Log()
    woke = noise_wakes(dice, c, noise_dc, log, wake_noise_dc)
    return finish("noise", label, c, log, success=woke, target=noise_dc, level_name="wakes" if woke else "stays asleep")


NOISE = Operation(
    id="semiautomagic.noise_wakes",
    system="semiautomagic",
    title="Does a noise wake the sleeper?",
    summary="A sleeper wakes from a noise of DC −5 or louder; otherwise Perception at −6 against the noise's DC. "
    "Unconscious characters do not wake from noise. Waking leaves the character Flat-Footed one round.",
    covers=("M19",),
    params=(
        CREATURE.with_example(EXAMPLE_SLEEPING),
        LABEL,
        Param(
            "noise_dc",
            "int",
            "Noise's Perception DC",
            "Lower is louder (seed 002: 'louder than DC -5').",
            default=-5,
            minimum=-30,
            maximum=50,
            example=2,
        ),
        Param(
            "wake_noise_dc",
            "int",
            "Always-wakes noise DC",
            "rules/semiautomagic.md §2.14 S8: a noise at this DC or louder wakes a sleeper without a roll.",
            default=T.SLEEP_WAKE_DC,
            minimum=-30,
            maximum=50,
            setting=True,
        ),
    ),
    run=_noise,
    source="seed 002, Sleeping; Unconscious; rules/semiautomagic.md §2.14 S8",
)


def _soul_hour(dice, *, creature, label, caretaker_medicine, dying_rule):
    c = C.copy_of(creature)
    log = Log()
    held = soul_coma_hour(dice, c, log, caretaker_medicine=caretaker_medicine, rule=dying_rule)
    return finish("soul_coma", label, c, log, success=held, level_name="holds on" if held else "begins dying")


SOUL_HOUR = Operation(
    id="semiautomagic.soul_coma_hour",
    system="semiautomagic",
    title="Soul Coma: the hourly check",
    summary="Fortitude against the DC (1 in the first hour, +1 each hour); or a caretaker's Medicine against the same "
    "DC, which then does not rise. Failure: the body begins Dying.",
    covers=("M20",),
    params=(CREATURE.with_example(EXAMPLE_SOUL_COMA), LABEL, CARETAKER, DYING_RULE),
    run=_soul_hour,
    source="seed 002, Soul Coma; rules/semiautomagic.md §2.12",
)


def _detect(dice, *, label, method, bonus):
    log = Log()
    ok, total = detect_soul_coma(dice, method, bonus, log)
    return finish(
        "soul_coma_detect",
        label,
        None,
        log,
        success=ok,
        total=total,
        target=T.SOUL_COMA_DETECT[method],
        level_name="alive" if ok else "looks dead",
    )


DETECT = Operation(
    id="semiautomagic.detect_soul_coma",
    system="semiautomagic",
    title="Soul Coma: is the body alive?",
    summary="A body in a Soul Coma appears dead at a casual glance: DC 7 Medicine or DC 8 Perception reveals it is alive.",
    covers=("M20",),
    params=(
        LABEL,
        Param(
            "method", "choice", "Check", "Seed 002, Soul Coma.", default="Medicine", choices=tuple(T.SOUL_COMA_DETECT)
        ),
        skill_bonus("bonus", "Observer's bonus", "rules/semiautomagic.md §2.2: d6 + the skill bonus."),
    ),
    run=_detect,
    source="seed 002, Soul Coma",
)


def _rounds(dice, *, creature, label, rounds, dying_rule, dying_order, blank_rows, caretaker_medicine, confusion):
    c = C.copy_of(creature)
    log = Log()
    advance_rounds(
        dice,
        c,
        rounds,
        log,
        rule=dying_rule,
        order=dying_order,
        blank_rows=blank_rows,
        caretaker_medicine=caretaker_medicine,
        confusion=confusion,
    )
    return told(finish("rounds", label, c, log, level_name=_after(c, rounds, "round"), details={"rounds": rounds}), log)


ROUNDS = Operation(
    id="semiautomagic.advance_rounds",
    system="semiautomagic",
    title="Next round (tick every timer)",
    summary="Start the next round or rounds: every timer runs 6 seconds (conditions end, sleepers and the unconscious wake "
    "Flat-Footed, Soul Coma hours), then the dying round, the Staggered stun roll and the Confusion chart.",
    covers=("M9", "M15", "M16", "M18", "M19", "M20"),
    params=(
        CREATURE.with_example(EXAMPLE_DYING),
        LABEL,
        Param("rounds", "int", "Rounds", "How many 6-second rounds start.", default=1, minimum=1, maximum=100),
        DYING_RULE,
        DYING_ORDER,
        BLANK_ROWS,
        CARETAKER,
        Param(
            "confusion",
            "bool",
            "Roll the Confusion chart",
            "Off: a Confused character's chart is rolled at the start of its turn instead (an encounter does that).",
            default=True,
        ),
    ),
    run=_rounds,
    source="rules/semiautomagic.md §2.13, rules/cross-system.md §4; seed 002, Conditions",
)


def _hours(dice, *, creature, label, hours, caretaker_medicine, dying_rule):
    c = C.copy_of(creature)
    log = Log()
    advance_hours(dice, c, hours, log, caretaker_medicine=caretaker_medicine, rule=dying_rule)
    return told(finish("hours", label, c, log, level_name=_after(c, hours, "hour"), details={"hours": hours}), log)


def _after(c: dict, count: int, unit: str) -> str:
    """'After 2 rounds: Helpless, Unconscious' — how the creature stands once the time has passed."""
    now = ", ".join(C.effective_conditions(c)) or ("dead" if c["dead"] else "no conditions")
    return f"After {count} {unit}{'s' if count != 1 else ''}: {now}"


HOURS = Operation(
    id="semiautomagic.advance_hours",
    system="semiautomagic",
    title="Hours pass",
    summary="Whole hours pass: wake-up timers (1d4 hours per wound), Soul Coma hourly checks, every other timer. "
    "Not while dying (play the rounds).",
    covers=("M19", "M20"),
    params=(
        CREATURE.with_example(EXAMPLE_SOUL_COMA),
        LABEL,
        Param("hours", "int", "Hours", "How many hours pass.", default=1, minimum=1, maximum=240),
        CARETAKER,
        DYING_RULE,
    ),
    run=_hours,
    source="seed 002, Unconscious; Soul Coma; rules/cross-system.md §4",
)


def _tables(*, label, table):
    log = Log()
    if table == "scale":
        for scale, row in T.SCALE_TABLE.items():
            log.step(
                f"Scale {scale}: {row[0]}, base Toughness {row[1]}, size ×{row[2]}, attack {row[3]:+d}, Target {row[4]}"
                + (f" ({row[5]})" if row[5] else ""),
                "rules/semiautomagic.md §2.3",
            )
    elif table == "emp":
        for name, (value, example) in T.EMP_TOUGHNESS.items():
            log.step(f"{name}: EMP Toughness {value}" + (f" — {example}" if example else ""), "seed 002, EMP table")
    elif table == "damage_types":
        for name, note in T.DAMAGE_TYPES.items():
            log.step(f"{name}: {note}", "seed 002, damage types")
        log.step(
            "Nonlethal is not a type: it comes with one; a would-be-fatal nonlethal hit knocks out; objects are immune",
            "seed 002, Nonlethal Damage",
        )
    else:
        for face, (text, _effect) in T.CONFUSION_CHART.items():
            log.step(f"{face}: {text}", "seed 002, Confusion chart")
    names = {
        "damage_types": "Damage types",
        "emp": "EMP Toughness table",
        "scale": "Scale table",
        "confusion": "Confusion chart",
    }
    return finish("table", label or names.get(table, table), None, log, level_name=names.get(table, table))


TABLES = Operation(
    id="semiautomagic.show_table",
    system="semiautomagic",
    title="Rule tables",
    summary="Show the Scale table, the EMP Toughness table, the eight damage types with their notes, or the Confusion chart.",
    covers=("M8", "M22"),
    params=(
        LABEL,
        Param(
            "table",
            "choice",
            "Table",
            "The engine's editable rule data (rules/cross-system.md §0).",
            default="damage_types",
            choices=("damage_types", "emp", "scale", "confusion"),
        ),
    ),
    run=_tables,
    rolls=False,
    source="seed 002; rules/semiautomagic.md §2.3, §2.5, §2.11",
)

OPERATIONS = (SET_CONDITION, SET_STATUS, ROUNDS, HOURS, CONFUSION, SCATTER, STAGGERED, NOISE, SOUL_HOUR, DETECT, TABLES)
