#!/usr/bin/env python3
"""Fuzz the JSON door (bad input never crashes it).

    python3 tools/fuzz.py --minutes 10          # counts per class, then the first examples of each problem

Requests are generated from each operation's own declarations (``Operation.all_params``), so an
operation is covered the day it is declared: valid requests, invalid ones of every kind (wrong types,
huge numbers, deep nesting, lone surrogates, mutated sheets, log entries with junk where an id belongs, junk JSON
text), and chains of 20–50
operations per game on the same characters, each sheet taken from the previous answer. Every answer
is classified by :func:`examine`; ``tests/test_fuzz_door.py`` runs the same generators for about a
minute in the test suite. Problems: ``escaped`` (an exception out of ``call()``), ``internal``,
``own_output_rejected`` (a returned sheet refused when sent back), ``not_canonical`` (reading it back
changes it), ``non_utf8``, ``too_large``, ``mutated`` (the input object changed), ``not_replayable``
(the same seed gave another answer), ``slow`` (a request whose text is a keyword a reader looks for followed by a
long run of spaces, digits, signs, parentheses or percent signs, as a PDF's paste gives, took longer than
:data:`SLOW_SECONDS`: the team's guide asks every reader of user text to run in time linear in it); the texts
themselves are ``tools/adversarial.py``'s.

This file is longer than 400 lines because the generators, the checks and the long run share one reading of the
declarations and one list of problems; the adversarial texts, which the tests use on their own, live apart.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import sys
import time
from collections import Counter
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, Phase, Verbosity, given, settings, strategies as st

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from py_rules import api  # noqa: E402
from py_rules.errors import RulesError  # noqa: E402
from py_rules.systems import SYSTEM_IDS, all_operations  # noqa: E402
from tools.adversarial import RUNS, TAILS, adversarial_corpus, adversarial_text, reader_keywords  # noqa: E402

__all__ = (
    "PROBLEMS",
    "examine",
    "requests",
    "invalid_requests",
    "chains",
    "run_chain",
    "ANSWER_LIMIT",
    "RUNS",
    "SLOW_SECONDS",
    "adversarial_text",
    "adversarial_corpus",
    "adversarial_requests",
    "reader_keywords",
    "text_fields",
)

PROBLEMS = (
    "escaped",
    "internal",
    "own_output_rejected",
    "not_canonical",
    "non_utf8",
    "too_large",
    "mutated",
    "not_replayable",
    "slow",
)
SLOW_SECONDS = 2.0
"""Most CPU time a request with an adversarial text may take (``slow`` past it): a reader linear in its text answers
a 20 kB one in milliseconds, one that backtracks takes minutes."""
ANSWER_LIMIT = 2_500_000
"""Largest answer (characters) to any request but the catalog: a request throws at most
``dice.MAX_THROWS`` (1000) dice, and the most talkative rule (Armageddon's hours of strenuous activity at
0 EP, a Consciousness Test per Turn) writes about 1.8 KB of trace per die; texts are bounded by their
declarations, so no input can grow an answer beyond this."""


# --- what the declarations say ---------------------------------------------------------------------------


@cache
def operations() -> tuple:
    return tuple(op for op in all_operations())


@cache
def state_params() -> dict:
    """``state_key`` → the declared param that reads it back."""
    found = {}
    for op in operations():
        for param in op.all_params:
            if param.state_key and param.kind == "json":
                found.setdefault(param.state_key, param)
    return found


def examples_of(system: str) -> dict:
    """Each state_key of ``system`` → its declared example (the sheets a chain starts from)."""
    return {
        key: copy.deepcopy(p.example)
        for key, p in state_params().items()
        if key.startswith(system + ".") and p.example is not None
    }


# --- values ----------------------------------------------------------------------------------------------


def _deep(depth: int):
    value = "x"
    for _ in range(depth):
        value = [value]
    return value


ODD_TEXT = st.sampled_from(
    [
        "",
        " ",
        "\ud800",
        "a\udfffb",
        "²",
        "٣",
        "1" * 4301,
        "9" * 40,
        "1e999",
        "NaN",
        "-0",
        "+5",
        "−3",
        " A",
        "[" * 1000,
        "{",
        "x" * 600,
        "d6x4+2",
        "2d6+3",
        "1D3",
        "-5",
        "0",
        "10001",
        "99999999999999999999999",
        "d4-10",
        "1/1D4",
        "-2 dark, +1 aim",
        "true",
        "Regular",
        "Dodge",
        "LP",
    ]
)
ODD_NUMBERS = st.sampled_from([0, -1, 1, 5, 100, 101, 10**6, 10**9 + 1, 2**63, 10**20, 10**309, -(10**400)])
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    ODD_NUMBERS,
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    ODD_TEXT,
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6) | ODD_TEXT, inner, max_size=4)
    ),
    max_leaves=12,
)
JUNK = st.one_of(*[JUNK] * 15, st.sampled_from([_deep(40), _deep(600), {"a": _deep(9)}]))
EXPRESSION = st.text(alphabet="0123456789dDx×*+-− ,aeimrk", max_size=10)


def _leaves(value, path=()):
    """Every (path) inside a JSON value, containers included."""
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _leaves(child, path + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _leaves(child, path + (index,))


@st.composite
def mutated(draw, example):
    """``example`` with one place changed: a value replaced, a key removed or an unknown key added."""
    value = copy.deepcopy(example)
    paths = list(_leaves(value))
    path = draw(st.sampled_from(paths))
    if not path:
        return draw(JUNK)
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    action = draw(st.sampled_from(("set", "set", "set", "delete", "add")))
    if action == "set":
        parent[path[-1]] = draw(JUNK)
    elif action == "delete":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[draw(st.text(max_size=6) | ODD_TEXT)] = draw(JUNK)
    else:
        parent.append(draw(JUNK))
    return value


@st.composite
def varied(draw, param):
    """``param``'s example with its numbers pushed to odd but accepted values (0, 1, the largest, …),
    in the canonical form its parser returns: the sheets nobody would type, that the rules must take."""
    value = copy.deepcopy(param.example)
    stack = [value]
    while stack:
        node = stack.pop()
        items = (
            list(node.items()) if isinstance(node, dict) else list(enumerate(node)) if isinstance(node, list) else []
        )
        for key, child in items:
            if isinstance(child, int) and not isinstance(child, bool) and draw(st.integers(0, 2)) == 0:
                node[key] = draw(st.sampled_from([0, 1, 2, 5, 99, 100, 200, 500, 1000, -1, -10, child * 10]))
            else:
                stack.append(child)
    try:
        return param.coerce(value)
    except RulesError:
        return copy.deepcopy(param.example)


def _per_param(build):
    """``build(param)`` made once per declared param: a new strategy object each draw cost Hypothesis more to set up
    (its properties worked out again) than the drawing itself; the strategies draw the same values either way."""
    made = {}

    def strategy(param):
        key = id(param)
        if key not in made:
            made[key] = (param, build(param))  # the param kept alive, so its id is never another's
        return made[key][1]

    strategy.__doc__ = build.__doc__
    return strategy


@_per_param
def valid_value(param):
    """Values the declaration accepts (or nearly: free text is drawn from what such fields hold)."""
    kind = param.kind
    if kind == "int":  # the ends of the range are where rules overflow; the default is what tables use
        ends = [int(param.low), int(param.high)] + ([param.default] if isinstance(param.default, int) else [])
        return st.sampled_from(ends) | st.integers(int(param.low), int(param.high))
    if kind == "number":
        return st.floats(param.low, param.high, allow_nan=False) | st.integers(int(param.low), int(param.high))
    if kind == "bool":  # a field sent is mostly sent to change it
        return st.one_of(st.just(not param.default), st.just(not param.default), st.booleans())
    if kind == "choice":
        return st.sampled_from(param.choices)
    if kind == "text":  # mostly the default: a random text would make most requests fail on it
        default = st.just(param.default if isinstance(param.default, str) else "")
        return st.one_of(default, default, default, EXPRESSION, st.text(max_size=12))
    if kind == "faces":
        return st.one_of(st.none(), st.none(), st.none(), st.lists(st.integers(0, 100), max_size=6))
    if param.example is not None:
        return st.one_of(st.just(param.example).map(copy.deepcopy), varied(param))
    return JUNK


ODD_ENTRIES = st.one_of(
    st.sampled_from(
        [
            [{"id": []}],
            [{"op": []}],
            [{"id": "e2", "op": "log.undo", "kind": "undo", "args": {"entry": {}}}],
            [{"kind": "redo", "args": {"entry": ["e1"]}}],
            [{"id": {"a": 1}, "kind": "roll"}],
        ]
    ),
    st.lists(
        st.fixed_dictionaries(
            {
                "kind": st.sampled_from(("undo", "redo", "roll", "change")) | JUNK,
                "args": st.fixed_dictionaries({"entry": JUNK}) | JUNK,
            },
            optional={"id": JUNK, "op": JUNK, "result": JUNK},
        ),
        min_size=1,
        max_size=3,
    ),
)
"""Log entries whose parts a reader keys on (an id, an op, what an undo names) are of the wrong kind: a list or an
object where text belongs cannot be looked up, and the reader must refuse the entry, never break on it."""


def _takes_log_entries(param) -> bool:
    example = param.example
    return isinstance(example, list) and bool(example) and isinstance(example[0], dict) and "kind" in example[0]


@_per_param
def invalid_value(param):
    if param.kind == "json" and _takes_log_entries(param):
        return st.one_of(ODD_ENTRIES, ODD_ENTRIES, mutated(param.example), JUNK, valid_value(param))
    if param.kind == "json" and param.example is not None:
        return st.one_of(mutated(param.example), mutated(param.example), JUNK, valid_value(param))
    return JUNK | valid_value(param)


@st.composite
def requests(draw, valid: bool = True, op_id: str | None = None):
    """A request to one declared operation (``op_id``, or any), its fields drawn from their declarations."""
    op = api.operation(op_id) if op_id else draw(st.sampled_from(operations()))
    args = {}
    for param in op.all_params:
        if param.required or draw(st.booleans()):
            args[param.name] = draw(valid_value(param) if valid or draw(st.booleans()) else invalid_value(param))
    if not valid and draw(st.integers(0, 5)) == 0:
        args[draw(st.text(max_size=6) | ODD_TEXT)] = draw(JUNK)
    return {"op": op.id, "args": args, "seed": draw(st.integers(0, 2**32))}


@st.composite
def invalid_requests(draw):
    """Anything at all: a request with junk fields, a broken envelope, or text that is not JSON."""
    kind = draw(st.integers(0, 4))
    if kind <= 2:
        return draw(requests(valid=False))
    if kind == 3:
        envelope = {
            "op": draw(st.sampled_from([o.id for o in operations()]) | JUNK),
            "args": draw(JUNK),
            "seed": draw(JUNK),
        }
        return {k: v for k, v in envelope.items() if draw(st.booleans())}
    text = draw(st.text(max_size=40) | ODD_TEXT | st.sampled_from(['{"op":', "[" * 1000 + "]" * 1000, "null", "{}"]))
    return text


@cache
def text_fields() -> tuple:
    """(operation, text field) for every declared field that takes user text."""
    return tuple((op, param) for op in operations() for param in op.all_params if param.kind == "text")


@st.composite
def adversarial_requests(draw, size: int = 20_000):
    """A request whose one text field holds an adversarial text (longer than the field takes, sometimes: the
    door's own limit must refuse it as quickly), its other fields drawn as valid ones."""
    op, field = draw(st.sampled_from(text_fields()))
    request = draw(requests(op_id=op.id))
    limit = field.length_limit or size
    past = [limit + 1] if limit < 10 * size else []  # one past the limit, unless that is a file of 150 MB
    length = draw(st.sampled_from([min(limit, size), *past, draw(st.integers(0, min(limit, size)))]))
    keyword, run, tail = (draw(st.sampled_from(choices)) for choices in (reader_keywords(), RUNS, TAILS))
    request["args"][field.name] = adversarial_text(keyword, run, length, tail)
    return request


def examine_timed(request) -> tuple[list[tuple[str, str]], dict | None]:
    """:func:`examine`, and ``slow`` when the request took more CPU time than :data:`SLOW_SECONDS`."""
    started = time.thread_time()  # CPU time: what the request cost, not how long a loaded machine made it wait
    problems, answer = examine(request)
    took = time.thread_time() - started
    if took > SLOW_SECONDS:
        problems.append(("slow", f"{took:.1f} s for {_short(request)}"))
    return problems, answer


# --- checks ----------------------------------------------------------------------------------------------


def _dumps(request) -> str | None:
    try:
        return json.dumps(request, ensure_ascii=False)
    except (ValueError, RecursionError):
        return None


def examine(request) -> tuple[list[tuple[str, str]], dict | None]:
    """Send ``request`` (a decoded object or raw text) through the door; returns the problems found as
    (class, detail) and the decoded answer (None if there was none)."""
    problems = []
    text = request if isinstance(request, str) else _dumps(request)
    handled = None
    if not isinstance(request, str):
        before = copy.deepcopy(request)
        try:
            handled = api.handle(request)
        except BaseException as error:  # noqa: BLE001 - the door must survive everything
            problems.append(("escaped", f"handle: {type(error).__name__}: {str(error)[:200]}"))
        if request != before:
            problems.append(("mutated", _short(before)))
    if text is None:
        return problems, None
    try:
        answer_text = api.call(text)
    except BaseException as error:  # noqa: BLE001
        problems.append(("escaped", f"call: {type(error).__name__}: {str(error)[:200]}"))
        return problems, None
    try:
        answer_text.encode("utf-8")
    except UnicodeEncodeError:
        problems.append(("non_utf8", _short(request)))
    answer = json.loads(answer_text)
    op = request.get("op") if isinstance(request, dict) else None
    if op != "catalog" and len(answer_text) > ANSWER_LIMIT:
        problems.append(("too_large", f"{len(answer_text)} characters for {_short(request)}"))
    if not answer["ok"]:
        if answer["error"]["code"] == "internal":
            problems.append(("internal", f"{answer['error']['message'][:200]} for {_short(request)}"))
        return problems, answer
    seeded = isinstance(request, dict) and isinstance(request.get("seed"), int)
    if seeded and not _same_answer(handled, answer_text) and api.call(text) != answer_text:
        problems.append(("not_replayable", _short(request)))
    for key, value in (answer["result"].get("states") or {}).items():
        problems += _read_back(key, value)
    return problems, answer


def _same_answer(handled, answer_text: str) -> bool:
    """Whether ``handle``'s answer to the request object is, written out as ``call`` writes it, ``call``'s answer to
    its JSON text: then the same seed gave the same answer twice, and no third run is needed to show it. (Where the
    two differ, as when ``call``'s own limits refuse what ``handle`` read, ``call`` runs again.)"""
    if handled is None:
        return False
    try:
        return json.dumps(handled, ensure_ascii=False, allow_nan=False, default=str) == answer_text
    except (ValueError, TypeError, RecursionError):
        return False


def _read_back(key: str, value) -> list[tuple[str, str]]:
    param = state_params().get(key)
    if param is None:
        return [("own_output_rejected", f"state {key!r} has no declared field to send it back to")]
    try:
        again = param.coerce(copy.deepcopy(value))
    except RulesError as error:
        return [("own_output_rejected", f"{key}: {error.message[:200]}")]
    except Exception as error:  # noqa: BLE001
        return [("own_output_rejected", f"{key}: {type(error).__name__}: {error}")]
    if json.loads(json.dumps(again)) != value:
        return [("not_canonical", f"{key}: {_diff(value, json.loads(json.dumps(again)))}")]
    return []


def _diff(a, b, path="") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, "<missing>") != b.get(key, "<missing>"):
                return _diff(a.get(key, "<missing>"), b.get(key, "<missing>"), f"{path}.{key}")
    return f"{path}: {_short(a)} → {_short(b)}"


