"""Skill, characteristic and Luck rolls; spending Luck (C3, C4, C6; seed 003; rules/coc.md §3.4, §3.6).

A roll is recorded on the investigator as ``last_roll`` so that pushing it (:mod:`py_rules.coc.push`) or
spending Luck on it works on the roll actually made (and the page carries it
from one form to the next). The pure parts: :func:`luck_cost`,
:func:`luck_refusal`; dice come from the injected source.
"""

from __future__ import annotations

from dataclasses import dataclass

from py_rules.coc.development import luck_bought, recover_luck_into, tick
from py_rules.coc.investigator import characteristic, copy_state, luck_of, normalize, skill_value, who
from py_rules.coc.levels import Level, level_for, level_name, needed, succeeds, threshold
from py_rules.coc.percentile import Percentile, roll_percentile
from py_rules.coc.settings import Settings
from py_rules.coc.tables import CHARACTERISTIC_NAMES, DIFFICULTY_RANK
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log, Result, Step

__all__ = (
    "CheckRoll",
    "check",
    "roll_told",
    "record",
    "check_result",
    "require_alive",
    "require_able",
    "skill_roll",
    "characteristic_roll",
    "luck_roll",
    "luck_cost",
    "luck_refusal",
    "spend_luck",
    "apply_luck",
    "require_luck",
    "luck_on_roll",
    "recover_luck",
)

ROLLING = "seed 003, Rolling Dice"
LUCK = "seed 003, Luck"

LUCK_SPENDABLE = ("skill", "combined")
"""Seed 003, Luck: "Only for skill checks" (a characteristic roll is not a skill check; rules/coc.md §3.6, D15)."""


@dataclass(frozen=True)
class CheckRoll:
    """One d100 roll against a value: the dice, the level, success at the demanded difficulty."""

    name: str
    value: int
    difficulty: str
    percentile: Percentile
    level: Level
    success: bool
    steps: tuple[Step, ...]

    @property
    def roll(self) -> int:
        return self.percentile.value


def _level_step(name: str, value: int, roll: int, difficulty: str, level: Level, success: bool) -> Step:
    limits = f"Regular ≤{value}, Hard ≤{value // 2}, Extreme ≤{value // 5}"
    demand = "" if difficulty == "Regular" else f"; the Keeper demands {difficulty} (≤{needed(value, difficulty)})"
    outcome = "success" if success else "failure"
    return Step(f"{roll} vs {name} {value} ({limits}{demand}): {level_name(level)} → {outcome}", ROLLING)


def check(
    dice: DiceSource,
    value: int,
    name: str,
    *,
    difficulty: str = "Regular",
    bonus: int = 0,
    penalty: int = 0,
    basis: str = "needed",
) -> CheckRoll:
    """Roll 1D100 (with bonus/penalty dice) against ``value`` at the Keeper's ``difficulty`` (C3)."""
    perc = roll_percentile(dice, bonus, penalty, f"{name} roll")
    level = level_for(perc.value, value, difficulty, basis)
    success = succeeds(level, difficulty)
    steps = perc.steps + (_level_step(name, value, perc.value, difficulty, level, success),)
    if level == Level.CRITICAL:
        steps += (Step("01 is a critical success", "rules/coc.md §3.4 [BOOK]"),)
    if level == Level.FUMBLE:
        steps += (
            Step(
                f"{perc.value} is a fumble (100, or 96–100 when the value needed is below 50)",
                "rules/coc.md §3.4 [BOOK]",
            ),
        )
    return CheckRoll(name, value, difficulty, perc, level, success, steps)


def roll_told(what: str, roll: CheckRoll, outcome: str) -> str:
    """A roll that decided something, as a headline says it: what was rolled, the roll against its value, the
    level and what came of it (seed 003, Rolling Dice).

    >>> rolled = CheckRoll("INT", 85, "Regular", Percentile(3, (30,), 0, 33, 30, ()), Level.REGULAR, True, ())
    >>> roll_told("INT roll", rolled, "temporarily insane for 4 hours")
    'INT roll 33 vs 85 — Regular success: temporarily insane for 4 hours'
    """
    return f"{what} {roll.roll} vs {roll.value} — {level_name(roll.level)}: {outcome}"


