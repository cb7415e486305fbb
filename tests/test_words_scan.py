"""Words scan (TABLE.md, Words): users read the game's own words.

Every operation is run through the JSON door (:func:`py_rules.api.call`) with its declared examples, its choices and
house rules, and refused in every way a form can refuse it (a value of the wrong type, out of range, an unknown
choice, a missing required field, a sheet with broken fields). Every string a user can read in the answers and
errors must be free of developer words: seed and file citations, section signs, dotted field paths
(``characters.0.sheet``, ``tables.SKILLS``) and internal snake_case values (``essence_channeling``).

Developer fields are skipped: ``source``, ``covers`` and a trace line's ``rule`` when it is raw (it is the plain
rule name made by :mod:`py_rules.sources`, so it is scanned too), ids and machine fields (``op``, ``system``,
``kind``, ``code``, ``field``, ``flags`` — flags are shown through the rendered ``text``), the sheets themselves
(``state``, ``states``: data the page shows through labels) and ``details`` (structured values).
"""

from __future__ import annotations

import copy
import functools
import json
import re

import pytest

from py_rules import api, limits
from py_rules.error_codes import ERROR_CODES
from py_rules.systems import all_operations
from tests.door import example_args

CITATIONS = (
    ("a seed citation", re.compile(r"seed\s*\d", re.I)),
    ("a file name", re.compile(r"RULES\.md|rules/[\w-]+\.md|DEVELOPERS")),
    ("a section sign", re.compile("§")),
    ("a source tag", re.compile(r"\bSRC\b")),
)
DOTTED = re.compile(r"(?<![\w.])[A-Za-z_][A-Za-z0-9_]*(?:\.(?:\d+|[A-Za-z_][A-Za-z0-9_]*))+(?![\w])")
SNAKE = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
_UNITS = (
    r"(?:hours|minutes|rounds|days|weeks|seconds|Turns|wounds|dice|Success Levels|times|penalties|entries|"
    r"problems|characters|combatants|investigators|creatures|items|skills|lines|faces|rolls|tests|points|"
    r"Sanity points)"
)
_ONE_UNITS = r"(?:hour|minute|round|day|week|second|Turn|entry|problem|character|combatant|roll|test)"
PLURALS = (
    ("one of a plural", re.compile(rf"(?<![\d.,−+-])1 {_UNITS}\b")),
    ("a plural passes", re.compile(rf"(?<![\d.,])(?:[02-9]|\d\d+) {_UNITS} passes\b")),
    ("one with a plural verb", re.compile(rf"(?<![\d.,−+-])1 {_ONE_UNITS} (?:pass|run|are|were|have|need)\b")),
    ("a maybe-plural", re.compile(r"\w\(s\)|\bdie/dice\b")),
)
"""Counts are spoken: "1 hour passes", "2 hours pass", "1 entry", never "1 hours", "1 entries", "1 hour run" or
"hour(s)"."""
TABLE_KEYS = (
    ("a table's key read out", re.compile(r"\bNone [A-Z][a-z]+")),
    ("a count that should be the next unit", re.compile(r"(?<![\d.,])60 minutes\b")),
)
"""A level called "None" said as a word ("None Encumbrance"), "60 minutes" (1 hour) or "5 hours 60 minutes"."""
PRONOUNS = re.compile(r"\b(?:he|him|his|himself|she|her|hers|herself)\b", re.I)
"""A sheet keeps no pronoun: a result says the name or "they" ("keeps their nerve", never "keeps his nerve")."""
MACHINE_WORDS = (
    ("a gendered pronoun", PRONOUNS),
    ("a program's empty value", re.compile(r"\b(?:null|undefined|NaN)\b")),
    ("a list of flag names", re.compile(r"^\s*Flags:")),
)
"""Words a program writes, not a person: "Will null", "Flags: Emp disabled" (each flag is said in words)."""
_TOTAL = re.compile(r"^Total ([+\-−]?\d+): (.*)$")
_SIGNED = re.compile(r"^[+\-−]\d+\b|\([+\-−]\d+\)$")


def _total_only_a_modifier(text: str) -> bool:
    """A "Total" that nothing was rolled for (no "vs" target): the line only repeats a modifier
    ("Total -3: Heavy Encumbrance (-3)", "Total -3: -3 from their state")."""
    m = _TOTAL.match(text.strip())
    return bool(m) and bool(_SIGNED.search(m.group(2)))


