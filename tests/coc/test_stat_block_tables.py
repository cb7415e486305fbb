"""Characteristics printed in a table, in every layout a scenario, the rulebook, a PDF or a spreadsheet gives them
(py_rules/stat_block_table.py, read_table), read into the same sheet; and a value a block prints but the reader did
not understand told apart from one the block leaves out. Each test is named after its layout."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from py_rules.api import handle
from py_rules.coc import investigator
from py_rules.coc.stat_block import parse

VALUES = {"STR": 60, "CON": 55, "SIZ": 65, "DEX": 50, "APP": 45, "INT": 70, "POW": 80, "EDU": 65}
LUCK = 40


def rows(pattern: str, halves: bool = False, luck: bool = True) -> str:
    """One line per characteristic (and Luck) written by ``pattern`` from its name, value, half and fifth."""
    pairs = [*VALUES.items(), *([("Luck", LUCK)] if luck else [])]
    return "\n".join(pattern.format(name=name, value=value, half=value // 2, fifth=value // 5) for name, value in pairs)


LAYOUTS = {
    "markdown char and value table": "Old Jed, farmer\n| Char. | Value |\n|---|---|\n" + rows("| {name} | {value} |"),
    "pipes without the outer bars": "Old Jed, farmer\nChar. | Value\n" + rows("{name} | {value}"),
    "tab-separated copy from a PDF or spreadsheet": "Old Jed, farmer\nChar.\tValue\n" + rows("{name}\t{value}"),
    "rulebook table with halves and fifths in columns": "Old Jed, farmer\nChar. Value Half Fifth\n"
    + rows("{name} {value} {half} {fifth}"),
    "markdown table with halves and fifths": "Old Jed, farmer\n| Char. | Value | Half | Fifth |\n|:--|--:|--:|--:|\n"
    + rows("| {name} | {value} | {half} | {fifth} |"),
    "tab-separated halves and fifths": "Old Jed, farmer\nChar.\tValue\tHalf\tFifth\n"
    + rows("{name}\t{value}\t{half}\t{fifth}"),
    "one characteristic per line with its value on the next": "Old Jed, farmer\n" + rows("{name}\n{value}"),
    "one per line with halves and fifths on lines of their own": "Old Jed, farmer\nChar.\nValue\nHalf\nFifth\n"
    + rows("{name}\n{value}\n{half}\n{fifth}"),
    "a column of names then a column of values": "Old Jed, farmer\n"
    + "\n".join([*VALUES, "Luck"])
    + "\n"
    + "\n".join(str(v) for v in [*VALUES.values(), LUCK]),
    "names over rows of values, halves and fifths": "Old Jed, farmer\n"
    + " ".join(VALUES)
    + "\n"
    + " ".join(str(v) for v in VALUES.values())
    + "\n"
    + " ".join(str(v // 2) for v in VALUES.values())
    + "\n"
    + " ".join(str(v // 5) for v in VALUES.values())
    + f"\nLuck {LUCK}",
    "names over values in a markdown table": "Old Jed, farmer\n| "
    + " | ".join([*VALUES, "Luck"])
    + " |\n"
    + "|---" * 9
    + "|\n| "
    + " | ".join(str(v) for v in [*VALUES.values(), LUCK])
    + " |",
    "full names in a table": "Old Jed, farmer\n| Characteristic | Value |\n| --- | --- |\n"
    + "\n".join(
        f"| {full} | {value} |"
        for full, value in zip(
            ("Strength", "Constitution", "Size", "Dexterity", "Appearance", "Intelligence", "Power", "Education"),
            VALUES.values(),
            strict=True,
        )
    )
    + f"\n| Luck | {LUCK} |",
    "blank lines between the rows of a PDF's copy": "Old Jed, farmer\n\n" + rows("{name}\t{value}\t{half}\t{fifth}\n"),
}


@pytest.mark.parametrize("layout", LAYOUTS, ids=list(LAYOUTS))
def test_table_layout_reads_every_characteristic(layout):
    parsed = parse(LAYOUTS[layout])
    assert parsed["missing"] == [] and parsed["not_read"] == [], (parsed["missing"], parsed["not_read"])
    sheet = parsed["sheet"]
    assert sheet["characteristics"] == VALUES and sheet["luck"] == LUCK and sheet["name"] == "Old Jed"
    assert investigator.from_dict(sheet) == sheet
    assert "STR 60" in parsed["read"] and "Luck 40" in parsed["read"]


def test_table_of_skills_rows_with_halves():
    text = LAYOUTS["markdown table with halves and fifths"] + "\n| Spot Hidden | 35% | 17 | 7 |\n| Library Use | 60 |"
    parsed = parse(text)
    assert parsed["not_read"] == []
    assert parsed["sheet"]["skills"]["Spot Hidden"] == 35 and parsed["sheet"]["skills"]["Library Use"] == 60


def test_halves_that_are_not_the_rules_are_said():
    text = LAYOUTS["rulebook table with halves and fifths in columns"].replace("STR 60 30 12", "STR 60 31 12")
    parsed = parse(text)
    assert parsed["sheet"]["characteristics"]["STR"] == 60
    assert any("half and fifth of 60 are not the rules'" in line for line in parsed["read"])


def test_a_table_row_that_cannot_be_paired_is_not_read():
    """Two names and one number: which value is whose is not plain, so neither is taken."""
    parsed = parse("Old Jed\n| STR | CON | 60 |\n" + rows("{name} {value}").split("\n", 2)[2])
    assert parsed["missing"] == ["STR", "CON"]
    assert set(parsed["not_understood"]) == {"STR", "CON"} and parsed["left_out"] == []


def test_a_value_printed_but_not_understood_is_not_called_left_out():
    parsed = parse("Old Jed\nSTR 60 CON 55 SIZ 65 DEX 50 APP 45 INT 70 POW 80 EDU — Luck 9999")
    assert parsed["missing"] == ["EDU", "Luck"] and parsed["left_out"] == []
    assert parsed["not_understood"]["EDU"].startswith("“EDU")
    assert parsed["not_understood"]["Luck"] == "“Luck 9999” (the sheet holds 0–99)"
    asked = {each["key"]: each for each in parsed["asks"]}
    assert asked["Luck"]["maximum"] == 99 and "left_out" not in asked["Luck"]


def test_a_value_the_block_does_not_print_is_left_out():
    parsed = parse("Hired gun\nSTR 65 CON 60 SIZ 70 DEX 60 APP 45 INT 50 POW 45\nHP 13")
    assert parsed["missing"] == ["EDU", "Luck"] and parsed["left_out"] == ["EDU", "Luck"]
    assert parsed["not_understood"] == {}
    assert all(each["left_out"] for each in parsed["asks"])


def test_the_headline_tells_not_understood_from_left_out():
    answer = handle(
        {
            "op": "coc.parse_stat_block",
            "args": {"text": "Old Jed\nSTR 60 CON 55 SIZ 65 DEX 50 APP 45 INT 70 POW 80 EDU abc"},
        }
    )
    assert "EDU (printed, not understood), Luck (left out)" in answer["result"]["events"][0]


@pytest.mark.parametrize(
    "junk",
    [
        "| a | b |\n|---|---|\n| c | d |",
        "STR\tCON\tSIZ",
        "60\t30\t12\n" * 50,
        "Char. Value Half Fifth",
        "| STR | | | |",
        "HALF FIFTH VALUE\n1 2 3",
    ],
)
def test_table_junk_claims_nothing_and_lists_everything(junk):
    parsed = parse(junk)
    assert parsed["sheet"] is None and parsed["missing"]
    assert parsed["not_read"][0] == "No characteristic, skill or weapon was found in the text."
    assert len(parsed["not_read"]) > 1


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "STR",
                "CON",
                "60",
                "30",
                "12",
                "|",
                "\t",
                "\n",
                "---",
                "Char.",
                "Value",
                "Half",
                "Luck",
                "+1D4",
                "DB",
                "x",
                " ",
            ]
        ),
        max_size=60,
    )
)
def test_any_table_like_text_is_answered(pieces):
    parsed = parse(" ".join(pieces))
    assert isinstance(parsed["not_read"], list)
    assert parsed["sheet"] is None or investigator.from_dict(parsed["sheet"]) == parsed["sheet"]
    assert set(parsed["left_out"]) | set(parsed["not_understood"]) == set(parsed["missing"])
