"""A campaign file's log measured from its own text (py_rules/campaign/entries.py
``_bounded_by_text``, py_rules/campaign/file_text.py ``LogText.holding``, py_rules/log/entry.py ``sheet_key``): the
answer is the one the file gets checked value by value, every entry walked and written again, every sheet checked
with no verdict kept, for any file, written any way; each bound holds at its edge."""

import codecs
import copy
import json
import re
from unittest import mock

from hypothesis import given, settings, strategies as st

from py_rules import api, limits
from py_rules.campaign import entries as campaign_entries, file_text
from py_rules.campaign.entries import GROWTH
from py_rules.campaign.problems import LIMITS, check_json
from py_rules.log import entry as log_entry
from py_rules.log.entry import MAX_ENTRY_CHARS
from tests.campaign.test_check_file import CAMPAIGN, EXAMPLE_ENTRY, wounded
from tests.campaign.test_file_text import a_log, answer

_ENCODE = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode


def answer_walked(text: str) -> dict:
    """The answer with the file read whole, each entry walked value by value and written again to be measured, and
    every sheet checked by its game each time it is met (no key: a verdict is never kept)."""
    with (
        mock.patch.object(file_text, "read", lambda text, decoder: None),
        mock.patch.object(campaign_entries, "_plainly_bounded", lambda entry: None),
        mock.patch.object(log_entry, "sheet_key", lambda value: object()),
    ):
        return answer(text)


def assert_walked_verdict(text: str) -> dict:
    found = answer(text)
    assert found == answer_walked(text)
    return found


def details(text: str) -> dict:
    return answer(text)["result"]["details"]


def _old_shape(entry: dict) -> dict:
    """``entry`` as a file of the older shape keeps it: each sheet after it whole."""
    return {
        **{k: v for k, v in copy.deepcopy(entry).items() if k != "changes"},
        "id": "old",
        "after": {"pc-1": wounded(3)},
    }


def deep(levels: int):
    return json.loads("[" * levels + "]" * levels)


SPOILS = {
    "nothing": lambda log: None,
    "kind": lambda log: log[1].update(kind="nonsense"),
    "same id": lambda log: log[2].update(id=log[0]["id"]),
    "text over": lambda log: log[1].update(result={"label": "x" * (LIMITS["text"] + 1)}),
    "text at": lambda log: log[1].update(result={"label": "x" * LIMITS["text"]}),
    "key 201": lambda log: log[1].update(args={"k" * 201: 1}),
    "key 200 escaped": lambda log: log[1].update(args={'"\\/é\n' * 50: 1}),
    "key 201 escaped": lambda log: log[1].update(args={'"\\/é\n' * 50 + "\\": 1}),
    "many values": lambda log: log[1].update(args={"n": list(range(LIMITS["entry_nodes"] + 5))}),
    "nested 22": lambda log: log[1].update(args={"deep": deep(22)}),
    "nested 23": lambda log: log[1].update(args={"deep": deep(23)}),
    "bad die": lambda log: log[1].update(result={"dice": [{"die": "d10", "face": "7", "purpose": 1}]}),
    "bad sheet": lambda log: log[0]["before"]["pc-1"].update(hp="ten"),
    "bad change": lambda log: log[0]["changes"]["pc-1"].update(hp=["ten"]),
    "misfit": lambda log: log[0]["changes"]["pc-1"].update(name={"x": 1}),
    "not a sheet": lambda log: log[2]["changes"].update({"pc-1": [5]}),
    "not an entry": lambda log: log.append(5),
    "who": lambda log: log[3].update(who="pc-1"),
    "exponents": lambda log: log[1].update(numbers=[1e15, 1e-7, 2.5e300, -0.0, 10**20, 1.5, 12345678901234567.0]),
    "huge entry": lambda log: log[3].update(args={"t": ["y" * 19_000] * 22}),
    "old shape": lambda log: log.append(_old_shape(log[0])),
    "same sheet, bad change": lambda log: log.append(
        {**copy.deepcopy(log[0]), "id": "again", "changes": {"pc-1": {"hp": ["ten"]}}}
    ),
    "same sheet, misfit": lambda log: log.append(
        {**copy.deepcopy(log[0]), "id": "misfit", "changes": {"pc-1": {"name": {"x": [1]}}}}
    ),
}


