"""First Aid, Medicine and healing (C17–C19; seed 003, First Aid, Healing (No Major Wound), Major Wound Characters;
rules/coc.md §3.10).

Functions here change a *copy* of an investigator in place and write the explanation (steps) and the state changes
(events) into a :class:`~py_rules.trace.Log`; operations make the :class:`~py_rules.trace.Result` from it. The wounds
being healed, dying and death: :mod:`py_rules.coc.wounds`.
"""

from __future__ import annotations

from py_rules import dice_expr
from py_rules.coc.checks import roll_told
from py_rules.coc.investigator import hp_max, who
from py_rules.coc.levels import Level
from py_rules.coc.settings import Settings
from py_rules.coc.tables import DAYS_PER_WEEK, DICE_FORM, MAJOR_WOUND_HEALING, MEDICINE_DELAY_DAYS
from py_rules.coc.treatment import attempt
from py_rules.coc.wounds import MAJOR_CHARS, ZERO, con_roll
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log

__all__ = ("heal", "first_aid", "first_aid_works", "medicine", "medicine_works", "weekly_healing", "natural_day")

FIRST_AID = "seed 003, First Aid"
HEALING = "seed 003, Healing (No Major Wound)"
WEEKLY_ROLL = "Weekly healing CON roll"
"""How a headline names the weekly major-wound healing roll (seed 003, Major Wound Characters)."""


def heal(state: dict, amount: int, source: str, log: Log, cite: str = "") -> None:
    """Add HP (capped at max); leaving 0 HP ends dying; half max HP ends a major wound (seed 003).

    ``source`` names the healing; ``cite`` is its rule (``source`` itself when it is already a citation).
    """
    c, name, maximum = state["conditions"], who(state), hp_max(state)
    before = state["hp"]
    state["hp"] = min(maximum, before + amount)
    log.step(f"{source}: +{amount} HP, {before} → {state['hp']} (max {maximum})", cite or source)
    if state["hp"] != before:
        log.event(f"{name} heals {state['hp'] - before} HP ({before} → {state['hp']})")
    if state["hp"] > before and (before == 0 or c["dying"]):
        # leaving 0 HP, or real healing on top of the book's 1 temporary HP (rules/coc.md §3.12 D8 option)
        c.update(dying=False, stabilised=False, unconscious=False)
        log.step("Above 0 HP: no longer dying or unconscious")
    if c["major_wound"] and state["hp"] * 2 >= maximum:
        c["major_wound"] = False
        state["days_toward_week"] = 0
        log.step(f"Healed to half HP ({state['hp']}/{maximum}): the major wound ends", MAJOR_CHARS)
        log.event(f"{name}'s major wound ends")


def first_aid(
    dice: DiceSource,
    state: dict,
    skill: int,
    log: Log,
    *,
    bonus: int = 0,
    penalty: int = 0,
    justification: str = "",
    settings: Settings = Settings(),
):
    """First Aid (C17): +1 HP and revive; on a dying character it only stabilises (seed 003, First Aid). One attempt
    per wound: a second is a push (``justification``; :func:`py_rules.coc.treatment.attempt`). The roll."""
    c, name = state["conditions"], who(state)
    if c["dead"]:
        raise RulesError("rule_violation", f"{name} is dead; First Aid cannot help.", "investigator")
    if state["first_aid_given"]:
        raise RulesError(
            "rule_violation", f"{name} has already had First Aid for this injury (once per injury).", "investigator"
        )  # rules/coc.md §3.10
    if state["hp"] >= hp_max(state) and not c["unconscious"]:
        raise RulesError("rule_violation", f"{name} is unhurt; there is nothing to treat.", "investigator")
    roll = attempt(
        dice,
        state,
        "First Aid",
        skill,
        log,
        bonus=bonus,
        penalty=penalty,
        justification=justification,
        settings=settings,
    )
    if not roll.success:
        log.step("First Aid failed: no effect", FIRST_AID)
        return roll
    first_aid_works(state, log, settings)
    return roll


def first_aid_works(state: dict, log: Log, settings: Settings = Settings()) -> None:
    """What a successful First Aid does (seed 003, First Aid; When HP Falls Below Zero), rolled or bought with Luck."""
    c, name = state["conditions"], who(state)
    state["first_aid_given"] = True
    if c["dying"] and not c["stabilised"]:
        c["stabilised"] = True
        if settings.first_aid_on_dying == "temporary_hp":
            state["hp"] = 1
            log.step("Stabilised with 1 temporary HP; Medicine must follow", "rules/coc.md §3.12 D8 [BOOK]")
        else:
            log.step("On a dying character First Aid only stabilises (no HP), waiting for Medicine", FIRST_AID)
        log.event(f"{name} is stabilised")
        return
    if state["hp"] == 0:
        log.step("First Aid can't restore HP at 0 (only Medicine can); no change", ZERO)
        return
    heal(state, 1, FIRST_AID, log)
    if c["unconscious"]:
        c["unconscious"] = False
        log.step("Revived from unconsciousness", FIRST_AID)
        log.event(f"{name} regains consciousness")


