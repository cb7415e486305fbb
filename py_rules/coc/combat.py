"""Combat: attack order, the round tracker, attacks, defences, manoeuvres, outnumbered, damage (C9–C14).

Seed 003 "Combat", "Attack Order", "Combat Round Duration", "Outnumbered"; rules/coc.md §3.8.
Pure parts: :func:`initiative`, :func:`order_key`, :func:`manoeuvre_allowed`,
:func:`outnumbered_bonus`, :func:`attack_winner`.
"""

from __future__ import annotations

from py_rules import dice_expr
from py_rules.coc.percentile import roll_percentile
from py_rules.coc.tables import (
    BONUS_PENALTY_CAP,
    COMBAT_SCHEMA,
    DAMAGE_FORM,
    DICE_FORM,
    FIREARM_INITIATIVE,
    MANOEUVRE_MAX_BUILD_GAP,
    SKILL_NAMES,
)
from py_rules.coc.weapons import band_expr, legacy_weapon
from py_rules.dice import DiceSource
from py_rules.dice_expr import Expr
from py_rules.errors import RulesError
from py_rules.trace import Log

__all__ = (
    "initiative",
    "validate_combatants",
    "attack_order",
    "parse_combat",
    "manoeuvre_allowed",
    "outnumbered_bonus",
    "damage_expr",
    "roll_damage",
    "armour_absorbs",
    "attack_winner",
)

ORDER = "seed 003, Attack Order"
MANOEUVRE = "seed 003, If defending (Manoeuvre)"
OUTNUMBERED = "seed 003, Outnumbered"


def initiative(dex: int, firearm_ready: bool) -> int:
    """DEX for the attack order; drawing a firearm adds +50 (seed 003; rules/coc.md §3.12 D12).

    >>> initiative(60, True), initiative(100, False)
    (110, 100)
    """
    return dex + (FIREARM_INITIATIVE if firearm_ready else 0)


_MAX_COMBATANTS = 50
_NAME_MAX = 80
_MAX_ROUND = 1_000_000


_WORDS = {"dex": "DEX", "combat_skill": "The combat skill"}


