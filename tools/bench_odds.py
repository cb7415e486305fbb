"""Odds benchmark: the heaviest odds query of each game, ours against icepool's for the same
distribution in this CPython process, and ours inside Pyodide in headless Chromium through the worker.

    .venv/bin/python tools/bench_odds.py [--runs N] [--no-browser]

Queries: CoC ``skill_roll`` with 2 bonus dice over skills 1–99; Armageddon ``resisted`` (Rules of 10 and 1,
each Rule-of-1 mode, tie rule "reroll") over a grid of sides; Semiautomagic ``dying_round`` looking 20
rounds ahead over a grid of DCs and wounds; CoC ``attack`` with damage, bonus and penalty dice, over a grid of
skills and defences.
Ours is the whole door (``mode: "odds"``: validation, the answer) in CPython; icepool builds the same
distribution from its dice (chains cut at depth 6, which icepool needs and we do not). Two settings:
"cold", both sides build their dice (the d10 chains, the d100 with its tens dice) for every query; "warm",
both build them once per process. Whatever depends on the query is always computed per query (our caches
of it are cleared before each query). Targets: < 5 ms per query in Pyodide (median and p95), ≥ 10× icepool.
Prints numbers; asserts nothing. Needs the test extras (icepool, playwright) and Debian's Chromium.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import sys
import time
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from py_rules.api import handle  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DEPTH = 6


# --- the queries ----------------------------------------------------------------------------------


def _coc_people():
    from py_rules.coc.investigator import EXAMPLE, EXAMPLE_OPPONENT

    return copy.deepcopy(EXAMPLE), copy.deepcopy(EXAMPLE_OPPONENT)


def coc_skill_queries():
    harvey, _ = _coc_people()
    out = []
    for skill in range(1, 100):
        inv = copy.deepcopy(harvey)
        inv.setdefault("skills", {})["Spot Hidden"] = skill
        out.append(
            (
                {"op": "coc.skill_roll", "args": {"investigator": inv, "skill": "Spot Hidden", "bonus": 2}},
                ("skill", skill),
            )
        )
    return out


def armageddon_resisted_queries():
    out = []
    for mode in ("replace", "literal", "afmbe_foundry"):
        for a, b in ((2, 2), (3, 5), (6, 1), (4, 4)):
            args = {
                "a_attribute": a,
                "a_skill": 2,
                "b_attribute": b,
                "b_skill": 3,
                "rule_of_one_mode": mode,
                "tie_rule": "reroll",
            }
            out.append(({"op": "armageddon.resisted", "args": args}, ("resisted", a + 2, b + 3, mode)))
    return out


def semiautomagic_dying_queries():
    from py_rules.semiautomagic import creature as C

    out = []
    for dc in (4, 6, 8):
        for wounds in (0, 1, 2, 3):
            creature = C.new_creature("Rook", wounds=wounds, conditions={"Dying": {"seconds": None, "dc": dc}})
            out.append(({"op": "semiautomagic.dying_round", "args": {"creature": creature}}, ("dying", dc, wounds)))
    return out


def coc_attack_queries():
    harvey, cultist = _coc_people()
    out = []
    for brawl in (40, 75):
        for defence in ("dodge", "fight_back"):
            for bonus, penalty in ((1, 0), (2, 0), (1, 1), (2, 2)):
                inv = copy.deepcopy(harvey)
                inv.setdefault("skills", {})["Fighting (Brawl)"] = brawl
                args = {
                    "investigator": inv,
                    "opponent": cultist,
                    "defence": defence,
                    "damage": "1D6+1",
                    "attacker_bonus": bonus,
                    "defender_penalty": penalty,
                }
                out.append(({"op": "coc.attack", "args": args}, ("attack", brawl, defence, bonus, penalty)))
    return out


GROUPS = {
    "CoC skill_roll, 2 bonus dice, skills 1-99": coc_skill_queries,
    "Armageddon resisted, Rules of 10 and 1, 3 modes": armageddon_resisted_queries,
    "Semiautomagic dying_round, 20 rounds ahead": semiautomagic_dying_queries,
    "CoC attack with damage": coc_attack_queries,
}


# --- icepool's version of each distribution --------------------------------------------------------


def icepool_answer(spec, request):
    import icepool

    kind = spec[0]
    if kind == "skill":
        from py_rules.coc.levels import level_for

        return _icepool_d100(icepool, 2).map(lambda roll: level_for(roll, spec[1]))
    if kind == "resisted":
        return _icepool_resisted(icepool, *spec[1:])
    if kind == "dying":
        return icepool_dying(icepool, request["args"]["creature"])
    if kind == "attack":
        return _icepool_attack(icepool, *spec[1:])
    raise ValueError(kind)


@cache
def _icepool_chain(icepool, mode):
    from py_rules.armageddon.d10 import chain_continues, chain_value

    def grow(faces):
        if not chain_continues(faces, mode):
            return icepool.Die([chain_value(faces, mode)[0]])
        if len(faces) >= DEPTH:
            return icepool.Die([chain_value(faces + [5], mode)[0]])
        return icepool.Die([grow(faces + [f]) for f in range(1, 11)])

    return icepool.Die([grow([f]) for f in range(1, 11)])


def _icepool_resisted(icepool, offset_a, offset_b, mode, tn=9):
    from py_rules.armageddon.checks import resisted_outcome

    die = _icepool_chain(icepool, mode)

    def who(a, b):
        winner, _ = resisted_outcome(a, b, tn, "stalemate")
        return winner or ("tie" if a == b and a >= tn else "none")

    return icepool.map(who, die + offset_a, die + offset_b)


DYING_STABLE, DYING_DEAD = 0, 99
"""icepool outcomes must sort: the Dying DCs lie in between."""


def icepool_dying(icepool, creature, rounds: int = 20):
    """Twenty Dying rounds in icepool (stabilise first: a 10 on the d10, then d6 + modifiers vs the DC)."""
    from py_rules.semiautomagic.dying import dying_modifiers

    bonus = sum(m.value for m in dying_modifiers(creature))
    best = 6 + bonus

    def step(state, stab, face):
        if state in (DYING_STABLE, DYING_DEAD):
            return state
        if stab == 10:
            return DYING_STABLE
        if face + bonus >= state:
            return state
        return DYING_DEAD if state + 1 > best else state + 1

    chain = icepool.Die([creature["conditions"]["Dying"]["dc"]])
    for _ in range(rounds):
        chain = icepool.map(step, chain, icepool.d10, icepool.d6)
    return chain


@cache
def _icepool_d100(icepool, net):
    """1D100 with ``net`` bonus (> 0) or penalty (< 0) dice, read by the roll's own ``choose``."""
    from py_rules.coc.percentile import choose

    units, tens = icepool.Die(range(10)), icepool.Die(range(0, 100, 10))
    return icepool.map(lambda u, *ts: choose(u, ts, net)[0], units, *[tens] * (1 + abs(net)))