def _short(value) -> str:
    text = value if isinstance(value, str) else (_dumps(value) or repr(value))
    return text if len(text) <= 300 else text[:297] + "..."


# --- chains ----------------------------------------------------------------------------------------------


@st.composite
def chains(draw, system: str | None = None, min_size: int = 20, max_size: int = 50):
    """A game and 20–50 of its operations (fields drawn from their declarations, sheets left out: the
    chain fills them from the previous answers)."""
    system = system or draw(st.sampled_from(SYSTEM_IDS))
    ops = [op for op in operations() if op.system == system]
    steps = []
    for _ in range(draw(st.integers(min_size, max_size))):
        op = draw(st.sampled_from(ops))
        args = {}
        for param in op.all_params:
            if param.state_key:
                continue
            if param.name == "dice" or (not param.required and not draw(st.integers(0, 3))):
                continue
            args[param.name] = draw(valid_value(param))
        steps.append({"op": op.id, "args": args, "seed": draw(st.integers(0, 2**32))})
    sheets = {
        key: draw(st.one_of(st.just(param.example).map(copy.deepcopy), varied(param)))
        for key, param in state_params().items()
        if key.startswith(system + ".") and param.example is not None
    }
    return system, steps, sheets


def run_chain(system: str, steps: list[dict], states: dict | None, tally: Counter, found: dict) -> None:
    """Run ``steps`` on the same sheets (``states``, else the declared examples), each taking the sheets
    the previous answers returned."""
    states = dict(states or examples_of(system))
    ops = {op.id: op for op in operations()}
    for step in steps:
        request = copy.deepcopy(step)
        for param in ops[step["op"]].all_params:
            if param.state_key in states and (param.required or param.name in ("investigator", "opponent")):
                request["args"][param.name] = copy.deepcopy(states[param.state_key])
        problems, answer = examine(request)
        record(tally, found, problems, answer)
        if answer and answer["ok"]:
            for key, value in (answer["result"].get("states") or {}).items():
                states[key] = value