def _whitespace(text: str, at: int) -> str:
    places = [m.end() for m in re.finditer(r"[,:\[{]", text)]
    return text if not places else text[: places[at % len(places)]] + " \n\t" + text[places[at % len(places)] :]


def _duplicate(text: str, at: int) -> str:
    places = [m.end() for m in re.finditer(r"\{", text)]
    key = ['"id":"twice",', '"kind":"roll",', '"log":[],', '"before":{},'][at % 4]
    return text[: places[at % len(places)]] + key + text[places[at % len(places)] :]


def _exponent(text: str, at: int) -> str:
    places = list(re.finditer(r"(?<=[:,\[])([1-9][0-9]*)(?=[,\]}])", text))
    if not places:
        return text
    found = places[at % len(places)]
    return text[: found.start()] + found.group(1) + ["e0", "E+0", ".0e0", "0e-1"][at % 4] + text[found.end() :]


EDITS = {
    "whitespace": _whitespace,
    "duplicate key": _duplicate,
    "exponent": _exponent,
    "escaped slash": lambda text, at: text.replace("/", "\\/", 1 + at % 3),
    "escaped letter": lambda text, at: text.replace("e", "\\u0065", 1 + at % 5),
    "cut": lambda text, at: text[: len(text) - 1 - at % 40],
}
STYLES = {
    "compact": lambda value: json.dumps(value, separators=(",", ":"), ensure_ascii=False),
    "spaced": lambda value: json.dumps(value, ensure_ascii=False),
    "ascii": lambda value: json.dumps(value, ensure_ascii=True),
    "pretty": lambda value: json.dumps(value, indent=2, ensure_ascii=False),
    "tabs": lambda value: json.dumps(value, indent="\t", separators=(" ,", " : ")),
}


@settings(max_examples=120, deadline=None)
@given(
    spoils=st.lists(st.sampled_from(sorted(SPOILS)), max_size=3),
    style=st.sampled_from(sorted(STYLES)),
    edits=st.lists(st.tuples(st.sampled_from(sorted(EDITS)), st.integers(0, 10**6)), max_size=3),
)
def test_a_file_measured_from_its_text_gets_the_answer_of_the_file_walked_value_by_value(spoils, style, edits):
    log = copy.deepcopy(a_log())
    for name in spoils:
        SPOILS[name](log)
    text = STYLES[style]({**CAMPAIGN, "log": log})
    for name, at in edits:
        text = EDITS[name](text, at)
    assert_walked_verdict(text)


JSON_TEXTS = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**25), 10**25)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=5),
    max_leaves=30,
)


def _written(value, how: int, ascii_only: bool) -> str:
    """``value`` as JSON text, each number with a fraction written one of four ways that read the same (``1e15``,
    ``1.00000000000000000E+15``, ``1000000000000000.0``, ``1000000000000000``)."""
    if isinstance(value, dict):
        return (
            "{"
            + ",".join(
                json.dumps(k, ensure_ascii=ascii_only) + ":" + _written(v, how, ascii_only) for k, v in value.items()
            )
            + "}"
        )
    if isinstance(value, list):
        return "[" + ",".join(_written(v, how, ascii_only) for v in value) + "]"
    if isinstance(value, float):
        for text in (f"{value:e}", f"{value:.17E}", repr(value), f"{value:.17g}")[how % 4 :]:
            if float(text) == value and any(c in text for c in ".eE"):
                return text
        return repr(value)
    return json.dumps(value, ensure_ascii=ascii_only)


