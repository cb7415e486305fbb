"""Exact odds of an Attack, of what a failed Fear Test costs in Essence, and of the Tests below 0 Essence
(rules/armageddon.md §1.8a, §1.9, §1.12, §1.13).

An Attack is composed stage by stage, each with the engine's own functions: the attacker's Task and the
defender's defence Task (their d10 + what the operation adds, read by probing the operation as
:mod:`.odds` does), whether the defence avoids it (:func:`.combat_rules.avoided`), the weapon's damage
(:func:`py_rules.dice_expr.distribution`) with the Success Levels it may add, armour
(:func:`.combat_rules.damage_through`), then what that damage does to the defender: the same
:func:`.damage.apply_damage` the attack calls, its Consciousness and Survival Tests weighed by their own odds.
Rule of 10 chains are enumerated to :data:`DEPTH` rerolls; a longer chain (a chance below one in 10^12) counts
as the shortest of them, so the tail of a Task is exact up to that mass (the notes say so).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from py_rules.armageddon.character import attribute as attribute_of, has
from py_rules.armageddon.combat_rules import avoided, damage_through, doubles
from py_rules.armageddon.d10 import D10, chain_value
from py_rules.armageddon.damage import apply_damage
from py_rules.armageddon.essence import lose_essence
from py_rules.armageddon.fear import fear_table_lookup
from py_rules.armageddon.odds_chains import chain_dist, depth_for, roll_levels
from py_rules.armageddon.outcome import success_levels
from py_rules.armageddon.tables import DAMAGE_FORM
from py_rules.armageddon.weapons import damage_roll, find_weapon
from py_rules.armageddon.work import Settings, Work
from py_rules.dice_expr import distribution, parse
from py_rules.errors import RulesError
from py_rules.odds import Dist, Odds, Outcome, ProbeDice

__all__ = ("DEPTH", "attack_odds", "essence_checks_odds", "fear_odds")

DEPTH = 12
"""Rerolls of a Rule of 10 (or 1) chain enumerated; longer chains weigh less than 10^−12 together."""
_PROBE = 5
_WIN = (10,) * DEPTH + (9,)

_MISS, _AVOIDED, _STOPPED, _UP, _DOWN, _OUT, _DYING, _DEATH, _DEAD = range(9)
_WORDS = {
    _MISS: ("Miss", False),
    _AVOIDED: ("Avoided by the defence", False),
    _STOPPED: ("Hit, the armour stops it all", True),
    _UP: ("Hit, still above 0 LP", True),
    _DOWN: ("Hit, down at 0 LP or below but awake", True),
    _OUT: ("Hit, knocked out (fails the Consciousness Test)", True),
    _DYING: ("Hit, dying (−10 LP or below)", True),
    _DEATH: ("Hit, dying and fails the Survival Test: dies without help", True),
    _DEAD: ("Hit, but already dead", True),
}


def _values(offset: int, tn: int, mode: str) -> tuple[dict, int]:
    """A d10's values as integer weights over 10^depth; a chain still rolling at the depth counts as its least
    value (the high one) or as the lowest value (the low one, which fails whatever comes: :func:`depth_for`)."""
    depth = max(DEPTH, depth_for(mode, offset, tn))
    weights, denominator, high, low = chain_dist(mode, depth)
    out = dict(weights)
    least_high = chain_value(list(high[1]) + [1], mode)[0]
    out[least_high] = out.get(least_high, 0) + high[0]
    lowest = min(out)
    out[lowest] = out.get(lowest, 0) + low[0]
    return out, denominator


def _level(total: int, tn: int, cap) -> int:
    level = success_levels(total, tn)
    return min(level, cap) if cap is not None else level


def _probe(op, args, first=()):
    return op.run(ProbeDice({D10.name: _PROBE}, first), **args)


def _cap(level: int, total: int, tn: int):
    """The unskilled cap a probe on a long Rule of 10 chain shows (None when the level was not capped)."""
    return level if level < success_levels(total, tn) else None


def _hits(args, tn, mode, attack, defence):
    """({Success Levels of a hit: weight}, miss weight, avoided weight, denominator)."""
    a_values, a_den = _values(attack["offset"], tn, mode)
    d_values, d_den = _values(defence["offset"], tn, mode) if defence else ({0: 1}, 1)
    hits: dict = {}
    miss = avoid = 0
    for va, wa in a_values.items():
        ta = va + attack["offset"]
        if ta < tn:
            miss += wa * d_den
            continue
        la = _level(ta, tn, attack["cap"])
        for vd, wd in d_values.items():
            if defence:
                td = vd + defence["offset"]
                guard = (td, td >= tn, _level(td, tn, defence["cap"]))
                if avoided(args["defence_rule"], args["tie_rule"], tn, (ta, True, la), guard):
                    avoid += wa * wd
                    continue
            hits[la] = hits.get(la, 0) + wa * wd
    return hits, miss, avoid, a_den * d_den


def _forced(passes: bool, offset: int, tn: int, mode: str) -> tuple:
    """Faces that make a Test with ``offset`` pass (a run of natural 10s) or fail (a run of natural 1s)."""
    count = 1
    while True:
        chain = (10,) * count + (9,) if passes else (1,) * count + (4,)
        total = chain_value(list(chain), mode)[0] + offset
        if (total >= tn) == passes:
            return chain
        count += 1


def _after(defender, settings, amount, cache) -> dict:
    """(category, knocked out, at 0 LP or below) → probability, for ``amount`` reaching Life Points: the
    attack's own :func:`apply_damage`, each Test it calls for forced to pass or fail and weighed by its odds."""
    if amount in cache:
        return cache[amount]
    probe = Work(defender, ProbeDice({D10.name: _PROBE}), settings, allow_dead=True)
    apply_damage(probe, amount, "LP")
    chances, chains = [], []
    for roll in probe.rolls:
        offset, mode = roll.total - _PROBE, settings.rule_of_one_mode
        chances.append(roll_levels(offset, roll.target, mode, None).chance(lambda o: o.success))
        chains.append((_forced(True, offset, roll.target, mode), _forced(False, offset, roll.target, mode)))
    out: dict = {}
    for passes in product((True, False), repeat=len(chances)):
        p = Fraction(1)
        for passed, chance in zip(passes, chances, strict=True):
            p *= chance if passed else 1 - chance
        if not p:
            continue
        faces = [face for passed, chain in zip(passes, chains, strict=True) for face in chain[0 if passed else 1]]
        work = Work(defender, ProbeDice({D10.name: _PROBE}, faces), settings, allow_dead=True)
        apply_damage(work, amount, "LP")
        if [r.success for r in work.rolls] != list(passes):
            raise RulesError("no_odds", "This attack's aftermath has no exact odds to show.", "defender")
        conditions, lp = work.char["conditions"], work.current["life_points"]
        category = (
            _DEATH
            if "death_pending" in conditions
            else _DYING
            if "dying" in conditions
            else _OUT
            if "unconscious" in conditions
            else _DOWN
            if lp <= 0
            else _UP
        )
        key = (category, "unconscious" in conditions, lp <= 0)
        out[key] = out.get(key, 0) + p
    cache[amount] = out
    return out