def record(tally: Counter, found: dict, problems, answer) -> None:
    tally["requests"] += 1
    if answer is not None:
        tally["ok" if answer["ok"] else "refused"] += 1
    for name, detail in problems:
        tally[name] += 1
        found.setdefault(name, [])
        if len(found[name]) < 5:
            found[name].append(detail)


# --- the long run ----------------------------------------------------------------------------------------


class _TimeUp(BaseException):  # not an Exception: Hypothesis lets it through without reporting an example
    pass


def _run_for(test, seconds: float):
    deadline = time.monotonic() + seconds

    def body(drawn):
        if time.monotonic() > deadline:
            raise _TimeUp
        test(drawn)

    return body


def fuzz(minutes: float) -> tuple[Counter, dict]:
    tally, found = Counter(), {}
    share = minutes * 60 / 4
    config = settings(
        max_examples=10**9,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
        print_blob=False,
    )

    def one(request):
        record(tally, found, *examine(request))

    def chain(drawn):
        tally["chains"] += 1
        run_chain(*drawn, tally, found)

    def timed(request):
        record(tally, found, *examine_timed(request))

    for strategy, test in (
        (requests(), one),
        (invalid_requests(), one),
        (chains(), chain),
        (adversarial_requests(), timed),
    ):
        body = _run_for(test, share)
        with contextlib.suppress(_TimeUp):
            config(given(strategy)(body))()
    return tally, found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to run (default 1)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    tally, found = fuzz(args.minutes)
    print(f"fuzz: {time.monotonic() - started:.0f} s, {tally['requests']} requests ({tally['chains']} chains)")
    for name in ("ok", "refused") + PROBLEMS:
        print(f"  {name:20} {tally[name]}")
    for name, details in found.items():
        print(f"\n{name}:")
        for detail in details:
            print(f"  {detail}")
    return 1 if any(tally[name] for name in PROBLEMS) else 0


if __name__ == "__main__":
    sys.exit(main())
