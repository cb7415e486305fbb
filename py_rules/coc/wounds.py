"""Hit points, major wounds, dying, death, First Aid, Medicine and healing (C15–C19; rules/coc.md §3.9, §3.10).

Functions here change a *copy* of an investigator in place and return the
explanation (steps) and state changes (events); operations wrap them in a
:class:`Result`. Pure threshold tests: :func:`major_wound_triggered`,
:func:`instant_death`.
"""

from __future__ import annotations

from py_rules import dice_expr
from py_rules.coc.checks import check, roll_told
from py_rules.coc.investigator import hp_max, who
from py_rules.coc.levels import Level
from py_rules.coc.settings import Settings
from py_rules.coc.tables import DAYS_PER_WEEK, DICE_FORM, MAJOR_WOUND_HEALING, MEDICINE_DELAY_DAYS
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Step

__all__ = (
    "major_wound_triggered",
    "instant_death",
    "apply_damage",
    "heal",
    "end_round",
    "dying_round",
    "first_aid",
    "medicine",
    "weekly_healing",
    "natural_day",
)

ZERO = "seed 003, When HP Falls Below Zero"
MAJOR = "seed 003, Losing more than Half HP in One Turn"
MAJOR_CHARS = "seed 003, Major Wound Characters"
DEATH = "seed 003, Losing All HP in One Turn"
FIRST_AID = "seed 003, First Aid"
HEALING = "seed 003, Healing (No Major Wound)"
DYING = "rules/coc.md §3.9 / §3.12 D16 [BOOK]: CON roll at the end of each round"
WEEKLY_ROLL = "Weekly healing CON roll"
"""How a headline names the weekly major-wound healing roll (seed 003, Major Wound Characters)."""


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


def _con_roll(dice: DiceSource, state: dict, purpose: str):
    return check(dice, state["characteristics"]["CON"], f"CON ({purpose})")


def apply_damage(
    dice: DiceSource, state: dict, amount: int, settings: Settings = Settings(), told: list | None = None
) -> tuple[list[Step], list[str]]:
    """Take ``amount`` damage (C15): HP floor 0, major wound and its CON roll, unconscious, dying, instant death.

    ``told`` (a list, when given) receives what the damage did in one line, the CON roll with its target and
    outcome included: ``Takes 8 damage (14 → 6 HP): major wound — CON roll 43 vs 60, stays conscious``."""
    said: list[str] = []
    before_hp = state["hp"]
    answer = _apply_damage(dice, state, amount, settings, said)
    if told is not None:
        head = f"Takes {amount} damage ({before_hp} → {state['hp']} HP)"
        told.append(head + (": " + ", ".join(said) if said else ""))
    return answer


