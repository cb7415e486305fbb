"""Opposed and combined rolls (C7, C8; seed 003 "Opposed Rolls", "Combined rolls"; rules/coc.md §3.7).

:func:`compare` is pure: the higher level wins; at the same level (both at
least Regular) the higher skill wins; equal skills go to a 1D100 roll-off,
lower wins (:func:`roll_off` draws it); when both fail nobody wins.
"""

from __future__ import annotations

from dataclasses import replace

from py_rules.coc.checks import CheckRoll, _involuntary, check, record, require_able
from py_rules.coc.development import luck_bought, tick
from py_rules.coc.investigator import copy_state, normalize, skill_name, skill_value, who
from py_rules.coc.levels import Level, level_for, level_name, needed, succeeds
from py_rules.coc.luck import luck_on_roll, require_luck
from py_rules.coc.percentile import roll_percentile
from py_rules.coc.settings import Settings
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log, Result, rolled as said_roll

__all__ = ("compare", "roll_off", "resolve_opposed", "opposed_roll", "combined_roll", "parse_skill_list")

OPPOSED = "seed 003, Opposed Rolls"
COMBINED = "seed 003, Combined rolls"
MAX_ROLL_OFFS = 20


def compare(level_a: int, level_b: int, skill_a: int, skill_b: int) -> str:
    """``"a"``, ``"b"``, ``"none"`` (both fail) or ``"roll_off"`` (same level, equal skills).

    >>> compare(Level.HARD, Level.REGULAR, 10, 90), compare(Level.REGULAR, Level.REGULAR, 40, 60)
    ('a', 'b')
    >>> compare(Level.FAILURE, Level.FUMBLE, 50, 50), compare(Level.EXTREME, Level.EXTREME, 50, 50)
    ('none', 'roll_off')
    """
    if level_a < Level.REGULAR and level_b < Level.REGULAR:
        return "none"
    if level_a != level_b:
        return "a" if level_a > level_b else "b"
    if skill_a != skill_b:
        return "a" if skill_a > skill_b else "b"
    return "roll_off"


def roll_off(dice: DiceSource, name_a: str, name_b: str, log: Log) -> str:
    """Both roll 1D100, lower wins; roll again on a tie (seed 003: "roll 1D100, lower result wins"). The winner
    (``"a"`` or ``"b"``); ``log`` is told each roll-off."""
    for _ in range(MAX_ROLL_OFFS):
        a = roll_percentile(dice, purpose=f"roll-off {name_a}").value
        b = roll_percentile(dice, purpose=f"roll-off {name_b}").value
        if a != b:
            winner = "a" if a < b else "b"
            log.step(
                f"Roll-off: {name_a} {a}, {name_b} {b} → {name_a if winner == 'a' else name_b} wins (lower)", OPPOSED
            )
            return winner
        log.step(f"Roll-off: both {a}, roll again", OPPOSED)
    raise RulesError("too_many_rolls", "The roll-off tied too many times.", "dice")


def resolve_opposed(dice: DiceSource, a: CheckRoll, b: CheckRoll, name_a: str, name_b: str, log: Log) -> str:
    """Compare two rolls; draws use the seed's rule (skill, then a roll-off). The outcome (:func:`compare`, a
    roll-off decided); ``log`` is told how."""
    outcome = compare(a.level, b.level, a.value, b.value)
    log.step(f"{name_a}: {level_name(a.level)} vs {name_b}: {level_name(b.level)}", OPPOSED)
    if outcome == "none":
        log.step("Both failed: nobody wins", "rules/coc.md §3.7 [BOOK; REC]")
    elif outcome == "roll_off":
        log.step(f"Draw with equal skill {a.value}: roll 1D100 each, lower wins", OPPOSED)
        outcome = roll_off(dice, name_a, name_b, log)
    elif a.level == b.level:
        log.step(f"Draw: higher skill wins ({a.value} vs {b.value})", OPPOSED)
    else:
        log.step("Higher level wins (Regular beats fail, Hard beats Regular, Extreme beats Hard)", OPPOSED)
    return outcome