GAMES = ("armageddon", "semiautomagic", "coc", "campaign", "encounter", "log")
PLAIN_DOTS = {"e.g", "i.e", "a.m", "p.m"}

SKIPPED = {
    "source",
    "covers",
    "op",
    "system",
    "kind",
    "code",
    "field",
    "flags",
    "state",
    "states",
    "details",
    "id",
    "ids",
    "key",
    "state_key",
    "name",
    "path",
}
"""Developer and machine fields, never shown as they are (an error's ``path``: where in a sheet, for a form to place it)."""


def _dotted(text: str) -> list[str]:
    """Words joined by dots with no space: a field path (``skills.Spot Hidden``, ``characters.0.sheet``), a table
    (``tables.SKILLS``), an operation id (``coc.attack``) or a file name — never a sentence's end."""
    return [
        m.group(0)
        for m in DOTTED.finditer(text)
        if m.group(0).lower() not in PLAIN_DOTS and not all(part.isdigit() for part in m.group(0).split("."))
    ]


@functools.cache
def problems_in(text: str) -> tuple[str, ...]:
    """What a user should not read in ``text`` (each text scanned once: most come back in many answers, a trace line
    or a refusal in every seed and every broken sheet)."""
    found = [
        f"{what}: {m.group(0)!r}"
        for what, pattern in CITATIONS + PLURALS + TABLE_KEYS + MACHINE_WORDS
        for m in [pattern.search(text)]
        if m
    ]
    if _total_only_a_modifier(text):
        found.append(f"a total that is only a modifier: {text!r}")
    found += [f"a field path: {word!r}" for word in _dotted(text)]
    found += [f"an internal value: {m.group(0)!r}" for m in SNAKE.finditer(text)]
    return tuple(found)


