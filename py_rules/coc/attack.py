"""One attack and its defence, resolved as an opposed roll (C11–C13; seed 003 "Combat", "Combat Round Duration").

The attacker uses a weapon from their sheet (its skill: Fighting for hand-to-hand, Firearms, Throw; its damage,
Damage Bonus share and impaling), unarmed when none is named; the defender Dodges, Fights back (Brawl, or the
Fighting skill of a hand-to-hand weapon on their sheet) or Manoeuvres (Brawl, Build limit). The defender's armour
points are taken off the damage.
Surprise and outnumbered give bonus dice; the winner's damage is applied with
the seed's wound rules (:mod:`py_rules.coc.attack_outcome`). Both sides' rolls are recorded as combat rolls, which
cannot be pushed.
"""

from __future__ import annotations

from py_rules.coc.ammo import count_shot, require_can_fire, require_rate, spend_shot
from py_rules.coc.attack_outcome import finish_attack, winner_ticks
from py_rules.coc.checks import check, record, require_able
from py_rules.coc.combat import attack_winner, damage_expr, manoeuvre_allowed, outnumbered_bonus
from py_rules.coc.investigator import copy_state, skill_value, who
from py_rules.coc.levels import Level, level_name, succeeds
from py_rules.coc.luck import luck_on_roll, require_luck
from py_rules.coc.opposed import compare, roll_off
from py_rules.coc.settings import Settings
from py_rules.coc.tables import BRAWL, DODGE
from py_rules.coc.weapons import UNARMED, find_weapon, weapon_kind
from py_rules.dice import DiceSource
from py_rules.errors import RulesError
from py_rules.trace import Log, Result
from py_rules.words import counted

__all__ = ("DEFENCES", "attack", "weapons_of", "describe")

DEFENCES = ("dodge", "fight_back", "manoeuvre", "none")
_DEFENDS = {"dodge": "dodges", "fight_back": "fights back", "manoeuvre": "manoeuvres"}
"""Seed 003, If defending: Dodge, Fight back, Manoeuvre (or no defence possible)."""

COMBAT = "seed 003, Combat"
ROUND = "seed 003, Combat Round Duration"
OUTNUMBERED_SRC = "seed 003, Outnumbered; rules/coc.md §3.12 D11"


_KIND_WORDS = {"melee": "hand-to-hand", "firearm": "firearm", "thrown": "thrown"}
_DB_WORDS = {"full": " + Damage Bonus", "half": " + half the Damage Bonus", "none": ""}


def describe(weapon: dict) -> str:
    """A weapon in words: "Knife (Fighting (Brawl), hand-to-hand; 1D4 + Damage Bonus, impales)"."""
    return (
        f"{weapon['name']} ({weapon['skill']}, {_KIND_WORDS[weapon_kind(weapon)]}; {weapon['damage']}"
        f"{_DB_WORDS[weapon['db']]}{', impales' if weapon['impale'] else ''})"
    )


def weapons_of(att: dict, dfn: dict, weapon, defender_weapon, defence: str) -> tuple[dict, dict | None]:
    """The attacker's weapon (by name on their sheet, a weapon object, or unarmed) and, for a fight back, the
    defender's hand-to-hand weapon (unarmed when none is named); seed 003, If attacking / If defending."""
    arm = find_weapon(att, weapon, "weapon")
    back = None
    if defence == "fight_back":
        back = find_weapon(dfn, defender_weapon, "defender_weapon")
        if weapon_kind(back) != "melee":
            raise RulesError(
                "rule_violation",
                f"{who(dfn)} fights back hand to hand: {back['name']} is not a hand-to-hand weapon.",
                "defender_weapon",
            )  # seed 003, If defending (Fight back)
    return arm, back