def _icepool_attack(icepool, brawl, defence, bonus, penalty):
    from py_rules.coc.levels import level_for
    from py_rules.coc.opposed import compare

    def d100(net):
        return _icepool_d100(icepool, net)

    dodge = 27 if defence == "dodge" else 50
    a_level = d100(bonus).map(lambda r: level_for(r, brawl))
    d_level = d100(-penalty).map(lambda r: level_for(r, dodge))
    damage = icepool.d6 + 1

    def outcome(la, ld, dmg):
        who = compare(la, ld, brawl, dodge)
        return (who, dmg if who == "a" else 0)

    return icepool.map(outcome, a_level, d_level, damage)


# --- timing -------------------------------------------------------------------------------------


def _clear_caches(cold: bool):
    """Forget everything that depends on a query; ``cold``: the dice tables too, ours and icepool's."""
    from py_rules.armageddon import odds as a
    from py_rules.coc import odds as c

    for fn in (a.damage_dist, c.level_dist, c.expr_dist, c._damage_dist):
        fn.cache_clear()
    if cold:
        for fn in (a.chain_dist, a._bounds, a._high_parts, c.percentile_weights, _icepool_chain, _icepool_d100):
            fn.cache_clear()


def _stats(times):
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    return statistics.median(times), p95, sum(times)


