"""Skill, characteristic and Luck rolls (C3, C4, C6; seed 003, Rolling Dice, Luck; rules/coc.md §3.4, §3.6).

A roll is recorded on the investigator as ``last_roll`` so that pushing it (:mod:`py_rules.coc.push`) or
spending Luck on it (:mod:`py_rules.coc.luck`) works on the roll actually made (and the page carries it
from one form to the next). Dice come from the injected source.
"""

from __future__ import annotations

from dataclasses import dataclass

from py_rules.coc.development import tick
from py_rules.coc.investigator import characteristic, copy_state, luck_of, normalize, skill_value, who
from py_rules.coc.levels import Level, level_for, level_name, needed, succeeds
from py_rules.coc.percentile import Percentile, roll_percentile
from py_rules.coc.settings import Settings
from py_rules.coc.tables import CHARACTERISTIC_NAMES
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log, Result, Step, rolled

__all__ = (
    "CheckRoll",
    "check",
    "roll_told",
    "record",
    "log_roll",
    "check_result",
    "require_alive",
    "require_able",
    "skill_roll",
    "characteristic_roll",
    "luck_roll",
)

ROLLING = "seed 003, Rolling Dice"
LUCK = "seed 003, Luck"


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


def _level_text(name: str, value: int, roll: int, difficulty: str, level: Level, success: bool) -> str:
    limits = f"Regular ≤{value}, Hard ≤{value // 2}, Extreme ≤{value // 5}"
    demand = "" if difficulty == "Regular" else f"; the Keeper demands {difficulty} (≤{needed(value, difficulty)})"
    outcome = "success" if success else "failure"
    return f"{roll} vs {name} {value} ({limits}{demand}): {level_name(level)} → {outcome}"


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
    log = Log()
    log.extend(perc.steps)
    log.step(_level_text(name, value, perc.value, difficulty, level, success), ROLLING)
    if level == Level.CRITICAL:
        log.step("01 is a critical success", "rules/coc.md §3.4 [BOOK]")
    if level == Level.FUMBLE:
        log.step(
            f"{perc.value} is a fumble (100, or 96–100 when the value needed is below 50)", "rules/coc.md §3.4 [BOOK]"
        )
    return CheckRoll(name, value, difficulty, perc, level, success, tuple(log.steps))


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


def log_roll(roll: CheckRoll, log: Log, goal: str = "") -> None:
    """Write one roll into ``log``: the goal agreed with the Keeper, if any, the roll's own steps, and a critical or
    a fumble as a flag (rules/coc.md §3.4)."""
    if goal:
        log.step(f"Goal agreed with the Keeper: {goal}", ROLLING)
    log.extend(roll.steps)
    if roll.level == Level.CRITICAL:
        log.flag("critical")
    if roll.level == Level.FUMBLE:
        log.flag("fumble")


def check_result(roll: CheckRoll, kind: str, state: dict | None, log: Log, *, label: str = "", details=None) -> Result:
    """A :class:`Result` for one recorded roll, its trace the lines ``log`` collected (the roll's own written by
    :func:`log_roll`)."""
    info = {
        "roll": roll.roll,
        "units": roll.percentile.units,
        "tens": list(roll.percentile.tens),
        "kept_tens": roll.percentile.tens[roll.percentile.kept],
        "net_dice": roll.percentile.net,
        "difficulty": roll.difficulty,
        "needed": needed(roll.value, roll.difficulty),
    }
    if state is not None:  # who rolled what, for a post a reader can check (a push names its skill and first roll)
        what = f"{roll.name} (pushed)" if kind == "push_roll" else roll.name
        first = (details or {}).get("first_roll")
        note = f"pushed after a failed {first}" if kind == "push_roll" and first is not None else ""
        info["who_rolled"] = [rolled(who(state), what, roll.roll, roll.value, level_name(roll.level), note)]
    info.update(details or {})
    return Result.of(
        log,
        "coc",
        kind,
        label=label,
        total=roll.roll,
        target=roll.value,
        success=roll.success,
        level=int(roll.level),
        level_name=level_name(roll.level),
        details=info,
        state=state,
    )


def _involuntary(state: dict, log: Log) -> None:
    """A character under the Keeper's brief control spends this action on it (seed 003, Failing a Sanity Roll)."""
    if not state["conditions"]["involuntary_action"]:
        return
    state["conditions"]["involuntary_action"] = False
    log.step(
        f"{who(state)} was under the Keeper's control for this action (fear); the flag is now cleared",
        "seed 003, Failing a Sanity Roll",
    )
    log.event(f"{who(state)}'s involuntary action is used up")


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
    new, log = copy_state(state), Log()
    log_roll(roll, log, goal)
    _involuntary(new, log)
    new["last_roll"] = record(roll, "skill", bonus=bonus, penalty=penalty)
    if roll.success:  # rules/coc.md §3.15: a rolled success ticks the skill
        tick(new, skill, log, net_dice=roll.percentile.net, settings=settings)
    return check_result(roll, "skill_roll", normalize(new), log, label=label)


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
    new, log = copy_state(state), Log()
    log_roll(roll, log, goal)
    _involuntary(new, log)
    new["last_roll"] = record(roll, "characteristic", bonus=bonus, penalty=penalty, characteristic=name)
    return check_result(roll, "characteristic_roll", normalize(new), log, label=label)


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
    new, log = copy_state(state), Log()
    log_roll(roll, log)
    log.step("Luck is a skill itself: d100 against current Luck", LUCK)
    new["last_roll"] = record(roll, "luck", bonus=bonus, penalty=penalty)
    return check_result(roll, "luck_roll", normalize(new), log, label=label)
