"""``py_rules.limits.check_tree`` (the door never breaks): its fast path for plain JSON decides exactly
as the full walk, so a long campaign log is checked at C speed without letting anything through."""

import json
import math

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import limits
from py_rules.errors import RulesError

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
    st.sampled_from(["\ud800", "a\udfffb"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=3), st.just("\ud83d")), inner, max_size=4),
    ),
    max_leaves=25,
)


def walk_refuses(value, depth):
    """The full walk alone (the fast path switched off)."""
    original = limits._plainly_fine
    limits._plainly_fine = lambda *_: None
    try:
        limits.check_tree(value, "x", depth)
        return False
    except RulesError:
        return True
    finally:
        limits._plainly_fine = original


@settings(max_examples=400, deadline=None)
@given(VALUES, st.integers(0, 6))
def test_the_fast_path_passes_only_what_the_full_walk_passes(value, depth):
    if limits._plainly_fine(value, depth):
        assert not walk_refuses(value, depth)
    with_fast = None
    try:
        limits.check_tree(value, "x", depth)
    except RulesError:
        with_fast = True
    else:
        with_fast = False
    assert with_fast == walk_refuses(value, depth)
    if not with_fast:  # the length it gives, when it gives one, is that of the value's JSON text
        size = limits.check_tree(value, "x", depth)
        assert size is None or size == len(json.dumps(value, ensure_ascii=False))


@pytest.mark.parametrize("value, depth", [([[1]], 1), ({"a": math.nan}, 3), (["\ud800"], 3), ({"\udc00": 1}, 3)])
def test_what_the_fast_path_leaves_to_the_walk_is_refused_with_its_path(value, depth):
    assert not limits._plainly_fine(value, depth)
    with pytest.raises(RulesError):
        limits.check_tree(value, "x", depth)


JSON = st.recursive(
    st.none() | st.text(alphabet='"\\[]{}a', max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
)


def _depth(value) -> int:
    if isinstance(value, (list, dict)):
        return 1 + max(map(_depth, value.values() if isinstance(value, dict) else value), default=0)
    return 0


def _nesting_outside_strings(text: str) -> int:
    """The deepest bracket nesting of ``text`` outside its strings, read one character at a time (as a JSON
    parser reads it, so as deep as it goes before any error)."""
    deepest = level = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest


@settings(max_examples=300, deadline=None)
@given(JSON, st.booleans(), st.data())
def test_the_depth_of_json_text_is_its_values_and_any_start_of_it_is_read_as_a_parser_reads_it(value, ascii_only, data):
    """A long file's depth is read at C speed: the whole text's is the depth of its value whatever its strings hold,
    and any start of it (where a broken file stops a parser) is as deep as a parser finds it. One drawn value serves
    both: drawing it is most of an example's cost."""
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert limits.text_depth(text) == _depth(value)
    start = text[: data.draw(st.integers(0, len(text)))]  # a parser stops on a broken file where its text breaks
    assert limits.text_depth(start) == _nesting_outside_strings(start)