def _apply_damage(
    dice: DiceSource, state: dict, amount: int, settings: Settings, said: list
) -> tuple[list[Step], list[str]]:
    c = state["conditions"]
    name, maximum = who(state), hp_max(state)
    steps, events = [], []
    if c["dead"]:
        steps.append(Step(f"{name} is already dead; nothing changes"))
        said.append("already dead, nothing changes")
        return steps, events
    before_round, before_hp = state["damage_this_round"], state["hp"]
    state["damage_this_round"] = before_round + amount
    state["hp"] = max(0, before_hp - amount)
    steps.append(
        Step(
            f"{name} takes {amount}: HP {before_hp} → {state['hp']} (of {maximum}; never below 0); "
            f"damage this round {before_round} → {state['damage_this_round']}",
            ZERO,
        )
    )
    if amount <= 0:
        return steps, events
    if before_hp > state["hp"]:
        events.append(f"{name} loses {before_hp - state['hp']} HP ({before_hp} → {state['hp']})")
    state["first_aid_given"] = False  # a new injury may be treated again (once per injury, rules/coc.md §3.10)
    state["medicine_given"] = False
    if instant_death(before_round, amount, maximum, settings.instant_death_rule):
        _die(state)
        basis = (
            f"damage this round {state['damage_this_round']} ≥ max HP {maximum}"
            if settings.instant_death_rule == "round_all_hp"
            else f"{amount} > max HP {maximum} in one attack"
        )
        steps.append(
            Step(
                f"Instant death: {basis}",
                DEATH if settings.instant_death_rule == "round_all_hp" else "rules/coc.md §3.9 [BOOK]",
            )
        )
        events.append(f"{name} is killed outright")
        said.append("killed outright")
        return steps, events
    new_major_wound = major_wound_triggered(before_round, amount, maximum, settings.major_wound_rule)
    if new_major_wound:
        c["major_wound"] = True
        c["prone"] = True
        state["days_toward_week"] = 0
        steps.append(
            Step(
                f"Major wound: {_major_wound_basis(settings.major_wound_rule, state['damage_this_round'], amount, maximum)}; "
                "falls prone",
                MAJOR if settings.major_wound_rule.startswith("round") else "rules/coc.md §3.12 D4",
            )
        )
        events.append(f"{name} suffers a major wound")
        if state["hp"] > 0:
            roll = _con_roll(dice, state, "stay conscious")
            steps.extend(roll.steps)
            said.append(
                f"major wound — CON roll {roll.roll} vs {roll.value}, "
                + ("stays conscious" if roll.success else "falls unconscious")
            )
            if roll.success:
                steps.append(Step("CON roll succeeded: stays conscious", MAJOR))
            else:
                c["unconscious"] = True
                steps.append(Step("CON roll failed: falls unconscious", MAJOR))
                events.append(f"{name} falls unconscious")
        else:
            said.append("major wound")
    if state["hp"] == 0 and (before_hp > 0 or (new_major_wound and not c["dying"])):
        c["unconscious"] = True
        if c["major_wound"] or settings.zero_hp_always_dying:
            c["dying"] = True
            c["stabilised"] = False
            rule = MAJOR_CHARS if c["major_wound"] else f"{ZERO} (setting zero_hp_always_dying)"
            steps.append(Step("0 HP: unconscious and dying (CON roll at the end of each round)", rule))
            events.append(f"{name} is unconscious and dying")
            said.append("unconscious and dying (a CON roll at the end of each round)")
        else:
            steps.append(Step("0 HP without a major wound: unconscious, not dying", "rules/coc.md §3.12 D3"))
            events.append(f"{name} falls unconscious")
            said.append("unconscious, not dying")
    return steps, events


def _major_wound_basis(rule: str, round_total: int, amount: int, maximum: int) -> str:
    """The arithmetic behind a major wound, in words (rules/coc.md §3.12 D4)."""
    counted, what = (
        (round_total, "damage this round") if rule.startswith("round") else (amount, "damage from one attack")
    )
    if rule.endswith("more_than_half"):
        return f"{what} {counted} is more than half of max HP {maximum} ({counted} × 2 > {maximum})"
    return f"{what} {counted} is at least half of max HP {maximum} ({counted} × 2 ≥ {maximum})"


def _die(state: dict) -> None:
    c = state["conditions"]
    state["hp"] = 0
    c.update(dead=True, dying=False, stabilised=False, unconscious=True)


def heal(state: dict, amount: int, source: str, cite: str = "") -> tuple[list[Step], list[str]]:
    """Add HP (capped at max); leaving 0 HP ends dying; half max HP ends a major wound (seed 003).

    ``source`` names the healing; ``cite`` is its rule (``source`` itself when it is already a citation).
    """
    c, name, maximum = state["conditions"], who(state), hp_max(state)
    before = state["hp"]
    state["hp"] = min(maximum, before + amount)
    steps = [Step(f"{source}: +{amount} HP, {before} → {state['hp']} (max {maximum})", cite or source)]
    events = [f"{name} heals {state['hp'] - before} HP ({before} → {state['hp']})"] if state["hp"] != before else []
    if state["hp"] > before and (before == 0 or c["dying"]):
        # leaving 0 HP, or real healing on top of the book's 1 temporary HP (rules/coc.md §3.12 D8 option)
        c.update(dying=False, stabilised=False, unconscious=False)
        steps.append(Step("Above 0 HP: no longer dying or unconscious"))
    if c["major_wound"] and state["hp"] * 2 >= maximum:
        c["major_wound"] = False
        state["days_toward_week"] = 0
        steps.append(Step(f"Healed to half HP ({state['hp']}/{maximum}): the major wound ends", MAJOR_CHARS))
        events.append(f"{name}'s major wound ends")
    return steps, events


def end_round(dice: DiceSource, state: dict, told: list | None = None) -> tuple[list[Step], list[str]]:
    """End of a combat round: the dying roll CON, and the per-round counters reset (C10, C16)."""
    steps, events = [], []
    if state["conditions"]["dying"] and not state["conditions"]["stabilised"] and not state["conditions"]["dead"]:
        more, evs = dying_round(dice, state, told)
        steps += more
        events += evs
    state["damage_this_round"] = 0
    state["defences_this_round"] = 0
    steps.append(Step(f"{who(state)}: damage this round reset to 0", "rules/coc.md §3.9: per-turn accumulator"))
    return steps, events


