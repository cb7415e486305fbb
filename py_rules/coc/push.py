"""Pushing a roll (C5; seed 003, Pushing a Roll; rules/coc.md §3.5): the last failed skill, characteristic or combined
roll made once more, justified; a failed push is flagged for the Keeper's harsher consequence.

The roll pushed is the investigator's ``last_roll`` (:func:`py_rules.coc.checks.record`); a combined roll is
pushed as a combined roll again (:func:`py_rules.coc.opposed.combined_roll`). :func:`push_refusal` is pure.
"""

from __future__ import annotations

from py_rules.coc.checks import check, check_result, log_roll, record, require_able
from py_rules.coc.development import tick
from py_rules.coc.investigator import copy_state, normalize, who
from py_rules.coc.levels import Level
from py_rules.coc.opposed import combined_roll
from py_rules.coc.settings import Settings
from py_rules.coc.tables import combat_skill
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log, Result

__all__ = ("PUSHABLE", "push_refusal", "push_roll")

PUSH = "seed 003, Pushing a Roll"
PUSHABLE = ("skill", "characteristic", "combined")
"""rules/coc.md §3.5: only skill and characteristic rolls (and a combined skill roll) can be pushed."""


def push_refusal(last: dict | None, settings: Settings = Settings()) -> str | None:
    """Why ``last`` cannot be pushed, or None if it can (seed 003, Pushing a Roll; rules/coc.md §3.5, §3.12 D1).

    >>> push_refusal({"kind": "combat", "success": False, "pushed": False, "level": 1})
    "You can't push a combat roll."
    """
    if not last:
        return "There is no roll to push: make a skill or characteristic roll first."
    kind = last.get("kind")
    if kind == "combat":
        return "You can't push a combat roll."  # seed 003, Pushing a Roll
    if kind == "opposed":
        return "You can't push opposed rolls."  # seed 003, Pushing a Roll
    if kind not in PUSHABLE:
        return f"A {kind} roll cannot be pushed: only skill and characteristic rolls can."  # rules/coc.md §3.5
    combat_skills = [n for n in ([last.get("name")] if kind == "skill" else last.get("names") or []) if combat_skill(n)]
    if combat_skills:
        return f"{combat_skills[0]} is a combat skill and you can't push a combat roll."  # seed 003
    if last.get("pushed"):
        return "This roll was already pushed: a pushed roll can't be pushed again."  # seed 003, Pushing a Roll
    if last.get("success"):
        return "Only a failed roll can be pushed."  # seed 003, Pushing a Roll
    if last.get("luck_spent"):
        return "Luck was spent on this roll: push or spend Luck, not both."  # rules/coc.md §3.6 [BOOK]
    if last.get("level") == Level.FUMBLE and not settings.push_after_fumble:
        return (
            "A fumble's consequence stands and cannot be pushed (house rule: the book's rule)."  # rules/coc.md §3.12 D1
        )
    return None


def push_roll(
    dice: DiceSource,
    state: dict,
    justification: str,
    *,
    label: str = "",
    bonus: int | None = None,
    penalty: int | None = None,
    settings: Settings = Settings(),
) -> Result:
    """Push the last failed roll (C5): roll the same skill once more; a failed push is flagged for the Keeper.

    The push keeps the first roll's bonus and penalty dice unless the Keeper changes them (rules/coc.md §3.5).
    """
    last = state.get("last_roll")
    refusal = push_refusal(last, settings)
    if refusal:
        raise RulesError("rule_violation", refusal, "investigator")
    if not justification or not justification.strip():
        raise RulesError(
            "missing_field",
            "Say how the new attempt differs: a push must be justified.",  # seed 003, Pushing a Roll
            "justification",
        )
    require_able(state)
    changed = (
        None
        if bonus is None and penalty is None
        else f"The Keeper changes the dice for the push: {last.get('bonus', 0)} → "
        f"{last.get('bonus', 0) if bonus is None else bonus} bonus, {last.get('penalty', 0)} → "
        f"{last.get('penalty', 0) if penalty is None else penalty} penalty"
    )
    bonus = last.get("bonus", 0) if bonus is None else bonus
    penalty = last.get("penalty", 0) if penalty is None else penalty
    log = Log()
    if last["kind"] == "combined":
        log.step(f"Pushing the failed combined roll ({last['roll']}): {justification.strip()}", PUSH)
        if changed:
            log.step(changed, "rules/coc.md §3.5")
        return combined_roll(
            dice,
            state,
            last["names"],
            mode=last["mode"],
            difficulty=last["difficulty"],
            bonus=bonus,
            penalty=penalty,
            label=label,
            settings=settings,
            pushed=True,
            log=log,
        )
    roll = check(
        dice,
        last["value"],
        last["name"],
        difficulty=last["difficulty"],
        bonus=bonus,
        penalty=penalty,
        basis=settings.fumble_basis,
    )
    new = copy_state(state)
    extra = {k: v for k, v in last.items() if k in ("characteristic",)}
    new["last_roll"] = record(roll, last["kind"], bonus=bonus, penalty=penalty, pushed=True, **extra)
    log.step(f"Pushing the failed {last['name']} roll ({last['roll']}): {justification.strip()}", PUSH)
    if changed:
        log.step(changed, "rules/coc.md §3.5")
    if last["level"] == Level.FUMBLE:
        log.step("The first roll was a fumble; pushing it is allowed under the seed's rule", "rules/coc.md §3.12 D1")
    log_roll(roll, log)
    log.flag("pushed")
    if not roll.success:
        log.flag("dire_consequence")
        log.step("The pushed roll failed: the Keeper applies a harsher consequence", PUSH)
        log.event(f"{who(state)} failed a pushed roll: harsher consequence for the Keeper to describe")
    elif last["kind"] == "skill":  # rules/coc.md §3.15: a pushed roll that succeeds earns a tick
        tick(new, last["name"], log, net_dice=roll.percentile.net, settings=settings)
    return check_result(roll, "push_roll", normalize(new), log, label=label, details={"first_roll": last["roll"]})
