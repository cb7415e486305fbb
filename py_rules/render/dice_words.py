"""The dice of a result as a person reads them: "d100: 27 (tens 20 and 40 with a bonus die, units 7)",
"1d10: 10, then 7 → 12 (Rule of 10)".

It reads the trace a result already is (:mod:`py_rules.trace`): each die in order with its purpose, and the steps
that say what was made of them. A Call of Cthulhu percentile roll is one units die then its tens dice (seed 003,
Rolling Dice; Bonus Dice and Penalty Dice: the lowest tens die kept with a bonus die, the highest with a penalty
die; 00 and 0 read 100). An Armageddon natural 10 is followed by its rerolls (seed 000, The Rule of 10), the die's
value told by the step that added them ("die now 12"). Other dice of one kind and purpose are said together.
"""

from __future__ import annotations

import re

__all__ = ("dice_lines",)

_UNITS, _TENS = "units d10", "tens d10"
_REROLL = "Rule of 10 reroll"
_DIE_NOW = re.compile(r"die now (-?\d+)")
_KEEP = re.compile(r"^Units (\d+); tens ([\d, ]+):.*keep the (lowest|highest)")
_COUNT_WORDS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


def _valid(throw) -> bool:
    return (
        isinstance(throw, dict)
        and isinstance(throw.get("face"), int)
        and not isinstance(throw.get("face"), bool)
        and isinstance(throw.get("die"), str)
    )


def _purpose(throw: dict) -> str:
    return str(throw.get("purpose") or "")


def _read(units: int, tens: int) -> int:
    return units + tens or 100


def _tens_word(face: int) -> str:
    return f"{face:02d}" if face == 0 else str(face)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _steps_text(result: dict) -> list[str]:
    return [str(s.get("text") or "") for s in result.get("steps") or [] if isinstance(s, dict)]


def _percentile(units: int, tens: list[int], steps: list[str]) -> str:
    """``d100: 27 (tens 20 and 40 with a bonus die, units 7)``."""
    if len(tens) == 1:
        return f"d100: {_read(units, tens[0])} (tens {_tens_word(tens[0])}, units {units})"
    said = ", ".join(f"{t:02d}" for t in tens)
    kind = None
    for step in steps:
        match = _KEEP.match(step)
        if match and int(match.group(1)) == units and match.group(2).strip() == said:
            kind = "bonus" if match.group(3) == "lowest" else "penalty"
            break
    extra = len(tens) - 1
    tens_words = _and([_tens_word(t) for t in tens])
    if kind is None:
        return f"d100: tens {tens_words}, units {units}"
    readings = [_read(units, t) for t in tens]
    value = min(readings) if kind == "bonus" else max(readings)
    count = _COUNT_WORDS.get(extra, str(extra))
    return f"d100: {value} (tens {tens_words} with {count} {kind} {'die' if extra == 1 else 'dice'}, units {units})"


def _group_label(purpose: str, die: str) -> str:
    return "" if not purpose or purpose == die else purpose


def dice_lines(result: dict, title: str = "", owners=()) -> list[str]:
    """Each roll of ``result`` in words, in the order thrown; a percentile roll names what it was for when there are
    several, or when ``title`` (the result's) does not say it. ``owners``: whose each percentile roll is, in order
    (an attack's and its fight back's "Fighting (Brawl)" rolls told apart), used when there is one per roll.

    >>> dice_lines({"dice": [{"die": "units d10", "face": 7, "purpose": "Spot Hidden roll: units die"},
    ...     {"die": "tens d10", "face": 20, "purpose": "Spot Hidden roll: tens die 1"},
    ...     {"die": "tens d10", "face": 40, "purpose": "Spot Hidden roll: tens die 2"}],
    ...     "steps": [{"text": "Units 7; tens 20, 40: 20+7=27, 40+7=47; keep the lowest (bonus) → 27"}]}, "Ann: Spot Hidden")
    ['d100: 27 (tens 20 and 40 with a bonus die, units 7)']
    >>> dice_lines({"dice": [{"die": "d10", "face": 10, "purpose": "d10"},
    ...     {"die": "d10", "face": 7, "purpose": "Rule of 10 reroll"}],
    ...     "steps": [{"text": "Rule of 10: reroll 7 − 5 = 2 → +2 (die now 12)"}]})
    ['1d10: 10, then 7 → 12 (Rule of 10)']
    """
    throws = [t for t in result.get("dice") or [] if _valid(t)] if isinstance(result.get("dice"), list) else []
    steps = _steps_text(result)
    die_now = [int(m.group(1)) for s in steps for m in [_DIE_NOW.search(s)] if m and "Rule of 10" in s]
    groups: list[tuple[str, str, list[int], str]] = []  # (kind, label, faces, die)
    i = 0
    rerolls_seen = 0
    while i < len(throws):
        throw = throws[i]
        purpose = _purpose(throw)
        if throw["die"] == _UNITS:
            label = purpose.rsplit(": units die", 1)[0]
            tens = []
            j = i + 1
            while (
                j < len(throws) and throws[j]["die"] == _TENS and _purpose(throws[j]).startswith(label + ": tens die")
            ):
                tens.append(throws[j]["face"])
                j += 1
            if tens:
                groups.append(("d100", label, [throw["face"], *tens], "d100"))
                i = j
                continue
        if throw["face"] == 10 and throw["die"] == "d10" and i + 1 < len(throws) and _purpose(throws[i + 1]) == _REROLL:
            faces = [10]
            j = i + 1
            while j < len(throws) and _purpose(throws[j]) == _REROLL:
                faces.append(throws[j]["face"])
                j += 1
            rerolls_seen += len(faces) - 1
            value = die_now[rerolls_seen - 1] if len(die_now) >= rerolls_seen else None
            groups.append(
                (
                    "rule10",
                    _group_label(purpose, "d10"),
                    faces + ([value] if value is not None else []),
                    "d10" if value is None else "d10=",
                )
            )
            i = j
            continue
        if (
            groups
            and groups[-1][0] == "plain"
            and groups[-1][3] == throw["die"]
            and groups[-1][1] == _group_label(purpose, throw["die"])
        ):
            groups[-1][2].append(throw["face"])
        else:
            groups.append(("plain", _group_label(purpose, throw["die"]), [throw["face"]], throw["die"]))
        i += 1
    d100_count = sum(1 for g in groups if g[0] == "d100")
    several_d100 = d100_count > 1
    whose = list(owners) if len(owners) == d100_count and len(set(owners)) > 1 else []
    out = []
    for kind, label, faces, die in groups:
        if kind == "d100":
            said = _percentile(faces[0], faces[1:], steps)
            named = label and (several_d100 or label.removesuffix(" roll").lower() not in title.lower())
            label = f"{label} ({whose.pop(0)})" if whose and named else label
            out.append(f"{label}, {said}" if named else said)
        elif kind == "rule10":
            chain = faces[:-1] if die == "d10=" else faces
            said = "1d10: " + ", then ".join(str(f) for f in chain)
            said += f" → {faces[-1]} (Rule of 10)" if die == "d10=" else " (Rule of 10)"
            out.append(said + (f" for {label}" if label else ""))
        else:
            count = f"{len(faces)}{die}" if die.startswith("d") else f"{len(faces)} × {die}"
            said = f"{count}: {', '.join(str(f) for f in faces)}"
            out.append(said + (f" ({label})" if label else ""))
    return out
