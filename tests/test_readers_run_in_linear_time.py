"""Every reader of user text runs in time linear in its input (the team's guide: bad input never freezes the page).

A pasted stat block is often a PDF's: keywords followed by long runs of spaces, tabs and line breaks. A pattern with
two quantifiers that can share such a run (``\\s*[:=]?\\s*``) tries every way of sharing it before giving up: "DB"
and 400 spaces took 9 s, "Build" and 10 kB of spaces did not finish. Here each reader gets adversarial texts: every
keyword the stat-block reader knows (from its own tables, :data:`py_rules.coc.stat_block_grammar.KEYWORDS`) and the
words the other readers look for, each followed by long runs of spaces, tabs, line breaks, digits, signs,
parentheses and percent signs, and mixes of them; directly and through the JSON door (whose field limits refuse
what is too long). Each call must stay within a bound of this thread's CPU time (:func:`bound`): a linear reader takes
milliseconds, one that backtracks seconds to minutes; CPU time, unlike the clock on the wall, does not grow while a
loaded machine makes the test wait for a core. ``python3 tools/fuzz.py`` sends the same shapes to every text field
longer.

The bound is :data:`tools.fuzz.SLOW_SECONDS` (2 s) for 20 kB, the longest paste the stat-block reader reads, and
scales with the square of the length below that: a reader whose time grows with the square of its text (the mildest
backtracking, two quantifiers sharing one run) and that takes 2 s on 20 kB takes 0.125 s on 5 kB, so the runs here are
5 kB (:data:`SIZE`) and a quarter of the reading buys the same verdict (a quadratic reader's time over the bound is
the same ratio at every length; a reader's time that only grows with its length, the call's own, weighs more against
the smaller bound, never less). The slowest linear read of 5 kB takes about 15 ms, an eighth of its bound.
A mix of every run in turn after a keyword stays 20 kB (:data:`MIXED_SIZE`): each of its runs is then about 1,200
characters, what a backtracking of higher power (cubic and beyond, whose ratio to the bound does shrink with the
length) needs to show.
"""

from __future__ import annotations

import contextlib
import json
import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from py_rules import api, dice_expr, sources
from py_rules.armageddon import (
    stat_block as armageddon_stat_block,
    stat_block_grammar as armageddon_grammar,
    tables as armageddon_tables,
)
from py_rules.coc import stat_block, tables as coc_tables
from py_rules.coc.stat_block_grammar import KEYWORDS
from py_rules.errors import RulesError
from py_rules.interchange.coc_sheet import weapon_damage
from py_rules.interchange.coc_skills import split_name
from py_rules.interchange.foundry_rich_text import plain_text
from py_rules.modifiers import parse_modifiers
from py_rules.semiautomagic import stat_block as semiautomagic_stat_block, tables as semiautomagic_tables
from py_rules.table import codes as table_codes
from py_rules.table.examples import EXAMPLE_CODE, SEATS as TABLE_SEATS
from tools import fuzz

FULL = 20_000
"""The longest paste the stat-block reader reads (it reads the first 20,000 characters of a paste)."""
SIZE = 5_000
"""Characters in each adversarial text of one run: a quarter of :data:`FULL`, read against a sixteenth of its bound."""
MIXED_SIZE = FULL
"""Characters in a text of every run in turn after a keyword (each run about 1,200 characters)."""
QUIET = {"deadline": None, "suppress_health_check": list(HealthCheck)}

