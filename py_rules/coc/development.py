"""Investigator development (C24; rules/coc.md §3.15 [BOOK]): the tick a rolled success earns, the development phase
at the end of a scenario, and the optional Luck recovery (rules/coc.md §3.6 [BOOK optional]).

A tick is kept on the sheet's ``ticks``: each skill once, in the order it was earned. Which rolls tick:

* a skill roll whose **rolled** result succeeds ticks its skill (:mod:`py_rules.coc.checks`), and so does a pushed
  roll that succeeds (:mod:`py_rules.coc.push`); a combined roll that succeeds ticks each of its skills that
  succeeded on the one roll [REC: the book ticks a succeeding skill; a combined roll is one roll read per skill];
* a success bought with Luck earns none: Luck spent after a failed roll never ticks and takes away nothing ticked
  before. Luck spent on a roll that already succeeded leaves that roll's tick, since its rolled result succeeded
  (rules/coc.md §3.15's wording; §3.6 gives the book's stricter "no improvement tick from a roll changed with Luck",
  which a sheet holding one tick per skill could only apply by also taking away a tick an earlier roll earned);
* in an opposed roll only the winner's skill, if the winner's rolled result (before any Luck) succeeded;
* combat (:mod:`py_rules.coc.attack`): Fighting, Firearms, Throw and Dodge are skills in the book and their rolls
  are skill rolls (rules/coc.md §3.8), so they tick as any skill does; a melee attack, and a shot the target dodges
  (the house rules' opposed firearms, §3.12 D14), is an opposed roll, so only the winner ticks (the attacker who
  hits, the defender who dodges, fights back or manoeuvres); a shot under the book's firearms rule, or an attack
  with no defence, ticks the attacker's skill when the rolled result succeeds and hits. An automatic hit (the book's
  surprise option) rolls nothing and ticks nothing;
* Cthulhu Mythos and Credit Rating are never ticked; characteristic, Luck and Sanity rolls (and the INT roll a
  Sanity loss calls for) are not skill rolls and earn none;
* a success rolled with a bonus die ticks unless the table's house setting says otherwise (``tick_with_bonus_die``).

The development phase (:func:`development_phase`) rolls 1D100 for each ticked skill; above the skill's current value,
or 96 or more, it adds 1D10 (to 99 at most); every tick is cleared; a skill rising to 90 or more for the first
time gives 2D6 Sanity (to 99 − Cthulhu Mythos at most); the scenario's last roll is done with (nothing left to push
or spend Luck on). Every die comes from the injected source, so physical dice
typed and a test's scripted dice take the same path (:mod:`py_rules.dice`).
"""

from __future__ import annotations

from py_rules import dice_expr
from py_rules.coc.investigator import copy_state, normalize, san_max, skill_name, skill_value, who
from py_rules.coc.percentile import roll_percentile
from py_rules.coc.settings import Settings
from py_rules.coc.tables import (
    DICE_FORM,
    LUCK_MAX,
    LUCK_RECOVERY_DICE,
    NEVER_TICKED,
    SANITY_MASTERY_DICE,
    SANITY_MASTERY_SKILL,
    SKILL_IMPROVEMENT_ALWAYS,
    SKILL_IMPROVEMENT_DICE,
    SKILL_IMPROVEMENT_MAX,
)
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log, Result

__all__ = ("DEVELOPMENT", "tick", "luck_bought", "improves", "development_phase", "recover_luck_into")

DEVELOPMENT = "rules/coc.md §3.15 [BOOK]"
LUCK_RECOVERY = "rules/coc.md §3.6 [BOOK optional]"