def readable_strings(value, path: str = ""):
    """Every (path, string) a user may read in an answer or error."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from readable_strings(child, f"{path}[{index}]")
    elif isinstance(value, dict):
        for key, child in value.items():
            if key in SKIPPED:
                continue
            yield from readable_strings(child, f"{path}.{key}" if path else key)


def scan(answer: dict) -> list[str]:
    body = answer["result"] if answer.get("ok") else answer.get("error") or {}
    if not answer.get("ok") and body.get("code") == "internal":
        return [f"internal error: {body.get('message')}"]
    return [f"{path}: {problem} in {text!r}" for path, text in readable_strings(body) for problem in problems_in(text)]


# --- the requests ------------------------------------------------------------------------------------------

OPERATIONS = tuple(all_operations())


def _wrong_type(param):
    return {
        "int": "lots",
        "number": "lots",
        "bool": "maybe",
        "choice": 17,
        "text": {"a": 1},
        "faces": "six",
        "json": "a sheet",
    }[param.kind]


def _broken_sheets(example):
    """A few broken copies of a sheet: a field removed, a text where a number goes, a number far out of range,
    an unknown field, a list item of the wrong kind."""
    if not isinstance(example, dict):
        return [[example], "x"]
    broken = []
    for key, value in list(example.items())[:40]:
        if isinstance(value, bool):
            broken.append({**example, key: "yes please"})
        elif isinstance(value, (int, float)):
            broken.append({**example, key: "many"})
            broken.append({**example, key: -99999})
            broken.append({**example, key: 99999})
        elif isinstance(value, str):
            broken.append({**example, key: 12})
            broken.append({**example, key: "Nonsense"})
        elif isinstance(value, list):
            broken.append({**example, key: "none"})
            broken.append({**example, key: value + [{"junk": 1}]})
            broken.append({**example, key: value + ["Nonsense"]})
        elif isinstance(value, dict):
            broken.append({**example, key: 3})
            inner = next(iter(value), None)
            if inner is not None:
                broken.append({**example, key: {**value, inner: "lots"}})
                broken.append({**example, key: {**value, "Nonsense": 1}})
        shorter = dict(example)
        del shorter[key]
        broken.append(shorter)
    broken.append({**example, "Nonsense": 1})
    return broken


def requests_of(op) -> list[dict]:
    """Every request the scan sends to ``op``."""
    base = example_args(op)
    found = [{"op": op.id, "args": base, "seed": seed} for seed in range(4)]
    for param in op.all_params:
        if param.kind == "choice":
            found += [{"op": op.id, "args": {**base, param.name: choice}, "seed": 1} for choice in param.choices]
        elif param.kind == "bool":
            found.append({"op": op.id, "args": {**base, param.name: not param.default}, "seed": 1})
        elif param.kind in ("int", "number"):
            for value in {param.low, param.high, param.default if isinstance(param.default, (int, float)) else None}:
                if value is not None and abs(value) <= 1000:
                    found.append({"op": op.id, "args": {**base, param.name: value}, "seed": 2})
        # refusals
        found.append({"op": op.id, "args": {**base, param.name: _wrong_type(param)}})
        if param.kind in ("int", "number"):
            found.append({"op": op.id, "args": {**base, param.name: param.low - 1}})
            found.append({"op": op.id, "args": {**base, param.name: param.high + 1}})
        if param.kind == "choice":
            found.append({"op": op.id, "args": {**base, param.name: "Nonsense"}})
        if param.kind == "text":  # one past the field's limit, or past the whole request's when that comes first
            too_long = min((param.length_limit or 100) + 1, limits.MAX_REQUEST_CHARS + 1)
            found.append({"op": op.id, "args": {**base, param.name: "x" * too_long}})
        if param.kind == "faces":
            found += [{"op": op.id, "args": {**base, "dice": faces}} for faces in ([0], [999], [1] * 3, [])]
        if param.required:
            found.append({"op": op.id, "args": {k: v for k, v in base.items() if k != param.name}})
        if param.kind == "json" and param.example is not None:
            found += [{"op": op.id, "args": {**base, param.name: sheet}} for sheet in _broken_sheets(param.example)]
    found.append({"op": op.id, "args": {**base, "Nonsense": 1}})
    from py_rules.odds import SUPPORTED

    if op.id in SUPPORTED:
        found.append({"op": op.id, "args": base, "mode": "odds"})
    return found


HURTS = {  # state_key → the operation and arguments that hurt a sheet, by amounts that wound, knock out and kill
    "armageddon.character": (
        "armageddon.apply_damage",
        "character",
        [{"amount": str(n)} for n in (8, 26, 34, 45)]
        + [{"amount": "40", "pool": "EP"}, {"amount": "15", "pool": "Essence"}],
    ),
    "semiautomagic.creature": ("semiautomagic.apply_damage", "creature", [{"damage": str(n)} for n in (6, 9, 12, 30)]),
    "coc.investigator": ("coc.apply_damage", "investigator", [{"amount": n} for n in (3, 7, 11, 30)]),
}


@functools.cache
def hurt_sheets(state_key: str) -> tuple:
    """Sheets after a hit, a heavy one and a deadly one: the rules for the wounded, dying and dead speak too (made once
    for every operation that takes such a sheet; the requests send them as JSON text, so none is changed)."""
    if state_key not in HURTS:
        return []
    op_id, field, hits = HURTS[state_key]
    example = copy.deepcopy(api.operation(op_id).params[0].example)
    sheets = []
    for args in hits:
        answer = api.handle({"op": op_id, "args": {field: example, **args}, "seed": 3})
        if answer["ok"]:
            sheets.append(answer["result"]["states"][state_key])
    return tuple(sheets)


def hurt_requests_of(op) -> list[dict]:
    """``op`` run on every hurt sheet, with a few seeds."""
    base = example_args(op)
    found = []
    for param in op.params:
        if param.kind == "json" and param.state_key:
            for sheet in hurt_sheets(param.state_key):
                found += [{"op": op.id, "args": {**base, param.name: sheet}, "seed": seed} for seed in range(3)]
    return found


def answers_of(op):
    for request in requests_of(op) + hurt_requests_of(op):
        yield request, json.loads(api.call(json.dumps(request)))


# --- the tests ----------------------------------------------------------------------------------------------


def test_the_scan_sees_what_it_looks_for():
    assert problems_in("Pushing is refused (seed 003, Pushing a Roll).")
    assert problems_in("See rules/coc.md §3.5.") and problems_in("§1.5") and problems_in("[SRC Morale.html]")
    assert problems_in("characters.0.sheet must be an object.") and problems_in("tables.SKILLS has no such row.")
    assert problems_in("Unknown essence_channeling.") and problems_in("armageddon.task failed")
    assert problems_in("Skills (skills.Flying): Unknown skill") and problems_in("see Morale.html")
    assert problems_in("1 hours pass") and problems_in("3 rounds passes") and problems_in("2 day(s) pass")
    assert problems_in("1 entries as Markdown") and problems_in("The campaign file has 1 problems")
    assert problems_in("Nothing to ask first: 1 hour run no dying roll.") and problems_in("1 combatants")
    assert problems_in("None Encumbrance (+0)") and problems_in("Unconscious: 5 hours 60 minutes left")
    assert problems_in("60 minutes") and problems_in("Total -3: Heavy Encumbrance (-3)")
    assert problems_in("Total -3: -3 from their state") and problems_in("Total 0: None Encumbrance (+0)")
    assert problems_in("Sister Mara keeps his nerve") and problems_in("First Aid stabilises him.")
    assert problems_in("He rolls nothing") and problems_in("her state") and problems_in("HERSELF")
    assert problems_in("Toughness 5 · Will null") and problems_in("Will undefined") and problems_in("Speed NaN")
    assert problems_in("Flags: Emp disabled")
    for fine in (
        "Rolled 27 against 60 — Regular success",
        "e.g. 1D6+2",
        "Endurance 1.5 times",
        "2 hours pass.",
        "1 hour passes",
        "−1 wounds penalty",
        "11 rounds",
        "1 entry as Markdown",
        "heals 1 HP (9 → 10)",
        "21 entries",
        "1 hour runs",
        "A well-rounded, fast-moving crowd-pleaser",
        "Dr. Armitage reads it.",
        "Heavy encumbrance: −3 to Speed and to rolls needing silence or fast reactions",
        "Not encumbered (40 lb)",
        "6 hours",
        "160 minutes",
        "Total 12 vs 9: success — Good",
        "Total 7: hit: 7 damage",
        "Leak die: none",
        "Total -1: Initiative -1, Speed 10",
        "Sister Mara keeps their nerve",
        "The EMP stopped it until repaired",
        "The hero hears the heretic; the shell helps, then the hiss",
        "Nullify the spell; an undefinable dread",
    ):
        assert not problems_in(fine), fine


def test_readable_strings_skip_the_developer_fields():
    answer = {
        "text": ["a"],
        "source": "seed 003",
        "covers": ["C1"],
        "steps": [{"text": "b", "source": "rules/coc.md"}],
        "state": {"x": "essence_channeling"},
    }
    assert [text for _, text in readable_strings(answer)] == ["a", "b"]


@pytest.mark.parametrize("op", OPERATIONS, ids=lambda op: op.id)
def test_every_answer_and_refusal_reads_in_the_games_words(op):
    found = []
    for request, answer in answers_of(op):
        for problem in scan(answer):
            found.append(f"{json.dumps(request)[:160]} → {problem}")
    assert not found, "\n".join(found[:40])


def test_the_catalog_and_the_error_meanings_a_user_reads_are_plain_words():
    """Every operation's title, summary and rule, each field's label, help, choices and typed example, and what
    each error code means (the page shows them all) say no pronoun, no citation, no field path."""
    found = []
    for op in api.catalog()["operations"]:
        for key in ("title", "summary", "rule"):
            found += [f"{op['id']}.{key}: {p}" for p in problems_in(op[key] or "")]
        for param in op["params"]:
            for key in ("label", "help", "rule"):
                found += [f"{op['id']}:{param['name']}.{key}: {p}" for p in problems_in(param[key] or "")]
            for label in param["choice_labels"]:
                found += [f"{op['id']}:{param['name']} choice: {p}" for p in problems_in(label)]
            if isinstance(param["example"], str):  # shown in the empty field: a player's words, so no pronoun
                found += [
                    f"{op['id']}:{param['name']} example: {m.group(0)!r}" for m in PRONOUNS.finditer(param["example"])
                ]
    found += [f"error {code}: {p}" for code, meaning in ERROR_CODES.items() for p in problems_in(meaning)]
    assert not found, "\n".join(found[:40])
