"""Exact odds of Call of Cthulhu's rolls (seed 003 "Rolling Dice", "Bonus Dice and Penalty Dice").

The d100 with bonus or penalty dice is a distribution over the value kept, in closed form from the
roll's own reading :func:`~py_rules.coc.percentile.read_d100`. A roll's values fall into a few
classes (the level each reaches, after any Luck spent, by :func:`~py_rules.coc.levels.level_for` and
:func:`~py_rules.coc.checks.luck_on_roll`); the operation itself is then run once per class on
faces showing a value of that class, and over every face of the dice it rolls afterwards (damage,
healing, Sanity loss), so what follows a roll is the roll's own code. Roll-offs (tie, then lower
wins, at most 20 times) are in closed form.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import lru_cache
from itertools import product

from py_rules.coc import combat
from py_rules.coc.attack import weapons_of
from py_rules.coc.checks import CheckRoll, luck_cost, luck_on_roll, luck_refusal, require_alive
from py_rules.coc.combat import attack_winner
from py_rules.coc.investigator import normalize, skill_value, who
from py_rules.coc.levels import Level, level_for, level_name, succeeds, threshold
from py_rules.coc.opposed import MAX_ROLL_OFFS, compare
from py_rules.coc.percentile import TENS_DIE, UNITS_DIE, Percentile, net_dice, read_d100
from py_rules.coc.sanity import goes_mad_threshold
from py_rules.coc.settings import settings_from
from py_rules.coc.tables import DICE_FORM, SANITY_LOSS_FORM, TEMPORARY_INSANITY_DICE
from py_rules.dice_expr import distribution, parse, parse_parts
from py_rules.errors import RulesError
from py_rules.odds import Dist, Odds, Outcome, ProbeDice, enumerate_run

__all__ = ("ODDS", "percentile_weights", "faces_for", "level_dist", "expr_dist")

_PERCENTILE = (UNITS_DIE.name, TENS_DIE.name)


@lru_cache(maxsize=8)
def percentile_weights(net: int) -> tuple[dict, int]:
    """Value → weight of 1D100 with ``net`` bonus (> 0) or penalty (< 0) dice, over 10^(2 + |net|)."""
    k = 1 + abs(net)
    weights: dict = {}
    for units in UNITS_DIE.faces:
        readings = [read_d100(t, units) for t in TENS_DIE.faces]
        for r in set(readings):
            if net >= 0:  # keep the lowest: P(min = r) ∝ #(≥ r)^k − #(> r)^k
                w = sum(x >= r for x in readings) ** k - sum(x > r for x in readings) ** k
            else:
                w = sum(x <= r for x in readings) ** k - sum(x < r for x in readings) ** k
            weights[r] = weights.get(r, 0) + w
    return weights, 10 ** (k + 1)


def faces_for(value: int, net: int) -> tuple[int, ...]:
    """Units die then tens dice that read ``value`` with ``net`` bonus/penalty dice (the other tens dice
    showing the reading that is never kept)."""
    units = value % 10
    tens = (value - units) % 100
    others = sorted(TENS_DIE.faces, key=lambda t: read_d100(t, units))
    other = others[-1] if net > 0 else others[0]
    return (units, tens) + (other,) * abs(net)


@lru_cache(maxsize=8)
def _running_weights(net: int) -> list[int]:
    """Weight of every roll up to r, for r = 0 … 100."""
    weights, _ = percentile_weights(net)
    running = [0]
    for roll in range(1, 101):
        running.append(running[-1] + weights.get(roll, 0))
    return running


@lru_cache(maxsize=512)
def level_dist(value: int, difficulty: str, basis: str, net: int) -> Dist:
    """Level → weight of a roll against ``value``, by :func:`~py_rules.coc.levels.level_for` read once per
    stretch of rolls it cannot tell apart (between 01, the Extreme, Hard and Regular thresholds, and each
    of 95–100 where a fumble may start)."""
    out: dict = {}
    for level, (weight, _roll) in _level_classes(value, difficulty, basis, net).items():
        out[level] = weight
    return Dist(out, percentile_weights(net)[1])


def _level_classes(value: int, difficulty: str, basis: str, net: int) -> dict:
    """Level → [weight, the first roll reaching it], reading each stretch of rolls once."""
    running = _running_weights(net)
    starts = {1, 2, *range(95, 101)}
    starts |= {threshold(value, lv) + 1 for lv in (Level.EXTREME, Level.HARD, Level.REGULAR)}
    starts = sorted(r for r in starts if 1 <= r <= 100)
    out: dict = {}
    for start, end in zip(starts, starts[1:] + [101], strict=True):
        weight = running[end - 1] - running[start - 1]
        if weight:
            entry = out.setdefault(level_for(start, value, difficulty, basis), [0, start])
            entry[0] += weight
    return out


def _check_classes(value, difficulty, basis, net, luck=0, luck_left=0) -> tuple[dict, int]:
    """A check's value classes for :func:`_replay`: its levels (after the Luck it spends)."""
    if luck:
        return _classes(net, _check_classifier(value, difficulty, basis, net, luck, luck_left))
    return _level_classes(value, difficulty, basis, net), percentile_weights(net)[1]


