"""The replay core of Call of Cthulhu's exact odds (seed 003 "Rolling Dice", "Bonus Dice and Penalty Dice"): the d100
with bonus or penalty dice as a distribution in closed form, a roll's values sorted into the classes of the level each
reaches, and the operation replayed once per class on faces of that class (py_rules/coc/odds.py reads it per roll)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

from py_rules.coc.checks import CheckRoll
from py_rules.coc.levels import Level, level_for, level_name, succeeds, threshold
from py_rules.coc.luck import luck_on_roll
from py_rules.coc.opposed import MAX_ROLL_OFFS
from py_rules.coc.percentile import TENS_DIE, UNITS_DIE, Percentile, read_d100
from py_rules.coc.settings import settings_from
from py_rules.errors import RulesError
from py_rules.odds import Dist, Outcome, ProbeDice, enumerate_run
from py_rules.trace import Log

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
    (:func:`~py_rules.coc.luck.luck_on_roll`)."""
    settings, _ = settings_from({"fumble_basis": basis})

    def classify(roll):
        level = level_for(roll, value, difficulty, basis)
        perc = Percentile(roll % 10, (), net, roll, 0, ())
        check = CheckRoll("", value, difficulty, perc, level, succeeds(level, difficulty), ())
        return luck_on_roll(check, luck, {"luck": luck_left, "name": "", "conditions": {}}, "luck", Log(), settings)[1]

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
            settle = (1 - tie**MAX_ROLL_OFFS) / 2
            parts = [(settle, _fill("a", other)), (settle, _fill("b", other))]
            error = RulesError("too_many_rolls", "The roll-off tied too many times.", "dice")
            k = key(error, classes)
            out[k] = out.get(k, 0) + p * tie**MAX_ROLL_OFFS
        else:
            parts = [(Fraction(1), _fill(None, other))]
        for share, fill in parts:
            dist = enumerate_run(
                run, lambda r, classes=classes: key(r, classes), prefix=prefix, fill=fill, budget=budget
            )
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
        success = (
            result.success if result.success is not None else (succeeds(level, difficulty) if level >= 0 else None)
        )
        return Outcome((level, label), label, success)

    return key


def _basis(args) -> str:
    return args.get("fumble_basis", "needed")


# --- rolls against one value -------------------------------------------------------------------