DICE = ("d", "D", "1d4", "2D6", "x", "×", "*", "+", "−", "/", "1/1D4", "DB", "+ DB", "half DB")
STAT_BLOCKS = {  # each game's stat-block reader and its own words
    "stat block": (stat_block.parse, KEYWORDS),
    "Armageddon stat block": (armageddon_stat_block.parse, armageddon_grammar.KEYWORDS),
    "Semiautomagic stat block": (semiautomagic_stat_block.parse, semiautomagic_stat_block.KEYWORDS),
}
READERS = {  # name: (the reader of one text, the words it looks for)
    **STAT_BLOCKS,
    "Armageddon damage roll": (lambda text: dice_expr.parse(text, armageddon_tables.DAMAGE_FORM), DICE),
    "Armageddon weapon damage": (
        lambda text: dice_expr.parse(text, armageddon_tables.WEAPON_DAMAGE_FORM, values={"Strength": 3}),
        DICE + ("Strength", "Str"),
    ),
    "Semiautomagic damage": (lambda text: dice_expr.parse(text, semiautomagic_tables.DAMAGE_FORM), DICE),
    "Call of Cthulhu dice expression": (lambda text: dice_expr.parse(text, coc_tables.DICE_FORM), DICE),
    "Call of Cthulhu damage by range": (lambda text: dice_expr.parse_parts(text, coc_tables.DAMAGE_BANDS_FORM), DICE),
    "Call of Cthulhu Sanity loss": (lambda text: dice_expr.parse_parts(text, coc_tables.SANITY_LOSS_FORM), DICE),
    "modifiers": (lambda text: parse_modifiers(text, "GM"), ("-2", "+1", "−3", "5 a", "2 darkness,")),
    "citations taken out of shown text": (
        sources.split,
        (
            "rules/coc.md",
            "rules/armageddon.md §1",
            "seed 001,",
            "seed 003, Hit",
            "[SEED",
            "DEVELOPERS.md",
            "the seed",
            "(",
        ),
    ),
    "imported weapon damage": (weapon_damage, DICE),
    "imported skill speciality": (split_name, ("a (", "Fighting", "Language (")),
    "Call of Cthulhu skill name": (coc_tables.SKILL_NAMES.canonical, ("a (", "Language (Other) (", "Science (", ")")),
    "Armageddon skill name": (armageddon_tables.SKILL_NAMES.canonical, ("Craft (", "Language (", "(", ")")),
    "imported rich text": (plain_text, ("<p>", "<", "</p>", "<b>", "&amp;")),
    "codes pasted from a forum thread": (
        lambda text: table_codes.read(text, "example", TABLE_SEATS, 0),
        ("RC1P.", "RC1", "RC", "RC2U.", "RC1I.", "RC1U.A.", "RC1P.AAAA.", "RC1P.RC1P."),
    ),
}


def bound(length: int) -> float:
    """Most CPU seconds a text of ``length`` characters may take: :data:`tools.fuzz.SLOW_SECONDS` for :data:`FULL`
    characters or more, and below that what a reader quadratic in its text and that slow on :data:`FULL` would
    take (never less than on :data:`SIZE`: a short text's time is mostly the call's own)."""
    return fuzz.SLOW_SECONDS * (min(max(length, SIZE), FULL) / FULL) ** 2


def within_bound(read, text) -> float:
    """The CPU seconds ``read(text)`` took; it may refuse the text (a RulesError), never raise anything else."""
    started = time.thread_time()
    with contextlib.suppress(RulesError):
        read(text)
    took = time.thread_time() - started
    assert took < bound(len(text)), f"{took:.2f} s for {text[:40]!r}… ({len(text)} characters)"
    return took


def test_the_keywords_are_the_readers_own():
    """The corpus follows the reader's tables: a keyword added there is fed here the day it is added."""
    assert {
        "DB",
        "Build",
        "Damage Bonus",
        "STR",
        "STRENGTH",
        "Sanity loss",
        "Skills",
        "damage",
        "Char. Value Half Fifth",
        "HALF",
        "FIFTH",
    } <= set(KEYWORDS)
    assert {"Str", "Wil", "LP", "Essence Channeling", "Qualities/Drawbacks", "Attacks"} <= set(
        armageddon_grammar.KEYWORDS
    )
    assert {"End", "Spi", "Toughness", "Will", "Defence", "natural armour", "Weapons"} <= set(
        semiautomagic_stat_block.KEYWORDS
    )
    for _, words in STAT_BLOCKS.values():
        assert set(words) <= set(fuzz.reader_keywords())