def tick(state: dict, skill: str, log: Log, *, net_dice: int = 0, settings: Settings = Settings()) -> None:
    """Tick ``skill`` on ``state`` (changed in place) for a skill roll whose rolled result succeeded, unless the
    rules say otherwise; ``log`` is told what happened (rules/coc.md §3.15).

    >>> sheet, log = {"name": "Harvey", "ticks": []}, Log()
    >>> tick(sheet, "Spot Hidden", log)
    >>> sheet["ticks"], log.events
    (['Spot Hidden'], ['Harvey ticks Spot Hidden for improvement'])
    >>> tick(sheet, "Spot Hidden", log), tick(sheet, "Cthulhu Mythos", log), sheet["ticks"], len(log.events)
    (None, None, ['Spot Hidden'], 1)
    """
    name = skill_name(skill)
    if name in NEVER_TICKED:
        log.step(f"{name} is never ticked for improvement", DEVELOPMENT)
    elif net_dice > 0 and not settings.tick_with_bonus_die:
        log.step(f"{name} succeeded with a bonus die: no tick (house rule)", "rules/coc.md §3.15")
    elif name in state["ticks"]:
        log.step(f"{name} is already ticked (one tick per skill)", DEVELOPMENT)
    else:
        state["ticks"].append(name)
        log.step(f"Rolled success: {name} is ticked for improvement", DEVELOPMENT)
        log.event(f"{who(state)} ticks {name} for improvement")


def luck_bought(was_success: bool, success: bool, log: Log) -> None:
    """The step saying a success bought with Luck earns no tick (rules/coc.md §3.6, §3.15), when it was bought.

    >>> log = Log()
    >>> luck_bought(False, True, log), luck_bought(True, True, log), [s.text for s in log.steps]
    (None, None, ['A success bought with Luck earns no tick'])
    """
    if success and not was_success:
        log.step("A success bought with Luck earns no tick", "rules/coc.md §3.6, §3.15 [BOOK]")


def improves(roll: int, value: int) -> bool:
    """An improvement roll above the skill's current value, or 96 or more, improves it (rules/coc.md §3.15).

    >>> improves(56, 55), improves(55, 55), improves(96, 99), improves(95, 99)
    (True, False, True, False)
    """
    return roll > value or roll >= SKILL_IMPROVEMENT_ALWAYS


def _require_alive(state: dict) -> None:
    if state["conditions"]["dead"]:
        raise RulesError("rule_violation", f"{who(state)} is dead: the dead do not develop.", "investigator")


def recover_luck_into(dice: DiceSource, state: dict, log: Log) -> tuple[int, int]:
    """Optional Luck recovery (rules/coc.md §3.6 [BOOK optional]): 1D100; above current Luck, gain 1D10 (max 99).
    Changes ``state`` in place; returns the roll and the Luck gained."""
    perc = roll_percentile(dice, purpose="Luck recovery")
    log.extend(perc.steps)
    before = state["luck"]
    if perc.value <= before:
        log.step(f"{perc.value} ≤ Luck {before}: no Luck recovered", LUCK_RECOVERY)
        log.tell(f"Luck recovery {perc.value} vs {before} — no Luck recovered")
        return perc.value, 0
    gained, _faces, _working = dice_expr.roll(dice, dice_expr.parse(LUCK_RECOVERY_DICE, DICE_FORM), "Luck regained")
    state["luck"] = min(LUCK_MAX, before + gained)
    log.step(
        f"{perc.value} > Luck {before}: gain {LUCK_RECOVERY_DICE} = {gained} → {state['luck']} (max {LUCK_MAX})",
        LUCK_RECOVERY,
    )
    log.event(f"{who(state)} recovers {state['luck'] - before} Luck ({before} → {state['luck']})")
    log.tell(f"Luck recovery {perc.value} vs {before} — Luck {before} → {state['luck']}")
    return perc.value, state["luck"] - before


def _improve(dice: DiceSource, state: dict, skill: str, log: Log) -> dict:
    """One ticked skill's improvement roll (and the Sanity its first 90 gives); changes ``state`` in place."""
    before = skill_value(state, skill)
    perc = roll_percentile(dice, purpose=f"{skill} improvement roll")
    log.extend(perc.steps)
    row = {
        "skill": skill,
        "roll": perc.value,
        "before": before,
        "gain": 0,
        "after": before,
        "improved": False,
        "sanity": 0,
    }
    if not improves(perc.value, before):
        log.step(f"{perc.value} ≤ {skill} {before} and below {SKILL_IMPROVEMENT_ALWAYS}: no improvement", DEVELOPMENT)
        log.tell(f"{skill} {perc.value} vs {before} — no improvement")
        return row
    why = (
        f"{perc.value} > {skill} {before}"
        if perc.value > before
        else f"{perc.value} is {SKILL_IMPROVEMENT_ALWAYS} or more"
    )
    gain, _faces, _working = dice_expr.roll(
        dice, dice_expr.parse(SKILL_IMPROVEMENT_DICE, DICE_FORM), f"{skill} improvement"
    )
    after = max(before, min(SKILL_IMPROVEMENT_MAX, before + gain))
    capped = f", at most {SKILL_IMPROVEMENT_MAX}" if before + gain > SKILL_IMPROVEMENT_MAX else ""
    log.step(f"{why}: {skill} gains {SKILL_IMPROVEMENT_DICE} = {gain}: {before} → {after}{capped}", DEVELOPMENT)
    state["skills"][skill] = after
    row.update(gain=gain, after=after, improved=after > before)
    if after > before:
        log.event(f"{who(state)}'s {skill} improves from {before} to {after}")
        log.tell(f"{skill} {perc.value} vs {before} — improves by {after - before} ({before} → {after})")
    else:
        log.tell(f"{skill} {perc.value} vs {before} — already at {before}, no higher")
    if before < SANITY_MASTERY_SKILL <= after:
        row["sanity"] = _mastery(dice, state, skill, log)
    return row


