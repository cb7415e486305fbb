"""Wounds, healing, time and Sanity operations: C16–C22 (rules/coc.md §3.14)."""

from __future__ import annotations

from py_rules.coc import clock, healing, sanity, wounds
from py_rules.coc.investigator import copy_state, from_dict, normalize, who
from py_rules.coc.levels import level_name
from py_rules.coc.ops_treatment import JUSTIFICATION, OPERATIONS as _TREATMENT
from py_rules.coc.params import BONUS, EXAMPLE_DYING, EXAMPLE_MAJOR_WOUND, INVESTIGATOR, LABEL, PENALTY, with_states
from py_rules.coc.settings import settings_from, settings_params
from py_rules.coc.tables import DICE_FORM, SANITY_GAIN_REASONS, SANITY_LOSS_FORM
from py_rules.errors import RulesError
from py_rules.medic import MEDIC_NAME
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Log, Result, rolled
from py_rules.words import passes

__all__ = ("OPERATIONS",)

PATIENT = Param(
    INVESTIGATOR.name,
    "json",
    "Patient",
    "The wounded investigator (JSON sheet; rules/coc.md §3.9).",
    parse=INVESTIGATOR.parse,
    example=INVESTIGATOR.example,
    state_key="coc.investigator",
)


def _state_result(kind, new, log, label, roll=None, medic="", **fields):
    """The result of treating or healing ``new``: its conditions flagged, the roll that decided it (the medic's, on the
    patient; else HP against the maximum) as the total; ``fields`` say more (rules/coc.md §3.9, §3.10)."""
    c = new["conditions"]
    for key in ("major_wound", "unconscious", "dying", "stabilised", "dead"):
        if c[key]:
            log.flag(key)
    if roll is not None:
        said = dict(
            total=roll.roll,
            target=roll.value,
            success=roll.success,
            level=int(roll.level),
            level_name=level_name(roll.level),
        )
    else:
        said = dict(total=new["hp"], target=new["derived"]["hp_max"])
    said.update(fields)
    details = {"hp": new["hp"], "hp_max": new["derived"]["hp_max"]}
    if roll is not None and kind in ("first_aid", "medicine"):
        what = f"{roll.name} on {who(new)}"
        details["who_rolled"] = [rolled(medic.strip(), what, roll.roll, roll.value, level_name(roll.level))]
    return with_states(Result.of(log, "coc", kind, label=label, details=details, state=normalize(new), **said))


def _dying(dice, *, investigator, label):
    new, log = copy_state(investigator), Log()
    wounds.dying_round(dice, new, log)
    return _state_result("dying_round", new, log, label, headline=log.headline())


DYING_ROUND = Operation(
    id="coc.dying_round",
    system="coc",
    title="Dying: end-of-round CON roll",
    summary="A dying character rolls CON at the end of each round; a failure means death.",
    covers=("C16",),
    params=(INVESTIGATOR.with_example(EXAMPLE_DYING), LABEL),
    run=_dying,
    source="seed 003, When HP Falls Below Zero; rules/coc.md §3.9, §3.12 D16",
)


def _first_aid(dice, *, investigator, skill, bonus, penalty, justification, label, medic_name="", **rest):
    settings, _ = settings_from(rest)
    new, log = copy_state(investigator), Log()
    roll = healing.first_aid(
        dice, new, skill, log, bonus=bonus, penalty=penalty, justification=justification, settings=settings
    )
    return _state_result("first_aid", new, log, label, roll, medic_name)


FIRST_AID = Operation(
    id="coc.first_aid",
    system="coc",
    title="First Aid",
    summary="First Aid roll: +1 HP and wakes the unconscious; on a dying (0 HP) character it only stabilises; it "
    "can't restore HP at 0. Once per injury.",
    covers=("C17",),
    params=(
        PATIENT.with_example(EXAMPLE_DYING),
        Param(
            "skill",
            "int",
            "Medic's First Aid",
            "The First Aid skill of whoever treats (base 30).",
            default=30,
            minimum=0,
            maximum=100,
        ),
        MEDIC_NAME,
        BONUS,
        PENALTY,
        JUSTIFICATION,
        LABEL,
        *settings_params("first_aid_on_dying", "fumble_basis", "push_after_fumble"),
    ),
    run=_first_aid,
    source="seed 003, First Aid; When HP Falls Below Zero; rules/coc.md §3.10, §3.12 D8",
)


def _medicine(dice, *, investigator, skill, equipment, bonus, penalty, justification, label, medic_name="", **rest):
    settings, _ = settings_from(rest)
    new, log = copy_state(investigator), Log()
    roll = healing.medicine(
        dice,
        new,
        skill,
        log,
        equipment=equipment,
        bonus=bonus,
        penalty=penalty,
        justification=justification,
        settings=settings,
    )
    return _state_result("medicine", new, log, label, roll, medic_name)