def attack(
    dice: DiceSource,
    investigator: dict,
    opponent: dict,
    *,
    attacker: str = "investigator",
    weapon="",
    defence: str = "dodge",
    surprise: bool = False,
    outnumbered: bool = False,
    damage: str = "",
    defender_damage: str = "",
    defender_weapon: str = "",
    weapon_stats: dict | None = None,
    attacker_bonus: int = 0,
    attacker_penalty: int = 0,
    defender_bonus: int = 0,
    defender_penalty: int = 0,
    attacker_luck: int = 0,
    defender_luck: int = 0,
    range_difficulty: str = "Regular",
    new_round: bool = False,
    label: str = "",
    settings: Settings = Settings(),
) -> Result:
    """Resolve one attack (C11) with surprise, outnumbered (C13), manoeuvre Build limit (C12), damage (C14, C15)."""
    states = {"investigator": copy_state(investigator), "opponent": copy_state(opponent)}
    att_key = attacker
    def_key = "opponent" if attacker == "investigator" else "investigator"
    att, dfn = states[att_key], states[def_key]
    require_able(att, att_key)
    if dfn["conditions"]["dead"]:
        raise RulesError("rule_violation", f"{who(dfn)} is already dead.", def_key)
    a_name, d_name = who(att), who(dfn)
    arm, back = weapons_of(att, dfn, weapon_stats if weapon_stats else weapon, defender_weapon, defence)
    skill, kind = arm["skill"], weapon_kind(arm)
    require_can_fire(att, arm)  # an empty or jammed firearm cannot fire (rules/coc.md §3.8 [BOOK])
    require_rate(att, arm, settings.rate_of_fire, new_round)  # no shot past the rate of fire (rules/coc.md D18)
    melee = kind == "melee"
    if not melee and defence in ("fight_back", "manoeuvre"):  # refused whatever follows (book firearms, unconscious)
        raise RulesError(
            "rule_violation",
            "Fight back and Manoeuvre answer hand-to-hand attacks; against a "
            f"{_KIND_WORDS[kind]} weapon the defender can only Dodge.",
            "defence",
        )  # rules/coc.md §3.8, §3.12 D14
    require_luck(att, attacker_luck, "attacker_luck")
    require_luck(dfn, defender_luck, "defender_luck")
    damage_expr(arm, damage, "damage", range_difficulty)  # bad damage text is refused before any die is rolled
    damage_expr(back or UNARMED, defender_damage, "defender_damage")
    log = Log()
    log.step(f"{a_name} attacks {d_name} with {describe(arm)}", ROUND)
    count_shot(att, arm, settings.rate_of_fire, new_round, log)
    if att["conditions"]["involuntary_action"]:
        att["conditions"]["involuntary_action"] = False
        log.step(
            f"{a_name} is under the Keeper's control for this action (fear); flag cleared",
            "seed 003, Failing a Sanity Roll",
        )
    book_firearm = kind == "firearm" and settings.firearms_rule == "book"
    if dfn["conditions"]["unconscious"] and defence != "none":
        log.step(f"{d_name} is unconscious and cannot defend")
        defence = "none"
    if book_firearm and defence != "none":
        log.step(
            "Book firearms: the shot is not opposed; the shooter rolls against the range difficulty",
            "rules/coc.md §3.12 D14 [BOOK option]",
        )
        defence = "none"
    if defender_luck and defence == "none":
        raise RulesError(
            "rule_violation", f"{d_name} makes no defence roll, so there is no roll to spend Luck on.", "defender_luck"
        )
    if surprise and settings.surprise_rule == "automatic_hit":
        if attacker_luck:
            raise RulesError(
                "rule_violation",
                "A surprise attack hits automatically (book option): there is no roll to spend Luck on.",
                "attacker_luck",
            )
        log.step("Surprise (book option): the attack hits automatically", "rules/coc.md §3.12 D10 [BOOK]")
        log.flag("surprise")
        spend_shot(att, arm, None, log)
        return finish_attack(
            dice,
            log,
            states,
            (att_key, def_key),
            (None, None),
            "a",
            defence,
            (arm, back),
            (damage, defender_damage),
            settings,
            label,
            range_difficulty=range_difficulty,
        )

    a_bonus, a_penalty = attacker_bonus, attacker_penalty
    if surprise:
        a_bonus += 1
        log.flag("surprise")
        log.step("Surprise attack: the attacker uses an extra bonus die", "seed 003, If surprise attack")
    extra = outnumbered_bonus(melee, dfn["defences_this_round"], outnumbered, settings.outnumbered_rule)
    if extra:
        a_bonus += extra
        log.flag("outnumbered")
        why = (
            f"{d_name} has already defended {counted(dfn['defences_this_round'], 'times')} this round"
            if settings.outnumbered_rule == "after_first_defence"
            else f"{d_name} is outnumbered"
        )
        log.step(f"Outnumbered: {why}; this melee attack gets one bonus die", OUTNUMBERED_SRC)
    elif outnumbered and not melee:
        log.step(
            f"Outnumbered applies to hand-to-hand attacks only, not to a {_KIND_WORDS[kind]} weapon", OUTNUMBERED_SRC
        )
    elif outnumbered:
        log.step(
            f"Outnumbered: {d_name} has not dodged or fought back yet this round, so this attack gets no "
            "bonus die; the next melee attacks on them this round do",
            OUTNUMBERED_SRC,
        )
    d_bonus, d_penalty = defender_bonus, defender_penalty
    if defence == "manoeuvre":
        own, other = dfn["derived"]["build"], att["derived"]["build"]
        allowed, penalty_dice = manoeuvre_allowed(own, other, settings.manoeuvre_rule)
        if not allowed:
            raise RulesError(
                "rule_violation",
                f"{d_name} (Build {own}) can't manoeuvre against {a_name} (Build {other}): "
                "the Build is more than 3 points higher"
                + (" (book: 3 or more)" if settings.manoeuvre_rule == "book" else "")
                + ".",
                "defence",
            )  # seed 003, If defending
        if penalty_dice:
            d_penalty += penalty_dice
            log.step(
                f"Build {other} vs {own}: {penalty_dice} penalty {'die' if penalty_dice == 1 else 'dice'} for the manoeuvre "
                "(one per point of difference, at most 2)",
                "seed 003, If defending (Manoeuvre); rules/coc.md §3.12 D13",
            )

    difficulty = range_difficulty if book_firearm else "Regular"
    a_roll = check(
        dice,
        skill_value(att, skill),
        skill,
        difficulty=difficulty,
        bonus=a_bonus,
        penalty=a_penalty,
        basis=settings.fumble_basis,
    )
    log.step(f"{a_name} rolls {skill}:")
    log.extend(a_roll.steps)
    a_value, a_level, attacker_luck = luck_on_roll(a_roll, attacker_luck, att, "attacker_luck", log, settings)
    att["last_roll"] = record(a_roll, "combat", bonus=a_bonus, penalty=a_penalty)
    att["last_roll"].update(roll=a_value, level=int(a_level), luck_spent=attacker_luck)
    if spend_shot(att, arm, a_roll.roll, log):  # jammed: the shot does not go off, nobody has to dodge it
        return finish_attack(
            dice,
            log,
            states,
            (att_key, def_key),
            (a_level, None),
            "none",
            "none",
            (arm, None),
            ("", ""),
            settings,
            label,
        )
    d_roll = None
    if defence == "none":
        outcome = "a" if succeeds(a_level, difficulty) else "none"
        log.step(f"No defence: the attack {'hits' if outcome == 'a' else 'misses'} on {level_name(a_level)}", COMBAT)
    else:
        d_skill = DODGE if defence == "dodge" else back["skill"] if defence == "fight_back" else BRAWL
        d_roll = check(
            dice, skill_value(dfn, d_skill), d_skill, bonus=d_bonus, penalty=d_penalty, basis=settings.fumble_basis
        )
        with_what = f" ({back['name']})" if back and back["name"] != UNARMED["name"] else ""
        log.step(f"{d_name} {_DEFENDS[defence]} with {d_skill}{with_what}:")
        log.extend(d_roll.steps)
        d_value, d_level, defender_luck = luck_on_roll(d_roll, defender_luck, dfn, "defender_luck", log, settings)
        dfn["last_roll"] = record(d_roll, "combat", bonus=d_bonus, penalty=d_penalty)
        dfn["last_roll"].update(roll=d_value, level=int(d_level), luck_spent=defender_luck)
        outcome = compare(a_level, d_level, a_roll.value, d_roll.value)
        log.step(
            f"{a_name}: {level_name(a_level)} vs {d_name}: {level_name(d_level)} "
            "(Regular > Fail, Hard > Regular, Extreme > Hard)",
            COMBAT,
        )
        if settings.combat_ties == "book" and a_level == d_level and outcome != "none":
            outcome = attack_winner(outcome, a_level, d_level, defence, "book")
            log.step(
                f"Equal levels, book tie rule: {'the defender' if outcome == 'b' else 'the attacker'} wins",
                "rules/coc.md §3.12 D9 [BOOK]",
            )
        elif outcome == "roll_off":
            log.step(f"Draw at equal skill {a_roll.value}: 1D100 each, lower wins", "seed 003, Opposed Rolls")
            outcome = roll_off(dice, a_name, d_name, log)
        elif outcome == "none":
            log.step("Both failed: nobody wins, no damage", "rules/coc.md §3.7 [REC]")
        elif a_level == d_level:
            log.step(f"Draw: higher skill wins ({a_roll.value} vs {d_roll.value})", "seed 003, Opposed Rolls")
        if defence in ("dodge", "fight_back"):
            dfn["defences_this_round"] += 1
    ticks = Log()  # the ticks' steps come here, their events after what the attack did to the sheets
    winner_ticks(outcome, (att, a_roll), (dfn, d_roll), ticks, settings)
    log.extend(ticks.steps)
    if a_level == Level.FUMBLE:
        log.flag("fumble")
    return finish_attack(
        dice,
        log,
        states,
        (att_key, def_key),
        (a_level, d_roll and dfn["last_roll"]["level"]),
        outcome,
        defence,
        (arm, back),
        (damage, defender_damage),
        settings,
        label,
        a_value=a_value,
        a_skill=a_roll.value,
        range_difficulty=range_difficulty,
        later=ticks.events,
    )