def dying_round(dice: DiceSource, state: dict, told: list | None = None) -> tuple[list[Step], list[str]]:
    """A dying character rolls CON at the end of the round; failure means death (C16; D16). ``told`` (a list,
    when given) receives the roll with its target and outcome: ``CON roll (dying) 43 vs 60 — Regular success:
    clings to life``."""
    c = state["conditions"]
    if c["dead"]:
        raise RulesError("rule_violation", f"{who(state)} is already dead.", "investigator")
    if not c["dying"] or c["stabilised"]:
        raise RulesError("rule_violation", f"{who(state)} is not dying (or has been stabilised).", "investigator")
    roll = _con_roll(dice, state, "dying")
    steps = list(roll.steps)
    if told is not None:
        told.append(roll_told("CON roll (dying)", roll, "clings to life" if roll.success else "dies"))
    if roll.success:
        steps.append(Step("CON roll succeeded: still alive, still dying", DYING))
        return steps, [f"{who(state)} clings to life"]
    _die(state)
    steps.append(Step("CON roll failed: death", DYING))
    return steps, [f"{who(state)} dies"]


def first_aid(
    dice: DiceSource, state: dict, skill: int, *, bonus: int = 0, penalty: int = 0, settings: Settings = Settings()
):
    """First Aid (C17): +1 HP and revive; on a dying character it only stabilises (seed 003, First Aid)."""
    c, name = state["conditions"], who(state)
    if c["dead"]:
        raise RulesError("rule_violation", f"{name} is dead; First Aid cannot help.", "investigator")
    if state["first_aid_given"]:
        raise RulesError(
            "rule_violation", f"{name} has already had First Aid for this injury (once per injury).", "investigator"
        )  # rules/coc.md §3.10
    if state["hp"] >= hp_max(state) and not c["unconscious"]:
        raise RulesError("rule_violation", f"{name} is unhurt; there is nothing to treat.", "investigator")
    roll = check(dice, skill, "First Aid", bonus=bonus, penalty=penalty, basis=settings.fumble_basis)
    steps, events = list(roll.steps), []
    if not roll.success:
        steps.append(Step("First Aid failed: no effect", FIRST_AID))
        return roll, steps, events
    state["first_aid_given"] = True
    if c["dying"] and not c["stabilised"]:
        c["stabilised"] = True
        if settings.first_aid_on_dying == "temporary_hp":
            state["hp"] = 1
            steps.append(Step("Stabilised with 1 temporary HP; Medicine must follow", "rules/coc.md §3.12 D8 [BOOK]"))
        else:
            steps.append(
                Step("On a dying character First Aid only stabilises (no HP), waiting for Medicine", FIRST_AID)
            )
        events.append(f"{name} is stabilised")
        return roll, steps, events
    if state["hp"] == 0:
        steps.append(Step("First Aid can't restore HP at 0 (only Medicine can); no change", ZERO))
        return roll, steps, events
    more, evs = heal(state, 1, FIRST_AID)
    steps += more
    events += evs
    if c["unconscious"]:
        c["unconscious"] = False
        steps.append(Step("Revived from unconsciousness", FIRST_AID))
        events.append(f"{name} regains consciousness")
    return roll, steps, events


def medicine(
    dice: DiceSource,
    state: dict,
    skill: int,
    *,
    equipment: bool,
    bonus: int = 0,
    penalty: int = 0,
    settings: Settings = Settings(),
):
    """Medicine (C18): 1D3 HP, after a week, with equipment (seed 003); also stabilises the dying."""
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
    roll = check(dice, skill, "Medicine", bonus=bonus, penalty=penalty, basis=settings.fumble_basis)
    steps, events = list(roll.steps), []
    if not roll.success:
        steps.append(Step("Medicine failed: no effect", "seed 003, First Aid (Medicine)"))
        return roll, steps, events
    state["medicine_given"] = True
    if c["dying"] and not c["stabilised"]:
        c["stabilised"] = True
        steps.append(Step("Medicine stabilises the dying character", MAJOR_CHARS))
        events.append(f"{name} is stabilised")
    amount, faces, _working = dice_expr.roll(dice, dice_expr.parse("1D3", DICE_FORM), "Medicine healing")
    if settings.medicine_timing == "after_week":
        state["scheduled_heals"].append({"days": MEDICINE_DELAY_DAYS, "amount": amount, "source": "Medicine"})
        steps.append(
            Step(
                f"1D3 = {amount}: heals after a week ({MEDICINE_DELAY_DAYS} days), with equipment",
                "seed 003, First Aid (Medicine); rules/coc.md §3.12 D7",
            )
        )
        events.append(f"{name} will heal {amount} HP from Medicine in {MEDICINE_DELAY_DAYS} days")
    else:
        more, evs = heal(state, amount, "Medicine (immediate, book)", "rules/coc.md §3.12 D7 [BOOK]")
        steps.append(Step(f"1D3 = {amount}", "rules/coc.md §3.12 D7 [BOOK]"))
        steps += more
        events += evs
    return roll, steps, events


