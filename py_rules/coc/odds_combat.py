"""Exact odds of Call of Cthulhu's opposed rolls, attacks and damage (seed 003, Opposed Rolls, Combat), replayed by
the core in :mod:`py_rules.coc.odds_replay`."""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import product

from py_rules.coc import ammo, combat
from py_rules.coc.attack import weapons_of
from py_rules.coc.combat import attack_winner
from py_rules.coc.investigator import normalize, who
from py_rules.coc.levels import Level, succeeds
from py_rules.coc.odds_replay import (
    _basis,
    _check_classes,
    _check_classifier,
    _classes,
    _probe,
    _replay,
)
from py_rules.coc.opposed import MAX_ROLL_OFFS, compare
from py_rules.coc.percentile import UNITS_DIE, net_dice
from py_rules.coc.settings import settings_from
from py_rules.coc.weapons import find_weapon
from py_rules.errors import RulesError
from py_rules.odds import Dist, Odds, Outcome, enumerate_run
from py_rules.trace import Log


def _sides(result, first_key, second_key):
    a = result.states[first_key]["last_roll"]
    b = result.states[second_key]["last_roll"] if second_key else None
    return a, b


def _opposed(op, args) -> Odds:
    result, _ = _probe(op, dict(args, luck=0, opponent_luck=0))
    a, b = _sides(result, "coc.investigator", "coc.opponent")
    basis = _basis(args)
    first, second = normalize(args["investigator"]), normalize(args["opponent"])
    groups = []
    for rec, luck, state in ((a, args["luck"], first), (b, args["opponent_luck"], second)):
        net = net_dice(rec["bonus"], rec["penalty"])
        groups.append((net, _check_classes(rec["value"], "Regular", basis, net, luck, state.get("luck") or 0)))
    signature = lambda c: compare(c[0], c[1], a["value"], b["value"])  # noqa: E731
    names = result.details["rolls"]
    name_a, name_b = list(names)

    def key(r, classes=()):
        if isinstance(r, RulesError):
            return Outcome(3, "The roll-off keeps tying (20 times)", None, side="tie")
        winner = r.details["winner"]
        order = 0 if winner == name_a else 2 if winner == name_b else 1
        side = "a" if winner == name_a else "b" if winner == name_b else "neither"
        return Outcome(order, f"{winner} wins" if winner else "Both fail: nobody wins", winner == name_a, side=side)

    dist = _replay(op, args, groups, key, signature, rolloff=lambda c: signature(c) == "roll_off")
    return Odds(
        "Opposed roll",
        dist,
        notes=[f"{name_a} {a['value']} against {name_b} {b['value']}"],
        contest=(name_a, name_b),
    )


