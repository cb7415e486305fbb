"""Adversarial texts for the readers of user text: a keyword a reader looks for, then a long run.

A pasted stat block is often a PDF's: keywords followed by long runs of spaces, tabs and line breaks. A reader whose
pattern lets two quantifiers share such a run tries every way of sharing it before giving up (minutes for a few
hundred spaces); a linear one answers in milliseconds. ``tools/fuzz.py`` sends these texts to every text field of
the door (its ``slow`` problem), and ``tests/test_readers_run_in_linear_time.py`` to each reader directly.
"""

from __future__ import annotations

from functools import cache

__all__ = ("RUNS", "TAILS", "adversarial_corpus", "adversarial_text", "reader_keywords")

RUNS = (" ", "\t", "\n", " \t\n", "0", "9", "1 ", "+", "-", "+ ", "(", ")", "( ", "%", "% ", ": ", "(1/")
"""Runs that make a backtracking pattern try every way of sharing them among its quantifiers: spaces, tabs and
line breaks (a PDF's paste), digits, signs, parentheses, percent signs, and mixes of them."""
TAILS = ("", "x", "1", "%", ")", ":", "1D4", "(30/12)")
"""What may end a run: nothing, something no reader wants, or what would complete a value."""
_READER_WORDS = (
    "d",
    "D",
    "1d4",
    "2D6",
    "x",
    "×",
    "*",
    "+",
    "−",
    "/",
    "1/1D4",
    "DB",
    "+ DB",
    "half DB",
    "-2",
    "+1",
    "@str",
    "<p>",
    "<",
    "a (",
    "rules/coc.md",
    "rules/armageddon.md §1",
    "seed 001,",
    "seed 003, Hit points",
    "[SEED",
    "DEVELOPERS.md",
    "the seed",
)
"""Words the other readers of user text look for: dice and damage expressions, modifiers, the Damage Bonus of an
imported weapon, rich text, skill specialities, and the citations taken out of every text shown."""


@cache
def reader_keywords() -> tuple[str, ...]:
    """Every keyword each game's stat-block reader knows (their own tables), then the other readers' words."""
    from py_rules.armageddon.stat_block_grammar import KEYWORDS as ARMAGEDDON
    from py_rules.coc.stat_block_grammar import KEYWORDS
    from py_rules.semiautomagic.stat_block import KEYWORDS as SEMIAUTOMAGIC

    return tuple(dict.fromkeys([*KEYWORDS, *ARMAGEDDON, *SEMIAUTOMAGIC, *_READER_WORDS]))


def adversarial_text(keyword: str, run: str, size: int, tail: str = "") -> str:
    """``keyword``, then ``run`` repeated to about ``size`` characters in all, then ``tail``."""
    return keyword + run * max(0, (size - len(keyword) - len(tail)) // len(run)) + tail


def adversarial_corpus(keywords, size: int):
    """(keyword, run, text) for each keyword followed by each run, ``size`` characters each; then, per keyword,
    one text of every run in turn, each after the keyword (run ``"mixed"``)."""
    for keyword in keywords:
        for run in RUNS:
            yield keyword, run, adversarial_text(keyword, run, size)
    piece = size // len(RUNS)
    for keyword in keywords:
        yield keyword, "mixed", "".join(adversarial_text(keyword, run, piece) for run in RUNS)