def _classes(net: int, classify) -> tuple[dict, int]:
    """Class → [weight, a value of that class] over the d100's denominator."""
    weights, denominator = percentile_weights(net)
    out: dict = {}
    for roll in sorted(weights):
        entry = out.setdefault(classify(roll), [0, roll])
        entry[0] += weights[roll]
    return out, denominator


def _check_classifier(value, difficulty, basis, net, luck, luck_left):
    """The level a roll of ``value`` reaches after ``luck`` points spent the way the roll spends them
    (:func:`~py_rules.coc.checks.luck_on_roll`)."""
    settings, _ = settings_from({"fumble_basis": basis})

    def classify(roll):
        level = level_for(roll, value, difficulty, basis)
        perc = Percentile(roll % 10, (), net, roll, 0, ())
        check = CheckRoll("", value, difficulty, perc, level, succeeds(level, difficulty), ())
        return luck_on_roll(check, luck, {"luck": luck_left, "name": "", "conditions": {}}, "luck", [], settings)[1]
    return classify


def _fill(winner: str | None = None, other=None):
    """Faces for dice after the classes: roll-offs that ``winner`` ("a" or "b") wins at once (01 against 02),
    other d100s read 44, other dice ``other(die)`` (None: enumerate them)."""
    low, high = (1, 0), (2, 0)
    order = low + high if winner == "a" else high + low

    def fill(dice, die, purpose):
        if winner and purpose.startswith("roll-off"):
            used = sum(1 for t in dice.thrown if t.purpose.startswith("roll-off"))
            return order[used % 4]
        if die.name in _PERCENTILE:
            return die.faces[4]
        return other(die) if other else None
    return fill


def _replay(op, args, groups, key, signature=None, rolloff=None, other=None) -> Dist:
    """The operation's outcome distribution, run once per combination of value classes.

    ``groups``: for each leading d100 roll in order, (net dice, its classes as :func:`_classes` gives
    them). Combinations with the same ``signature(classes)`` behave alike, so one of them is run and read
    by ``key(result, classes)``; ``rolloff(classes)`` says whether that combination goes to a roll-off.
    Dice rolled afterwards are enumerated (d100s among them read 44: ``key`` must not depend on them).
    """
    class_sets = [classes for _net, classes in groups]
    denominator = 1
    for _, den in class_sets:
        denominator *= den
    combos: dict = {}
    for combo in product(*(sorted(cs.items(), key=lambda kv: kv[1][1]) for cs, _ in class_sets)):
        classes = tuple(c for c, _ in combo)
        weight = 1
        for _, (w, _rep) in combo:
            weight *= w
        sig = signature(classes) if signature else classes
        entry = combos.setdefault(sig, [0, combo, classes])
        entry[0] += weight
    def run(dice):
        return op.run(dice, **args)

    out: dict = {}
    budget = [20000]
    for weight, combo, classes in combos.values():
        prefix = tuple(f for (_c, (_w, rep)), (net, _) in zip(combo, groups, strict=True) for f in faces_for(rep, net))
        p = Fraction(weight, denominator)
        if rolloff and rolloff(classes):
            tie = Fraction(1, 100)
            settle = (1 - tie ** MAX_ROLL_OFFS) / 2
            parts = [(settle, _fill("a", other)), (settle, _fill("b", other))]
            error = RulesError("too_many_rolls", "The roll-off tied too many times.", "dice")
            k = key(error, classes)
            out[k] = out.get(k, 0) + p * tie ** MAX_ROLL_OFFS
        else:
            parts = [(Fraction(1), _fill(None, other))]
        for share, fill in parts:
            dist = enumerate_run(run, lambda r, classes=classes: key(r, classes), prefix=prefix, fill=fill, budget=budget)
            for k, q in dist.fractions().items():
                out[k] = out.get(k, 0) + p * share * q
    return Dist.from_fractions(out)