def _mastery(dice: DiceSource, state: dict, skill: str, log: Log) -> int:
    """A skill at 90 or more for the first time: 2D6 Sanity, to 99 − Cthulhu Mythos at most (rules/coc.md §3.15)."""
    rolled, _faces, _working = dice_expr.roll(
        dice, dice_expr.parse(SANITY_MASTERY_DICE, DICE_FORM), f"Sanity for {skill} at {SANITY_MASTERY_SKILL}"
    )
    before, limit = state["san"], san_max(state)
    state["san"] = min(limit, before + rolled)
    log.step(
        f"{skill} reaches {SANITY_MASTERY_SKILL} or more for the first time: SAN + {SANITY_MASTERY_DICE} = "
        f"{before} + {rolled}, at most {limit} (99 − Cthulhu Mythos) → {state['san']}",
        DEVELOPMENT,
    )
    log.event(f"{who(state)} gains {state['san'] - before} Sanity for mastering {skill} ({before} → {state['san']})")
    log.tell(f"{skill} mastered — Sanity {before} → {state['san']}")
    return state["san"] - before


def development_phase(dice: DiceSource, state: dict, *, label: str = "", settings: Settings = Settings()) -> Result:
    """The development phase the Keeper calls at the end of a scenario (C24; rules/coc.md §3.15): an improvement roll for
    each ticked skill in the order ticked, every tick cleared, and (house rule) the Luck recovery roll."""
    _require_alive(state)
    new = copy_state(state)
    log = Log()
    ticked = list(state["ticks"])
    if ticked:
        log.step(
            f"Ticked for improvement: {', '.join(ticked)}; 1D100 each: above the skill, or "
            f"{SKILL_IMPROVEMENT_ALWAYS} or more, adds {SKILL_IMPROVEMENT_DICE} (at most {SKILL_IMPROVEMENT_MAX})",
            DEVELOPMENT,
        )
    else:
        log.step("No skill is ticked: no improvement rolls", DEVELOPMENT)
        log.tell("No skill ticked — nothing to improve")
    rows = [_improve(dice, new, skill, log) for skill in ticked]
    new["ticks"] = []
    if ticked:
        log.step("Every tick is cleared, improved or not", DEVELOPMENT)
        log.event(f"{who(state)}'s ticks are cleared ({', '.join(ticked)})")
    if new["last_roll"] is not None:  # the scenario is over: its last roll is no longer pushed or bought up with Luck
        new["last_roll"] = None
        log.step("The scenario's last roll can no longer be pushed or changed with Luck", DEVELOPMENT)
    # a creature without Luck has none to recover (py_rules/coc/sheet.py: its sheet may leave Luck out)
    luck = recover_luck_into(dice, new, log)[1] if settings.luck_recovery and new.get("luck") is not None else 0
    if not settings.luck_recovery:
        log.step("Luck recovery is off (house rule): Luck is unchanged", LUCK_RECOVERY)
    return Result.of(
        log,
        "coc",
        "development_phase",
        label=label,
        headline=log.headline(most=len(log.told) or 1),
        details={
            "skills": rows,
            "sanity_gained": new["san"] - state["san"],
            "luck_gained": luck,
            "luck_recovery": settings.luck_recovery,
        },
        state=normalize(new),
    )