def opposed_roll(
    dice: DiceSource,
    first: dict,
    second: dict,
    skill_a: str,
    skill_b: str,
    *,
    bonus_a: int = 0,
    penalty_a: int = 0,
    bonus_b: int = 0,
    penalty_b: int = 0,
    luck_a: int = 0,
    luck_b: int = 0,
    label: str = "",
    settings: Settings = Settings(),
) -> Result:
    """Both sides roll their own skill; compare levels (C7). Opposed rolls cannot be pushed; Luck is spent before comparing."""
    require_able(first, "investigator")
    require_able(second, "opponent")
    require_luck(first, luck_a, "luck")
    require_luck(second, luck_b, "opponent_luck")
    name_a, name_b = who(first), who(second)
    if name_a == name_b:
        name_a, name_b = f"{name_a} (A)", f"{name_b} (B)"
    new_a, new_b = copy_state(first), copy_state(second)
    roll_a = check(
        dice,
        skill_value(first, skill_a),
        skill_name(skill_a),
        bonus=bonus_a,
        penalty=penalty_a,
        basis=settings.fumble_basis,
    )
    log = Log()
    log.step(f"{name_a} rolls {roll_a.name}:")
    log.extend(roll_a.steps)
    value_a, level_a, luck_a = luck_on_roll(roll_a, luck_a, new_a, "luck", log, settings)
    roll_b = check(
        dice,
        skill_value(second, skill_b),
        skill_name(skill_b),
        bonus=bonus_b,
        penalty=penalty_b,
        basis=settings.fumble_basis,
    )
    log.step(f"{name_b} rolls {roll_b.name}:")
    log.extend(roll_b.steps)
    value_b, level_b, luck_b = luck_on_roll(roll_b, luck_b, new_b, "opponent_luck", log, settings)
    rolled_a, rolled_b = roll_a.success, roll_b.success  # before any Luck
    roll_a = replace(roll_a, level=level_a, percentile=replace(roll_a.percentile, value=value_a))
    roll_b = replace(roll_b, level=level_b, percentile=replace(roll_b.percentile, value=value_b))
    outcome = resolve_opposed(dice, roll_a, roll_b, name_a, name_b, log)
    winner = {"a": name_a, "b": name_b, "none": None}[outcome]
    log.event(f"{winner} wins the opposed roll" if winner else "Both failed: nobody wins")
    log.flag("opposed")
    if winner is None:
        log.flag("no_winner")
    new_a["last_roll"] = record(roll_a, "opposed", bonus=bonus_a, penalty=penalty_a, luck_spent=luck_a)
    new_b["last_roll"] = record(roll_b, "opposed", bonus=bonus_b, penalty=penalty_b, luck_spent=luck_b)
    rolled = {"a": (new_a, roll_a, rolled_a), "b": (new_b, roll_b, rolled_b)}.get(outcome)
    if rolled and rolled[2]:  # rules/coc.md §3.15: only the winner ticks, on a rolled (not Luck-bought) success
        tick(rolled[0], rolled[1].name, log, net_dice=rolled[1].percentile.net, settings=settings)
    elif rolled:
        luck_bought(False, True, log)
    new_a, new_b = normalize(new_a), normalize(new_b)
    log.step("Opposed rolls cannot be pushed", "seed 003, Pushing a Roll")
    return Result.of(
        log,
        "coc",
        "opposed_roll",
        label=label,
        total=roll_a.roll,
        target=roll_a.value,
        success=outcome == "a",
        level=int(roll_a.level),
        level_name=level_name(roll_a.level),
        details={
            "winner": winner,
            "rolls": {name_a: roll_a.roll, name_b: roll_b.roll},
            "levels": {name_a: level_name(roll_a.level), name_b: level_name(roll_b.level)},
            "who_rolled": [
                said_roll(
                    name,
                    each.name,
                    each.roll,
                    each.value,
                    level_name(each.level),
                    f"after {spent} Luck" if spent else "",
                )
                for name, each, spent in ((name_a, roll_a, luck_a), (name_b, roll_b, luck_b))
            ],
        },
        states={"coc.investigator": new_a, "coc.opponent": new_b},
        state=new_a,
    )


