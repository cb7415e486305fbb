"""Firearms' ammunition and malfunctions (rules/coc.md §3.8 [BOOK]): each shot spends a round from the weapon on the
sheet (``loaded``; empty means full, ``ammo`` rounds), an empty weapon cannot fire until reloaded, and an attack roll
at or above the weapon's malfunction number jams it: the shot does not go off and the weapon cannot fire until the
jam is cleared. A weapon with no shots given (``ammo`` empty) is not counted.
"""

from __future__ import annotations

from py_rules.coc.investigator import copy_state, normalize, who
from py_rules.coc.weapons import weapon_kind
from py_rules.errors import RulesError
from py_rules.trace import Log, Result

__all__ = (
    "AMMO",
    "RATE",
    "rounds_left",
    "jams_at",
    "require_can_fire",
    "require_rate",
    "count_shot",
    "spend_shot",
    "reload",
)

AMMO = "rules/coc.md §3.8 [BOOK]: ammunition and malfunction"
RATE = "rules/coc.md §3.12 D18 [BOOK]: rate of fire"


def _owned(state: dict, weapon: dict) -> dict | None:
    """The sheet's own record of ``weapon`` (a weapon typed into the form is not on the sheet: nothing is counted)."""
    for owned in state.get("weapons", []):
        if owned["name"] == weapon["name"]:
            return owned
    return None


def rounds_left(weapon: dict) -> int | None:
    """Rounds still in ``weapon``: its ``loaded`` count, full (``ammo``) when not yet counted; None if not counted.

    >>> rounds_left({"ammo": 6, "loaded": None}), rounds_left({"ammo": 6, "loaded": 2}), rounds_left({"ammo": None})
    (6, 2, None)
    """
    if weapon.get("ammo") is None:
        return None
    return weapon["ammo"] if weapon.get("loaded") is None else weapon["loaded"]


def jams_at(state: dict, weapon: dict) -> int | None:
    """The roll at or above which ``weapon`` jams when ``state`` fires it (its malfunction number), or None."""
    owned = _owned(state, weapon)
    if owned is None or weapon_kind(owned) != "firearm":
        return None
    return owned.get("malfunction")


def require_can_fire(state: dict, weapon: dict, field: str = "weapon") -> None:
    """Refuse, before any die is rolled, a firearm that is jammed or empty (rules/coc.md §3.8 [BOOK])."""
    owned = _owned(state, weapon)
    if owned is None or weapon_kind(owned) != "firearm":
        return
    if owned.get("jammed"):
        raise RulesError(
            "rule_violation",
            f"{who(state)}'s {owned['name']} is jammed and can't fire: clear it first (Reload).",
            field,
        )
    if rounds_left(owned) == 0:
        raise RulesError(
            "rule_violation",
            f"{who(state)}'s {owned['name']} is empty (0 of {owned['ammo']} rounds left): reload it first (Reload).",
            field,
        )


def _counted(weapon: dict, rule: str) -> bool:
    return rule == "per_round" and weapon_kind(weapon) == "firearm"


def require_rate(state: dict, weapon: dict, rule: str, new_round: bool = False, field: str = "weapon") -> None:
    """Refuse, before any die is rolled, a shot past ``weapon``'s rate of fire (its attacks per round) when
    ``state`` has already fired that many this round (rules/coc.md §3.12 D18); ``new_round`` starts the count over."""
    if not _counted(weapon, rule) or new_round:
        return
    fired, rate = state["shots_this_round"], weapon["attacks"]
    if fired >= rate:
        shots = "1 shot" if rate == 1 else f"{rate} shots"
        raise RulesError(
            "rule_violation",
            f"{who(state)} has already fired {fired} of {shots} this round: the {weapon['name']}'s rate of fire is "
            f"{shots} a round. The count starts again next round (the encounter's next round, Time by 1 round, or "
            "'A new round' on this attack).",
            field,
        )


