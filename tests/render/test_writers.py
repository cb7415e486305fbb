"""Every writer of the output pipeline (py_rules/render/formats.py) meets the same checks, whatever its format: its
declaration is the one the catalog, the door and the campaign file read; every text a user typed reads as typed (a
reader of the format sees it literally); an undone entry is marked where the format can mark it; a quote, a title and
a stretch's order come out as declared. Each format's golden texts are in tests/forum (forum formats) and
test_trace_text.py (the page's trace)."""

from __future__ import annotations

import copy
import re
import string
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings, strategies as st

from py_rules import api
from py_rules.campaign.file import FORUM_DEFAULTS, forum_choices
from py_rules.render.bbcode import BREAK
from py_rules.render.formats import WRITERS, format_of, formats, forum_formats, writer
from py_rules.render.lines import Block, Cited

IDS = [each.id for each in formats()]

READ = {
    "bbcode": lambda text: text.replace(BREAK, ""),  # the empty tag shows as nothing
    "markdown": lambda text: re.sub(r"\\(.)", r"\1", text),  # a backslash-escaped character shows as itself
    "plain": lambda text: text,
    "trace": lambda text: text,
}
"""What a reader of each format sees of a text its writer wrote (every markup character of the user's shown as typed)."""


def test_every_registered_format_says_how_it_reads():
    assert sorted(READ) == sorted(IDS)


def test_the_registry_declares_each_format_once_in_its_writer():
    assert len(IDS) == len(set(IDS)) == len(WRITERS)
    for each in formats():
        module = writer(each.id)
        assert module.FORMAT is each is format_of(each.id)
        assert all(callable(getattr(module, name)) for name in ("escape", "block_text", "post"))
        assert each.label and each.name and each.extension.isalnum() and "/" in each.media_type
    assert forum_formats() and all(each.forum for each in forum_formats())
    with pytest.raises(KeyError):
        writer("html")


def test_the_catalog_publishes_every_format_as_its_writer_declares_it():
    assert api.handle({"op": "catalog"})["result"]["formats"] == [each.to_dict() for each in formats()]


@pytest.mark.parametrize("op_id", ["forum.result", "forum.stretch"])
def test_the_forum_operations_offer_every_forum_format_in_its_own_words(op_id):
    catalog = api.catalog()
    [param] = [p for op in catalog["operations"] if op["id"] == op_id for p in op["params"] if p["name"] == "format"]
    assert param["choices"] == [each.id for each in forum_formats()]
    assert param["choice_labels"] == [each.label for each in forum_formats()]
    assert param["default"] == forum_formats()[0].id == FORUM_DEFAULTS["format"]


def test_a_campaign_keeps_any_forum_format_and_no_other():
    for each in formats():
        problems = []
        kept = forum_choices({"format": each.id}, problems)
        assert (kept is not None) == each.forum, (each.id, problems)
        if not each.forum:
            assert problems[0]["path"] == "forum.format"


LINE = (
    st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Cf")), min_size=1, max_size=24)
    .map(str.strip)
    .filter(bool)
)
"""A text a user types into one field: no line break (a forum line holds one), no surrounding blanks, nothing
invisible (every forum format drops that: tests/render/test_renderers.py)."""


@st.composite
def blocks(draw):
    texts = st.lists(LINE, max_size=3)
    return Block(
        who=draw(st.one_of(st.just(""), LINE)),
        what=draw(LINE),
        headline=draw(LINE),
        dice=draw(texts),
        throws=draw(LINE),
        modifiers=[Cited(t, draw(LINE)) for t in draw(texts)],
        steps=[Cited(t, draw(LINE)) for t in draw(texts)],
        events=draw(texts),
        flags=draw(texts),
        dice_source=draw(st.sampled_from(["unknown", "digital", "physical"])),
    )


