"""Hit points, major wounds, dying and death (C15, C16; seed 003, Hit points, Wounds, and Healing; rules/coc.md §3.9).

Functions here change a *copy* of an investigator in place and write the explanation (steps) and the state changes
(events) into a :class:`~py_rules.trace.Log`; operations make the :class:`~py_rules.trace.Result` from it. Pure
threshold tests: :func:`major_wound_triggered`, :func:`instant_death`. Treatment and healing: :mod:`py_rules.coc.healing`.
"""

from __future__ import annotations

from py_rules.coc.checks import check, roll_told
from py_rules.coc.investigator import hp_max, who
from py_rules.coc.settings import Settings
from py_rules.coc.treatment import forget
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log

__all__ = ("major_wound_triggered", "instant_death", "apply_damage", "die", "end_round", "dying_round")

ZERO = "seed 003, When HP Falls Below Zero"
MAJOR = "seed 003, Losing more than Half HP in One Turn"
MAJOR_CHARS = "seed 003, Major Wound Characters"
DEATH = "seed 003, Losing All HP in One Turn"
DYING = "rules/coc.md §3.9 / §3.12 D16 [BOOK]: CON roll at the end of each round"


def major_wound_triggered(before_round: int, amount: int, maximum: int, rule: str = "round_more_than_half") -> bool:
    """Whether this damage makes a major wound (rules/coc.md §3.12 D4).

    Round rules count the damage of the whole round and trigger when this damage crosses the threshold.

    >>> major_wound_triggered(0, 7, 12), major_wound_triggered(0, 6, 12), major_wound_triggered(4, 3, 12)
    (True, False, True)
    >>> major_wound_triggered(0, 6, 12, "attack_half_or_more"), major_wound_triggered(4, 3, 12, "attack_half_or_more")
    (True, False)
    """

    def over(total: int) -> bool:
        return total * 2 > maximum if rule.endswith("more_than_half") else total * 2 >= maximum

    if rule.startswith("round"):
        return over(before_round + amount) and not over(before_round)
    return over(amount)


def instant_death(before_round: int, amount: int, maximum: int, rule: str = "round_all_hp") -> bool:
    """Whether this damage kills outright (rules/coc.md §3.12 D5).

    >>> instant_death(5, 7, 12), instant_death(0, 11, 12), instant_death(0, 12, 12, "attack_over_max")
    (True, False, False)
    """
    if rule == "round_all_hp":
        return before_round + amount >= maximum
    return amount > maximum


def con_roll(dice: DiceSource, state: dict, purpose: str):
    """A CON roll for ``purpose`` (staying conscious, staying alive, healing a major wound; seed 003)."""
    return check(dice, state["characteristics"]["CON"], f"CON ({purpose})")


def apply_damage(dice: DiceSource, state: dict, amount: int, log: Log, settings: Settings = Settings()) -> None:
    """Take ``amount`` damage (C15): HP floor 0, major wound and its CON roll, unconscious, dying, instant death.

    ``log`` is told what the damage did in one line, the CON roll with its target and outcome included:
    ``Takes 8 damage (14 → 6 HP): major wound — CON roll 43 vs 60, stays conscious``."""
    said: list[str] = []
    before_hp = state["hp"]
    _apply_damage(dice, state, amount, settings, said, log)
    head = f"Takes {amount} damage ({before_hp} → {state['hp']} HP)"
    log.tell(head + (": " + ", ".join(said) if said else ""))


