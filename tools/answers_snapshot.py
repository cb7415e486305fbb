#!/usr/bin/env python3
"""Operations' answers with fixed dice, as JSON lines: a refactor that must not change any answer (steps, events,
flags, texts, headlines) is checked by two runs, before and after, and a diff.

    python3 tools/answers_snapshot.py coc > after.jsonl                          # this checkout's engine
    python3 tools/answers_snapshot.py coc --root /tmp/before > before.jsonl      # another checkout's py_rules
    diff before.jsonl after.jsonl

Each operation's catalog example request (tests/door.py ``example_args``) runs once per seed (digital dice seeded
0, 1, …, so different seeds take different paths through the rules) and once as ``mode: "odds"`` where the
operation answers it. ``--chains`` adds chains of operations of the game on shared sheets, as the page runs them:
each answer's new sheets go to the next request, and each request draws its choices, switches and house rules from a
generator seeded by the chain's number (so a Luck spend or a push follows a roll, a First Aid follows a wound).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _engine(root: Path):
    """The door, the odds list and the operations of the engine under ``root`` (its ``py_rules``)."""
    sys.path.insert(0, str(root))
    from py_rules import api
    from py_rules.odds import SUPPORTED
    from py_rules.systems import all_operations
    from tests.door import example_args

    return api, SUPPORTED, all_operations, example_args


def examples(ops, supported, example_args, seeds: int):
    """Every operation's example request, once per seed, and its odds where answered."""
    for op in ops:
        args = example_args(op)
        for seed in range(seeds if op.rolls else 1):
            yield {"op": op.id, "args": args, "seed": seed}
        if op.id in supported:
            yield {"op": op.id, "args": args, "mode": "odds"}


def _drawn(param, rng: random.Random, shared: dict, base: dict):
    """A value for ``param``: the shared sheet it names, else a drawn choice or switch, else the example's."""
    if param.state_key and param.state_key in shared:
        return copy.deepcopy(shared[param.state_key])
    if param.kind == "choice" and param.choices and rng.random() < 0.5:
        return rng.choice(list(param.choices))
    if param.kind == "bool" and rng.random() < 0.3:
        return not bool(param.default)
    if param.kind == "int" and param.name in ("bonus", "penalty", "attacker_luck", "defender_luck"):
        return rng.choice([0, 0, 1, 2, 5])
    if param.name == "points":  # Luck to spend: the level to reach instead, one time in three
        return rng.choice([0, 1, 3, 5, 10, 20])
    return copy.deepcopy(base.get(param.name))


def chains(api, ops, example_args, count: int, length: int = 25):
    """Chains of requests on shared sheets (see the module's docstring); yields each request once it is answered."""
    for number in range(count):
        rng = random.Random(number)
        shared: dict = {}
        for _ in range(length):
            op = rng.choice(ops)
            base = example_args(op)
            args = {p.name: _drawn(p, rng, shared, base) for p in op.all_params if p.name != "dice"}
            args = {k: v for k, v in args.items() if v is not None}
            request = {"op": op.id, "args": args, "seed": rng.randrange(10_000)}
            answer = json.loads(api.call(json.dumps(request)))
            if answer.get("ok"):
                result = answer["result"]
                shared.update({k: v for k, v in (result.get("states") or {}).items() if isinstance(v, dict)})
            yield request, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("system", nargs="?", default="coc", help="a game's id, or all")
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--chains", type=int, default=0, help="how many chains of operations on shared sheets")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose py_rules answers")
    options = parser.parse_args()
    api, supported, all_operations, example_args = _engine(options.root)
    ops = [op for op in all_operations() if options.system in ("all", op.system)]
    for request in examples(ops, supported, example_args, options.seeds):
        answer = json.loads(api.call(json.dumps(request)))
        said = {k: request[k] for k in request if k != "args"}
        print(json.dumps({"request": said, "answer": answer}, sort_keys=True))
    for request, answer in chains(api, ops, example_args, options.chains):
        print(json.dumps({"request": request, "answer": answer}, sort_keys=True))


if __name__ == "__main__":
    main()
