"""Exact odds of Semiautomagic's rolls (seed 002; rules/semiautomagic.md §2.2–§2.6).

Its dice are few and small (a d6 check, a d10 stabilisation roll, damage dice), so most operations are
run as they are over every face of every die they throw (:func:`py_rules.odds.enumerate_run`): the
odds are the roll's own code. Dying over several rounds is a Markov chain on the Dying DC built from
the round's pure parts (:func:`~py_rules.semiautomagic.dying.stabilises`,
:func:`~py_rules.semiautomagic.checks.passes`, :func:`~py_rules.semiautomagic.dying.impossible`).
"""

from __future__ import annotations

from fractions import Fraction

from py_rules.errors import RulesError
from py_rules.modifiers import parse_modifiers
from py_rules.odds import Dist, Odds, Outcome, enumerate_run
from py_rules.semiautomagic import creature as C
from py_rules.semiautomagic.checks import D6, check_total, passes
from py_rules.semiautomagic.dying import D10, dying_modifiers, impossible, stabilises
from py_rules.semiautomagic.ops_damage import hit_outcome_name

__all__ = ("ODDS", "dying_rounds", "DYING_ROUNDS")

DYING_ROUNDS = 20
"""How many rounds ahead the Dying table looks."""

ORDER = (
    "dead",
    "destroyed",
    "begins dying",
    "knocked out",
    "dying",
    "still dead",
    "still dying",
    "stays asleep",
    "not repaired",
    "attack stands",
    "miss",
    "disabled by EMP",
    "wounded",
    "no effect",
    "hit",
    "attack negated",
    "holds on",
    "wakes",
    "stable",
    "stabilised",
    "repaired",
    "alive again",
)
"""The game's outcomes from worst to best for the one rolling (unknown ones follow, then errors)."""

HIT_ORDER = ("no effect", "wounded", "disabled by EMP", "knocked out", "dying", "destroyed", "dead")
"""What one hit can do, from nothing to the worst (rules/semiautomagic.md §2.5: above Minimum Toughness a wound, at
Toughness Dying, wounded while dying death; nonlethal knocks out; an object is destroyed; EMP stops a device): the
damage odds read in this order, never by the damage totals' text."""

COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""Scatter directions in the order of the compass."""

_WAKE = "hours until waking"


def _outcome(result) -> Outcome:
    if isinstance(result, RulesError):
        return Outcome((len(ORDER) + 1, result.message), result.message, None)
    label = result.level_name or ("Success" if result.success else "Failure")
    if label in COMPASS:
        return Outcome((COMPASS.index(label), label), label, None)
    rank = ORDER.index(label) if label in ORDER else (0 if label == "Failure" else len(ORDER))
    return Outcome((rank, label), label, result.success)


def _fill_wake(dice, die, purpose):
    """Wake-up times never change the outcome shown: read them as 1 instead of enumerating."""
    return die.faces[0] if purpose.startswith(_WAKE) else None


def _run_all(title):
    def odds(op, args) -> Odds:
        dist = enumerate_run(lambda dice: op.run(dice, **args), _outcome, fill=_fill_wake)
        return Odds(title, dist)

    return odds


def _hit(result, rank: int = 0, prefix: str = "") -> Outcome:
    """What a hit did, ranked by :data:`HIT_ORDER` after ``rank`` (an error keeps its place after everything)."""
    if isinstance(result, RulesError):
        return _outcome(result)
    what = hit_outcome_name(result.flags)
    return Outcome((rank + HIT_ORDER.index(what), what), prefix + what, result.success)


def _attack(op, args) -> Odds:
    """Miss, a hit the defence roll negates, then (M4, M5) with a weapon what its damage does, in
    :data:`HIT_ORDER`; the damage rolled is a table of its own, by amount."""
    negated = f"hit, but the {args['defence']} negates it"

    def key(result):
        if isinstance(result, RulesError):
            return _outcome(result), None
        if "defended" in result.flags:
            return Outcome((1, negated), negated, False), None
        if not result.success:
            return Outcome((0, "miss"), "miss", False), None
        if "damage" not in result.details:  # no weapon: the roll alone
            return Outcome((2, "hit"), "hit", True), None
        return _hit(result, 3, "hit: "), result.details["damage"]

    dist = enumerate_run(lambda dice: op.run(dice, **args), key, fill=_fill_wake)
    outcomes = dist.map(lambda k: k[0])
    if all(amount is None for _, amount in dist.weights):
        return Odds("Attack", outcomes)
    damage = dist.map(lambda k: k[1]).map(
        lambda v: Outcome(-1, "no damage (no hit)") if v is None else Outcome(v, f"{v} damage")
    )
    return Odds("Attack", outcomes, tables=[("Damage rolled", damage)])


def _damage(op, args) -> Odds:
    dist = enumerate_run(lambda dice: op.run(dice, **args), lambda r: r.total)
    return Odds("Damage", dist.map(lambda v: Outcome(v, f"{v} {args['damage_type']}")))


def _apply_damage(op, args) -> Odds:
    dist = enumerate_run(
        lambda dice: op.run(dice, **args), lambda r: (_hit(r), r.details.get("damage")), fill=_fill_wake
    )
    outcomes = dist.map(lambda k: k[0])
    damage = dist.map(lambda k: k[1]).map(lambda v: Outcome(v, f"{v} damage"))
    wounds = outcomes.chance(lambda o: o.label not in ("no effect",))
    return Odds("Damage", outcomes, chances=[("Hurts at all", wounds)], tables=[("Damage rolled", damage)])


# --- Dying --------------------------------------------------------------------------------------


def _step(dc: int, mods, order: str) -> dict:
    """One Dying round from DC ``dc``: {"stable" | "dead" | dc': weight over 60} (the round's own order)."""
    stab = sum(stabilises(f) for f in D10.faces)  # of 10
    ok = sum(passes(check_total(f, mods), dc) for f in D6.faces)  # of 6
    stays, fails = len(D10.faces) - stab, len(D6.faces) - ok
    after_fail = "dead" if impossible(dc + 1, mods) else dc + 1
    out: dict = {}

    def add(k, w):
        out[k] = out.get(k, 0) + w

    if order == "stabilise_first":
        add("stable", stab * len(D6.faces))
        add(dc, stays * ok)
        add(after_fail, stays * fails)
    else:
        add("stable", ok * stab)
        add(dc, ok * stays)
        if after_fail == "dead":
            add("dead", fails * len(D10.faces))
        else:
            add("stable", fails * stab)
            add(after_fail, fails * stays)
    return out


def dying_rounds(dc: int, mods, order: str, rounds: int = DYING_ROUNDS) -> list[dict]:
    """After each of ``rounds`` rounds: {"stable", "dead", "dying"} → exact chance (a Markov chain on the DC,
    integer weights over 60 per round)."""
    per_round = len(D10.faces) * len(D6.faces)
    state = {dc: 1}
    stable = dead = 0
    denominator = 1
    steps = {}
    history = []
    for _ in range(rounds):
        nxt: dict = {}
        stable, dead = stable * per_round, dead * per_round
        for k, w in state.items():
            if k not in steps:
                steps[k] = _step(k, mods, order)
            for to, q in steps[k].items():
                if to == "stable":
                    stable += w * q
                elif to == "dead":
                    dead += w * q
                else:
                    nxt[to] = nxt.get(to, 0) + w * q
        state = nxt
        denominator *= per_round
        history.append(
            {
                "stable": Fraction(stable, denominator),
                "dead": Fraction(dead, denominator),
                "dying": Fraction(sum(state.values()), denominator),
            }
        )
    return history


def _dying(op, args) -> Odds:
    c = C.copy_of(args["creature"])
    if "Dying" not in c["conditions"] or c["dead"]:
        op.run(_NoDice(), **args)  # the roll's own refusal
    mods = dying_modifiers(c, args["dying_rule"], parse_modifiers(args["modifiers"], "GM"))
    dc = c["conditions"]["Dying"]["dc"]
    history = dying_rounds(dc, mods, args["dying_order"])
    first = history[0]
    dist = Dist.from_fractions(
        {
            Outcome(0, "dead", False): first["dead"],
            Outcome(1, "still dying", None): first["dying"],
            Outcome(2, "stable", True): first["stable"],
        }
    )
    chances = []
    for n, row in enumerate(history, start=1):
        if n not in (1, 2, 3, 5, 10, DYING_ROUNDS):
            continue
        chances.append((f"Dead within {n} round{'s' if n > 1 else ''}", row["dead"]))
        chances.append((f"Stable within {n} round{'s' if n > 1 else ''}", row["stable"]))
    table = history[-1]
    last = Dist.from_fractions(
        {
            Outcome(0, "dead", False): table["dead"],
            Outcome(1, "still dying", None): table["dying"],
            Outcome(2, "stable", True): table["stable"],
        }
    )
    return Odds(
        "Dying round",
        dist,
        chances=chances,
        tables=[(f"After {DYING_ROUNDS} rounds", last)],
        notes=[f"DC {dc}, d6 {sum(m.value for m in mods):+d}; a 10 on the d10 stabilises"],
        details={"rounds": [{k: str(v) for k, v in row.items()} for row in history]},
    )


class _NoDice:
    def roll(self, die, purpose):
        raise RulesError("no_odds", "This roll needs no dice here.", "creature")


ODDS = {
    "semiautomagic.check": _run_all("Check"),
    "semiautomagic.skill_check": _run_all("Skill check"),
    "semiautomagic.attack": _attack,
    "semiautomagic.defence_roll": _run_all("Defence roll"),
    "semiautomagic.roll_damage": _damage,
    "semiautomagic.apply_damage": _apply_damage,
    "semiautomagic.dying_round": _dying,
    "semiautomagic.medicine_stabilise": _run_all("Medicine"),
    "semiautomagic.noise_wakes": _run_all("Noise"),
    "semiautomagic.soul_coma_hour": _run_all("Soul Coma"),
    "semiautomagic.resuscitate": _run_all("Resuscitate"),
    "semiautomagic.detect_soul_coma": _run_all("Detect Soul Coma"),
    "semiautomagic.repair": _run_all("Repair"),
    "semiautomagic.scatter": _run_all("Scatter"),
    "semiautomagic.staggered_round": _run_all("Staggered"),
}
