"""Condition manager: add, remove, staggered rounds, waking, Soul Coma hours (M15, M18, M19, M20; rules/semiautomagic.md §2.10, §2.12).

Conditions are stored as ``{"Name": {"seconds": remaining or null, ...}}``; each is declared once in
:mod:`.condition_registry` (what it implies, forbids, adds to rolls, its start and end words); implied ones are
derived, never stored (:func:`py_rules.semiautomagic.creature.effective_conditions`). What is here are the rules
that start and end some of them (rolled durations, dying, waking).
"""

from __future__ import annotations

from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.semiautomagic import condition_registry as R, creature as C, tables as T
from py_rules.semiautomagic.checks import D6, check_total, passes, skill_modifiers
from py_rules.semiautomagic.dying import fall_unconscious, stabilise, start_dying
from py_rules.trace import Log, Modifier
from py_rules.words import counted

__all__ = (
    "order",
    "add_condition",
    "remove_condition",
    "staggered_round",
    "wake",
    "noise_wakes",
    "soul_coma_hour",
    "implied_by",
    "detect_soul_coma",
)

_SEED = "seed 002, Conditions"


def order(conditions: dict) -> dict:
    """Conditions in the seed's order (stable JSON for the page)."""
    return {name: conditions[name] for name in R.NAMES if name in conditions}


def implied_by(c: dict, name: str) -> str | None:
    """Which stored condition implies ``name`` (or Will 0 for Broken), if any."""
    if name == "Broken" and C.will(c) is not None and C.will(c) <= 0:
        return "Will 0"
    for source, implied in R.IMPLIED.items():
        if name in implied and C.has(c, source) and source != name:
            return source
    return None


def _name(c: dict) -> str:
    return c["name"] or "The creature"


def add_condition(dice: DiceSource, c: dict, name: str, seconds: int | None, log: Log, *, rule: str = "health") -> None:
    """Add ``name`` to ``c`` (changed in place) with a duration in seconds (None: until removed).

    Rolled defaults (seed 002): Staggered lasts 1d6 rounds and stuns 1d6 seconds this round;
    Unconscious wakes after 1d4 hours per wound; Dying starts at the rule's DC; Soul Coma starts at DC 1.
    """
    if name not in R.NAMES:
        raise RulesError(
            "unknown_condition", f"Unknown condition {name!r}; conditions: {', '.join(R.NAMES)}.", "condition"
        )
    if C.is_object(c):
        raise RulesError("not_allowed", "Objects have no conditions.", "condition")
    if c["dead"]:
        raise RulesError("not_allowed", f"{_name(c)} is dead.", "creature")
    if name == "Dying":
        if "Dying" in c["conditions"]:
            raise RulesError("not_allowed", f"{_name(c)} is already dying.", "condition")
        start_dying(c, log, rule)
        return
    if name == "Unconscious" and seconds is None:
        fall_unconscious(dice, c, log, "condition added")
        c["conditions"] = order(c["conditions"])
        return
    entry = {"seconds": seconds}
    if name in ("Confused", "Soul Coma") and name in c["conditions"]:
        c["conditions"][name]["seconds"] = seconds
        log.step(f"Already {name}: only the duration changes", _SEED)
        log.event(f"{_name(c)} stays {name} {'until removed' if seconds is None else 'for ' + _duration(seconds)}.")
        return
    if name == "Staggered":
        if seconds is None:
            rounds = dice.roll(D6, "Staggered duration (1d6 rounds)")
            entry["seconds"] = rounds * T.ROUND_SECONDS
            log.step(f"Staggered for {counted(rounds, 'rounds')} (1d6)", "seed 002, Staggered")
    elif name == "Confused":
        entry.update(control_seconds=0, until_morale_removed=False)
    elif name == "Soul Coma":
        entry.update(dc=T.SOUL_COMA_START_DC, seconds_to_check=T.HOUR_SECONDS)
        log.step(
            "The body appears dead; Fortitude check every hour from DC 1 (DC 7 Medicine or DC 8 Perception reveals it is alive)",
            "seed 002, Soul Coma",
        )
    elif name == "Tired":
        entry["modifier"] = c["conditions"].get("Tired", {}).get("modifier", 0)
        log.step(
            "Tired has no rules in the seed: no effect unless the GM sets a modifier", "rules/semiautomagic.md §2.14 S3"
        )
    elif name == "Sleeping" and C.has(c, "Unconscious"):
        raise RulesError("not_allowed", f"{_name(c)} is unconscious, not asleep.", "condition")
    c["conditions"][name] = entry
    c["conditions"] = order(c["conditions"])
    duration = "until removed" if entry["seconds"] is None else f"for {_duration(entry['seconds'])}"
    log.event(f"{_name(c)} {R.CONDITIONS[name].starts} {duration}.")
    for implied in R.IMPLIED.get(name, ()):
        log.event(f"{name} implies {implied}.")
    if name == "Staggered":
        staggered_round(dice, c, log)