def record(roll: CheckRoll, kind: str, *, bonus: int = 0, penalty: int = 0, pushed: bool = False, **extra) -> dict:
    """The ``last_roll`` entry kept on the investigator."""
    entry = {
        "kind": kind,
        "name": roll.name,
        "value": roll.value,
        "difficulty": roll.difficulty,
        "bonus": bonus,
        "penalty": penalty,
        "roll": roll.roll,
        "level": int(roll.level),
        "success": roll.success,
        "pushed": pushed,
        "luck_spent": 0,
    }
    entry.update(extra)
    return entry


def _flags(level: Level, success: bool) -> list[str]:
    flags = []
    if level == Level.CRITICAL:
        flags.append("critical")
    if level == Level.FUMBLE:
        flags.append("fumble")
    return flags


def check_result(
    roll: CheckRoll,
    kind: str,
    state: dict | None,
    *,
    label: str = "",
    goal: str = "",
    extra_steps=(),
    events=(),
    flags=(),
    details=None,
) -> Result:
    """A :class:`Result` for one recorded roll."""
    steps = []
    if goal:
        steps.append(Step(f"Goal agreed with the Keeper: {goal}", ROLLING))
    steps.extend(roll.steps)
    steps.extend(extra_steps)
    info = {
        "roll": roll.roll,
        "units": roll.percentile.units,
        "tens": list(roll.percentile.tens),
        "kept_tens": roll.percentile.tens[roll.percentile.kept],
        "net_dice": roll.percentile.net,
        "difficulty": roll.difficulty,
        "needed": needed(roll.value, roll.difficulty),
    }
    info.update(details or {})
    return Result(
        system="coc",
        kind=kind,
        label=label,
        total=roll.roll,
        target=roll.value,
        success=roll.success,
        level=int(roll.level),
        level_name=level_name(roll.level),
        flags=_flags(roll.level, roll.success) + list(flags),
        steps=steps,
        events=list(events),
        details=info,
        state=state,
    )


def _involuntary(state: dict) -> tuple[list[Step], list[str]]:
    """A character under the Keeper's brief control spends this action on it (seed 003, Failing a Sanity Roll)."""
    if not state["conditions"]["involuntary_action"]:
        return [], []
    state["conditions"]["involuntary_action"] = False
    return (
        [
            Step(
                f"{who(state)} was under the Keeper's control for this action (fear); the flag is now cleared",
                "seed 003, Failing a Sanity Roll",
            )
        ],
        [f"{who(state)}'s involuntary action is used up"],
    )


def require_alive(state: dict, field: str = "investigator") -> None:
    """The dead roll nothing and spend nothing (seed 003, Losing All HP in One Turn: instant death)."""
    if state["conditions"]["dead"]:
        raise RulesError("rule_violation", f"{who(state)} is dead.", field)


def require_able(state: dict, field: str = "investigator") -> None:
    c = state["conditions"]
    if c["dead"]:
        raise RulesError("rule_violation", f"{who(state)} is dead and cannot roll.", field)
    if c["unconscious"]:
        raise RulesError("rule_violation", f"{who(state)} is unconscious and cannot act.", field)


def skill_roll(
    dice: DiceSource,
    state: dict,
    skill: str,
    *,
    difficulty: str = "Regular",
    bonus: int = 0,
    penalty: int = 0,
    goal: str = "",
    label: str = "",
    settings: Settings = Settings(),
) -> Result:
    """A skill roll (C3): d100 ≤ skill is Regular, ≤ half Hard, ≤ a fifth Extreme (seed 003, Rolling Dice)."""
    require_able(state)
    value = skill_value(state, skill)
    roll = check(dice, value, skill, difficulty=difficulty, bonus=bonus, penalty=penalty, basis=settings.fumble_basis)
    new = copy_state(state)
    steps, events = _involuntary(new)
    new["last_roll"] = record(roll, "skill", bonus=bonus, penalty=penalty)
    if roll.success:  # rules/coc.md §3.15: a rolled success ticks the skill
        more, ticked = tick(new, skill, net_dice=roll.percentile.net, settings=settings)
        steps, events = steps + more, events + ticked
    return check_result(roll, "skill_roll", normalize(new), label=label, goal=goal, extra_steps=steps, events=events)