def bench_cpython(runs: int, cold: bool) -> dict:
    results = {}
    for make in GROUPS.values():  # load each game's rules and odds once, as the page does on first use
        request, spec = make()[0]
        handle(dict(request, mode="odds"))
        icepool_answer(spec, request)
    for name, make in GROUPS.items():
        queries = make()
        ours, theirs = [], []
        for _ in range(runs):
            for request, spec in queries:
                _clear_caches(cold)
                start = time.perf_counter()
                answer = handle(dict(request, mode="odds"))
                ours.append((time.perf_counter() - start) * 1000)
                assert answer["ok"], answer
                start = time.perf_counter()
                icepool_answer(spec, request)
                theirs.append((time.perf_counter() - start) * 1000)
        results[name] = (_stats(ours), _stats(theirs), len(queries))
    return results


def _built_dist() -> Path:
    from tools.site import build, source_digest

    dist = ROOT / "dist"
    info = dist / "build-info.json"
    if not (info.exists() and json.loads(info.read_text()).get("sources") == source_digest()):
        build(dist)
    return dist


_PAGE_SCRIPT = """
async ({url, groups, runs}) => {
  const { Engine } = await import(url + "rpc.mjs");
  const engine = await new Promise((resolve, reject) => {
    const e = new Engine({ onReady: () => resolve(e), onBootError: reject });
  });
  for (const [, requests] of groups) {  // each game's rules load on first use, once per page
    for (let i = 0; i < 3; i++) await engine.call(requests[0].op, requests[0].args, { mode: "odds" });
  }
  const out = {};
  for (const [name, requests] of groups) {
    const times = [];
    for (let r = 0; r < runs; r++) {
      for (const request of requests) {
        const start = performance.now();
        const answer = await engine.call(request.op, request.args, { mode: "odds" });
        times.push(performance.now() - start);
        if (!answer.ok) throw new Error(JSON.stringify(answer.error));
      }
    }
    out[name] = times;
  }
  engine.worker.terminate();
  return out;
}
"""


def bench_pyodide(runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    from tools.serve import serve_in_thread

    dist = _built_dist()
    server, url = serve_in_thread(dist, "/app/")
    groups = [[name, [request for request, _ in make()]] for name, make in GROUPS.items()]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                page = browser.new_page()
                page.goto(url + "odds-bench")  # a blank page of the same origin (404), so the app does not boot
                times = page.evaluate(_PAGE_SCRIPT, {"url": url, "groups": groups, "runs": runs})
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return {name: _stats(values) for name, values in times.items()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="passes over each group's queries (default 3)")
    parser.add_argument("--no-browser", action="store_true", help="CPython only")
    parser.add_argument("--browser-only", action="store_true", help="Pyodide only")
    args = parser.parse_args(argv)
    pyodide = {} if args.no_browser else bench_pyodide(args.runs)
    print(f"odds queries, ms per query (median / p95), {args.runs} passes")
    if args.browser_only:
        for name, (median, p95, _total) in pyodide.items():
            print(f"{name:<50} ours Pyodide {median:.2f} / {p95:.2f}")
        return 0
    for cold in (True, False):
        cpython = bench_cpython(args.runs, cold)
        print(
            "cold: both sides build their dice for each query"
            if cold
            else "warm: both sides build their dice once (what each does per query is the same)"
        )
        print(f"{'query':<50}{'n':>4}{'ours CPython':>16}{'icepool':>18}{'speed-up':>14}{'ours Pyodide':>18}")
        for name, ((om, op, ot), (im, ip, it), n) in cpython.items():
            py = pyodide.get(name) if not cold else None
            py_text = f"{py[0]:.2f} / {py[1]:.2f}" if py else "-"
            print(
                f"{name:<50}{n:>4}{om:>8.2f} / {op:<6.2f}{im:>9.2f} / {ip:<7.2f}{im / om:>6.0f}x /{it / ot:>4.0f}x"
                f"{py_text:>18}"
            )
    print(
        "speed-up = icepool / ours: median / total time over the same queries; Pyodide = round trip through the "
        "worker, each query once per pass, the page's tables kept between queries"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
