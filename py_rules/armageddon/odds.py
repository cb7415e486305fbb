"""Exact odds of Armageddon's rolls (seed 000 "The Rule of 10", "The Rule of 1"; rules/armageddon.md §1.5–1.8).

The d10's chains are exact distributions from :mod:`.odds_chains`; the Attack, the Fear Test with what its failure
costs and the Tests below 0 Essence are composed in :mod:`.odds_attack`. What an operation adds to its die
(Attribute, Skill, penalties, the unskilled cap) is read by running the operation once on a probe die, so odds
follow every rule the roll applies.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from fractions import Fraction

from py_rules.armageddon.checks import resisted_outcome
from py_rules.armageddon.d10 import D10, chain_value
from py_rules.armageddon.odds_attack import attack_odds, essence_checks_odds, fear_odds
from py_rules.armageddon.odds_chains import TEN, chain_dist, depth_for, high_parts, roll_levels
from py_rules.armageddon.outcome import success_levels
from py_rules.armageddon.tables import DAMAGE_FORM
from py_rules.dice_expr import distribution, parse
from py_rules.errors import RulesError
from py_rules.odds import Dist, Odds, Outcome, ProbeDice, enumerate_run
from py_rules.words import counted

__all__ = ("ODDS", "chain_dist", "roll_levels", "resisted_dist", "TEN")

_PROBE_FACE = 5


_HIGH_CHAIN = (10, 10, 10, 10, 9)


def _probe(op, args, first=()):
    probe = ProbeDice({D10.name: _PROBE_FACE}, first)
    return op.run(probe, **args), probe


def _cap(op, args, tn: int, offset: int, level_of=lambda r: r.level):
    """The Success Levels cap the roll applies (unskilled: Decent), read from a probe on a long Rule of 10."""
    result, _ = _probe(op, args, _HIGH_CHAIN)
    level = level_of(result)
    uncapped = success_levels(chain_value(list(_HIGH_CHAIN))[0] + offset, tn)
    return level if level < uncapped else None


def _single_roll(op, args, title: str) -> Odds:
    """An operation that rolls one Task or Test: its d10 + what the probe shows it adds."""
    result, probe = _probe(op, args)
    rolls = [t for t in probe.thrown if t.die == D10.name]
    if len(rolls) != 1 or result.total is None or result.target is None:
        raise RulesError(
            "no_odds", f"{op.title} rolls no single Task or Test here, so it has no odds to show.", "character"
        )
    offset = result.total - _PROBE_FACE
    cap = _cap(op, args, result.target, offset)
    dist = roll_levels(offset, result.target, args.get("rule_of_one_mode", "replace"), cap)
    notes = [f"d10 {offset:+d} against {result.target}" + (", never better than Decent (unskilled)" if cap else "")]
    return Odds(title, dist, notes=notes, details={"offset": offset, "target": result.target})


def _resuscitate(op, args) -> Odds:
    """The doctor's Medicine Task, then the patient's Survival Test at + its Success Levels (seed 000)."""
    result, _ = _probe(op, args)
    doctor, patient = result.details["rolls"][:2]
    offset_d = doctor["total"] - _PROBE_FACE
    offset_p = patient["total"] - _PROBE_FACE - (doctor["level"] if doctor["success"] else 0)
    tn, mode = result.target, args.get("rule_of_one_mode", "replace")
    cap = _cap(op, args, tn, offset_d, lambda r: r.details["rolls"][0]["level"])
    levels = roll_levels(offset_d, tn, mode, cap)
    chances = []
    for outcome in sorted(levels.weights, key=lambda o: o.order):
        lives = roll_levels(offset_p + outcome.order, tn, mode, None).chance(lambda o: o.success)
        more = " or more" if outcome.tail else ""
        chances.append(
            (
                f"Resuscitated if the doctor gets {counted(outcome.order, 'Success Levels')}{more}"
                + (" (at least)" if outcome.tail else ""),
                lives,
            )
        )
    return Odds(
        "Resuscitation: the doctor's Medicine Task",
        levels,
        chances=chances,
        notes=[
            f"Doctor: d10 {offset_d:+d}; patient's Survival Test: d10 {offset_p:+d} + the doctor's "
            f"Success Levels; against {tn}"
        ],
    )


# --- Resisted rolls ----------------------------------------------------------------------------


def _side_parts(offset: int, tn: int, mode: str, depth: int):
    """A side's finished totals as integer weights over ``10 ** depth``, every failing total (and the Rule of
    1 chains still rolling, which fail) merged into ``tn − 1``, plus the closed form of its Rule of 10 tail."""
    weights, denominator, high, low = chain_dist(mode, depth)
    finite = {tn - 1: low[0]}
    for v, w in weights.items():
        total = max(v + offset, tn - 1)  # below the Target Number only failing counts
        finite[total] = finite.get(total, 0) + w
    base, step, adds = high_parts(high[1], mode)
    return finite, denominator, (high[0], base + offset, step, adds)


def _w_counts(w: int, step: int, adds: dict, m: int, exact: bool = False) -> int:
    """P(W ≥ w) (or P(W = w) if ``exact``) as a numerator over 10^m (m large enough for ``w``)."""
    if w < 0 and exact:
        return 0
    if w <= 0 and not exact:
        return 10**m
    j, rest = divmod(w, step)
    unit = 10 ** (m - j - 1)
    if exact:
        return adds.get(rest, 0) * unit
    return (1 + sum(n for e, n in adds.items() if e >= rest)) * unit


def _tail_vs_tail(a, b) -> tuple[Fraction, Fraction]:
    """(P(A > B), P(A == B)) when both chains still roll: the difference of two W's in closed form."""
    _, base_a, step, adds = a
    _, base_b, step_b, adds_b = b
    assert (step, adds) == (step_b, adds_b)
    c = base_b - base_a  # A > B  ⇔  W1 − W2 > c
    e_diff: dict = {}
    for e1, n1 in adds.items():
        for e2, n2 in adds.items():
            e_diff[e1 - e2] = e_diff.get(e1 - e2, 0) + n1 * n2
    e_total = sum(e_diff.values())
    spread = max(e_diff)

    def p_m(m: int) -> Fraction:  # P(J1 − J2 = m)
        return Fraction(9, 11) * TEN ** abs(m)

    greater = equal = Fraction(0)
    m_low = (c - spread) // step - 1
    m_high = (c + spread) // step + 1
    for m in range(m_low, m_high + 1):
        greater += p_m(m) * Fraction(sum(n for e, n in e_diff.items() if step * m + e > c), e_total)
        equal += p_m(m) * Fraction(sum(n for e, n in e_diff.items() if step * m + e == c), e_total)
    # every m beyond m_high wins outright: Σ_{m>m_high} (9/11)(1/10)^|m|
    if m_high >= 0:
        greater += Fraction(9, 11) * TEN ** (m_high + 1) / (1 - TEN)
    else:
        greater += Fraction(9, 11) * (sum(TEN ** abs(m) for m in range(m_high + 1, 0)) + 1 / (1 - TEN))
    return greater, equal