class _Probe(ProbeDice):
    """Middle faces, and roll-offs the first side wins at once (so a probe never ties forever)."""

    def _draw(self, die, purpose):
        if purpose.startswith("roll-off"):
            return (1, 0, 2, 0)[sum(1 for t in self.thrown if t.purpose.startswith("roll-off")) % 4]
        return super()._draw(die, purpose)


def _probe(op, args):
    probe = _Probe()
    return op.run(probe, **args), probe


def _level_key(difficulty="Regular", events=False):
    """The level the check reached (its class when the result does not say) and, if ``events``, what followed."""
    def key(result, classes=()):
        if isinstance(result, RulesError):
            return Outcome((-1, result.message), result.message, None)
        level = result.level if result.level is not None else (int(classes[0]) if classes else -1)
        label = level_name(level) if level >= 0 else ("Success" if result.success else "Failure")
        if events and result.events:
            label += ": " + "; ".join(result.events)
        success = result.success if result.success is not None else (succeeds(level, difficulty) if level >= 0 else None)
        return Outcome((level, label), label, success)
    return key


def _basis(args) -> str:
    return args.get("fumble_basis", "needed")


# --- rolls against one value -------------------------------------------------------------------

def _d100(op, args) -> Odds:
    net = net_dice(args["bonus"], args["penalty"])
    weights, denominator = percentile_weights(net)
    if args["value"] is None:
        return Odds("d100", Dist({Outcome(v, f"{v:02d}" if v < 100 else "00 (100)"): w for v, w in weights.items()},
                                 denominator))
    dist = level_dist(args["value"], args["difficulty"], _basis(args), net)
    return _levels_odds("d100", dist, args["difficulty"], args["value"])


def _levels_odds(title, dist: Dist, difficulty: str, value: int, notes=()) -> Odds:
    return Odds(title, dist.map(lambda lv: Outcome(int(lv), level_name(lv), succeeds(lv, difficulty))),
                notes=list(notes), details={"value": value, "difficulty": difficulty})


def _recorded(op, args, title) -> Odds:
    """Skill, characteristic, Luck and pushed rolls: the roll's record names the value, difficulty and dice."""
    result, _ = _probe(op, args)
    last = result.state["last_roll"]
    net = net_dice(last["bonus"], last["penalty"])
    dist = level_dist(last["value"], last["difficulty"], _basis(args), net)
    notes = [f"{last['name']} {last['value']}, {last['difficulty']}"]
    return _levels_odds(title, dist, last["difficulty"], last["value"], notes)


def _combined(op, args) -> Odds:
    result, probe = _probe(op, args)
    last = result.state["last_roll"]
    values = [skill_value(args["investigator"], name) for name in last["names"]]
    net = net_dice(args["bonus"], args["penalty"])
    basis, difficulty = _basis(args), args["difficulty"]
    classify = lambda roll: tuple(level_for(roll, v, difficulty, basis) for v in values)  # noqa: E731
    dist = _replay(op, args, [(net, _classes(net, classify))], _level_key())  # combined: the result's level
    return Odds("Combined roll", dist, notes=[f"{last['name']}: {'all' if args['mode'] == 'all' else 'any'} must succeed"])


def _healed(before: dict):
    """HP a result gives back now or schedules (Medicine heals after a week)."""
    def scheduled(state):
        return sum(h["amount"] for h in state.get("scheduled_heals", []))
    start = before["hp"] + scheduled(before)

    def healed(result):
        return 0 if isinstance(result, RulesError) or result.state is None else \
            result.state["hp"] + scheduled(result.state) - start
    return healed


def _single_check(value_of, title, events=True):
    """An operation whose first d100 is a Regular roll against ``value_of(args, probe result)``; the HP it
    heals, if any, as a table."""
    def odds(op, args) -> Odds:
        result, probe = _probe(op, args)
        value = value_of(args, result)
        net = net_dice(args.get("bonus") or 0, args.get("penalty") or 0)
        classes = _check_classes(value, "Regular", _basis(args), net)
        level_key, healed = _level_key(events=events), _healed(normalize(args["investigator"]))
        both = _replay(op, args, [(net, classes)], lambda r, c: (level_key(r, c), healed(r)))
        odds = Odds(title, both.map(lambda k: k[0]), notes=[f"against {value}"])
        hp = both.map(lambda k: k[1])
        if any(hp.weights):
            odds.tables.append(("HP regained", hp.map(lambda v: Outcome(v, f"{v} HP"))))
        return odds
    return odds


def _con(args, result):
    return normalize(args["investigator"])["characteristics"]["CON"]