def medicine(
    dice: DiceSource,
    state: dict,
    skill: int,
    log: Log,
    *,
    equipment: bool,
    bonus: int = 0,
    penalty: int = 0,
    justification: str = "",
    settings: Settings = Settings(),
):
    """Medicine (C18): 1D3 HP, after a week, with equipment (seed 003); also stabilises the dying. One attempt per
    wound: a second is a push (``justification``). The roll."""
    c, name = state["conditions"], who(state)
    if c["dead"]:
        raise RulesError("rule_violation", f"{name} is dead; Medicine cannot help.", "investigator")
    if not equipment:
        raise RulesError(
            "rule_violation", "Medicine needs equipment ('after a week, with equipment').", "equipment"
        )  # seed 003
    if state["medicine_given"]:
        raise RulesError(
            "rule_violation", f"{name} has already had Medicine for this injury (once per injury).", "investigator"
        )  # rules/coc.md §3.10
    roll = attempt(
        dice,
        state,
        "Medicine",
        skill,
        log,
        bonus=bonus,
        penalty=penalty,
        justification=justification,
        settings=settings,
    )
    if not roll.success:
        log.step("Medicine failed: no effect", "seed 003, First Aid (Medicine)")
        return roll
    medicine_works(dice, state, log, settings)
    return roll


def medicine_works(dice: DiceSource, state: dict, log: Log, settings: Settings = Settings()) -> None:
    """What a successful Medicine does (seed 003, First Aid (Medicine)), rolled or bought with Luck: 1D3 HP."""
    c, name = state["conditions"], who(state)
    state["medicine_given"] = True
    if c["dying"] and not c["stabilised"]:
        c["stabilised"] = True
        log.step("Medicine stabilises the dying character", MAJOR_CHARS)
        log.event(f"{name} is stabilised")
    amount, faces, _working = dice_expr.roll(dice, dice_expr.parse("1D3", DICE_FORM), "Medicine healing")
    if settings.medicine_timing == "after_week":
        state["scheduled_heals"].append({"days": MEDICINE_DELAY_DAYS, "amount": amount, "source": "Medicine"})
        log.step(
            f"1D3 = {amount}: heals after a week ({MEDICINE_DELAY_DAYS} days), with equipment",
            "seed 003, First Aid (Medicine); rules/coc.md §3.12 D7",
        )
        log.event(f"{name} will heal {amount} HP from Medicine in {MEDICINE_DELAY_DAYS} days")
    else:
        log.step(f"1D3 = {amount}", "rules/coc.md §3.12 D7 [BOOK]")
        heal(state, amount, "Medicine (immediate, book)", log, "rules/coc.md §3.12 D7 [BOOK]")


def weekly_healing(dice: DiceSource, state: dict, log: Log, settings: Settings = Settings()) -> None:
    """The weekly major-wound healing roll (C19): CON roll, success 1D4, Extreme 2D4; Extreme ends it (seed 003).
    ``log`` is told the roll with its target and what it healed: ``Weekly healing CON roll 43 vs 60 — Regular
    success: heals 3 HP (5 → 8)``."""
    c, name = state["conditions"], who(state)
    if c["dead"]:
        raise RulesError("rule_violation", f"{name} is dead.", "investigator")
    if not c["major_wound"]:
        raise RulesError("rule_violation", f"{name} has no major wound; heal 1 HP per day instead.", "investigator")
    if c["dying"] and not c["stabilised"]:
        raise RulesError("rule_violation", f"{name} is dying: stabilise first (First Aid or Medicine).", "investigator")
    regular, extreme = MAJOR_WOUND_HEALING[settings.major_wound_healing]
    roll = con_roll(dice, state, "weekly major-wound healing")
    log.step("Major wound healing roll each week (CON roll)", MAJOR_CHARS)
    log.extend(roll.steps)
    state["days_toward_week"] = 0
    if not roll.success:
        log.step("Failed: no healing this week", MAJOR_CHARS)
        log.tell(roll_told(WEEKLY_ROLL, roll, "no healing this week"))
        return
    dice_text = extreme if roll.level >= Level.EXTREME else regular
    amount, _, _working = dice_expr.roll(dice, dice_expr.parse(dice_text, DICE_FORM), "major-wound healing")
    log.step(f"{'Extreme' if roll.level >= Level.EXTREME else 'Success'}: regain {dice_text} = {amount}", MAJOR_CHARS)
    before = state["hp"]
    heal(state, amount, "Weekly major-wound healing", log, MAJOR_CHARS)
    outcome = f"heals {state['hp'] - before} HP ({before} → {state['hp']})"
    if roll.level >= Level.EXTREME and c["major_wound"]:
        c["major_wound"] = False
        log.step("Extreme success: the major wound ends", MAJOR_CHARS)
        log.event(f"{name}'s major wound ends")
    if not c["major_wound"]:
        outcome += ", the major wound ends"
    log.tell(roll_told(WEEKLY_ROLL, roll, outcome))


def natural_day(dice: DiceSource, state: dict, log: Log, settings: Settings = Settings()) -> None:
    """One day passes: scheduled heals come due, 1 HP without a major wound, weekly roll with one (C19). ``log`` is
    told the weekly roll with its outcome."""
    c = state["conditions"]
    if c["dead"]:
        return
    due = [h for h in state["scheduled_heals"] if h["days"] <= 1]
    state["scheduled_heals"] = [dict(h, days=h["days"] - 1) for h in state["scheduled_heals"] if h["days"] > 1]
    for h in due:
        heal(
            state,
            h["amount"],
            f"{h['source']} (scheduled)",
            log,
            "seed 003, First Aid (Medicine: 'after a week')"
            if h["source"] == "Medicine"
            else "rules/coc.md §3.13 (scheduled heal)",
        )
    if c["major_wound"]:
        if c["dying"] and not c["stabilised"]:
            return
        state["days_toward_week"] += 1
        if state["days_toward_week"] >= DAYS_PER_WEEK:
            weekly_healing(dice, state, log, settings)
    elif state["hp"] < hp_max(state):
        heal(state, 1, "A day's natural healing", log, HEALING)
