"""What an attack comes to (C14, C15; seed 003, If attacking, If defending; rules/coc.md §3.8, §3.9, §3.15): the
winner's damage with its share of the Damage Bonus, less the target's armour, through the wound rules; a fight back
won hurts the attacker, a manoeuvre won is an advantage the Keeper describes, a dodge makes the attack miss; the
winner's combat skill ticked when its rolled result succeeded. :func:`py_rules.coc.attack.attack` rolls the attack
and its defence.
"""

from __future__ import annotations

from py_rules.coc.combat import armour_absorbs, damage_expr, roll_damage
from py_rules.coc.development import luck_bought, tick
from py_rules.coc.investigator import normalize, who
from py_rules.coc.levels import Level, level_name
from py_rules.coc.settings import Settings
from py_rules.coc.tables import WEAPONS
from py_rules.coc.weapons import UNARMED
from py_rules.coc.wounds import apply_damage
from py_rules.trace import Log, Result

__all__ = ("winner_ticks", "finish_attack")

_RANGE_WORDS = {
    "Regular": "base range",
    "Hard": "long range (up to twice the base range)",
    "Extreme": "extreme range (up to four times the base range)",
}


def winner_ticks(outcome: str, attacker: tuple, defender: tuple, log: Log, settings: Settings) -> None:
    """The combat skill the winner rolled is ticked when its rolled result succeeded (rules/coc.md §3.15, §3.8): an
    attack and its defence are skill rolls, and opposed, so only the winner ticks; the loser, and both when nobody
    wins, earn none; a success bought with Luck earns none. ``attacker`` and ``defender``: (sheet, roll or None)."""
    sheet, roll = {"a": attacker, "b": defender}.get(outcome, (None, None))
    if roll is None:
        return
    if not roll.success:
        luck_bought(False, True, log)
        return
    tick(sheet, roll.name, log, net_dice=roll.percentile.net, settings=settings)


def _with(weapon: dict) -> str:
    """The weapon a hit was made with, as the result names it (" with Knife"); nothing for bare hands or one of the
    seed's three attack kinds (Brawl, Handgun, Rifle/Shotgun), which are skills rather than weapons."""
    return "" if weapon["name"] == UNARMED["name"] or weapon["name"] in WEAPONS else f" with {weapon['name']}"


def finish_attack(
    dice,
    log: Log,
    states: dict,
    keys: tuple[str, str],
    levels: tuple,
    outcome: str,
    defence: str,
    weapons: tuple,
    damages: tuple[str, str],
    settings: Settings,
    label: str,
    *,
    a_value=None,
    a_skill=None,
    range_difficulty="Regular",
    later=(),
    said=(),
) -> Result:
    """The attack's result: what the winner did (first among the events), the damage and the wounds it made, then
    ``later`` events (the ticks the rolls earned, after what the attack did to the sheets). ``keys``: the attacker's
    and the defender's state keys; ``levels``: their levels (None when not rolled); ``damages``: the typed damage of
    the attack and of a fight back; ``said``: each roll with its roller (:func:`py_rules.trace.rolled`)."""
    att, dfn = states[keys[0]], states[keys[1]]
    a_name, d_name = who(att), who(dfn)
    arm, back = weapons
    a_level, d_level = levels
    damage, defender_damage = damages
    dealt, rolled, absorbed, target_name = 0, 0, 0, None
    if outcome == "a":
        expr = damage_expr(arm, damage, "damage", range_difficulty)
        if not (damage and damage.strip()) and "/" in arm["damage"]:
            log.step(
                f"{arm['name']} deals damage by range ({arm['damage']}): {expr.text} at "
                f"{_RANGE_WORDS[range_difficulty]}",
                "rules/coc.md §3.8 [BOOK]",
            )
        extreme = a_level is not None and a_level >= Level.EXTREME
        rolled = roll_damage(
            dice, arm, expr, att["derived"]["damage_bonus"], log, extreme=extreme, extreme_rule=settings.extreme_damage
        )
        dealt = armour_absorbs(rolled, dfn.get("armour", 0), d_name, log)
        absorbed = rolled - dealt
        log.event(f"{a_name} hits {d_name}{_with(arm)} for {dealt}")
        apply_damage(dice, dfn, dealt, log, settings)
        target_name = d_name
    elif outcome == "b" and defence == "fight_back":
        expr = damage_expr(back, defender_damage, "defender_damage")
        extreme = d_level is not None and d_level >= Level.EXTREME
        log.step(
            f"{d_name} wins the fight back and inflicts damage on the attacker", "seed 003, If defending (Fight back)"
        )
        rolled = roll_damage(
            dice, back, expr, dfn["derived"]["damage_bonus"], log, extreme=extreme, extreme_rule=settings.extreme_damage
        )
        dealt = armour_absorbs(rolled, att.get("armour", 0), a_name, log)
        absorbed = rolled - dealt
        log.event(f"{d_name} fights back and hits {a_name}{_with(back)} for {dealt}")
        apply_damage(dice, att, dealt, log, settings)
        target_name = a_name
    elif outcome == "b" and defence == "manoeuvre":
        log.event(f"{d_name}'s manoeuvre succeeds: an advantage for later (Keeper describes it)")
        log.flag("manoeuvre_success")
    elif outcome == "b":
        log.event(f"{d_name} dodges: the attack misses")
    else:
        log.event("Nobody wins: the attack misses")
    for event in later:
        log.event(event)
    log.step("A combat roll cannot be pushed", "seed 003, Pushing a Roll")
    log.flag("combat")
    new = {"coc.investigator": normalize(states["investigator"]), "coc.opponent": normalize(states["opponent"])}
    return Result.of(
        log,
        "coc",
        "attack",
        label=label,
        total=a_value,
        target=a_skill,
        success=outcome == "a",
        level=None if a_level is None else int(a_level),
        level_name=None if a_level is None else level_name(a_level),
        details={
            "outcome": {"a": "attacker wins", "b": "defender wins", "none": "nobody wins"}[outcome],
            "defence": defence,
            "damage": dealt,
            "damaged": target_name,
            "weapon": arm["name"],
            "rolled_damage": rolled,
            "armour": absorbed,
            "who_rolled": list(said),
        },
        states=new,
        state=new["coc.investigator"],
    )