def characteristic_roll(
    dice: DiceSource,
    state: dict,
    name: str,
    *,
    difficulty: str = "Regular",
    bonus: int = 0,
    penalty: int = 0,
    goal: str = "",
    label: str = "",
    settings: Settings = Settings(),
) -> Result:
    """A characteristic roll (C4): the characteristic is the value rolled against (rules/coc.md §3.2; CON roll, INT roll)."""
    require_able(state)
    value = characteristic(state, name)  # a creature without APP or EDU: refused in words, before any die
    roll = check(
        dice,
        value,
        f"{name} ({CHARACTERISTIC_NAMES[name]})",
        difficulty=difficulty,
        bonus=bonus,
        penalty=penalty,
        basis=settings.fumble_basis,
    )
    new = copy_state(state)
    steps, events = _involuntary(new)
    new["last_roll"] = record(roll, "characteristic", bonus=bonus, penalty=penalty, characteristic=name)
    return check_result(
        roll, "characteristic_roll", normalize(new), label=label, goal=goal, extra_steps=steps, events=events
    )


def luck_roll(
    dice: DiceSource,
    state: dict,
    *,
    difficulty: str = "Regular",
    bonus: int = 0,
    penalty: int = 0,
    label: str = "",
    settings: Settings = Settings(),
) -> Result:
    """A Luck roll (C6): "Luck is also a skill itself, use luck when fate or external circumstances matter"."""
    require_alive(state)
    roll = check(
        dice, luck_of(state), "Luck", difficulty=difficulty, bonus=bonus, penalty=penalty, basis=settings.fumble_basis
    )
    new = copy_state(state)
    new["last_roll"] = record(roll, "luck", bonus=bonus, penalty=penalty)
    return check_result(
        roll,
        "luck_roll",
        normalize(new),
        label=label,
        extra_steps=[Step("Luck is a skill itself: d100 against current Luck", LUCK)],
    )


# --- spending Luck -----------------------------------------------------------------------------------------


def luck_refusal(last: dict | None) -> str | None:
    """Why Luck cannot be spent on ``last`` (seed 003 Luck; rules/coc.md §3.12 D15), or None.

    >>> luck_refusal({"kind": "skill", "pushed": False, "level": 0})
    "You can't spend Luck on a fumble."
    """
    if not last:
        return "There is no roll to spend Luck on: make a skill roll first."
    kind = last.get("kind")
    if kind == "damage":
        return "Luck is only for skill checks, you can't use it for damage."  # seed 003, Luck
    if kind in ("sanity", "sanity_loss"):
        return "Luck cannot be spent on Sanity rolls."  # rules/coc.md §3.11, §3.12 D15
    if kind == "luck":
        return "Luck cannot be spent on a Luck roll."  # rules/coc.md §3.12 D15
    if kind in ("combat", "opposed"):
        return (
            "This opposed roll is already resolved: spend Luck with the Luck fields of the attack or opposed roll "
            "itself (Luck may be spent on combat rolls such as Dodge)."
        )  # rules/coc.md §3.6
    if kind not in LUCK_SPENDABLE:
        return f"Luck is only for skill checks, not a {kind} roll."  # seed 003, Luck: "Only for skill checks"
    if last.get("pushed"):
        return "You can't spend Luck on pushed rolls."  # seed 003, Luck
    if last.get("level") == Level.FUMBLE:
        return "You can't spend Luck on a fumble."  # seed 003, Luck
    return None


def luck_cost(roll: int, value: int, level: int) -> int | None:
    """Luck points needed to lower ``roll`` to ``level`` against ``value``; None if only a critical (01) would do.

    Luck never buys a critical (rules/coc.md §3.12 D15), so the roll can be lowered to 02 at best.

    >>> luck_cost(45, 40, Level.REGULAR), luck_cost(45, 40, Level.HARD), luck_cost(30, 40, Level.REGULAR)
    (5, 25, 0)
    >>> luck_cost(30, 9, Level.EXTREME) is None
    True
    """
    limit = threshold(value, level)
    if limit < 2:
        return None
    return max(0, roll - limit)


def apply_luck(
    roll: int, value: int, difficulty: str, points: int, luck: int, basis: str = "needed"
) -> tuple[int, Level]:
    """Lower ``roll`` by ``points`` Luck and return the new roll and level; RulesError if not allowed.

    >>> apply_luck(45, 40, "Regular", 5, 50)
    (40, <Level.REGULAR: 2>)
    """
    if points < 1:
        raise RulesError("out_of_range", "Spend at least 1 Luck point.", "points")
    if points > luck:
        raise RulesError("rule_violation", f"Only {luck} Luck left; cannot spend {points}.", "points")
    new_roll = roll - points
    if new_roll < 2:
        raise RulesError(
            "rule_violation",
            f"Spending {points} would lower {roll} to {new_roll}: Luck never buys a critical (01).",
            "points",
        )  # rules/coc.md §3.12 D15
    return new_roll, level_for(new_roll, value, difficulty, basis)


