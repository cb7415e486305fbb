"""Luck on a treatment roll (rules/coc.md §3.6, §3.10; seed 003, Luck: spent "on skill checks", point for point): a
failed First Aid or Medicine roll kept on the patient is bought up to a success with the Luck of whoever rolled it
(the medic; the patient when they treated themselves), with the limits of :mod:`.luck` (never on a pushed roll or a
fumble, never a bought critical), and the treatment then works. The push's Justification field is declared here for
both treatments."""

from __future__ import annotations

from py_rules.coc import healing, luck, treatment
from py_rules.coc.investigator import copy_state, from_dict, luck_of, normalize, who
from py_rules.coc.levels import Level, level_name
from py_rules.coc.params import INVESTIGATOR, LABEL
from py_rules.coc.settings import settings_from, settings_params
from py_rules.coc.treatment_record import KEYS
from py_rules.errors import RulesError
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Log, Result, rolled

__all__ = ("OPERATIONS", "JUSTIFICATION")

JUSTIFICATION = Param(
    "justification",
    "text",
    "Justification (a push)",
    "rules/coc.md §3.10: one attempt per wound; a second try at a failed treatment is a push (seed 003, Pushing a "
    "Roll): say how it differs. Leave empty for the first attempt.",
    default="",
    max_length=200,
)

TREATMENTS = tuple(name for name, _key in KEYS)


def treatment_luck(dice, patient: dict, medic: dict | None, name: str, *, label: str = "", settings=None) -> Result:
    """Spend the roller's Luck to lift the failed ``name`` roll on ``patient`` to a Regular success, then apply it."""
    payer = patient if medic is None else medic
    field = "investigator" if medic is None else "medic"
    luck_of(payer, field)  # a creature without Luck has none to spend
    last = treatment.luck_record(patient, name)
    refusal = luck.luck_refusal(last)
    if refusal:
        raise RulesError("rule_violation", refusal, "treatment")
    if last["success"]:
        raise RulesError(
            "rule_violation", f"The {name} roll already succeeded: Luck would change nothing.", "treatment"
        )
    points = luck.luck_cost(last["roll"], last["value"], Level.REGULAR)
    if points is None:
        raise RulesError(
            "rule_violation", f"{name} {last['value']} needs 01, and Luck never buys a critical (01).", "treatment"
        )  # rules/coc.md §3.12 D15
    luck.require_luck(payer, points, field)  # the roller's own Luck pays (seed 003, Luck)
    new_roll, level = luck.apply_luck(
        last["roll"], last["value"], "Regular", points, payer["luck"], settings.fumble_basis
    )
    patient_new = copy_state(patient)
    payer_new = patient_new if medic is None else copy_state(medic)
    payer_new["luck"] -= points
    key = treatment.KEY_OF[name]
    patient_new[key] = dict(patient_new[key], roll=new_roll, level=int(level), success=True, luck_spent=points)
    log = Log()
    log.step(
        f"{who(payer)} spends {points} Luck on the {name} roll: {last['roll']:02d} − {points} = {new_roll:02d} vs "
        f"{last['value']}: {level_name(level)}",
        luck.LUCK,
    )
    log.flag("luck_spent")
    log.event(f"{who(payer)} spends {points} Luck ({payer['luck']} → {payer_new['luck']})")
    if name == "First Aid":
        healing.first_aid_works(patient_new, log, settings)
    else:
        healing.medicine_works(dice, patient_new, log, settings)
    states = {"coc.investigator": normalize(patient_new)}
    if medic is not None:
        states["coc.opponent"] = normalize(payer_new)
    return Result.of(
        log,
        "coc",
        "treatment_luck",
        label=label,
        total=new_roll,
        target=last["value"],
        success=True,
        level=int(level),
        level_name=level_name(level),
        details={
            "points": points,
            "first_roll": last["roll"],
            "luck_left": payer_new["luck"],
            "paid_by": who(payer),
            "who_rolled": [
                rolled(
                    who(payer),
                    f"{name} on {who(patient)} with Luck",
                    last["roll"],
                    last["value"],
                    level_name(last["level"]),
                    f"{points} Luck spent: {last['roll']} → {new_roll}",
                )
            ],
        },
        states=states,
        state=states["coc.investigator"],
    )


def _run(dice, *, investigator, medic, treatment, label, **rest):
    settings, _ = settings_from(rest)
    return treatment_luck(dice, investigator, medic, treatment, label=label, settings=settings)


TREATMENT_LUCK = Operation(
    id="coc.treatment_luck",
    system="coc",
    title="Spend Luck on a failed First Aid or Medicine",
    summary="Lower the failed First Aid or Medicine roll for this wound to a success with the Luck of whoever rolled "
    "it; the treatment then works. Not on a pushed roll or a fumble; never buys a critical.",
    covers=("C6", "C17", "C18"),
    params=(
        INVESTIGATOR.with_example(
            {
                **INVESTIGATOR.example,
                "hp": 5,
                "medicine_roll": {"value": 55, "roll": 56, "level": 1, "success": False},
            }
        ),
        Param(
            "medic",
            "json",
            "Medic",
            "Whoever rolled the treatment (same schema): their Luck is spent. Empty: the patient treated themselves.",
            default=None,
            parse=lambda data: None if data is None else from_dict(data),
            example=None,
            state_key="coc.opponent",
        ),
        Param(
            "treatment",
            "choice",
            "Treatment",
            "rules/coc.md §3.10.",
            default=TREATMENTS[0],
            choices=TREATMENTS,
            example="Medicine",  # its success rolls the 1D3 HP it heals
        ),
        LABEL,
        *settings_params("first_aid_on_dying", "medicine_timing", "fumble_basis"),
    ),
    run=_run,
    source="seed 003, Luck; First Aid; rules/coc.md §3.6, §3.10, §3.12 D15",
)

OPERATIONS = (TREATMENT_LUCK,)