def resisted_dist(offset_a: int, offset_b: int, tn: int, mode: str, tie_rule: str) -> dict:
    """{"A", "B", "none", "tie"} → exact probability, each round compared by the roll's own
    :func:`~py_rules.armageddon.checks.resisted_outcome`, then the tie rule applied."""
    depth = max(depth_for(mode, offset_a, tn), depth_for(mode, offset_b, tn))
    fa, den, tail_a = _side_parts(offset_a, tn, mode, depth)
    fb, _, tail_b = _side_parts(offset_b, tn, mode, depth)
    counts = {"A": 0, "B": 0, "none": 0, "tie": 0}

    def who(ta, tb):
        winner, _ = resisted_outcome(ta, tb, tn, "stalemate")
        return winner or ("tie" if ta == tb and ta >= tn else "none")

    # B's totals in four buckets per A total (fail, below, equal, above): one comparison per bucket
    fail_b = fb.get(tn - 1, 0)
    succ_b = sorted((t, w) for t, w in fb.items() if t >= tn)
    totals_b = [t for t, _ in succ_b]
    below = [0]
    for _, w in succ_b:
        below.append(below[-1] + w)
    for ta, wa in fa.items():
        i, j = bisect_left(totals_b, ta), bisect_right(totals_b, ta)
        for weight, rep in (
            (fail_b, tn - 1),
            (below[i], totals_b[0] if i else None),
            (below[j] - below[i], ta),
            (below[-1] - below[j], totals_b[j] if j < len(totals_b) else None),
        ):
            if weight:
                counts[who(ta, rep)] += wa * weight
    # a Rule of 10 chain still rolling (always ≥ tn) against a finished total: integers over 10^m
    _, _, step, adds = tail_a
    m = 2 + max(abs(total - t[1]) // step for t in (tail_a, tail_b) for total in list(fa) + list(fb))
    scale = 10**m
    for k in counts:
        counts[k] *= scale
    for tail, finite, mine, theirs in ((tail_a, fb, "A", "B"), (tail_b, fa, "B", "A")):
        for total, w in finite.items():
            gt, eq = (
                _w_counts(total - tail[1] + 1, step, adds, m),
                _w_counts(total - tail[1], step, adds, m, exact=True),
            )
            pw = tail[0] * w
            counts["tie" if total >= tn else mine] += pw * eq
            counts[mine] += pw * gt
            counts[theirs] += pw * (scale - gt - eq)
    p = {k: Fraction(v, den * den * scale) for k, v in counts.items()}
    gt, eq = _tail_vs_tail(tail_a, tail_b)
    both = Fraction(tail_a[0] * tail_b[0], den * den)
    p["A"] += both * gt
    p["tie"] += both * eq
    p["B"] += both * (1 - gt - eq)
    assert sum(p.values()) == 1
    if tie_rule == "defender_wins":
        p["B"] += p.pop("tie")
        p["tie"] = Fraction(0)
    elif tie_rule == "reroll":  # at most 10 rolls (the roll's own limit), then the tie stands
        t = p["tie"]
        again = sum(t**k for k in range(10))
        p = {"A": p["A"] * again, "B": p["B"] * again, "none": p["none"] * again, "tie": t**10}
    return p


def _resisted(op, args) -> Odds:
    result, probe = _probe(op, args)
    offset_a = result.details["a"]["total"] - _PROBE_FACE
    offset_b = result.details["b"]["total"] - _PROBE_FACE
    tn, tie_rule = result.target, args["tie_rule"]
    p = resisted_dist(offset_a, offset_b, tn, args["rule_of_one_mode"], tie_rule)
    a = result.details["names"]["a"]
    b = result.details["names"]["b"]
    tie_words = {
        "stalemate": "Tie: stalemate",
        "reroll": "Still tied after 10 rolls: stalemate",
        "compare_sl": "Tie: stalemate",
        "defender_wins": "Tie",
    }[tie_rule]
    outcomes = {
        Outcome(0, f"{a} wins", True, side="a"): p["A"],
        Outcome(1, tie_words, None, side="tie"): p["tie"],
        Outcome(2, "Both fail", None, side="neither"): p["none"],
        Outcome(3, f"{b} wins", False, side="b"): p["B"],
    }
    dist = Dist.from_fractions(outcomes)
    return Odds(
        "Resisted roll",
        dist,
        contest=(a, b),
        notes=[f"{a}: d10 {offset_a:+d}; {b}: d10 {offset_b:+d}; against {tn}"],
        details={"offset_a": offset_a, "offset_b": offset_b, "target": tn},
    )


# --- damage, initiative ------------------------------------------------------------------------


def _roll_damage(op, args) -> Odds:
    roll = parse(args["expression"], DAMAGE_FORM, "expression")
    extra = args["success_levels"] if args["add_success_levels"] else 0
    dist = distribution(roll, DAMAGE_FORM.floor).map(lambda v: v + extra)
    return Odds(
        f"Damage {roll}",
        dist.map(lambda v: Outcome(v, f"{v} damage")),
        details={"mean": float(sum(Fraction(v * w, dist.denominator) for v, w in dist.weights.items()))},
    )


def _enumerated(op, args, title) -> Odds:
    """Small rolls: the operation itself over every face (no chains)."""
    dist = enumerate_run(
        lambda dice: op.run(dice, **args),
        lambda r: Outcome(r.total, f"{r.total}") if not isinstance(r, RulesError) else Outcome(10**9, r.message),
    )
    return Odds(title, dist)


ODDS = {
    "armageddon.task": lambda op, args: _single_roll(op, args, "Task"),
    "armageddon.character_task": lambda op, args: _single_roll(op, args, "Task"),
    "armageddon.test": lambda op, args: _single_roll(op, args, "Test"),
    "armageddon.consciousness_test": lambda op, args: _single_roll(op, args, "Consciousness Test"),
    "armageddon.survival_test": lambda op, args: _single_roll(op, args, "Survival Test"),
    "armageddon.fear_test": fear_odds,
    "armageddon.attack": attack_odds,
    "armageddon.essence_checks": essence_checks_odds,
    "armageddon.first_aid": lambda op, args: _single_roll(op, args, "First Aid"),
    "armageddon.resuscitate": _resuscitate,
    "armageddon.resisted": _resisted,
    "armageddon.roll_damage": _roll_damage,
    "armageddon.initiative": lambda op, args: _enumerated(op, args, "Initiative"),
}