def _attack(op, args) -> Odds:
    settings, _ = settings_from(args)
    probe_args = dict(args, attacker_luck=0, defender_luck=0)
    result, probe = _probe(op, probe_args)
    att_key = "coc." + args["attacker"]
    def_key = "coc.opponent" if args["attacker"] == "investigator" else "coc.investigator"
    rolls = sum(1 for t in probe.thrown if t.die == UNITS_DIE.name)
    defended = result.states[def_key].get("last_roll") is not None and result.details["defence"] != "none"
    groups, values = [], []
    states = {k: normalize(args[k.split(".")[1]]) for k in (att_key, def_key)}
    lucks = (args["attacker_luck"], args["defender_luck"])
    # a firearm's dice at or above its malfunction number jam it and the shot does not go off (rules/coc.md §3.8)
    jam_at = ammo.jams_at(states[att_key], find_weapon(states[att_key], args.get("weapon_stats") or args["weapon"]))
    for index, key_ in enumerate((att_key, def_key)[: 1 + defended] if rolls else ()):
        rec = result.states[key_]["last_roll"]
        net = net_dice(rec["bonus"], rec["penalty"])
        luck_left = states[key_].get("luck") or 0
        if index == 0 and jam_at is not None:
            level_of = _check_classifier(
                rec["value"], rec["difficulty"], settings.fumble_basis, net, lucks[0], luck_left
            )
            classes = _classes(net, lambda roll, level_of=level_of: (level_of(roll), roll >= jam_at))
        else:
            classes = _check_classes(
                rec["value"], rec["difficulty"], settings.fumble_basis, net, lucks[index], luck_left
            )
        groups.append((net, classes))
        values.append((rec["value"], rec["difficulty"]))

    def winner(c):
        """Who wins, by the roll's own comparison and tie rule; an Extreme hit apart (its damage differs); a jammed
        shot hits nobody."""
        la = c[0]
        if isinstance(la, tuple):
            la, jammed = la
            if jammed:
                return "none", False
        if len(c) == 1:
            outcome = "a" if succeeds(la, values[0][1]) else "none"
        else:
            outcome = attack_winner(
                compare(la, c[1], values[0][0], values[1][0]), la, c[1], args["defence"], settings.combat_ties
            )
        return outcome, outcome == "a" and la >= Level.EXTREME

    names = (who(states[att_key]), who(states[def_key]))
    chances = {("a", False): 1}  # a surprise attack that hits automatically (book option): no roll
    denominator = 1
    if groups:
        class_sets = [classes for _net, classes in groups]
        for _, den in class_sets:
            denominator *= den
        chances, tied = {}, 0
        for combo in product(*(cs.items() for cs, _ in class_sets)):
            weight = 1
            for _, (w, _rep) in combo:
                weight *= w
            key = winner(tuple(c for c, _ in combo))
            if key[0] == "roll_off":
                tied += weight
            else:
                chances[key] = chances.get(key, 0) + weight
        if tied:  # both roll 1D100, lower wins; a tie (1 in 100) rolls again, at most MAX_ROLL_OFFS times
            again = 100**MAX_ROLL_OFFS
            chances = {k: w * 2 * again for k, w in chances.items()}
            for side in (("a", False), ("b", False)):
                chances[side] = chances.get(side, 0) + tied * (again - 1)
            chances[("error", False)] = tied * 2
            denominator *= 2 * again
    dist = Dist({_attack_outcome(k, names, args["defence"]): w for k, w in chances.items()}, denominator)
    arm, _back = weapons_of(
        states[att_key],
        states[def_key],
        args.get("weapon_stats") or args["weapon"],
        args.get("defender_weapon", ""),
        args["defence"],
    )
    odds = Odds(
        "Attack",
        dist,
        contest=names if defended else None,  # a defence roll makes it opposed (seed 003, Combat)
        notes=[
            f"{arm['name']}: {values[0][0] if values else 'automatic hit'}"
            + (f" against {values[1][0]}" if len(values) > 1 else "")
        ],
    )
    expr = combat.damage_expr(arm, args["damage"], "damage", args.get("range_difficulty", "Regular"))
    db = states[att_key]["derived"]["damage_bonus"]
    armour = states[def_key].get("armour", 0)
    weapon = json.dumps(arm, sort_keys=True)
    for extreme in sorted({extreme for (outcome, extreme) in chances if outcome == "a"}):
        dmg = _damage_dist(weapon, expr.text, db, extreme, settings.extreme_damage, armour)
        odds.tables.append(
            ("Damage on an Extreme hit" if extreme else "Damage on a hit", dmg.map(lambda v: Outcome(v, f"{v} damage")))
        )
    return odds


def _attack_outcome(key, names, defence) -> Outcome:
    """The words for who won an attack (seed 003, Combat)."""
    (outcome, extreme), (attacker, defender) = key, names
    if outcome == "a":
        return Outcome((0, extreme), f"{attacker} hits {defender}" + (" (Extreme)" if extreme else ""), True, side="a")
    if outcome == "none":
        return Outcome((1, False), "Nobody wins: the attack misses", False, side="neither")
    if outcome == "b":
        words = {
            "fight_back": f"{defender} fights back and hits {attacker}",
            "manoeuvre": f"{defender}'s manoeuvre succeeds",
        }.get(defence, f"{defender} dodges: the attack misses")
        return Outcome((2, False), words, False, side="b")
    return Outcome((9, False), "The roll-off keeps tying (20 times)", None, side="tie")


@lru_cache(maxsize=128)
def _damage_dist(
    weapon_json: str, expr_text: str, damage_bonus: str, extreme: bool, rule: str, armour: int = 0
) -> Dist:
    """Damage of a hit through the roll's own :func:`~py_rules.coc.combat.roll_damage`, less the target's armour
    (:func:`~py_rules.coc.combat.armour_absorbs`)."""
    weapon = json.loads(weapon_json)
    expr = combat.damage_expr(weapon, expr_text)
    return enumerate_run(
        lambda dice: combat.armour_absorbs(
            combat.roll_damage(dice, weapon, expr, damage_bonus, Log(), extreme=extreme, extreme_rule=rule),
            armour,
            "",
            Log(),
        ),
        lambda v: v,
    )


def _roll_damage(op, args) -> Odds:
    dist = enumerate_run(lambda dice: op.run(dice, **args), lambda r: r.total)
    return Odds("Damage", dist.map(lambda v: Outcome(v, f"{v} damage")))