MEDICINE = Operation(
    id="coc.medicine",
    system="coc",
    title="Medicine",
    summary="Medicine roll with equipment: heals 1D3 HP after a week (the only healing at 0 HP); stabilises the dying.",
    covers=("C18",),
    params=(
        PATIENT,
        Param(
            "skill",
            "int",
            "Doctor's Medicine",
            "The Medicine skill of whoever treats (base 01).",
            default=1,
            minimum=0,
            maximum=100,
        ),
        MEDIC_NAME,
        Param("equipment", "bool", "Medical equipment", "Seed 003: Medicine heals 'with equipment'.", default=True),
        BONUS,
        PENALTY,
        JUSTIFICATION,
        LABEL,
        *settings_params("medicine_timing", "fumble_basis", "push_after_fumble"),
    ),
    run=_medicine,
    source="seed 003, First Aid (Medicine); rules/coc.md §3.10, §3.12 D7",
)


def _advance(dice, *, investigator, unit, amount, label, **rest):
    settings, _ = settings_from(rest)
    new, log = copy_state(investigator), Log()
    clock.advance(dice, new, unit, amount, log, settings)
    changed, rolled = _changes(investigator, new), _changes(investigator, new, scene=False)
    told = log.told
    if told and unit != "rounds":  # the time, each roll it ran, then what it changed in all when no roll said it
        told[:] = [passes(amount, unit), *told] + ([f"in all: {rolled}"] if rolled and rolled not in told[-1] else [])
    return _state_result(
        "advance_time",
        new,
        log,
        label,
        total=None,  # the HP against its maximum is not a roll
        target=None,
        level_name=passes(amount, unit) + (f": {changed}" if changed else ""),
        headline=log.headline(),  # each roll the time ran (dying, weekly healing), its target and outcome
    )


def _changes(before: dict, after: dict, scene: bool = True) -> str:
    """What passing time changed, in the game's words: ``heals 2 HP (9 → 11), the major wound ends``; ``scene``: with
    the fight's conditions that ended (a headline of rolls leaves them to the trace)."""
    said = []
    if after["hp"] > before["hp"]:
        said.append(f"heals {after['hp'] - before['hp']} HP ({before['hp']} → {after['hp']})")
    was, now = before["conditions"], after["conditions"]
    if was["major_wound"] and not now["major_wound"]:
        said.append("the major wound ends")
    if before["temporary_insanity_hours"] and not after["temporary_insanity_hours"]:
        said.append("temporary insanity ends")
    said += [f"no longer {n.replace('_', ' ')}" for n in clock.SCENE_CONDITIONS if scene and was[n] and not now[n]]
    if now["dead"] and not was["dead"]:
        said.append("dies")
    return ", ".join(said)


ADVANCE_TIME = Operation(
    id="coc.advance_time",
    system="coc",
    title="Let time pass",
    summary="Rounds: dying CON rolls and per-round resets. Hours: temporary insanity runs out. Days: 1 HP per day "
    "without a major wound, scheduled Medicine, the weekly major-wound CON roll.",
    covers=("C16", "C19", "C22"),
    params=(
        INVESTIGATOR.with_example(EXAMPLE_MAJOR_WOUND),
        Param(
            "unit",
            "choice",
            "Unit",
            "rules/cross-system.md §4: rounds, hours, days or weeks.",
            default="days",
            choices=clock.UNITS,
            example="weeks",
        ),
        Param("amount", "int", "How many", "How many units pass.", default=1, minimum=1, maximum=8736),
        LABEL,
        *settings_params("major_wound_healing"),
    ),
    run=_advance,
    source="seed 003, Healing (No Major Wound); Major Wound Characters; Going Mad; rules/cross-system.md §4",
)


def _weekly(dice, *, investigator, label, **rest):
    settings, _ = settings_from(rest)
    new, log = copy_state(investigator), Log()
    healing.weekly_healing(dice, new, log, settings)
    return _state_result(
        "weekly_healing_roll", new, log, label, headline=log.headline()
    )  # the CON roll with its target and what it healed


WEEKLY = Operation(
    id="coc.weekly_healing_roll",
    system="coc",
    title="Weekly major-wound healing roll",
    summary="CON roll: success heals 1D4, Extreme 2D4 and ends the major wound; it also ends at half HP.",
    covers=("C19",),
    params=(INVESTIGATOR.with_example(EXAMPLE_MAJOR_WOUND), LABEL, *settings_params("major_wound_healing")),
    run=_weekly,
    source="seed 003, Major Wound Characters; rules/coc.md §3.10, §3.12 D6",
)


DEFAULT_LOSS = "0/1D6"
"""The loss a Sanity roll takes when neither the form nor its source gives one (rules/coc.md §3.11's own example)."""


def _sanity(dice, *, investigator, loss, bonus, penalty, label, source=None, **rest):
    settings, _ = settings_from(rest)
    given = source.get("san_loss") if source else None
    log = Log()
    if source is not None:  # what the roll was against, and whose loss it took
        said = (
            f"{who(source)}'s Sanity loss, as its sheet gives it"
            if not loss and given
            else f"Against {who(source)}" + (f" (its sheet gives {given})" if given else "")
        )
        log.step(said, "rules/coc.md §3.11")
    result = sanity.sanity_roll(
        dice,
        investigator,
        loss or given or DEFAULT_LOSS,
        bonus=bonus,
        penalty=penalty,
        label=label,
        settings=settings,
        log=log,
    )
    return with_states(result)