def attack_odds(op, args) -> Odds:
    """The Attack: the chance to hit, and what the hit does to the defender (rules/armageddon.md §1.8a, §1.9)."""
    settings = Settings.from_args(args)
    tn, mode = settings.tn, settings.rule_of_one_mode
    high = _probe(op, args, _WIN)
    high_total = chain_value(list(_WIN), mode)[0]
    strike = high.details["attack"]
    attack = {"offset": strike["total"] - high_total, "cap": _cap(strike["level"], strike["total"], tn)}
    defence = None
    if "defence" in high.details:
        guard = _probe(op, args, _WIN + _WIN).details["defence"]
        defence = {
            "offset": high.details["defence"]["total"] - _PROBE,
            "cap": _cap(guard["level"], guard["total"], tn),
        }
    hits, miss, avoid, den = _hits(args, tn, mode, attack, defence)
    attacker, defender = args["attacker"], args["defender"]
    arm = find_weapon(attacker, args["weapon"])
    damage = distribution(
        damage_roll(arm["damage"], attribute_of(attacker, "Strength"), "weapon")[0], DAMAGE_FORM.floor
    )
    adds = arm["success_levels"] or args["add_success_levels"]
    armour = (defender.get("armour") or {}).get("value", 0)
    doubled = doubles(arm["damage_type"], args["doubled_types"])
    weights = {_MISS: Fraction(miss, den)}
    if defence:
        weights[_AVOIDED] = Fraction(avoid, den)
    hit = Fraction(sum(hits.values()), den)
    knocked = down = Fraction(0)
    if has(defender, "dead"):
        weights[_DEAD] = hit
    else:
        through: dict = {}
        for level, wh in hits.items():
            for value, wv in damage.weights.items():
                amount = damage_through(value + (level if adds else 0), armour, doubled)
                through[amount] = through.get(amount, 0) + wh * wv
        scale = den * damage.denominator
        cache: dict = {}
        for amount, w in through.items():
            p = Fraction(w, scale)
            if amount <= 0:
                weights[_STOPPED] = weights.get(_STOPPED, 0) + p
                continue
            for (category, out, at_zero), q in _after(defender, settings, amount, cache).items():
                weights[category] = weights.get(category, 0) + p * q
                knocked += p * q if out else 0
                down += p * q if at_zero else 0
    # with a defence Task the attack is opposed (rules/armageddon.md §1.8a): a hit is the attacker's, an avoided
    # attack the defender's, a miss nobody's
    sides = {_MISS: "neither", _AVOIDED: "b"}
    dist = Dist.from_fractions(
        {Outcome(k, *_WORDS[k], side=sides.get(k, "a") if defence else None): p for k, p in weights.items() if p}
    )
    chances = [("Hits", hit)]
    if not has(defender, "dead"):
        chances += [("Drops to 0 LP or below", down), ("Knocked out (fails the Consciousness Test)", knocked)]
    notes = [
        f"Attack: d10 {attack['offset']:+d} against {tn}" + (", never better than Decent" if attack["cap"] else "")
    ]
    if defence:
        notes.append(f"Defence: d10 {defence['offset']:+d}")
    notes.append(
        f"{arm['name']}: {arm['damage']}" + (", + the attack's Success Levels" if adds else "") + f"; armour {armour}"
    )
    notes.append(f"Rule of 10 chains longer than {DEPTH} rerolls (under one in 10^{DEPTH}) count as {DEPTH}.")
    names = (attacker.get("name") or "The attacker", defender.get("name") or "The defender")
    contest = names if defence else None
    return Odds("Attack", dist, chances=chances, notes=notes, details={"hit": str(hit)}, contest=contest)


