"""Spending Luck (C6; seed 003, Luck; rules/coc.md §3.6, §3.12 D15): point for point on the last skill roll, even
after a success, or on an opposed or combat roll before the comparison; never on a fumble, a pushed roll, damage,
a Luck or a Sanity roll, and never to buy a critical (01). The optional Luck recovery after a session [BOOK].

The pure parts: :func:`luck_refusal`, :func:`luck_cost`, :func:`apply_luck`.
"""

from __future__ import annotations

from py_rules.coc.checks import LUCK, CheckRoll, require_alive
from py_rules.coc.development import luck_bought, recover_luck_into
from py_rules.coc.investigator import copy_state, luck_of, normalize, skill_value, who
from py_rules.coc.levels import Level, level_for, level_name, succeeds, threshold
from py_rules.coc.settings import Settings
from py_rules.coc.tables import DIFFICULTY_RANK
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log, Result, rolled

__all__ = (
    "LUCK_SPENDABLE",
    "luck_refusal",
    "luck_cost",
    "apply_luck",
    "require_luck",
    "luck_on_roll",
    "spend_luck",
    "recover_luck",
)

LUCK_SPENDABLE = ("skill", "combined")
"""Seed 003, Luck: "Only for skill checks" (a characteristic roll is not a skill check; rules/coc.md §3.6, D15)."""


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


def luck_on_roll(roll: CheckRoll, points: int, state: dict, field: str, log: Log, settings: Settings = Settings()):
    """Spend Luck on an opposed or combat roll before comparing (rules/coc.md §3.6: e.g. a Dodge); changes ``state``,
    and ``log`` is told what was spent.

    The amount is chosen before the dice are seen, so a roll that turns out to take no Luck is not refused (that
    would throw the rolled dice away): a fumble takes none (seed 003, Luck), and the roll is lowered to 02 at best
    (Luck never buys a critical, rules/coc.md §3.12 D15). Returns the new roll, its level and the Luck spent.
    """
    if not points:
        return roll.roll, roll.level, 0
    name = who(state)
    if roll.level == Level.FUMBLE:
        log.step(f"{name} rolled a fumble: Luck can't be spent on a fumble, none is spent", LUCK)
        return roll.roll, roll.level, 0
    spend = min(points, roll.roll - 2)
    if spend <= 0:
        log.step(
            f"{name} rolled {roll.roll:02d}: Luck never buys a critical (01), none is spent",
            "seed 003, Luck; rules/coc.md §3.12 D15",
        )
        return roll.roll, roll.level, 0
    new_roll, level = apply_luck(roll.roll, roll.value, roll.difficulty, spend, state["luck"], settings.fumble_basis)
    state["luck"] -= spend
    capped = f" (only {spend} of {points}: Luck never buys a critical (01))" if spend < points else ""
    log.step(f"{name} spends {spend} Luck{capped}: {roll.roll} → {new_roll}, {level_name(level)}", LUCK)
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
    log = Log()
    if target_level and points:
        raise RulesError("bad_input", "Give the Luck points to spend or the level to reach, not both.", "points")
    if last["kind"] == "combined":
        return _spend_luck_combined(state, last, points, target_level, label, settings, log)
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
        log.step(
            f"{target_level} needs ≤{threshold(value, rank)}: {roll} − {threshold(value, rank)} = {points} Luck", LUCK
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
    log.step(
        f"Spend {points} Luck: {roll} − {points} = {new_roll} vs {last['name']} {value}: {level_name(level)}", LUCK
    )
    luck_bought(last["success"], success, log)
    return _spent(
        log,
        state,
        new,
        points,
        label=label,
        total=new_roll,
        target=value,
        success=success,
        level=int(level),
        level_name=level_name(level),
        details={
            "points": points,
            "first_roll": roll,
            "luck_left": new["luck"],
            "who_rolled": [
                rolled(
                    who(state),
                    f"{last['name']} with Luck",
                    roll,
                    value,
                    level_name(last["level"]),
                    f"{points} Luck spent: {roll} → {new_roll}",
                )
            ],
        },
        state=normalize(new),
    )


def _spent(log: Log, before: dict, after: dict, points: int, **fields) -> Result:
    """The result of Luck spent on the last roll: flagged, and the Luck it cost as its event (seed 003, Luck)."""
    log.flag("luck_spent")
    log.event(f"{who(before)} spends {points} Luck ({before['luck']} → {after['luck']})")
    return Result.of(log, "coc", "spend_luck", **fields)


def _spend_luck_combined(
    state: dict, last: dict, points: int, target_level: str, label: str, settings: Settings, log: Log
) -> Result:
    """Luck lowers the one roll of a combined roll, which is then read against every skill again (seed 003, Luck;
    Combined rolls): "all" needs every skill to reach the level, "any" one of them."""
    roll, difficulty, mode = last["roll"], last["difficulty"], last["mode"]
    values = {name: skill_value(state, name) for name in last["names"]}
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
        log.step(
            f"{target_level} in {'every skill' if mode == 'all' else 'one skill'} needs ≤{limit}: "
            f"{roll} − {limit} = {points} Luck",
            LUCK,
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
    log.step(
        f"Spend {points} Luck: {roll} − {points} = {new_roll} vs {readings}; the Keeper needs "
        f"{'all' if mode == 'all' else 'any one'} → {'success' if success else 'failure'}",
        LUCK,
    )
    luck_bought(last["success"], success, log)
    return _spent(
        log,
        state,
        new,
        points,
        label=label,
        total=new_roll,
        target=None,
        success=success,
        level=int(level),
        level_name=level_name(level),
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
    return Result.of(
        log,
        "coc",
        "recover_luck",
        label=label,
        total=roll,
        target=state["luck"],
        success=gained > 0,
        details={"gained": gained},
        state=normalize(new),
    )