def require_luck(state: dict, points: int, field: str) -> None:
    """Refuse, before any die is rolled, to spend more Luck than ``state`` has (seed 003, Luck)."""
    if points and points > luck_of(state, field):
        raise RulesError(
            "rule_violation", f"{who(state)} has only {state['luck']} Luck left; cannot spend {points}.", field
        )


def luck_on_roll(roll: CheckRoll, points: int, state: dict, field: str, steps: list, settings: Settings = Settings()):
    """Spend Luck on an opposed or combat roll before comparing (rules/coc.md §3.6: e.g. a Dodge); changes ``state``.

    The amount is chosen before the dice are seen, so a roll that turns out to take no Luck is not refused (that
    would throw the rolled dice away): a fumble takes none (seed 003, Luck), and the roll is lowered to 02 at best
    (Luck never buys a critical, rules/coc.md §3.12 D15). Returns the new roll, its level and the Luck spent.
    """
    if not points:
        return roll.roll, roll.level, 0
    name = who(state)
    if roll.level == Level.FUMBLE:
        steps.append(Step(f"{name} rolled a fumble: Luck can't be spent on a fumble, none is spent", LUCK))
        return roll.roll, roll.level, 0
    spend = min(points, roll.roll - 2)
    if spend <= 0:
        steps.append(
            Step(
                f"{name} rolled {roll.roll:02d}: Luck never buys a critical (01), none is spent",
                "seed 003, Luck; rules/coc.md §3.12 D15",
            )
        )
        return roll.roll, roll.level, 0
    new_roll, level = apply_luck(roll.roll, roll.value, roll.difficulty, spend, state["luck"], settings.fumble_basis)
    state["luck"] -= spend
    capped = f" (only {spend} of {points}: Luck never buys a critical (01))" if spend < points else ""
    steps.append(Step(f"{name} spends {spend} Luck{capped}: {roll.roll} → {new_roll}, {level_name(level)}", LUCK))
    return new_roll, level, spend


def spend_luck(
    state: dict, *, points: int = 0, target_level: str = "", label: str = "", settings: Settings = Settings()
) -> Result:
    """Spend Luck point for point on the last roll (C6), "even if you succeed" (seed 003, Luck)."""
    require_alive(state)
    luck_of(state)  # a creature without Luck has none to spend
    last = state.get("last_roll")
    refusal = luck_refusal(last)
    if refusal:
        raise RulesError("rule_violation", refusal, "investigator")
    value, roll, difficulty = last["value"], last["roll"], last["difficulty"]
    steps = []
    if target_level and points:
        raise RulesError("bad_input", "Give the Luck points to spend or the level to reach, not both.", "points")
    if last["kind"] == "combined":
        return _spend_luck_combined(state, last, points, target_level, label, settings)
    if target_level:
        rank = DIFFICULTY_RANK[target_level]
        if last["level"] >= rank:
            raise RulesError("rule_violation", f"The roll is already a {level_name(last['level'])}.", "target_level")
        points = luck_cost(roll, value, rank)
        if points is None:
            raise RulesError(
                "rule_violation",
                f"{target_level} against {value} needs 01, and Luck never buys a critical (01).",
                "target_level",
            )  # rules/coc.md §3.12 D15
        steps.append(
            Step(
                f"{target_level} needs ≤{threshold(value, rank)}: {roll} − {threshold(value, rank)} = {points} Luck",
                LUCK,
            )
        )
    elif points <= 0:
        raise RulesError("missing_field", "Give the Luck points to spend or the level to reach.", "points")
    new_roll, level = apply_luck(roll, value, difficulty, points, state["luck"], settings.fumble_basis)
    success = succeeds(level, difficulty)
    new = copy_state(state)
    new["luck"] -= points
    entry = dict(last)
    entry.update(roll=new_roll, level=int(level), success=success, luck_spent=last.get("luck_spent", 0) + points)
    new["last_roll"] = entry
    steps.append(
        Step(
            f"Spend {points} Luck: {roll} − {points} = {new_roll} vs {last['name']} {value}: {level_name(level)}", LUCK
        )
    )
    steps += luck_bought(last["success"], success)
    return Result(
        system="coc",
        kind="spend_luck",
        label=label,
        total=new_roll,
        target=value,
        success=success,
        level=int(level),
        level_name=level_name(level),
        flags=["luck_spent"],
        steps=steps,
        events=[f"{who(state)} spends {points} Luck ({state['luck']} → {new['luck']})"],
        details={"points": points, "first_roll": roll, "luck_left": new["luck"]},
        state=normalize(new),
    )