SANITY_ROLL = Operation(
    id="coc.sanity_roll",
    system="coc",
    title="Sanity roll",
    summary="1D100 against current SAN; lose X on a success, Y on a failure (X/Y, numbers or dice). A failure gives "
    "the Keeper the next action; losing 5 or more asks for an INT roll: success = temporarily insane for 1D10 hours.",
    covers=("C20", "C22"),
    params=(
        INVESTIGATOR,
        Param(
            "loss",
            "text",
            "Sanity loss X/Y",
            "rules/coc.md §3.11: X on a success / Y on a failure, e.g. 0/1D6, "
            "1/1D4+1, 1D10/1D100; empty: the source's own (a creature's sheet), else 0/1D6.",
            default=None,
            example=DEFAULT_LOSS,
            dice=SANITY_LOSS_FORM,
        ),
        Param(
            "source",
            "json",
            "Source",
            "What the Sanity roll is against: a creature's sheet (same schema), whose "
            "Sanity loss is taken when none is typed (rules/coc.md §3.11).",
            default=None,
            parse=from_dict,
            example=None,
        ),
        BONUS,
        PENALTY,
        LABEL,
        *settings_params("insanity_threshold", "fumbled_sanity_max_loss", "book_insanity", "fumble_basis"),
    ),
    run=_sanity,
    source="seed 003, Sanity; Failing a Sanity Roll; Going Mad; rules/coc.md §3.11, §3.12 D2",
)


def _gain(dice, *, investigator, amount, reason, label):
    return with_states(sanity.gain_sanity(dice, investigator, amount, reason, label=label))


GAIN_SANITY = Operation(
    id="coc.gain_sanity",
    system="coc",
    title="Regain Sanity",
    summary="The Keeper grants Sanity for rest, psychotherapy, a break or a completed investigation; capped at 99 − "
    "Cthulhu Mythos.",
    covers=("C21",),
    params=(
        INVESTIGATOR,
        Param(
            "amount",
            "text",
            "Sanity regained",
            "A number or dice such as 1D6 (the seed gives no amounts: the Keeper decides; rules/coc.md §3.11).",
            default="1D6",
            dice=DICE_FORM,
        ),
        Param("reason", "choice", "Reason", "Seed 003, Regaining Sanity.", default="rest", choices=SANITY_GAIN_REASONS),
        LABEL,
    ),
    run=_gain,
    source="seed 003, Regaining Sanity; rules/coc.md §3.11",
)

KEEPER_CONDITIONS = ("prone", "unconscious")
"""The conditions a Keeper sets or clears by hand (seed 003, Losing more than Half HP in One Turn: a major
wound leaves the victim prone, a failed CON roll unconscious; getting up or coming round is the Keeper's call).
Dying, stabilised, dead, a major wound and insanity follow their own rules and are never set by hand."""


def _set_condition(*, investigator, condition, action, label):
    name = who(investigator)
    if investigator["conditions"]["dead"]:
        raise RulesError("rule_violation", f"{name} is dead.", "investigator")
    on = action == "set"
    words = condition.replace("_", " ")
    if investigator["conditions"][condition] == on:
        raise RulesError("no_change", f"{name} is {'already' if on else 'not'} {words}.", "condition")
    new = copy_state(investigator)
    new["conditions"][condition] = on
    log = Log()
    log.step(f"The Keeper {'sets' if on else 'clears'} {words}", wounds.MAJOR)
    log.event(f"{name} is {'now' if on else 'no longer'} {words}")
    return with_states(
        Result.of(
            log,
            "coc",
            "set_condition",
            label=label or f"{name}: {words}",
            details={"condition": condition, "on": on},
            state=normalize(new),
        )
    )


SET_CONDITION = Operation(
    id="coc.set_condition",
    system="coc",
    title="Set or clear a condition",
    summary="The Keeper's call: the investigator falls prone or gets up, is knocked out or comes round. Dying, "
    "stabilised, dead, major wounds and insanity follow their own rules.",
    covers=("C15",),
    params=(
        INVESTIGATOR,
        Param("condition", "choice", "Condition", "Prone or unconscious.", default="prone", choices=KEEPER_CONDITIONS),
        Param("action", "choice", "Set or clear", "Set it, or clear it.", default="set", choices=("set", "clear")),
        LABEL,
    ),
    run=_set_condition,
    source="seed 003, Losing more than Half HP in One Turn",
    rolls=False,
)

OPERATIONS = (
    DYING_ROUND,
    FIRST_AID,
    MEDICINE,
    *_TREATMENT,
    ADVANCE_TIME,
    WEEKLY,
    SANITY_ROLL,
    GAIN_SANITY,
    SET_CONDITION,
)