# 100 examples of up to six values of up to 30 leaves each: thousands of numbers, texts and nestings, each of the eight
# ways of writing them (four of a fraction, escaped or not) drawn a dozen times or more. The worst cases of the bound
# have tests of their own below (a number of 3 characters read back in 24, the longest entries); 300 examples spent
# about 5 s, nearly all of it drawing the JSON values.
@settings(max_examples=100, deadline=None)
@given(
    value=st.dictionaries(st.text(max_size=5), JSON_TEXTS, max_size=6), how=st.integers(0, 3), ascii_only=st.booleans()
)
def test_an_entry_written_again_is_never_more_than_its_growth_bound_and_holds_fewer_values_than_characters(
    value, how, ascii_only
):
    written = _written(value, how, ascii_only)
    read = json.loads(written)
    assert read == value
    assert len(_ENCODE(read)) <= GROWTH * len(written)
    counted = [0]

    def count(node):
        counted[0] += 1
        for child in node.values() if isinstance(node, dict) else node if isinstance(node, list) else ():
            count(child)

    count(read)
    assert counted[0] <= len(written) - 1


def test_a_number_written_in_3_characters_comes_out_in_at_most_24():
    assert (
        max(
            len(repr(x)) for x in (-2.2250738585072014e-308, -1.7976931348623157e308, -5e-324, -1.2345678901234567e-300)
        )
        == 24
        <= GROWTH * 3
    )


def test_the_growth_bound_of_the_longest_measured_entry_stays_within_the_longest_entry():
    assert GROWTH * LIMITS["text"] <= MAX_ENTRY_CHARS
    assert LIMITS["text"] - 1 <= LIMITS["entry_nodes"]


def test_a_key_of_200_characters_written_with_escapes_is_kept_and_one_of_201_refused():
    for length, valid in ((200, True), (201, False)):
        key = ('"\\/é\t\U0001f3b2' * 40)[:length]  # escaped quote, backslash, slash, letter, tab, a die
        log = a_log(2)
        log[1]["args"] = {key: 1}
        for text in (
            json.dumps({**CAMPAIGN, "log": log}),
            json.dumps({**CAMPAIGN, "log": log}, ensure_ascii=False).replace("/", "\\/"),
        ):
            assert len(json.dumps(key)) > 201
            found = assert_walked_verdict(text)["result"]["details"]
            assert found["valid"] is valid
            if not valid:
                assert [(p["path"], p["message"]) for p in found["problems"]] == [
                    ("log.1.args", "A field name here is not short text.")
                ]


def test_a_text_of_exactly_the_text_limit_is_kept_and_one_more_character_refused():
    for length, valid in ((LIMITS["text"], True), (LIMITS["text"] + 1, False)):
        log = a_log(2)
        log[1]["result"] = {**EXAMPLE_ENTRY["result"], "label": "é" * length}
        found = assert_walked_verdict(json.dumps({**CAMPAIGN, "log": log}, ensure_ascii=False))
        assert found["result"]["details"]["valid"] is valid


def _entry_of_written_length(length: int) -> tuple[str, dict]:
    """A file whose log entry 1 is written in exactly ``length`` characters."""
    log = a_log(2)
    log[1]["args"] = {"pad": ""}
    short = len(json.dumps(log[1], separators=(",", ":"), ensure_ascii=False))
    log[1]["args"] = {"pad": "p" * (length - short)}
    text = json.dumps({**CAMPAIGN, "log": log}, separators=(",", ":"), ensure_ascii=False)
    return text, log[1]


def test_an_entry_written_in_exactly_the_text_limit_is_measured_by_its_text_and_one_character_more_walked():
    for length in (LIMITS["text"], LIMITS["text"] + 1):
        text, _ = _entry_of_written_length(length)
        read = file_text.read(text, limits.decoder(text))
        log_text = read[1]
        start, end = log_text.spans[1]
        assert end - start == length
        bound = campaign_entries._bounded_by_text(log_text, 1, False)
        assert bound == (GROWTH * length if length <= LIMITS["text"] else None)
        assert assert_walked_verdict(text)["result"]["details"]["valid"]