def fear_odds(op, args) -> Odds:
    """The Fear Test (seed 000, Fear Tests: Difficult for mundanes, Simple for the Gifted and supernatural), read on
    a probe that passes, so what a failure sets off (Essence lost, below 0 the Willpower Test) does not hide the
    odds; then what a failure costs: the Fear Table row its margin picks, the chance Essence falls below 0 and
    the chance the Willpower Test that follows is failed (rules/armageddon.md §1.12, §1.13)."""
    settings = Settings.from_args(args)
    tn, mode = settings.tn, settings.rule_of_one_mode
    offset = _probe(op, args, _WIN).total - chain_value(list(_WIN), mode)[0]
    values, den = _values(offset, tn, mode)
    character = args["character"]
    essence = character["current"]["essence"]
    below = lost = Fraction(0)
    cache: dict = {}
    for value, w in values.items():
        margin = tn - (value + offset)
        if margin < 1:
            continue
        row = fear_table_lookup(margin, settings.fear_table)
        loss = distribution(parse(row["essence_dice"], DAMAGE_FORM, "fear_table"), DAMAGE_FORM.floor)
        for amount, wl in loss.weights.items():
            if essence - amount < 0:
                p = Fraction(w * wl, den * loss.denominator)
                below += p
                lost += p * _willpower_fails(character, settings, amount, cache)
    kind = "Simple Willpower Test (Willpower × 2)" if character["kind"] != "mundane" else "Difficult Willpower Test"
    return Odds(
        "Fear Test",
        roll_levels(offset, tn, mode, None),
        chances=[
            ("Fails and Essence falls below 0 (the Willpower Test follows)", below),
            ("…and fails that Willpower Test too (loses a point of a mental Attribute)", lost),
        ],
        notes=[f"d10 {offset:+d} against {tn}: {kind}"],
        details={"offset": offset, "target": tn},
    )


def _willpower_fails(character, settings, amount, cache) -> Fraction:
    """The chance of failing every Test that losing ``amount`` Essence calls for (the engine's own
    :func:`.essence.lose_essence`, probed): the Willpower Test below 0 (seed 000, Essence)."""
    if amount not in cache:
        work = Work(character, ProbeDice({D10.name: _PROBE}), settings)
        lose_essence(work, amount, "fear")
        rolls = [r for r in work.rolls if r.kind == "difficult_test"]
        cache[amount] = (
            roll_levels(rolls[0].total - _PROBE, rolls[0].target, settings.rule_of_one_mode, None).chance(
                lambda o: not o.success
            )
            if rolls
            else Fraction(0)
        )
    return cache[amount]


def essence_checks_odds(op, args) -> Odds:
    """The Willpower Test below 0 Essence, and at −30 or below the chance of death (seed 000, Essence)."""
    result = _probe(op, args)
    rolls = result.details["rolls"]
    if not rolls:
        raise RulesError("no_odds", "Essence is not below 0: nothing is rolled.", "character")
    settings = Settings.from_args(args)
    tn, mode = settings.tn, settings.rule_of_one_mode
    will = roll_levels(rolls[0]["total"] - _PROBE, tn, mode, None)
    chances = [("Loses a point of a mental Attribute (fails)", will.chance(lambda o: not o.success))]
    if len(rolls) > 1:
        survival = roll_levels(rolls[1]["total"] - _PROBE, tn, mode, None)
        chances.append(("Dies (fails the Survival Test)", survival.chance(lambda o: not o.success)))
    notes = [f"Willpower Test: d10 {rolls[0]['total'] - _PROBE:+d} against {tn}"]
    return Odds("Willpower Test (Essence below 0)", will, chances=chances, notes=notes)