def validate_combatants(combatants) -> list[dict]:
    """The combatants in canonical form; names are compared once trimmed (" A" is "A")."""
    if not isinstance(combatants, list) or len(combatants) < 2:
        raise RulesError(
            "bad_input",
            "List at least two combatants, each with a name and DEX (and whether a firearm is "
            "ready, and the combat skill).",
            "combatants",
        )
    if len(combatants) > _MAX_COMBATANTS:
        raise RulesError("out_of_range", f"At most {_MAX_COMBATANTS} combatants.", "combatants")
    out, names = [], set()
    for i, c in enumerate(combatants):
        field = f"combatants.{i}"
        if not isinstance(c, dict):
            raise RulesError("wrong_type", "Each combatant is an object with a name and DEX.", field)
        extra = set(c) - {"name", "dex", "firearm_ready", "combat_skill", "initiative", "tie_roll"}
        if extra:
            raise RulesError("unknown_field", f"A combatant has no field {sorted(extra)[0]!r}.", field)
        name = c.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RulesError("missing_field", "Each combatant needs a name.", f"{field}.name")
        name = name.strip()
        if len(name) > _NAME_MAX:
            raise RulesError("out_of_range", f"A combatant's name has at most {_NAME_MAX} characters.", f"{field}.name")
        if name in names:
            raise RulesError("bad_input", f"Two combatants are called {name!r}.", f"{field}.name")
        names.add(name)
        dex, skill = c.get("dex"), c.get("combat_skill", 0)
        for key, value, high in (("dex", dex, 500), ("combat_skill", skill, 100)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
                raise RulesError(
                    "out_of_range", f"{_WORDS[key]} must be a whole number from 0 to {high}.", f"{field}.{key}"
                )
        ready = c.get("firearm_ready", False)
        if not isinstance(ready, bool):
            raise RulesError(
                "wrong_type", "Whether a firearm is ready must be true or false.", f"{field}.firearm_ready"
            )
        entry = {
            "name": name,
            "dex": dex,
            "firearm_ready": ready,
            "combat_skill": skill,
            "initiative": initiative(dex, ready),
        }
        if isinstance(c.get("tie_roll"), int) and not isinstance(c.get("tie_roll"), bool) and 1 <= c["tie_roll"] <= 100:
            entry["tie_roll"] = c["tie_roll"]
        out.append(entry)
    return out


def attack_order(dice: DiceSource, combatants, log: Log) -> dict:
    """Sort by DEX (+50 with a drawn firearm), highest first; ties: higher combat skill, then a 1D100 roll-off (C9).

    Returns the new combat (round tracker) state; the explanation goes to ``log``.
    """
    people = [{k: v for k, v in p.items() if k != "tie_roll"} for p in validate_combatants(combatants)]
    for p in people:
        log.step(
            f"{p['name']}: DEX {p['dex']}{' + 50 (firearm drawn)' if p['firearm_ready'] else ''} = {p['initiative']}",
            ORDER,
        )
    groups: dict[tuple[int, int], list[dict]] = {}
    for p in people:
        groups.setdefault((p["initiative"], p["combat_skill"]), []).append(p)
    for (ini, skill), group in groups.items():
        if len(group) > 1:
            rolls, tied = {}, []
            for p in group:
                rolls[p["name"]] = roll_percentile(dice, purpose=f"order tie {p['name']}").value
            while len(set(rolls.values())) < len(rolls):
                tied.append(", ".join(f"{n} {r}" for n, r in rolls.items()))
                for p in group:
                    rolls[p["name"]] = roll_percentile(dice, purpose=f"order tie again {p['name']}").value
            for p in group:
                p["tie_roll"] = rolls[p["name"]]
            again = "".join(f"{t} (a tie: all roll again); " for t in tied)
            log.step(
                f"Tie at {ini} with combat skill {skill}: 1D100 each, lower acts first: {again}"
                + ", ".join(f"{n} {r}" for n, r in rolls.items()),
                "rules/coc.md §3.8 [REC]",
            )
    people.sort(key=lambda p: (-p["initiative"], -p["combat_skill"], p.get("tie_roll", 0)))
    if any(
        a["initiative"] == b["initiative"] and a["combat_skill"] != b["combat_skill"] for a in people for b in people
    ):
        log.step("Equal DEX: the higher combat skill acts first", "rules/coc.md §3.8 [BOOK cheat sheet]")
    log.step("Order: " + " → ".join(p["name"] for p in people) + " (highest DEX first, then descending)", ORDER)
    return {"schema": COMBAT_SCHEMA, "round": 1, "order": people, "acted": []}


def parse_combat(data) -> dict:
    """Validate a combat (round tracker) state."""
    if not isinstance(data, dict):
        raise RulesError("wrong_type", "The combat state must be a JSON object (create it with Attack order).", "")
    if data.get("schema") != COMBAT_SCHEMA:
        raise RulesError("bad_schema", "This is not a Call of Cthulhu combat round tracker.", "schema")
    extra = set(data) - {"schema", "round", "order", "acted"}
    if extra:
        raise RulesError(
            "unknown_field", f"The combat round tracker has no field {sorted(extra)[0]!r}.", sorted(extra)[0]
        )
    order = data.get("order")
    if not isinstance(order, list):
        raise RulesError("wrong_type", "The order must be a list.", "order")
    people = validate_combatants(order)
    rnd = data.get("round", 1)
    if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= _MAX_ROUND:
        raise RulesError("out_of_range", f"The round must be a whole number from 1 to {_MAX_ROUND:,}.", "round")
    acted = data.get("acted", [])
    names = [p["name"] for p in people]
    if not isinstance(acted, list) or any(not isinstance(a, str) or a not in names for a in acted):
        raise RulesError("bad_input", "Who has acted must be a list of combatants' names.", "acted")
    return {"schema": COMBAT_SCHEMA, "round": rnd, "order": people, "acted": list(dict.fromkeys(acted))}


def manoeuvre_allowed(own_build: int, opponent_build: int, rule: str = "seed") -> tuple[bool, int]:
    """Whether a manoeuvre is possible and its penalty dice (seed 003; rules/coc.md §3.12 D13).

    Seed: impossible if the opponent's Build is more than 3 higher; one penalty die per point of difference,
    capped at 2 by the bonus/penalty cap. Book: impossible at 3 or more.

    >>> manoeuvre_allowed(0, 4), manoeuvre_allowed(0, 3), manoeuvre_allowed(0, 1), manoeuvre_allowed(2, 0)
    ((False, 0), (True, 2), (True, 1), (True, 0))
    >>> manoeuvre_allowed(0, 3, "book")
    (False, 0)
    """
    gap = opponent_build - own_build
    if gap > MANOEUVRE_MAX_BUILD_GAP or (rule == "book" and gap >= MANOEUVRE_MAX_BUILD_GAP):
        return False, 0
    return True, min(BONUS_PENALTY_CAP, max(0, gap))


def outnumbered_bonus(melee: bool, defences_so_far: int, marked: bool, rule: str = "after_first_defence") -> int:
    """Bonus dice for a melee attack on an outnumbered target; never for firearms (seed 003; D11).

    >>> outnumbered_bonus(True, 1, False), outnumbered_bonus(False, 3, True), outnumbered_bonus(True, 0, True)
    (1, 0, 0)
    >>> outnumbered_bonus(True, 0, True, "while_marked")
    1
    """
    if not melee:
        return 0
    if rule == "while_marked":
        return 1 if marked else 0
    return 1 if defences_so_far >= 1 else 0


def _as_weapon(weapon) -> dict:
    """A weapon dict; the seed's three attack kinds ("Brawl", "Handgun", "Rifle") as their typical weapons."""
    return legacy_weapon(weapon) if isinstance(weapon, str) else weapon


def damage_expr(weapon, damage: str = "", field: str = "damage", range_difficulty: str = "Regular") -> Expr:
    """The damage dice of a hit: typed, or the weapon's own (at the range, for damage by range) (rules/coc.md §3.8)."""
    if damage and damage.strip():
        return dice_expr.parse(damage, DAMAGE_FORM, field)
    expr, _band = band_expr(_as_weapon(weapon), range_difficulty)
    return expr


def _half(value: int) -> int:
    """Half the Damage Bonus, rounded toward zero (rules/coc.md §3.8 [BOOK] thrown weapons; [REC] rounding).

    >>> [_half(v) for v in (4, 3, 1, -1, -2)]
    [2, 1, 0, 0, -1]
    """
    return int(value / 2)


DB_SOURCE = "rules/coc.md §3.8"


def roll_damage(
    dice: DiceSource,
    weapon,
    expr: Expr,
    damage_bonus: str,
    log: Log,
    *,
    extreme: bool = False,
    extreme_rule: str = "normal",
) -> int:
    """Weapon damage plus the weapon's share of the Damage Bonus: full for melee, half thrown, none for firearms
    (rules/coc.md §3.8); the book's extreme-damage option; Luck never applies (seed 003, Luck). The damage; the
    working goes to ``log``."""
    weapon = _as_weapon(weapon)
    share, impaling, name = weapon["db"], weapon["impale"], weapon["name"]
    db = dice_expr.parse(damage_bonus if share != "none" else 0, DICE_FORM, "damage_bonus")
    firearm = SKILL_NAMES.family_name(weapon["skill"]) == "Firearms"
    no_db = " (firearms add no Damage Bonus)" if firearm else " (this weapon adds no Damage Bonus)"
    if extreme and extreme_rule == "book":
        db_max = {"full": db.most, "half": _half(db.most), "none": 0}[share]
        total = expr.most + db_max
        log.step(
            f"Extreme success: maximum damage {expr.text} = {expr.most}"
            + (
                {
                    "full": f" + maximum Damage Bonus {db.most}",
                    "half": f" + half the maximum Damage Bonus ({db.most}) = {db_max}",
                }.get(share, no_db)
            ),
            "rules/coc.md §3.8 [BOOK option]",
        )
        if impaling:
            extra = dice_expr.roll(dice, expr, f"{name}: impale extra damage").total
            total += extra
            log.step(f"{name} impales: one more roll of {expr.text} = {extra}", "rules/coc.md §3.8 [BOOK option]")
        else:
            log.step(f"{name} does not impale: no extra roll", "rules/coc.md §3.8 [BOOK option]")
    else:
        if extreme:
            log.step(
                "Extreme success: no extra damage (the seed gives none; the book's maximum damage is the "
                "'book' extreme-damage setting)",
                "rules/coc.md §3.8",
            )
        weapon_total = dice_expr.roll(dice, expr, f"{name} damage").total
        text = f"{name} {expr.text} = {weapon_total}"
        db_total = 0
        if share != "none":
            rolled = dice_expr.roll(dice, db, "Damage Bonus").total
            db_total = rolled if share == "full" else _half(rolled)
            text += (
                f"; Damage Bonus {db.text} = {rolled}"
                if share == "full"
                else f"; half the Damage Bonus (thrown): {db.text} = {rolled}, halved {db_total}"
            )
        else:
            text += no_db
        total = weapon_total + db_total
        log.step(f"Damage {text} → {max(0, total)}", DB_SOURCE)
    log.step("Luck can't be spent on damage", "seed 003, Luck")
    return max(0, total)


def armour_absorbs(damage: int, armour: int, name: str, log: Log) -> int:
    """Armour points are taken off a hit's damage, never below 0 (rules/coc.md §3.8 [BOOK] armour); ``log`` is told
    how much.

    >>> [armour_absorbs(hit, armour, "Cultist", Log()) for hit, armour in ((5, 1), (2, 3), (4, 0))]
    [4, 0, 4]
    """
    if armour <= 0:
        return damage
    left = max(0, damage - armour)
    log.step(
        f"{name}'s armour takes {min(damage, armour)} of the {damage} damage "
        f"({armour} armour {'point' if armour == 1 else 'points'}): {damage} − {min(damage, armour)} = {left}",
        "rules/coc.md §3.8 [BOOK]",
    )
    return left


def attack_winner(outcome: str, attacker_level: int, defender_level: int, defence: str, ties: str = "seed") -> str:
    """Book tie rule (rules/coc.md §3.12 D9): at equal levels Dodge goes to the defender, Fight back/Manoeuvre to the attacker.

    ``outcome`` is the seed comparison ("a" attacker, "b" defender, "none", "roll_off").

    >>> attack_winner("a", 3, 3, "dodge", "book"), attack_winner("b", 2, 2, "fight_back", "book"), attack_winner("a", 3, 3, "dodge")
    ('b', 'a', 'a')
    """
    if ties == "book" and outcome != "none" and attacker_level == defender_level:
        return "b" if defence == "dodge" else "a"
    return outcome