def _apply_damage(dice: DiceSource, state: dict, amount: int, settings: Settings, said: list, log: Log) -> None:
    c = state["conditions"]
    name, maximum = who(state), hp_max(state)
    if c["dead"]:
        log.step(f"{name} is already dead; nothing changes")
        said.append("already dead, nothing changes")
        return
    before_round, before_hp = state["damage_this_round"], state["hp"]
    state["damage_this_round"] = before_round + amount
    state["hp"] = max(0, before_hp - amount)
    log.step(
        f"{name} takes {amount}: HP {before_hp} → {state['hp']} (of {maximum}; never below 0); "
        f"damage this round {before_round} → {state['damage_this_round']}",
        ZERO,
    )
    if amount <= 0:
        return
    if before_hp > state["hp"]:
        log.event(f"{name} loses {before_hp - state['hp']} HP ({before_hp} → {state['hp']})")
    state["first_aid_given"] = False  # a new injury may be treated again (once per injury, rules/coc.md §3.10)
    state["medicine_given"] = False
    forget(state)
    if instant_death(before_round, amount, maximum, settings.instant_death_rule):
        die(state)
        basis = (
            f"damage this round {state['damage_this_round']} ≥ max HP {maximum}"
            if settings.instant_death_rule == "round_all_hp"
            else f"{amount} > max HP {maximum} in one attack"
        )
        log.step(
            f"Instant death: {basis}",
            DEATH if settings.instant_death_rule == "round_all_hp" else "rules/coc.md §3.9 [BOOK]",
        )
        log.event(f"{name} is killed outright")
        said.append("killed outright")
        return
    new_major_wound = major_wound_triggered(before_round, amount, maximum, settings.major_wound_rule)
    if new_major_wound:
        c["major_wound"] = True
        c["prone"] = True
        state["days_toward_week"] = 0
        log.step(
            f"Major wound: {_major_wound_basis(settings.major_wound_rule, state['damage_this_round'], amount, maximum)}; "
            "falls prone",
            MAJOR if settings.major_wound_rule.startswith("round") else "rules/coc.md §3.12 D4",
        )
        log.event(f"{name} suffers a major wound")
        if state["hp"] > 0:
            roll = con_roll(dice, state, "stay conscious")
            log.extend(roll.steps)
            said.append(
                f"major wound — CON roll {roll.roll} vs {roll.value}, "
                + ("stays conscious" if roll.success else "falls unconscious")
            )
            if roll.success:
                log.step("CON roll succeeded: stays conscious", MAJOR)
            else:
                c["unconscious"] = True
                log.step("CON roll failed: falls unconscious", MAJOR)
                log.event(f"{name} falls unconscious")
        else:
            said.append("major wound")
    if state["hp"] == 0 and (before_hp > 0 or (new_major_wound and not c["dying"])):
        c["unconscious"] = True
        if c["major_wound"] or settings.zero_hp_always_dying:
            c["dying"] = True
            c["stabilised"] = False
            rule = MAJOR_CHARS if c["major_wound"] else f"{ZERO} (setting zero_hp_always_dying)"
            log.step("0 HP: unconscious and dying (CON roll at the end of each round)", rule)
            log.event(f"{name} is unconscious and dying")
            said.append("unconscious and dying (a CON roll at the end of each round)")
        else:
            log.step("0 HP without a major wound: unconscious, not dying", "rules/coc.md §3.12 D3")
            log.event(f"{name} falls unconscious")
            said.append("unconscious, not dying")


def _major_wound_basis(rule: str, round_total: int, amount: int, maximum: int) -> str:
    """The arithmetic behind a major wound, in words (rules/coc.md §3.12 D4)."""
    counted, what = (
        (round_total, "damage this round") if rule.startswith("round") else (amount, "damage from one attack")
    )
    if rule.endswith("more_than_half"):
        return f"{what} {counted} is more than half of max HP {maximum} ({counted} × 2 > {maximum})"
    return f"{what} {counted} is at least half of max HP {maximum} ({counted} × 2 ≥ {maximum})"


def die(state: dict) -> None:
    """Death: 0 HP, no longer dying or stabilised (seed 003, Losing All HP in One Turn; When HP Falls Below Zero)."""
    c = state["conditions"]
    state["hp"] = 0
    c.update(dead=True, dying=False, stabilised=False, unconscious=True)


def end_round(dice: DiceSource, state: dict, log: Log) -> None:
    """End of a combat round: the dying roll CON, and the per-round counters reset (C10, C16)."""
    if state["conditions"]["dying"] and not state["conditions"]["stabilised"] and not state["conditions"]["dead"]:
        dying_round(dice, state, log)
    state["damage_this_round"] = 0
    state["defences_this_round"] = 0
    state["shots_this_round"] = 0
    log.step(f"{who(state)}: damage this round reset to 0", "rules/coc.md §3.9: per-turn accumulator")


def dying_round(dice: DiceSource, state: dict, log: Log) -> None:
    """A dying character rolls CON at the end of the round; failure means death (C16; D16). ``log`` is told the
    roll with its target and outcome: ``CON roll (dying) 43 vs 60 — Regular success: clings to life``."""
    c = state["conditions"]
    if c["dead"]:
        raise RulesError("rule_violation", f"{who(state)} is already dead.", "investigator")
    if not c["dying"] or c["stabilised"]:
        raise RulesError("rule_violation", f"{who(state)} is not dying (or has been stabilised).", "investigator")
    roll = con_roll(dice, state, "dying")
    log.extend(roll.steps)
    log.tell(roll_told("CON roll (dying)", roll, "clings to life" if roll.success else "dies"))
    if roll.success:
        log.step("CON roll succeeded: still alive, still dying", DYING)
        log.event(f"{who(state)} clings to life")
        return
    die(state)
    log.step("CON roll failed: death", DYING)
    log.event(f"{who(state)} dies")