# --- Sanity --------------------------------------------------------------------------------------

def expr_dist(text: str) -> Dist:
    """Total of a dice expression (:func:`py_rules.dice_expr.distribution`, checked against the roll itself by
    tests/test_dice_expr.py)."""
    return distribution(parse(text, DICE_FORM))


def _sanity(op, args) -> Odds:
    settings, _ = settings_from(args)
    state = normalize(args["investigator"])
    _probe(op, args)  # the same refusals as the roll
    success_loss, failure_loss = parse_parts(args["loss"], SANITY_LOSS_FORM, "loss")
    net = net_dice(args["bonus"], args["penalty"])
    levels = level_dist(state["san"], "Regular", settings.fumble_basis, net)
    int_ok = level_dist(state["characteristics"]["INT"], "Regular", settings.fumble_basis, 0).chance(
        lambda lv: succeeds(lv, "Regular"))

    def loss(level):
        if level == Level.FUMBLE and settings.fumbled_sanity_max_loss:
            return Dist({max(0, failure_loss.most): 1})
        expr = success_loss if succeeds(level, "Regular") else failure_loss
        return distribution(expr, 0)

    losses = levels.bind(loss)
    mad = losses.chance(lambda v: goes_mad_threshold(v, settings.insanity_threshold))
    dist = levels.map(lambda lv: Outcome(int(lv), level_name(lv), succeeds(lv, "Regular")))
    hours = expr_dist(TEMPORARY_INSANITY_DICE)
    return Odds("Sanity roll", dist,
                chances=[("INT roll (a loss of 5 or more)" if settings.insanity_threshold == "5_or_more"
                          else "INT roll (a loss of more than 5)", mad),
                         ("Temporarily insane", mad * int_ok)],
                tables=[("Sanity lost", losses.map(lambda v: Outcome(v, f"{v} SAN"))),
                        ("Hours insane, if so", hours.map(lambda v: Outcome(v, f"{v} hour{'' if v == 1 else 's'}")))],
                notes=[f"SAN {state['san']}, INT {state['characteristics']['INT']}"])


# --- opposed rolls and attacks -------------------------------------------------------------------

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
        groups.append((net, _check_classes(rec["value"], "Regular", basis, net, luck, state["luck"])))
    signature = lambda c: compare(c[0], c[1], a["value"], b["value"])  # noqa: E731
    names = result.details["rolls"]
    name_a, name_b = list(names)

    def key(r, classes=()):
        if isinstance(r, RulesError):
            return Outcome(3, "The roll-off keeps tying (20 times)", None)
        winner = r.details["winner"]
        order = 0 if winner == name_a else 2 if winner == name_b else 1
        return Outcome(order, f"{winner} wins" if winner else "Both fail: nobody wins", winner == name_a)
    dist = _replay(op, args, groups, key, signature, rolloff=lambda c: signature(c) == "roll_off")
    return Odds("Opposed roll", dist, notes=[f"{name_a} {a['value']} against {name_b} {b['value']}"])


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
    for index, key_ in enumerate((att_key, def_key)[: 1 + defended] if rolls else ()):
        rec = result.states[key_]["last_roll"]
        net = net_dice(rec["bonus"], rec["penalty"])
        groups.append((net, _check_classes(rec["value"], rec["difficulty"], settings.fumble_basis, net, lucks[index],
                                           states[key_]["luck"])))
        values.append((rec["value"], rec["difficulty"]))

    def winner(c):
        """Who wins, by the roll's own comparison and tie rule; an Extreme hit apart (its damage differs)."""
        la = c[0]
        if len(c) == 1:
            outcome = "a" if succeeds(la, values[0][1]) else "none"
        else:
            outcome = attack_winner(compare(la, c[1], values[0][0], values[1][0]), la, c[1], args["defence"],
                                    settings.combat_ties)
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
            again = 100 ** MAX_ROLL_OFFS
            chances = {k: w * 2 * again for k, w in chances.items()}
            for side in (("a", False), ("b", False)):
                chances[side] = chances.get(side, 0) + tied * (again - 1)
            chances[("error", False)] = tied * 2
            denominator *= 2 * again
    dist = Dist({_attack_outcome(k, names, args["defence"]): w for k, w in chances.items()}, denominator)
    arm, _back = weapons_of(states[att_key], states[def_key], args.get("weapon_stats") or args["weapon"],
                            args.get("defender_weapon", ""), args["defence"])
    odds = Odds("Attack", dist, notes=[f"{arm['name']}: {values[0][0] if values else 'automatic hit'}"
                                       + (f" against {values[1][0]}" if len(values) > 1 else "")])
    expr = combat.damage_expr(arm, args["damage"], "damage", args.get("range_difficulty", "Regular"))
    db = states[att_key]["derived"]["damage_bonus"]
    armour = states[def_key].get("armour", 0)
    weapon = json.dumps(arm, sort_keys=True)
    for extreme in sorted({extreme for (outcome, extreme) in chances if outcome == "a"}):
        dmg = _damage_dist(weapon, expr.text, db, extreme, settings.extreme_damage, armour)
        odds.tables.append(("Damage on an Extreme hit" if extreme else "Damage on a hit",
                            dmg.map(lambda v: Outcome(v, f"{v} damage"))))
    return odds