def test_an_entry_of_exponents_right_at_the_longest_is_kept_and_one_character_longer_refused():
    """``1e15`` is ``1000000000000000.0`` written again: measured as written again, an entry of exactly
    MAX_ENTRY_CHARS is kept, one more refused with its exact length."""
    for extra, valid in ((0, True), (1, False)):
        log = a_log(2)
        log[1]["args"] = {"n": [1.2345678901234567e-300] * 15_000 + [1e15] * 1_000, "pad": ""}
        short = len(_ENCODE(log[1]))
        log[1]["args"]["pad"] = "p" * (MAX_ENTRY_CHARS - short + extra)
        assert len(_ENCODE(log[1])) == MAX_ENTRY_CHARS + extra
        text = json.dumps({**CAMPAIGN, "log": log}, separators=(",", ":"), ensure_ascii=False)
        text = text.replace("1000000000000000.0", "1e15").replace("1.2345678901234567e-300", "12.345678901234567E-301")
        found = assert_walked_verdict(text)["result"]["details"]
        assert found["valid"] is valid
        if not valid:
            assert [(p["path"], p["message"]) for p in found["problems"]] == [
                ("log.1", f"Too large: {MAX_ENTRY_CHARS + 1:,} characters of JSON (at most {MAX_ENTRY_CHARS:,}).")
            ]


def test_every_entry_with_a_long_key_is_found_in_its_stretch_whatever_lies_around_it():
    """Entries are searched a stretch at a time (``LogText.holding``): a long key is found in any entry, at a
    stretch's edge too, escaped or not, and an entry found is walked (check_json) to the same verdict."""
    pattern = campaign_entries._LONG_KEY_TEXT
    log = [{"i": i, "t": "x" * 190} for i in range(40)]
    for i in (0, 7, 8, 39):
        log[i][('k\\"' * 70)[: 201 if i % 2 else 205]] = 1
    text = json.dumps({"log": log}, ensure_ascii=False)
    _, log_text = file_text.read(text, limits.decoder(text))
    with mock.patch.object(file_text, "_STRETCH", 1_000):
        found = log_text.holding(pattern)
    assert {0, 7, 8, 39} <= found
    refused = set()
    for i, each in enumerate(log):
        problems = []
        check_json(each, "", problems)
        if problems:
            refused.add(i)
    assert refused == {0, 7, 8, 39}


def test_a_sheet_key_is_the_same_only_for_the_same_value():
    key = log_entry.sheet_key
    assert key({"a": [1, "x"], "b": None}) == key(json.loads('{"a": [1, "x"], "b": null}'))
    for one, other in (
        ({"a": 1}, {"a": 1.0}),
        ({"a": 1}, {"a": True}),
        ({"a": 0.0}, {"a": -0.0}),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
        ({"a": [1]}, {"a": [[1]]}),
        ({"a": "1"}, {"a": 1}),
        ({"a": 10**20}, {"a": 1e20}),
    ):
        assert key(one) != key(other)


def test_a_file_sent_as_its_bytes_is_measured_by_the_bytes_of_its_text():
    """The bytes a file was sent as are kept as its text's own (not written again), only when they are:
    a byte-order mark left out, a byte that is not UTF-8 read as a replacement character."""
    text = json.dumps({**CAMPAIGN, "log": a_log(20)}, ensure_ascii=False).replace("Example campaign", "Exémple 🎲")
    for data in (
        text.encode(),
        codecs.BOM_UTF8 + text.encode(),
        text.encode().replace("é".encode(), b"\xff"),
        text.replace("é", "\ufffd").encode(),
        text.encode().replace("é".encode(), b"\xed\xa0\x80"),
    ):
        decoded = api._text_of(data)
        assert len(decoded) > 10_000
        assert limits.utf8(decoded) == decoded.encode("utf-8", "surrogatepass")
        assert limits.has_surrogate(decoded) is False
        assert answer(data) == answer(decoded)
    api.tidy()
    assert limits._UTF8 == []
