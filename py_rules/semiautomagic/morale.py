"""Morale: damage against Will, morale penalties, Broken (M13; seed 002 Morale Penalty, Broken; rules/semiautomagic.md §2.8)."""

from __future__ import annotations

from py_rules.errors import RulesError
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.conditions import order
from py_rules.trace import Log

__all__ = ("morale_outcome", "apply_morale_damage", "remove_morale_penalties")

_MORALE = "seed 002, Morale Penalty; rules/semiautomagic.md §2.8 [SRC Morale.html]"


def morale_outcome(damage: int, will: int) -> tuple[bool, bool]:
    """(morale penalty, overwhelmed): a penalty above Minimum Will (Will − 6); the source's effect above Will.

    >>> morale_outcome(3, 9), morale_outcome(4, 9), morale_outcome(10, 9)
    ((False, False), (True, False), (True, True))

    No morale damage, no effect (even when Minimum Will is already below 0):

    >>> morale_outcome(0, 4)
    (False, False)
    """
    if damage <= 0:
        return False, False
    return damage > will - T.MINIMUM_GAP, damage > will


def _check(c: dict) -> None:
    if C.is_object(c):
        raise RulesError("not_allowed", "Objects have no Will.", "creature")
    if c["dead"]:
        raise RulesError("not_allowed", f"{c['name'] or 'The creature'} is dead.", "creature")


def apply_morale_damage(c: dict, damage: int, source: str, log: Log) -> None:
    """Morale damage from one source against Will (``c`` changed in place)."""
    _check(c)
    if source not in T.MORALE_SOURCES:
        raise RulesError("bad_choice", f"Unknown morale source {source!r}.", "source")
    name = c["name"] or "The creature"
    w = C.will(c)
    penalty, overwhelmed = morale_outcome(damage, w)
    log.step(f"Morale damage {damage} against Will {w} (Minimum Will {w - T.MINIMUM_GAP})", _MORALE)
    if damage <= 0:
        log.step("No morale damage: no effect", _MORALE)
        return
    if not penalty:
        log.step(f"{damage} ≤ Minimum Will {w - T.MINIMUM_GAP}: no effect", _MORALE)
        return
    c["morale_penalties"] = min(C.COUNT_MAX, c["morale_penalties"] + 1)
    log.step(f"{damage} > Minimum Will: one morale penalty (Will now {w - 1})", "seed 002, Morale Penalty")
    log.event(f"{name} takes a morale penalty (Will {w - 1}).")
    log.flag("morale_penalty")
    if overwhelmed:
        effect = T.MORALE_SOURCES[source]
        if effect == "Panicked":
            c["conditions"]["Panicked"] = {"seconds": None}
            log.event(f"{name} is Panicked (fear above Will).")
        elif effect == "Confused":
            c["conditions"]["Confused"] = {"seconds": None, "control_seconds": 0, "until_morale_removed": True}
            log.event(f"{name} is Confused until a morale penalty is removed (insanity above Will).")
        elif effect == "frenzy":
            c["statuses"] = sorted(set(c["statuses"]) | {"frenzy"})
            log.event(
                f"{name} frenzies: attacks the source or the nearest creature, −1 to Dexterity- and "
                "Intelligence-based skills, cannot concentrate or cast."
            )
        if effect:
            log.step(
                f"{damage} > Will {w}: {source} overwhelms ({effect})", "rules/semiautomagic.md §2.8 [SRC Morale.html]"
            )
            log.flag(effect.lower())
        c["conditions"] = order(c["conditions"])
    if C.will(c) <= 0 and "Broken" not in c["conditions"]:
        c["conditions"]["Broken"] = {"seconds": None}
        c["conditions"] = order(c["conditions"])
        log.step("Will reduced to 0: Broken (and therefore Helpless)", "seed 002, Broken")
        log.event(f"{name} is Broken and Helpless.")
        log.flag("broken")


def remove_morale_penalties(c: dict, count: int, log: Log) -> None:
    """Remove morale penalties (rules/semiautomagic.md §2.14 S15: a GM operation); Will above 0 lifts Broken,
    and insanity's Confusion ends once a penalty is removed."""
    _check(c)
    removed = min(count, c["morale_penalties"])
    name = c["name"] or "The creature"
    if not removed:
        log.step(f"{name} has no morale penalties to remove", _MORALE)
        return
    c["morale_penalties"] -= removed
    log.event(f"{name} recovers {removed} morale penalt{'y' if removed == 1 else 'ies'} (Will {C.will(c)}).")
    confused = c["conditions"].get("Confused")
    if confused and confused["until_morale_removed"]:
        del c["conditions"]["Confused"]
        log.event(f"{name} is no longer Confused (a morale penalty was removed).")
    if "Broken" in c["conditions"] and C.will(c) > 0:
        del c["conditions"]["Broken"]
        log.event(f"{name} is no longer Broken (Will {C.will(c)}).")