def _attack_outcome(key, names, defence) -> Outcome:
    """The words for who won an attack (seed 003, Combat)."""
    (outcome, extreme), (attacker, defender) = key, names
    if outcome == "a":
        return Outcome((0, extreme), f"{attacker} hits {defender}" + (" (Extreme)" if extreme else ""), True)
    if outcome == "none":
        return Outcome((1, False), "Nobody wins: the attack misses", False)
    if outcome == "b":
        words = {"fight_back": f"{defender} fights back and hits {attacker}",
                 "manoeuvre": f"{defender}'s manoeuvre succeeds"}.get(defence, f"{defender} dodges: the attack misses")
        return Outcome((2, False), words, False)
    return Outcome((9, False), "The roll-off keeps tying (20 times)", None)


@lru_cache(maxsize=128)
def _damage_dist(weapon_json: str, expr_text: str, damage_bonus: str, extreme: bool, rule: str, armour: int = 0) -> Dist:
    """Damage of a hit through the roll's own :func:`~py_rules.coc.combat.roll_damage`, less the target's armour
    (:func:`~py_rules.coc.combat.armour_absorbs`)."""
    weapon = json.loads(weapon_json)
    expr = combat.damage_expr(weapon, expr_text)
    return enumerate_run(lambda dice: combat.armour_absorbs(combat.roll_damage(dice, weapon, expr, damage_bonus,
                                                                               extreme=extreme, extreme_rule=rule)[0],
                                                            armour, "")[0], lambda v: v)


def _roll_damage(op, args) -> Odds:
    dist = enumerate_run(lambda dice: op.run(dice, **args), lambda r: r.total)
    return Odds("Damage", dist.map(lambda v: Outcome(v, f"{v} damage")))


def _spend_luck(op, args) -> Odds:
    """After a roll: the Luck each better level costs (no dice; the level reached now has chance 1)."""
    state = normalize(args["investigator"])
    require_alive(state)
    last = state.get("last_roll")
    refusal = luck_refusal(last)
    if refusal:
        raise RulesError("rule_violation", refusal, "investigator")
    if last["kind"] == "combined":
        raise RulesError("no_odds", "The Luck costs of a combined roll are shown when spending it.", "investigator")
    current = Level(last["level"])
    costs = []
    for level in (Level.REGULAR, Level.HARD, Level.EXTREME):
        if level > current:
            cost = luck_cost(last["roll"], last["value"], level)
            costs.append({"level": level_name(level), "luck": cost,
                          "affordable": cost is not None and cost <= state["luck"]})
    dist = Dist({Outcome(int(current), level_name(current), bool(last["success"])): 1})
    return Odds("Spend Luck", dist, details={"luck_costs": costs, "luck": state["luck"]},
                notes=[f"Roll {last['roll']} against {last['value']}"])


ODDS = {
    "coc.d100": _d100,
    "coc.skill_roll": lambda op, args: _recorded(op, args, "Skill roll"),
    "coc.characteristic_roll": lambda op, args: _recorded(op, args, "Characteristic roll"),
    "coc.luck_roll": lambda op, args: _recorded(op, args, "Luck roll"),
    "coc.push_roll": lambda op, args: _recorded(op, args, "Pushed roll"),
    "coc.combined_roll": _combined,
    "coc.first_aid": _single_check(lambda args, r: args["skill"], "First Aid"),
    "coc.medicine": _single_check(lambda args, r: args["skill"], "Medicine", events=False),
    "coc.dying_round": _single_check(_con, "Dying: CON roll"),
    "coc.weekly_healing_roll": _single_check(_con, "Weekly healing", events=False),
    "coc.sanity_roll": _sanity,
    "coc.opposed_roll": _opposed,
    "coc.attack": _attack,
    "coc.roll_damage": _roll_damage,
    "coc.spend_luck": _spend_luck,
}
