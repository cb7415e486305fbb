"""One First Aid and one Medicine attempt per wound (rules/coc.md §3.10; seed 003, First Aid): the roll is kept on
the patient (``first_aid_roll``, ``medicine_roll``), so a failed one can be pushed (seed 003, Pushing a Roll: "roll
for the same skill once more", a failed push with a harsher consequence) or take Luck like any skill roll (seed 003,
Luck; rules/coc.md §3.6), and a second plain roll for the same wound is refused.

The kept roll is read by :mod:`.treatment_record`; :func:`attempt` rolls a treatment (or pushes it); :func:`luck_record` is
the kept roll as :mod:`.luck` reads a last roll.
"""

from __future__ import annotations

from py_rules.coc.checks import CheckRoll, check, record
from py_rules.coc.investigator import who
from py_rules.coc.levels import Level
from py_rules.coc.settings import Settings
from py_rules.coc.treatment_record import FIELDS, KEYS
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log

__all__ = ("KEY_OF", "attempt", "luck_record", "forget")

KEY_OF = dict(KEYS)
"""The patient's field for each treatment's roll: ``{"First Aid": "first_aid_roll", "Medicine": "medicine_roll"}``."""
PUSH = "seed 003, Pushing a Roll"
ONCE = "rules/coc.md §3.10: one attempt per wound"


def forget(state: dict) -> None:
    """A new wound: its treatments may be tried again (rules/coc.md §3.10, once per injury)."""
    for key in KEY_OF.values():
        state[key] = None


def attempt(
    dice: DiceSource,
    state: dict,
    name: str,
    skill: int,
    log: Log,
    *,
    bonus: int,
    penalty: int,
    justification: str,
    settings: Settings,
) -> CheckRoll:
    """Roll ``name`` (First Aid or Medicine) on ``state``'s wound, or push the failed one: a second attempt at the
    same treatment for the same wound must be a push (``justification`` says how it differs), made at the first
    roll's skill; a failed push is flagged for the Keeper's harsher consequence. The roll is kept on ``state``."""
    key, patient = KEY_OF[name], who(state)
    prior = state.get(key)
    said = (justification or "").strip()
    if prior and not prior["success"]:
        if prior["pushed"]:
            raise RulesError(
                "rule_violation",
                f"{name} on {patient} for this wound was pushed and failed: there is no further attempt.",
                "investigator",
            )  # seed 003, Pushing a Roll: once more
        if not said:
            raise RulesError(
                "rule_violation",
                f"{name} on {patient} already failed for this wound ({prior['roll']:02d} vs {prior['value']}): one "
                "attempt per wound, so a second try is a push. Say how it differs under Justification, or spend "
                "Luck on the failed roll.",
                "justification",
            )  # rules/coc.md §3.10; seed 003, Pushing a Roll
        if prior["level"] == Level.FUMBLE and not settings.push_after_fumble:
            raise RulesError(
                "rule_violation",
                f"The {name} roll was a fumble: its consequence stands and cannot be pushed (house rule).",
                "justification",
            )  # rules/coc.md §3.12 D1
        if prior["luck_spent"]:
            raise RulesError(
                "rule_violation", f"Luck was spent on the {name} roll: push or spend Luck, not both.", "justification"
            )  # rules/coc.md §3.6 [BOOK]
        skill = prior["value"]  # "roll for the same skill once more"
        log.step(f"Pushing the failed {name} roll ({prior['roll']:02d}): {said}", PUSH)
    elif said:
        raise RulesError(
            "rule_violation",
            f"There is no failed {name} on {patient} to push: leave Justification empty for the first attempt.",
            "justification",
        )
    roll = check(dice, skill, name, bonus=bonus, penalty=penalty, basis=settings.fumble_basis)
    log.extend(roll.steps)
    kept = record(roll, "skill", bonus=bonus, penalty=penalty, pushed=bool(said))
    state[key] = {k: kept[k] for k in FIELDS}
    if said:
        log.flag("pushed")
        if not roll.success:
            log.flag("dire_consequence")
            log.step(f"The pushed {name} failed: the Keeper applies a harsher consequence", PUSH)
            log.event(f"{name} on {patient} failed when pushed: harsher consequence for the Keeper to describe")
    elif not roll.success:
        log.step(f"One attempt per wound: a second {name} for this wound is a push, or Luck may be spent", ONCE)
    return roll


def luck_record(state: dict, name: str) -> dict:
    """The kept ``name`` roll as :func:`py_rules.coc.luck.luck_refusal` reads a last roll (a skill roll)."""
    prior = state.get(KEY_OF[name])
    if not prior:
        raise RulesError(
            "rule_violation", f"{who(state)} has no {name} roll for this wound to spend Luck on.", "treatment"
        )
    return {**prior, "kind": "skill", "name": name, "difficulty": "Regular"}
