"""Sanity rolls, losses, going mad, regaining Sanity and insanity timers (C20–C22; seed 003 "Sanity"; rules/coc.md §3.11).

No Luck and no pushing on Sanity rolls (rules/coc.md §3.11): the roll is recorded
as kind ``"sanity"``, which :mod:`py_rules.coc.luck` and :mod:`py_rules.coc.push` refuse.
"""

from __future__ import annotations

from py_rules import dice_expr
from py_rules.coc.checks import check, record, roll_told
from py_rules.coc.investigator import copy_state, normalize, san_max, who
from py_rules.coc.levels import Level, level_name
from py_rules.coc.settings import Settings
from py_rules.coc.tables import DICE_FORM, SANITY_LOSS_FORM, SANITY_TRAUMA_LOSS, TEMPORARY_INSANITY_DICE
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log, Result, rolled
from py_rules.words import counted

__all__ = ("goes_mad_threshold", "sanity_roll", "gain_sanity", "pass_hours", "start_day")

SANITY = "seed 003, Sanity"
FAILING = "seed 003, Failing a Sanity Roll"
MAD = "seed 003, Losing >5 Sanity in One Roll (Going Mad)"
REGAIN = "seed 003, Regaining Sanity"


def goes_mad_threshold(loss: int, rule: str = "5_or_more") -> bool:
    """Whether one roll's loss is a major trauma (rules/coc.md §3.12 D2).

    >>> goes_mad_threshold(5), goes_mad_threshold(4), goes_mad_threshold(5, "more_than_5"), goes_mad_threshold(6, "more_than_5")
    (True, False, False, True)
    """
    return loss >= SANITY_TRAUMA_LOSS if rule == "5_or_more" else loss > SANITY_TRAUMA_LOSS


def sanity_roll(
    dice: DiceSource,
    state: dict,
    loss: str,
    *,
    bonus: int = 0,
    penalty: int = 0,
    label: str = "",
    settings: Settings = Settings(),
    log: Log | None = None,
) -> Result:
    """Roll 1D100 against current SAN; lose X on success, Y on failure; 5+ → INT roll → 1D10 hours insane (C20).
    ``log`` may hold lines that come first (what the roll is against).

    The headline names each roll with its target, its level and what came of it: the Sanity roll with the loss
    (``Sanity roll 95 vs 60 — Failure: loses 6 Sanity (60 → 54)``), then the INT roll a loss of 5 or more asks
    for (``INT roll 33 vs 85 — Regular success: temporarily insane for 4 hours``), then any insanity the book's
    options add."""
    success_loss, failure_loss = dice_expr.parse_parts(loss, SANITY_LOSS_FORM, "loss")
    if state["conditions"]["dead"]:
        raise RulesError("rule_violation", f"{who(state)} is dead.", "investigator")
    new = copy_state(state)
    name = who(state)
    roll = check(dice, state["san"], "Sanity", bonus=bonus, penalty=penalty, basis=settings.fumble_basis)
    log = Log() if log is None else log
    log.step(
        f"Loss {success_loss.text}/{failure_loss.text}: {success_loss.text} on a success, {failure_loss.text} on a failure",
        "rules/coc.md §3.11 [BOOK]",
    )
    log.extend(roll.steps)
    if roll.level == Level.FUMBLE:
        log.flag("fumble")
    if roll.success:
        expr = success_loss
    else:
        expr = failure_loss
        new["conditions"]["involuntary_action"] = True
        log.flag("involuntary_action")
        log.step(
            "Failed: the Keeper briefly controls the next action due to fear (screaming, freezing …); "
            "then the loss is rolled",
            FAILING,
        )
        log.event(f"The Keeper controls {name}'s next action (fear)")
    if roll.level == Level.FUMBLE and settings.fumbled_sanity_max_loss:
        amount = failure_loss.most
        log.step(f"Fumble: the maximum loss, {amount}", "rules/coc.md §3.11 [BOOK]")
    else:
        amount, faces, _working = dice_expr.roll(dice, expr, "Sanity loss")
        if expr.dice:
            log.step(
                f"Sanity loss {expr.text}: {' + '.join(map(str, faces))}"
                f"{' ' + format(expr.constant, '+d') if expr.constant else ''} = {amount}",
                SANITY,
            )
    amount = max(0, amount)
    before = new["san"]
    new["san"] = max(0, before - amount)
    lost = before - new["san"]
    floor = f" = {before - amount} → 0 (SAN never goes below 0)" if before - amount < 0 else f" = {new['san']}"
    log.step(f"SAN {before} − {amount}{floor}", SANITY)
    if lost:
        log.event(f"{name} loses {lost} Sanity ({before} → {new['san']})")
    log.tell(
        roll_told("Sanity roll", roll, f"loses {lost} Sanity ({before} → {new['san']})" if lost else "loses no Sanity")
    )
    details = {"loss": amount, "san_before": before, "san_after": new["san"], "int_roll": None, "insane_hours": 0}
    details["who_rolled"] = [rolled(name, "Sanity", roll.roll, roll.value, level_name(roll.level))]
    if goes_mad_threshold(amount, settings.insanity_threshold):
        log.flag("int_roll")
        log.step(
            f"A loss of {amount} from one roll ({'5 or more' if settings.insanity_threshold == '5_or_more' else 'more than 5'}): "
            "a major trauma; roll INT",
            MAD,
        )
        int_roll = check(dice, state["characteristics"]["INT"], "INT", basis=settings.fumble_basis)  # "INT roll"
        log.extend(int_roll.steps)
        details["int_roll"] = int_roll.roll
        details["who_rolled"].append(rolled(name, "INT", int_roll.roll, int_roll.value, level_name(int_roll.level)))
        if int_roll.success:
            hours, _, _working = dice_expr.roll(
                dice, dice_expr.parse(TEMPORARY_INSANITY_DICE, DICE_FORM), "temporary insanity hours"
            )
            new["temporary_insanity_hours"] = max(new["temporary_insanity_hours"], hours)
            details["insane_hours"] = hours
            log.flag("temporarily_insane")
            log.step(
                f"INT roll ≤ INT: understands and goes temporarily insane for 1D10 = {counted(hours, 'hours')}", MAD
            )
            log.event(f"{name} is temporarily insane for {counted(hours, 'hours')}")
            log.tell(roll_told("INT roll", int_roll, f"temporarily insane for {counted(hours, 'hours')}"))
        else:
            log.step("INT roll higher than INT: the mind closes to the horror; stays sane", MAD)
            log.event(f"{name}'s mind closes to the horror and stays sane")
            log.tell(roll_told("INT roll", int_roll, "the mind closes to the horror, stays sane"))
    _book_insanity(new, log, settings)
    new["last_roll"] = record(roll, "sanity", bonus=bonus, penalty=penalty)
    log.step("No Luck and no push on Sanity rolls", "rules/coc.md §3.11")
    return Result.of(
        log,
        "coc",
        "sanity_roll",
        label=label,
        total=roll.roll,
        target=roll.value,
        success=roll.success,
        level=int(roll.level),
        level_name=level_name(roll.level),
        details=details,
        state=normalize(new),
        headline=log.headline(),
    )


