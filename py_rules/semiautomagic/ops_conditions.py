"""Operations: conditions and statuses added or removed, a Staggered round, a noise that may wake a sleeper (M15,
M18, M19; rules/semiautomagic.md §2.10 Conditions, §2.14 S8, S14)."""

from __future__ import annotations

from py_rules.errors import RulesError
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.semiautomagic import condition_registry as R, creature as C, tables as T
from py_rules.semiautomagic.conditions import add_condition, noise_wakes, remove_condition, staggered_round
from py_rules.semiautomagic.fields import CREATURE, DYING_RULE, EXAMPLE_SLEEPING, EXAMPLE_STAGGERED, LABEL
from py_rules.semiautomagic.ops_result import finish
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


OPERATIONS = (SET_CONDITION, SET_STATUS, STAGGERED, NOISE)