def parse_skill_list(text: str, field: str = "skills") -> list[str]:
    """Comma-separated skill names → sheet names (at least two, no repeats).

    >>> parse_skill_list("Throw, Stealth")
    ['Throw', 'Stealth']
    """
    names = [part.strip() for part in (text or "").split(",") if part.strip()]
    if len(names) < 2:
        raise RulesError("bad_input", "A combined roll needs at least two skills, separated by commas.", field)
    out = []
    for part in names:
        name = skill_name(part, field)
        if name in out:
            raise RulesError("bad_input", f"{name} is listed twice.", field)
        out.append(name)
    return out


def combined_roll(
    dice: DiceSource,
    state: dict,
    names: list[str],
    *,
    mode: str = "all",
    difficulty: str = "Regular",
    bonus: int = 0,
    penalty: int = 0,
    label: str = "",
    settings: Settings = Settings(),
    pushed: bool = False,
    log: Log | None = None,
) -> Result:
    """One d100 against several skills; the Keeper decides whether all or any must succeed (C8). ``pushed``: this
    is the push of a failed combined roll (:mod:`py_rules.coc.push`), whose lines ``log`` holds already; it is
    flagged, and a failed push's harsher consequence is the Keeper's (seed 003, Pushing a Roll)."""
    require_able(state)
    log = Log() if log is None else log
    perc = roll_percentile(dice, bonus, penalty, "combined roll")
    log.step(
        f"One roll for {', '.join(names)}; the Keeper needs {'all' if mode == 'all' else 'any one'} of them", COMBINED
    )
    log.extend(perc.steps)
    levels = {}
    for name in names:
        value = skill_value(state, name)
        level = level_for(perc.value, value, difficulty, settings.fumble_basis)
        levels[name] = (value, level, succeeds(level, difficulty))
        log.step(f"{perc.value} vs {name} {value} (needs ≤{needed(value, difficulty)}): {level_name(level)}", COMBINED)
    results = [ok for _v, _l, ok in levels.values()]
    success = all(results) if mode == "all" else any(results)
    worst = min(level for _v, level, _ok in levels.values())
    best = max(level for _v, level, _ok in levels.values())
    level = worst if mode == "all" else best
    new = copy_state(state)
    _involuntary(new, log)
    if success:  # rules/coc.md §3.15 [REC]: each skill that succeeded on the one roll is ticked
        for name in names:
            if levels[name][2]:
                tick(new, name, log, net_dice=perc.net, settings=settings)
    new["last_roll"] = {
        "kind": "combined",
        "name": " + ".join(names),
        "names": names,
        "mode": mode,
        "value": min(v for v, _l, _o in levels.values()),
        "difficulty": difficulty,
        "bonus": bonus,
        "penalty": penalty,
        "roll": perc.value,
        "level": int(level),
        "success": success,
        "pushed": pushed,
        "luck_spent": 0,
    }
    if level in (Level.FUMBLE, Level.CRITICAL):
        log.flag("fumble" if level == Level.FUMBLE else "critical")
    if pushed:
        log.flag("pushed")
    if pushed and not success:
        log.flag("dire_consequence")
        log.event(f"{who(state)} failed a pushed roll: harsher consequence for the Keeper to describe")
    return Result.of(
        log,
        "coc",
        "push_roll" if pushed else "combined_roll",
        label=label,
        total=perc.value,
        target=None,
        success=success,
        level=int(level),
        level_name=level_name(level),
        details={
            "levels": {n: level_name(lv) for n, (_v, lv, _o) in levels.items()},
            "successes": {n: ok for n, (_v, _l, ok) in levels.items()},
            "mode": mode,
            "who_rolled": [
                said_roll(who(state), f"{n} (pushed)" if pushed else n, perc.value, v, level_name(lv))
                for n, (v, lv, _o) in levels.items()
            ],
        },
        state=normalize(new),
    )