def shown_parts(fmt: str, block: Block) -> list[str]:
    """The texts of ``block`` a post in ``fmt`` shows: a forum post names who did what and says the dice as read; the
    page's trace keeps the dice as thrown, the steps and the flags."""
    mods = [m.text for m in block.modifiers]
    if format_of(fmt).forum:
        return [block.who, block.what, block.headline, *block.dice, *mods, *block.events]
    return [block.headline, block.throws, *mods, *[s.text for s in block.steps], *block.events, *block.flags]


@pytest.mark.parametrize("fmt", IDS)
@settings(max_examples=150, deadline=None)
@given(block=blocks())
def test_every_text_of_a_result_reads_as_typed_and_an_undone_one_is_marked_where_the_format_can_mark_it(fmt, block):
    """A reader of the format sees every text the user typed literally; the same result undone is marked (more
    "undone" than before) and still reads as typed, in a format that can mark it (one that cannot is never given an
    undone entry: the door leaves it out, below). One drawn result serves both: drawing it is most of the cost."""
    write = writer(fmt).block_text
    read = READ[fmt](write(block))
    for part in shown_parts(fmt, block):
        assert part in read, (part, read)
    if format_of(fmt).strike:
        text = write(replace(copy.deepcopy(block), undone=True))
        assert text.lower().count("undone") > write(block).lower().count("undone")
        for part in shown_parts(fmt, block):
            assert part in READ[fmt](text)


def test_a_format_that_cannot_mark_an_undone_entry_leaves_it_out(monkeypatch):
    from py_rules.forum import operations

    roll = api.handle({"op": "semiautomagic.check", "args": {"modifier": 2, "dc": 6, "dice": [6]}})["result"]
    entries = [
        {
            "id": "e1",
            "at": "2026-12-01T20:15:03Z",
            "op": "semiautomagic.check",
            "args": {},
            "result": roll,
            "who": [],
            "encounter": None,
            "before": {},
            "after": {},
            "kind": "roll",
        },
        {
            "id": "e2",
            "at": "2026-12-01T20:16:03Z",
            "op": "log.undo",
            "args": {"entry": "e1"},
            "result": None,
            "who": [],
            "encounter": None,
            "before": {},
            "after": {},
            "kind": "undo",
        },
    ]
    stretch = {"op": "forum.stretch", "args": {"entries": entries, "format": "plain", "undone": "strike"}}
    assert api.handle(stretch)["result"]["details"]["count"] == 1
    real = operations.format_of
    monkeypatch.setattr(operations, "format_of", lambda format_id: replace(real(format_id), strike=False))
    assert api.handle(stretch)["result"]["details"]["count"] == 0


@pytest.mark.parametrize("fmt", IDS)
@settings(max_examples=60, deadline=None)
@given(stretch=st.lists(blocks(), min_size=1, max_size=3), title=LINE)
def test_a_stretch_is_its_title_then_each_result_in_order_and_quotes_where_declared(fmt, stretch, title):
    module = writer(fmt)
    text = module.post(stretch, title)
    assert title in READ[fmt](text.splitlines()[0])
    at = 0
    for block in stretch:  # each block's own text, after the one before it
        at = text.index(module.block_text(block), at) + 1
    quoted = module.post(stretch, title, quote=True)
    assert (quoted != text) == format_of(fmt).quote
    assert all(part in READ[fmt](quoted) for b in stretch for part in shown_parts(fmt, b))
    assert module.post([]).strip() == ""


PLAIN_WORDS = string.ascii_letters + string.digits + " ,.;:()'→—+-"


@pytest.mark.parametrize("fmt", IDS)
@settings(max_examples=60, deadline=None)
@given(words=st.text(PLAIN_WORDS, max_size=40))
def test_plain_words_are_written_unchanged(fmt, words):
    """Words that could be no web address (no ``x.example``, no ``http:/``) are written as they are."""
    assume(not re.search(r"[A-Za-z0-9]\.[A-Za-z]|:/", words))
    assert writer(fmt).escape(words) == words