def count_shot(state: dict, weapon: dict, rule: str, new_round: bool, log: Log) -> None:
    """Count one shot of ``weapon`` on ``state``'s sheet (changed in place) toward its rate of fire this round."""
    if not _counted(weapon, rule):
        return
    if new_round and state["shots_this_round"]:
        state["shots_this_round"] = 0
        log.step("A new round: the shots counted this round start at 0", RATE)
    state["shots_this_round"] += 1
    rate = weapon["attacks"]
    log.step(f"Shot {state['shots_this_round']} of {rate} this round ({weapon['name']}'s rate of fire)", RATE)


def spend_shot(state: dict, weapon: dict, roll: int | None, log: Log) -> bool:
    """Fire one round of ``weapon`` from ``state``'s sheet (changed in place) and, when ``roll`` (the attack's dice,
    before any Luck: Luck never cancels a malfunction, rules/coc.md §3.6) is at or above its malfunction number,
    jam it. Returns whether it jammed (then the shot does not go off)."""
    owned = _owned(state, weapon)
    if owned is None or weapon_kind(owned) != "firearm":
        return False
    name = who(state)
    malfunction = owned.get("malfunction")
    if roll is not None and malfunction is not None and roll >= malfunction:
        owned["jammed"] = True
        log.step(f"{roll} ≥ malfunction {malfunction}: the {owned['name']} jams and the shot does not go off", AMMO)
        log.flag("malfunction")
        log.event(f"{name}'s {owned['name']} jams (roll {roll}, malfunction {malfunction})")
        return True
    left = rounds_left(owned)
    if left is None:
        return False
    owned["loaded"] = left - 1
    log.step(f"{owned['name']} fires one round: {left} → {left - 1} of {owned['ammo']}", AMMO)
    log.event(f"{name} fires the {owned['name']}: {left - 1} of {owned['ammo']} rounds left")
    return False


def reload(state: dict, weapon: str, *, label: str = "") -> Result:
    """Reload a firearm to its full load and clear a jam (rules/coc.md §3.8 [BOOK]); how long it takes is the
    Keeper's (the book: a round for a few rounds; clearing a jam takes longer)."""
    new, log = copy_state(state), Log()
    wanted = " ".join(str(weapon or "").split()).lower()
    owned = next((w for w in new.get("weapons", []) if w["name"].lower() == wanted), None)
    if owned is None:
        listed = ", ".join(w["name"] for w in new.get("weapons", []) if weapon_kind(w) == "firearm") or "none"
        raise RulesError("bad_input", f"{who(state)} has no firearm called {weapon!r} (firearms: {listed}).", "weapon")
    if weapon_kind(owned) != "firearm" or owned.get("ammo") is None:
        raise RulesError(
            "rule_violation", f"{owned['name']} takes no ammunition: give its shots on the sheet first.", "weapon"
        )
    left, jammed = rounds_left(owned), owned.get("jammed")
    if left == owned["ammo"] and not jammed:
        raise RulesError("no_change", f"{owned['name']} is already full ({left} of {owned['ammo']}).", "weapon")
    if jammed:
        owned["jammed"] = False
        log.step(f"The jam in the {owned['name']} is cleared", AMMO)
        log.event(f"{who(state)} clears the jam in the {owned['name']}")
    owned["loaded"] = owned["ammo"]
    if left != owned["ammo"]:
        log.step(f"{owned['name']} reloaded: {left} → {owned['ammo']} rounds", AMMO)
        log.event(f"{who(state)} reloads the {owned['name']} ({left} → {owned['ammo']} rounds)")
    return Result.of(
        log,
        "coc",
        "reload",
        label=label or f"{who(state)} reloads",
        total=owned["ammo"],
        target=owned["ammo"],
        details={"weapon": owned["name"], "rounds_left": owned["ammo"], "was": left, "jam_cleared": bool(jammed)},
        state=normalize(new),
    )