_INSANE = {
    "indefinitely_insane": "indefinitely insane (a fifth of the day's Sanity lost)",
    "permanently_insane": "permanently insane (Sanity 0)",
}
"""The book's insanity options as a headline says them (rules/coc.md §3.11)."""


def _book_insanity(state: dict, log: Log, settings: Settings) -> None:
    """Book options (not in the seed): a fifth of the day's SAN lost → indefinite; SAN 0 → permanent (rules/coc.md §3.11);
    the headline says each (:data:`_INSANE`)."""
    if not settings.book_insanity:
        return
    c, name = state["conditions"], who(state)
    start = state["san_at_start_of_day"]
    if not c["indefinitely_insane"] and start > 0 and (start - state["san"]) * 5 >= start:
        c["indefinitely_insane"] = True
        log.flag("indefinitely_insane")
        log.step(
            f"Lost {start - state['san']} of {start} SAN today (a fifth or more): indefinitely insane",
            "rules/coc.md §3.11 [BOOK option]",
        )
        log.event(f"{name} is indefinitely insane")
        log.tell(_INSANE["indefinitely_insane"])
    if state["san"] == 0 and not c["permanently_insane"]:
        c["permanently_insane"] = True
        log.flag("permanently_insane")
        log.step("SAN 0: permanently insane", "rules/coc.md §3.11 [BOOK option]")
        log.event(f"{name} is permanently insane")
        log.tell(_INSANE["permanently_insane"])


def gain_sanity(dice: DiceSource, state: dict, amount: str, reason: str, *, label: str = "") -> Result:
    """Regain Sanity (C21): Keeper-entered amount (number or dice), capped at 99 − Cthulhu Mythos."""
    if state["conditions"]["dead"]:
        raise RulesError("rule_violation", f"{who(state)} is dead.", "investigator")
    expr = dice_expr.parse(amount, DICE_FORM, "amount")
    if expr.least < 0:
        raise RulesError("out_of_range", "A Sanity gain cannot be negative.", "amount")
    new = copy_state(state)
    gained, faces, _working = dice_expr.roll(dice, expr, "Sanity regained")
    limit = san_max(state)
    before = new["san"]
    new["san"] = min(limit, before + gained)
    log = Log()
    log.step(
        f"Recovering lost Sanity is tough: {reason} restores {expr.text}{' = ' + str(gained) if expr.dice else ''}",
        REGAIN,
    )
    log.step(
        f"SAN {before} + {gained} = {before + gained}, capped at max SAN {limit} (99 − Cthulhu Mythos) → {new['san']}",
        "rules/coc.md §3.2, §3.11",
    )
    log.event(f"{who(state)} regains {new['san'] - before} Sanity ({before} → {new['san']})")
    return Result.of(
        log,
        "coc",
        "gain_sanity",
        label=label,
        total=gained,
        target=limit,
        details={"gained": new["san"] - before, "rolled": gained, "reason": reason},
        state=normalize(new),
    )


def pass_hours(state: dict, hours: int, log: Log) -> None:
    """Temporary insanity counts down by ``hours`` (C22: 1D10 hours)."""
    left = state["temporary_insanity_hours"]
    if left:
        state["temporary_insanity_hours"] = max(0, left - hours)
        if state["temporary_insanity_hours"] == 0:
            log.step(f"Temporary insanity ends after {counted(left, 'hours').replace(' hour', ' more hour')}", MAD)
            log.event(f"{who(state)} is no longer temporarily insane")


def start_day(state: dict) -> None:
    """A new game day: remember today's starting SAN for the book's indefinite-insanity option."""
    state["san_at_start_of_day"] = state["san"]
