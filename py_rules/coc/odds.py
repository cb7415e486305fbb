"""Exact odds of Call of Cthulhu's rolls (seed 003 "Rolling Dice", "Bonus Dice and Penalty Dice").

The d100 with bonus or penalty dice is a distribution over the value kept, in closed form from the
roll's own reading :func:`~py_rules.coc.percentile.read_d100`. A roll's values fall into a few
classes (the level each reaches, after any Luck spent, by :func:`~py_rules.coc.levels.level_for` and
:func:`~py_rules.coc.luck.luck_on_roll`); the operation itself is then run once per class on
faces showing a value of that class, and over every face of the dice it rolls afterwards (damage,
healing, Sanity loss), so what follows a roll is the roll's own code. Roll-offs (tie, then lower
wins, at most 20 times) are in closed form.
"""

from __future__ import annotations

from py_rules.coc.checks import require_alive
from py_rules.coc.investigator import luck_of, normalize, skill_value
from py_rules.coc.levels import Level, level_for, level_name, succeeds
from py_rules.coc.luck import luck_cost, luck_refusal
from py_rules.coc.odds_combat import (
    _attack,
    _opposed,
    _roll_damage,
)
from py_rules.coc.odds_replay import (
    _basis,
    _check_classes,
    _classes,
    _level_key,
    _probe,
    _replay,
    faces_for,
    level_dist,
    percentile_weights,
)
from py_rules.coc.percentile import net_dice
from py_rules.coc.sanity import goes_mad_threshold
from py_rules.coc.settings import settings_from
from py_rules.coc.tables import DICE_FORM, SANITY_LOSS_FORM, TEMPORARY_INSANITY_DICE
from py_rules.dice_expr import distribution, parse, parse_parts
from py_rules.errors import RulesError
from py_rules.odds import Dist, Odds, Outcome

__all__ = ("ODDS", "percentile_weights", "faces_for", "level_dist", "expr_dist")


def _d100(op, args) -> Odds:
    net = net_dice(args["bonus"], args["penalty"])
    weights, denominator = percentile_weights(net)
    if args["value"] is None:
        return Odds(
            "d100",
            Dist({Outcome(v, f"{v:02d}" if v < 100 else "00 (100)"): w for v, w in weights.items()}, denominator),
        )
    dist = level_dist(args["value"], args["difficulty"], _basis(args), net)
    return _levels_odds("d100", dist, args["difficulty"], args["value"])


def _levels_odds(title, dist: Dist, difficulty: str, value: int, notes=()) -> Odds:
    return Odds(
        title,
        dist.map(lambda lv: Outcome(int(lv), level_name(lv), succeeds(lv, difficulty))),
        notes=list(notes),
        details={"value": value, "difficulty": difficulty},
    )


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
    return Odds(
        "Combined roll", dist, notes=[f"{last['name']}: {'all' if args['mode'] == 'all' else 'any'} must succeed"]
    )


def _healed(before: dict):
    """HP a result gives back now or schedules (Medicine heals after a week)."""

    def scheduled(state):
        return sum(h["amount"] for h in state.get("scheduled_heals", []))

    start = before["hp"] + scheduled(before)

    def healed(result):
        return (
            0
            if isinstance(result, RulesError) or result.state is None
            else result.state["hp"] + scheduled(result.state) - start
        )

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


def _treated_at(args, result):
    """The skill a treatment is rolled against: a push keeps the first roll's (rules/coc.md §3.10; seed 003, Pushing
    a Roll), which the probe's result says."""
    return result.target if result.target is not None else args["skill"]


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
        lambda lv: succeeds(lv, "Regular")
    )

    def loss(level):
        if level == Level.FUMBLE and settings.fumbled_sanity_max_loss:
            return Dist({max(0, failure_loss.most): 1})
        expr = success_loss if succeeds(level, "Regular") else failure_loss
        return distribution(expr, 0)

    losses = levels.bind(loss)
    mad = losses.chance(lambda v: goes_mad_threshold(v, settings.insanity_threshold))
    dist = levels.map(lambda lv: Outcome(int(lv), level_name(lv), succeeds(lv, "Regular")))
    hours = expr_dist(TEMPORARY_INSANITY_DICE)
    return Odds(
        "Sanity roll",
        dist,
        chances=[
            (
                "INT roll (a loss of 5 or more)"
                if settings.insanity_threshold == "5_or_more"
                else "INT roll (a loss of more than 5)",
                mad,
            ),
            ("Temporarily insane", mad * int_ok),
        ],
        tables=[
            ("Sanity lost", losses.map(lambda v: Outcome(v, f"{v} SAN"))),
            ("Hours insane, if so", hours.map(lambda v: Outcome(v, f"{v} hour{'' if v == 1 else 's'}"))),
        ],
        notes=[f"SAN {state['san']}, INT {state['characteristics']['INT']}"],
    )


# --- opposed rolls and attacks -------------------------------------------------------------------


def _spend_luck(op, args) -> Odds:
    """After a roll: the Luck each better level costs (no dice; the level reached now has chance 1)."""
    state = normalize(args["investigator"])
    require_alive(state)
    last = state.get("last_roll")
    refusal = luck_refusal(last)
    if refusal:
        raise RulesError("rule_violation", refusal, "investigator")
    luck_of(state)  # a creature without Luck has none to spend
    if last["kind"] == "combined":
        raise RulesError("no_odds", "The Luck costs of a combined roll are shown when spending it.", "investigator")
    current = Level(last["level"])
    costs = []
    for level in (Level.REGULAR, Level.HARD, Level.EXTREME):
        if level > current:
            cost = luck_cost(last["roll"], last["value"], level)
            costs.append(
                {
                    "level": level_name(level),
                    "luck": cost,
                    "affordable": cost is not None and cost <= state.get("luck", 0),
                }
            )
    dist = Dist({Outcome(int(current), level_name(current), bool(last["success"])): 1})
    return Odds(
        "Spend Luck",
        dist,
        details={"luck_costs": costs, "luck": state.get("luck")},
        notes=[f"Roll {last['roll']} against {last['value']}"],
    )


ODDS = {
    "coc.d100": _d100,
    "coc.skill_roll": lambda op, args: _recorded(op, args, "Skill roll"),
    "coc.characteristic_roll": lambda op, args: _recorded(op, args, "Characteristic roll"),
    "coc.luck_roll": lambda op, args: _recorded(op, args, "Luck roll"),
    "coc.push_roll": lambda op, args: _recorded(op, args, "Pushed roll"),
    "coc.combined_roll": _combined,
    "coc.first_aid": _single_check(_treated_at, "First Aid"),
    "coc.medicine": _single_check(_treated_at, "Medicine", events=False),
    "coc.dying_round": _single_check(_con, "Dying: CON roll"),
    "coc.weekly_healing_roll": _single_check(_con, "Weekly healing", events=False),
    "coc.sanity_roll": _sanity,
    "coc.opposed_roll": _opposed,
    "coc.attack": _attack,
    "coc.roll_damage": _roll_damage,
    "coc.spend_luck": _spend_luck,
}