def _mixed(keyword: str) -> str:
    """``keyword`` before each kind of run in turn, :data:`MIXED_SIZE` characters in all."""
    return "".join(text for _, run, text in fuzz.adversarial_corpus([keyword], MIXED_SIZE) if run == "mixed")


_GAME_WORDS = [(name, word) for name in STAT_BLOCKS if name != "stat block" for word in STAT_BLOCKS[name][1]]


@pytest.mark.parametrize("reader,keyword", _GAME_WORDS, ids=[f"{name}:{word}" for name, word in _GAME_WORDS])
def test_an_armageddon_or_semiautomagic_keyword_then_long_runs_is_read_quickly(reader, keyword):
    """The other games' readers: each of their words, then 5 kB of spaces, tabs and line breaks, then every kind
    of run in turn."""
    read = STAT_BLOCKS[reader][0]
    within_bound(read, fuzz.adversarial_text(keyword, " \t\n", SIZE))
    within_bound(read, _mixed(keyword))


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_a_stat_block_keyword_then_a_long_run_of_white_space_is_read_quickly(keyword):
    """The PDF paste: each keyword, then 5 kB of spaces, tabs and line breaks."""
    within_bound(stat_block.parse, fuzz.adversarial_text(keyword, " \t\n", SIZE))


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_a_stat_block_keyword_then_every_kind_of_run_in_turn_is_read_quickly(keyword):
    """Mixed runs: the keyword before each of spaces, digits, signs, parentheses and percent signs in turn."""
    within_bound(stat_block.parse, _mixed(keyword))


@pytest.mark.parametrize("run", fuzz.RUNS)
def test_each_kind_of_run_after_every_stat_block_keyword_is_read_quickly(run):
    """Each run 5 kB long after a keyword, every keyword in turn across the runs (the whole product is
    ``tools/fuzz.py``'s)."""
    index = fuzz.RUNS.index(run)
    for keyword in KEYWORDS[index :: len(fuzz.RUNS)]:
        within_bound(stat_block.parse, fuzz.adversarial_text(keyword, run, SIZE))


@pytest.mark.parametrize("reader", [name for name in READERS if name not in STAT_BLOCKS])
def test_every_other_reader_of_user_text_reads_its_words_then_long_runs_quickly(reader):
    read, words = READERS[reader]
    for keyword, run, text in fuzz.adversarial_corpus(words, SIZE):
        within_bound(read, _mixed(keyword) if run == "mixed" else text)


@settings(max_examples=20, **QUIET)  # a short run: tools/fuzz.py sends these shapes for as long as it is given
@given(
    reader=st.sampled_from(sorted(READERS)),
    keyword=st.sampled_from(fuzz.reader_keywords()),
    run=st.sampled_from(fuzz.RUNS),
    size=st.integers(0, FULL),
    tail=st.sampled_from(fuzz.TAILS),
)
def test_any_reader_reads_any_keyword_then_any_run_quickly(reader, keyword, run, size, tail):
    within_bound(READERS[reader][0], fuzz.adversarial_text(keyword, run, size, tail))


def door(op: str, args: dict) -> dict:
    """The JSON door's answer, which must come within the bound too (CPU seconds, as :func:`within_bound`, for the
    longest text sent)."""
    longest = max((len(value) for value in args.values() if isinstance(value, str)), default=0)
    started = time.thread_time()
    answer = json.loads(api.call(json.dumps({"op": op, "args": args})))
    took = time.thread_time() - started
    assert took < bound(longest), f"{took:.2f} s for {op} with {str(args)[:60]}…"
    return answer