def _spend_luck_combined(
    state: dict, last: dict, points: int, target_level: str, label: str, settings: Settings
) -> Result:
    """Luck lowers the one roll of a combined roll, which is then read against every skill again (seed 003, Luck;
    Combined rolls): "all" needs every skill to reach the level, "any" one of them."""
    roll, difficulty, mode = last["roll"], last["difficulty"], last["mode"]
    values = {name: skill_value(state, name) for name in last["names"]}
    steps = []
    if target_level:
        rank = DIFFICULTY_RANK[target_level]
        if last["level"] >= rank:
            raise RulesError("rule_violation", f"The roll is already a {level_name(last['level'])}.", "target_level")
        limits = [threshold(v, rank) for v in values.values()]
        limit = min(limits) if mode == "all" else max(limits)
        if limit < 2:
            raise RulesError(
                "rule_violation",
                f"{target_level} in {'every skill' if mode == 'all' else 'any skill'} needs "
                "01, and Luck never buys a critical (01).",
                "target_level",
            )  # rules/coc.md §3.12 D15
        points = max(0, roll - limit)
        steps.append(
            Step(
                f"{target_level} in {'every skill' if mode == 'all' else 'one skill'} needs ≤{limit}: "
                f"{roll} − {limit} = {points} Luck",
                LUCK,
            )
        )
    elif points <= 0:
        raise RulesError("missing_field", "Give the Luck points to spend or the level to reach.", "points")
    new_roll, _ = apply_luck(roll, min(values.values()), difficulty, points, state["luck"], settings.fumble_basis)
    levels = {name: level_for(new_roll, v, difficulty, settings.fumble_basis) for name, v in values.items()}
    oks = [succeeds(lv, difficulty) for lv in levels.values()]
    success = all(oks) if mode == "all" else any(oks)
    level = min(levels.values()) if mode == "all" else max(levels.values())
    new = copy_state(state)
    new["luck"] -= points
    new["last_roll"] = dict(
        last, roll=new_roll, level=int(level), success=success, luck_spent=last.get("luck_spent", 0) + points
    )
    readings = ", ".join(f"{name} {values[name]}: {level_name(lv)}" for name, lv in levels.items())
    steps.append(
        Step(
            f"Spend {points} Luck: {roll} − {points} = {new_roll} vs {readings}; the Keeper needs "
            f"{'all' if mode == 'all' else 'any one'} → {'success' if success else 'failure'}",
            LUCK,
        )
    )
    steps += luck_bought(last["success"], success)
    return Result(
        system="coc",
        kind="spend_luck",
        label=label,
        total=new_roll,
        target=None,
        success=success,
        level=int(level),
        level_name=level_name(level),
        flags=["luck_spent"],
        steps=steps,
        events=[f"{who(state)} spends {points} Luck ({state['luck']} → {new['luck']})"],
        details={
            "points": points,
            "first_roll": roll,
            "luck_left": new["luck"],
            "levels": {n: level_name(lv) for n, lv in levels.items()},
        },
        state=normalize(new),
    )


def recover_luck(dice: DiceSource, state: dict, *, label: str = "") -> Result:
    """Optional Luck recovery [BOOK]: roll d100; above current Luck, gain 1D10 Luck (max 99) (rules/coc.md §3.6)."""
    require_alive(state)
    luck_of(state)  # a creature without Luck recovers none
    new = copy_state(state)
    log = Log()
    roll, gained = recover_luck_into(dice, new, log)
    return Result(
        system="coc",
        kind="recover_luck",
        label=label,
        total=roll,
        target=state["luck"],
        success=gained > 0,
        steps=log.steps,
        events=log.events,
        details={"gained": gained},
        state=normalize(new),
    )
