"""What differs between the game master's re-run of a proposal and what the player saw, in words
(:mod:`py_rules.table`). The game master's sheets are the truth: where the player's device held an older sheet (a
skill since changed, a wound it did not know of), the re-run's result is the one kept and each difference is said,
so the game master and the player both read it.

What the player saw is the page's summary of its own result (:func:`seen` is the same summary of the re-run):
the outcome (the level's name, else the headline) and the steps ``[label, value]``: ``Target``, ``Total``, then
each modifier by its label."""

from __future__ import annotations

from py_rules.game_words import choice_label
from py_rules.trace import signed

__all__ = ("seen", "differences", "house_rule_differences")

_TARGET_NAMES = ("skill", "characteristic", "attribute", "name")
"""The argument that names what a roll is against, when the operation takes one."""


def seen(result: dict) -> dict:
    """The summary of ``result`` a player's page sends as ``saw``.

    >>> seen({"level_name": "Hard success", "target": 55, "total": 20, "modifiers": [{"label": "Aim", "value": 1}]})
    {'outcome': 'Hard success', 'steps': [['Target', 55], ['Total', 20], ['Aim', 1]]}
    """
    steps = [[label, result.get(key)] for label, key in (("Target", "target"), ("Total", "total"))]
    steps = [step for step in steps if step[1] is not None]
    steps += [[m.get("label"), m.get("value")] for m in result.get("modifiers") or []]
    return {"outcome": result.get("level_name") or result.get("headline") or "", "steps": steps}


def _shown(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _target_name(args: dict) -> str | None:
    for key in _TARGET_NAMES:
        if isinstance(args.get(key), str) and args[key].strip():
            return args[key].strip()
    return None


def differences(result: dict, saw: dict | None, args: dict) -> list[str]:
    """Each way the re-run's ``result`` differs from what the player ``saw``, one sentence each (none when ``saw``
    is None: nothing to compare).

    >>> differences({"target": 50, "total": 30, "level_name": "Regular success", "modifiers": []},
    ...     {"outcome": "Regular success", "steps": [["Target", 55], ["Total", 30]]}, {"skill": "Spot Hidden"})
    ['Spot Hidden is 50 here; the player rolled against 55.']
    """
    if not saw:
        return []
    here = seen(result)
    out = []
    theirs = {str(label): value for label, value in saw.get("steps") or []}
    ours = {str(label): value for label, value in here["steps"]}
    for label, value in ours.items():
        if label not in theirs:
            if label not in ("Target", "Total"):
                out.append(f"{label} ({_modifier(value)}) counts here; the player's device did not count it.")
        elif theirs[label] != value:
            out.append(_changed(label, value, theirs[label], args))
    for label, value in theirs.items():
        if label not in ours and label not in ("Target", "Total"):
            out.append(f"The player's device counted {label} ({_modifier(value)}); it does not count here.")
    outcome = saw.get("outcome") or ""
    if outcome != here["outcome"]:
        out.append(f"The outcome here is {here['outcome'] or 'none'}; the player saw {outcome or 'none'}.")
    return out


def _modifier(value) -> str:
    return signed(value) if isinstance(value, int) and not isinstance(value, bool) else _shown(value)


def _changed(label: str, value, before, args: dict) -> str:
    if label == "Target":
        name = _target_name(args)
        if name:
            return f"{name} is {_shown(value)} here; the player rolled against {_shown(before)}."
        return f"The target is {_shown(value)} here; the player rolled against {_shown(before)}."
    if label == "Total":
        return f"The total is {_shown(value)} here; the player's was {_shown(before)}."
    return f"{label} is {_modifier(value)} here; the player's device had {_modifier(before)}."


def house_rule_differences(op, sent: dict, used: dict) -> list[str]:
    """A house rule the player's device ran with that the game master's campaign does not have: ``sent`` the
    proposal's arguments, ``used`` the house rules the re-run took (the game master's)."""
    out = []
    for param in op.params:
        if not param.setting or param.name not in sent:
            continue
        here = used.get(param.name, param.default)
        if sent[param.name] != here:
            out.append(
                f"House rule {param.label}: {_words(op, param, here)} here; "
                f"the player's device had {_words(op, param, sent[param.name])}."
            )
    return out


def _words(op, param, value) -> str:
    if param.kind == "choice":
        return choice_label(op.system, param, value, op.id)
    if param.kind == "bool":
        return "on" if value else "off"
    return "the campaign's own table" if param.kind == "json" else _shown(value)