@pytest.mark.parametrize("run", fuzz.RUNS)
def test_a_pasted_stat_block_through_the_door_answers_quickly(run):
    """Through the door (whose field takes 100,000 characters): the reader's answer, not a frozen page."""
    for op, keyword in [
        *(
            ("coc.parse_stat_block", word)
            for word in ("DB", "Build", "STR", "Skills", "Sanity loss", "Armour", "Attacks per round", "| STR |")
        ),
        ("armageddon.parse_stat_block", "Punch d4"),
        ("armageddon.parse_stat_block", "Qualities:"),
        ("semiautomagic.parse_stat_block", "Toughness 9 ("),
        ("semiautomagic.parse_stat_block", "Armour: coat (Defence"),
    ]:
        answer = door(op, {"text": fuzz.adversarial_text(keyword, run, SIZE)})
        assert answer["ok"], answer


def test_a_paste_longer_than_the_field_takes_is_refused_quickly_by_the_door():
    answer = door("coc.parse_stat_block", {"text": fuzz.adversarial_text("DB", " ", 100_001)})
    assert not answer["ok"] and answer["error"]["field"] == "text"


@pytest.mark.parametrize(
    "op,field",
    [(op.id, param.name) for op, param in fuzz.text_fields()],
    ids=[f"{op.id}.{param.name}" for op, param in fuzz.text_fields()],
)
def test_every_text_field_of_the_door_answers_an_adversarial_text_quickly(op, field):
    """Every declared text field, at its own length limit and one past it: the dice, modifier and damage readers
    behind them (an Armageddon damage roll of 500 spaces and a letter took over a minute)."""
    params = {param.name: param for param in api.operation(op).all_params}
    args = {
        name: param.example
        for name, param in params.items()
        if param.required and name != field and param.example is not None
    }
    limit = params[field].length_limit
    api.call(json.dumps({"op": op, "args": args}))  # the operation's modules loaded first: only the reading is timed
    for keyword, run in (
        ("d4", " "),
        ("-2 rules/coc.md", " §1  "),
        ("seed 001, a", ", seed 001"),
        ("1D4+", " "),
        ("+1", " \t\n"),
    ):
        for length in (min(limit, SIZE), *([limit + 1] if limit < 10 * FULL else [])):  # not a 150 MB text
            door(op, {**args, field: fuzz.adversarial_text(keyword, run, length, "x")})


@settings(max_examples=15, **QUIET)
@given(request=fuzz.adversarial_requests(FULL))  # the fuzzer's own lengths, against its own bound
def test_any_request_with_an_adversarial_text_answers_quickly_and_soundly(request):
    """The fuzzer's own shape: any text field, any keyword and run, any length up to one past the limit."""
    problems, _answer = fuzz.examine_timed(request)
    assert not problems, problems


def _bomb() -> str:
    import base64
    import zlib

    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(b"[" + b"0," * 40_000 + b"0]") + packer.flush()
    return "RC1P." + base64.urlsafe_b64encode(packed).rstrip(b"=").decode() + "." + "A" * 22 + "\n"


@pytest.mark.parametrize(
    "piece",
    [
        pytest.param(_bomb, id="packed to unpack far larger"),
        pytest.param(lambda: EXAMPLE_CODE + "\n", id="valid codes"),
        pytest.param(lambda: "RC1P.", id="starts only"),
        pytest.param(lambda: "RC1P.AAAA" + " " * 50, id="payloads broken by spaces"),
    ],
)
def test_a_thread_as_long_as_the_field_takes_full_of_codes_is_read_quickly(piece):
    """The code reader through the door, at the longest text its field takes: every code in it is looked at."""
    text = piece()
    text = (text * (table_codes.MAX_TEXT_CHARS // len(text)))[: table_codes.MAX_TEXT_CHARS]
    answer = door("table.read_codes", {"text": text, "campaign": "example", "seats": TABLE_SEATS})
    assert answer["ok"], answer["error"]