def weekly_healing(
    dice: DiceSource, state: dict, settings: Settings = Settings(), told: list | None = None
) -> tuple[list[Step], list[str]]:
    """The weekly major-wound healing roll (C19): CON roll, success 1D4, Extreme 2D4; Extreme ends it (seed 003).
    ``told`` (a list, when given) receives the roll with its target and what it healed: ``Weekly healing CON roll
    43 vs 60 — Regular success: heals 3 HP (5 → 8)``."""
    told = [] if told is None else told
    c, name = state["conditions"], who(state)
    if c["dead"]:
        raise RulesError("rule_violation", f"{name} is dead.", "investigator")
    if not c["major_wound"]:
        raise RulesError("rule_violation", f"{name} has no major wound; heal 1 HP per day instead.", "investigator")
    if c["dying"] and not c["stabilised"]:
        raise RulesError("rule_violation", f"{name} is dying: stabilise first (First Aid or Medicine).", "investigator")
    regular, extreme = MAJOR_WOUND_HEALING[settings.major_wound_healing]
    roll = _con_roll(dice, state, "weekly major-wound healing")
    steps, events = [Step("Major wound healing roll each week (CON roll)", MAJOR_CHARS)] + list(roll.steps), []
    state["days_toward_week"] = 0
    if not roll.success:
        steps.append(Step("Failed: no healing this week", MAJOR_CHARS))
        told.append(roll_told(WEEKLY_ROLL, roll, "no healing this week"))
        return steps, events
    dice_text = extreme if roll.level >= Level.EXTREME else regular
    amount, _, _working = dice_expr.roll(dice, dice_expr.parse(dice_text, DICE_FORM), "major-wound healing")
    steps.append(
        Step(f"{'Extreme' if roll.level >= Level.EXTREME else 'Success'}: regain {dice_text} = {amount}", MAJOR_CHARS)
    )
    before = state["hp"]
    more, evs = heal(state, amount, "Weekly major-wound healing", MAJOR_CHARS)
    steps += more
    events += evs
    outcome = f"heals {state['hp'] - before} HP ({before} → {state['hp']})"
    if roll.level >= Level.EXTREME and c["major_wound"]:
        c["major_wound"] = False
        steps.append(Step("Extreme success: the major wound ends", MAJOR_CHARS))
        events.append(f"{name}'s major wound ends")
    if not c["major_wound"]:
        outcome += ", the major wound ends"
    told.append(roll_told(WEEKLY_ROLL, roll, outcome))
    return steps, events


def natural_day(
    dice: DiceSource, state: dict, settings: Settings = Settings(), told: list | None = None
) -> tuple[list[Step], list[str]]:
    """One day passes: scheduled heals come due, 1 HP without a major wound, weekly roll with one (C19). ``told``
    (a list, when given) receives the weekly roll with its outcome."""
    c = state["conditions"]
    steps, events = [], []
    if c["dead"]:
        return steps, events
    due = [h for h in state["scheduled_heals"] if h["days"] <= 1]
    state["scheduled_heals"] = [dict(h, days=h["days"] - 1) for h in state["scheduled_heals"] if h["days"] > 1]
    for h in due:
        more, evs = heal(
            state,
            h["amount"],
            f"{h['source']} (scheduled)",
            "seed 003, First Aid (Medicine: 'after a week')"
            if h["source"] == "Medicine"
            else "rules/coc.md §3.13 (scheduled heal)",
        )
        steps += more
        events += evs
    if c["major_wound"]:
        if c["dying"] and not c["stabilised"]:
            return steps, events
        state["days_toward_week"] += 1
        if state["days_toward_week"] >= DAYS_PER_WEEK:
            more, evs = weekly_healing(dice, state, settings, told)
            steps += more
            events += evs
    elif state["hp"] < hp_max(state):
        more, evs = heal(state, 1, "A day's natural healing", HEALING)
        steps += more
        events += evs
    return steps, events