def _duration(seconds: int) -> str:
    if seconds % T.HOUR_SECONDS == 0:
        return counted(seconds // T.HOUR_SECONDS, "hours")
    if seconds % T.ROUND_SECONDS == 0:
        return counted(seconds // T.ROUND_SECONDS, "rounds")
    return counted(seconds, "seconds")


def remove_condition(dice: DiceSource, c: dict, name: str, log: Log) -> None:
    """Remove a stored condition. Implied ones must be removed at their source; removing Dying stabilises
    (the character stays unconscious); waking from Unconscious or Sleeping leaves him Flat-Footed one round."""
    if name not in R.NAMES:
        raise RulesError(
            "unknown_condition", f"Unknown condition {name!r}; conditions: {', '.join(R.NAMES)}.", "condition"
        )
    if name not in c["conditions"]:
        source = implied_by(c, name)
        if source:
            raise RulesError("implied", f"{name} comes from {source}; remove that instead.", "condition")
        raise RulesError("not_present", f"{_name(c)} is not {name}.", "condition")
    if name == "Dying":
        stabilise(dice, c, log, "the GM ended Dying")
        return
    del c["conditions"][name]
    log.event(f"{_name(c)} {R.CONDITIONS[name].ends}.")
    if R.CONDITIONS[name].wakes:
        still = next((n for n in ("Unconscious", "Sleeping") if C.has(c, n)), None)
        if still:
            source = implied_by(c, still)
            log.step(f"Still {still}{f' (from {source})' if source else ''}: does not wake up", _SEED)
        else:
            wake(c, log, name)
    if name == "Broken" and C.will(c) is not None and C.will(c) <= 0:
        log.step("Will is still 0, so Broken remains in effect", "seed 002, Broken")


def wake(c: dict, log: Log, was: str) -> None:
    """Waking from Unconscious or Sleeping: Flat-Footed for one round (seed 002)."""
    c["conditions"].pop(was, None)
    c["conditions"]["Flat-Footed"] = {"seconds": T.ROUND_SECONDS}
    c["conditions"] = order(c["conditions"])
    log.event(f"{_name(c)} wakes up and is Flat-Footed for one round.")
    log.flag("woke")


def staggered_round(dice: DiceSource, c: dict, log: Log) -> int:
    """Roll 1d6: Stunned for that many seconds of this round (M18)."""
    if "Staggered" not in c["conditions"]:
        raise RulesError("not_staggered", f"{_name(c)} is not Staggered.", "creature")
    face = dice.roll(D6, "Staggered: seconds stunned this round")
    current = c["conditions"].get("Stunned", {"seconds": 0})["seconds"]
    c["conditions"]["Stunned"] = {"seconds": None if current is None else max(current, face)}
    c["conditions"] = order(c["conditions"])
    log.step(f"Staggered: d6 {face} → Stunned for {counted(face, 'seconds')} this round", "seed 002, Staggered")
    log.event(f"{_name(c)} is Stunned for {counted(face, 'seconds')}.")
    return face


def noise_wakes(dice: DiceSource, c: dict, noise_dc: int, log: Log, threshold: int = T.SLEEP_WAKE_DC) -> bool:
    """Does a noise of Perception DC ``noise_dc`` wake the creature (M19)?

    Unconscious creatures do not wake from noise. A sleeper wakes at once from a noise at DC ``threshold``
    (−5) or louder; otherwise it rolls Perception at −6 against the noise DC (rules/semiautomagic.md §2.14 S8).
    """
    if C.has(c, "Unconscious"):
        log.step("Unconscious characters do not wake up from loud noise or violent motion", "seed 002, Unconscious")
        return False
    if "Sleeping" not in c["conditions"]:
        raise RulesError("not_sleeping", f"{_name(c)} is not asleep.", "creature")
    if noise_dc <= threshold:
        log.step(
            f"Noise DC {noise_dc} ≤ {threshold}: loud enough to wake a sleeper",
            "seed 002, Sleeping; rules/semiautomagic.md §2.14 S8",
        )
        wake(c, log, "Sleeping")
        return True
    mods = skill_modifiers(c, "Perception")
    face = dice.roll(D6, f"Perception to hear the noise (DC {noise_dc})")
    total = check_total(face, mods)
    heard = passes(total, noise_dc)
    log.step(
        f"Perception: d6 {face} {' '.join(f'{m.value:+d} ({m.label})' for m in mods)} = {total} "
        f"{'≥' if heard else '<'} DC {noise_dc}: {'hears it' if heard else 'sleeps on'}",
        "rules/semiautomagic.md §2.14 S8",
    )
    if heard:
        wake(c, log, "Sleeping")
    return heard


def soul_coma_hour(
    dice: DiceSource, c: dict, log: Log, *, caretaker_medicine: int | None = None, rule: str = "health"
) -> bool:
    """One hour of Soul Coma (M20): Fortitude (+Scale) against the DC, which then rises by 1; or the caretaker's
    Medicine (Long-Term Care) against the same DC, which then does not rise. Failure: the body starts Dying.
    Returns whether the body held on."""
    coma = c["conditions"].get("Soul Coma")
    if coma is None:
        raise RulesError("not_in_soul_coma", f"{_name(c)} is not in a Soul Coma.", "creature")
    coma["seconds_to_check"] = T.HOUR_SECONDS
    if "Dying" in c["conditions"]:
        log.step("The body is already dying: the hourly Soul Coma check waits", "seed 002, Soul Coma")
        return False
    dc = coma["dc"]
    if caretaker_medicine is not None:
        mods = [
            Modifier(
                "caretaker's Medicine (Long-Term Care)",
                caretaker_medicine,
                "seed 002, Soul Coma; rules/semiautomagic.md §2.14 S11",
            )
        ]
        who = "Caretaker's Medicine"
    else:
        mods = skill_modifiers(c, "Fortitude")
        who = "Fortitude"
    face = dice.roll(D6, f"Soul Coma: {who} check (DC {dc})")
    total = check_total(face, mods)
    ok = passes(total, dc)
    log.step(
        f"{who}: d6 {face} {' '.join(f'{m.value:+d} ({m.label})' for m in mods)} = {total} {'≥' if ok else '<'} DC {dc}",
        "seed 002, Soul Coma",
    )
    if not ok:
        log.step("Failed: the body begins Dying", "seed 002, Soul Coma")
        start_dying(c, log, rule)
        return False
    if caretaker_medicine is None:
        coma["dc"] = dc + 1
        log.event(f"The body holds on; next hour's DC is {dc + 1}.")
    else:
        log.event(f"The caretaker keeps the body alive; the DC stays {dc}.")
    return True


def detect_soul_coma(dice: DiceSource, method: str, bonus: int, log: Log) -> tuple[bool, int]:
    """DC 7 Medicine or DC 8 Perception reveals that a body in a Soul Coma is alive (M20); returns (success, total)."""
    dc = T.SOUL_COMA_DETECT[method]
    face = dice.roll(D6, f"{method} (DC {dc})")
    total = check_total(face, [Modifier(method, bonus, "")])
    ok = passes(total, dc)
    log.step(
        f"{method}: d6 {face} {bonus:+d} ({method} bonus) = {total} {'≥' if ok else '<'} DC {dc}: "
        f"{'the body is alive' if ok else 'it looks dead'}",
        "seed 002, Soul Coma",
    )
    return ok, total
