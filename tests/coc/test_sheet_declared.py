"""The Call of Cthulhu sheet as declared once (py_rules/coc/sheet.py): every declared field survives the way a sheet
goes at the table (made, rolled on, edited, logged, undone, exported and imported), a creature keeps what its block
prints (STR 140, no APP, EDU or Luck, its own MOV and Sanity loss), and a Sanity roll against it takes its loss."""

import json
import string

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from py_rules.campaign.file import validate
from py_rules.coc.investigator import EXAMPLE, derived, from_dict
from py_rules.coc.sheet import CREATURE_OPTIONAL, SHEET
from py_rules.coc.tables import CHARACTERISTICS, SANITY_CEILING, SKILL_BASES
from tests.door import answer, refused
from tests.log.test_undo_property import Table, campaign, modules, needs_node  # noqa: F401, F811 (a fixture)

LINE = st.text(alphabet=string.ascii_letters + string.digits + " .,'-éü&<>", max_size=30).map(
    lambda text: " ".join(text.split())
)
"""A one-line text as a sheet keeps it: the check writes each run of spaces as one (py_rules/coc/weapons.py)."""
NOTE = st.text(alphabet=string.ascii_letters + " .,\n\té", max_size=60)


def _int(path: str, high: int | None = None):
    declared = SHEET.field(path)
    return st.integers(int(declared.minimum), int(declared.maximum) if high is None else high)


@st.composite
def sheets(draw, kind=None):
    """A sheet with a value drawn within its declared bounds for every field a person fills in or the rules keep
    (a creature's APP, EDU and Luck absent)."""
    kind = kind or draw(st.sampled_from(SHEET.field("kind").choices))
    creature = kind == "creature"
    chars = {
        key: draw(_int(f"characteristics.{key}"))
        for key in CHARACTERISTICS
        if not (creature and key in CREATURE_OPTIONAL)
    }
    skills = draw(st.dictionaries(st.sampled_from(sorted(SKILL_BASES)), _int("skills.*"), max_size=6))
    sheet = {
        "schema": SHEET.schema,
        "name": draw(LINE.filter(str.strip)).strip() or "A",
        "kind": kind,
        "age": draw(_int("age")),
        "occupation": draw(LINE).strip(),
        "backstory": draw(NOTE),
        "possessions": draw(NOTE),
        "notes": draw(NOTE),
        "characteristics": chars,
        "skills": skills,
        "armour": draw(_int("armour")),
        "weapons": [
            {
                "name": f"Weapon {i}",
                "skill": draw(st.sampled_from(SHEET.field("weapons.*.skill").choices)),
                "damage": draw(st.sampled_from(["1D3", "1D4+2", "2D6+4", "4D6/2D6/1D6"])),
                "db": draw(st.sampled_from(SHEET.field("weapons.*.db").choices)),
                "impale": draw(st.booleans()),
                "range": draw(LINE).strip(),
                "attacks": draw(_int("weapons.*.attacks")),
                "ammo": draw(st.none() | _int("weapons.*.ammo")),
                "malfunction": draw(st.none() | _int("weapons.*.malfunction")),
            }
            for i in range(draw(st.integers(0, 3)))
        ],
        "items": [
            {
                "name": f"{draw(LINE).strip() or 'Item'} {i}",
                "quantity": draw(_int("items.*.quantity")),
                "note": draw(LINE).strip(),
            }
            for i in range(draw(st.integers(0, 3)))
        ],
        "conditions": {key: draw(st.booleans()) for key in ("major_wound", "prone", "stabilised")},
        "first_aid_given": draw(st.booleans()),
        "medicine_given": draw(st.booleans()),
        "days_toward_week": draw(_int("days_toward_week")),
        "hour_of_day": draw(_int("hour_of_day")),
        "temporary_insanity_hours": draw(st.integers(0, 10)),
        "scheduled_heals": [
            {
                "days": draw(_int("scheduled_heals.*.days")),
                "amount": draw(_int("scheduled_heals.*.amount")),
                "source": "Medicine",
            }
            for _ in range(draw(st.integers(0, 2)))
        ],
    }
    if not creature or draw(st.booleans()):
        sheet["luck"] = draw(_int("luck"))
    if creature:
        sheet["mov"] = draw(_int("mov"))
        sheet["san_loss"] = draw(st.sampled_from(["0/1D6", "1/1D4+1", "1D6/1D20", "0/1"]))
    made = derived({**sheet, "skills": dict(skills)})
    sheet["hp"] = draw(st.integers(0, made["hp_max"]))
    sheet["mp"] = draw(st.integers(0, made["mp_max"]))
    sheet["san"] = draw(st.integers(0, made["san_max"]))
    sheet["san_at_start_of_day"] = draw(st.integers(0, SANITY_CEILING))
    return sheet


def concrete_paths(value, prefix=""):
    """Every path of ``value`` down to its leaves, a list's entries and a map's keys as ``*``."""
    if isinstance(value, dict) and value:
        for key, child in value.items():
            yield from concrete_paths(child, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list) and value:
        for child in value:
            yield from concrete_paths(child, f"{prefix}.*")
    yield prefix


def leaves(value, place=()):
    """``(place, value)`` of every leaf of ``value`` (a list's entries by their index)."""
    if isinstance(value, dict) and value:
        for key, child in value.items():
            yield from leaves(child, (*place, key))
    elif isinstance(value, list) and value:
        for index, child in enumerate(value):
            yield from leaves(child, (*place, index))
    else:
        yield place, value


def assert_kept(sent: dict, kept: dict):
    """Every value sent is a declared field's (each path found in the declaration) and is kept as sent."""
    for path in {p for p in concrete_paths(sent) if p and p != "schema" and not p.endswith("*")}:
        SHEET.field(path)  # declared (raises KeyError otherwise)
    for place, value in leaves(sent):
        node = kept
        for key in place:
            node = node[key]
        assert node == value, place


def check_character(sheet, kind="npc"):
    verdict = answer("campaign.check_character", game="coc", character={"id": "c1", "kind": kind, "sheet": sheet})[
        "details"
    ]
    assert verdict["valid"], verdict["problems"]
    return verdict["character"]["sheet"]


def test_every_field_a_sheet_holds_is_declared_and_every_top_level_field_is_a_key_the_check_reads():
    top = {field.path.split(".")[0] for field in SHEET.fields}
    kept = from_dict(EXAMPLE)
    assert set(kept) - {"schema", "derived"} <= top
    for path in concrete_paths({k: v for k, v in kept.items() if k not in ("schema", "derived")}):
        if path and not path.endswith("*"):
            SHEET.field(path)


@needs_node
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(first=sheets(), data=st.data())
def test_every_declared_field_survives_check_roll_edit_log_undo_export_and_import(modules, first, data):  # noqa: F811 (the fixture)
    made = check_character(first)  # the page adds a character through the campaign's own check
    assert_kept(first, made)
    if not made["conditions"]["dead"]:  # a roll on it keeps every field but the roll's record and its tick
        rolled = answer("coc.skill_roll", investigator=made, skill="Spot Hidden")["state"]
        kept = ("last_roll", "conditions", "ticks")  # a rolled success ticks the skill (rules/coc.md §3.15)
        assert {k: v for k, v in rolled.items() if k not in kept} == {k: v for k, v in made.items() if k not in kept}
        assert set(rolled["ticks"]) - set(made["ticks"]) <= {"Spot Hidden"}
    edit = data.draw(sheets(kind=made["kind"]))
    edited = check_character({**made, **edit})  # the sheet editor saves through the same check
    assert_kept(edit, edited)

    table = Table(modules, campaign("coc"))
    cid = table.campaign["characters"][0]["id"]
    table.commit({cid: made}, {}, [])
    entry = {
        "op": "campaign.check_character",
        "args": {},
        "result": {"label": f"{edited['name']}: sheet edited", "events": ["edited"], "text": ["edited"]},
        "who": [cid],
        "before": {cid: made},
        "after": {cid: edited},
    }
    table.commit({cid: edited}, {}, [entry])
    assert table.sheet(cid) == edited
    file = table.export()
    imported = validate(json.loads(json.dumps(file)))
    assert imported.valid, imported.problems[:3]
    assert next(c["sheet"] for c in imported.campaign["characters"] if c["id"] == cid) == edited
    assert table.travel("undo") and table.sheet(cid) == made  # undo writes the sheet before the edit back
    again = validate(table.export())
    assert again.valid, again.problems[:3]
    assert next(c["sheet"] for c in again.campaign["characters"] if c["id"] == cid) == made


CREATURE = {
    "schema": SHEET.schema,
    "name": "Thing in the cellar",
    "kind": "creature",
    "characteristics": {"STR": 140, "CON": 80, "SIZ": 120, "DEX": 40, "INT": 30, "POW": 50},
    "skills": {"Fighting (Brawl)": 50},
    "mov": 6,
    "armour": 4,
    "san_loss": "1/1d8",
}


def test_a_creature_with_str_140_and_no_app_edu_or_luck_is_checked_and_saved_again_renamed():
    sheet = check_character(CREATURE)
    assert sheet["characteristics"]["STR"] == 140 and "luck" not in sheet
    assert not {"APP", "EDU"} & set(sheet["characteristics"])
    renamed = check_character({**sheet, "name": "Thing under the stairs"})
    assert renamed == {**sheet, "name": "Thing under the stairs"}


def test_a_person_without_app_or_luck_is_still_refused_naming_it():
    person = {**CREATURE, "kind": "human"}
    error = refused("coc.skill_roll", investigator=person)
    assert error["code"] == "missing_field" and "APP" in error["message"]
    error = refused(
        "coc.skill_roll",
        investigator={**person, "characteristics": {**CREATURE["characteristics"], "APP": 10, "EDU": 10}},
    )
    assert error["code"] == "missing_field" and "Luck" in error["message"]


@pytest.mark.parametrize(
    "op, args, words",
    [
        ("coc.characteristic_roll", {"characteristic": "APP"}, "has no APP"),
        ("coc.characteristic_roll", {"characteristic": "EDU"}, "has no EDU"),
        ("coc.luck_roll", {}, "has no Luck"),
        ("coc.recover_luck", {}, "has no Luck"),
    ],
)
def test_a_roll_on_what_a_creature_leaves_out_is_refused_in_words(op, args, words):
    error = refused(op, investigator=CREATURE, **args)
    assert error["code"] == "rule_violation" and words in error["message"]
    assert "Thing in the cellar" in error["message"]


def test_a_creatures_printed_mov_wins_over_the_formula_and_derived_says_so():
    sheet = from_dict(CREATURE)
    assert sheet["derived"]["mov"] == 6 and sheet["derived"]["mov_from"] == "sheet"
    without = from_dict({k: v for k, v in CREATURE.items() if k != "mov"})
    # rules/coc.md §3.2: DEX and STR not both below SIZ, nor both above: 8
    assert without["derived"]["mov"] == 8 and without["derived"]["mov_from"] == "rules"


def test_a_pasted_creatures_block_keeps_its_printed_mov_armour_and_sanity_loss_without_app_edu_luck():
    text = (
        "Deep One, creature of the sea\nSTR 140 CON 80 SIZ 90 DEX 50 INT 65 POW 50\nHP 17 DB +2D6 Build 3 "
        "Move 8 MP 10\nFighting 45% (22/9), damage 1D4+DB\nArmour: 1 (skin and scales).\n"
        "Sanity loss: 0/1D6 to see a Deep One."
    )
    asked = answer("coc.parse_stat_block", text=text, given={})["details"]
    assert asked["sheet"] is None and asked["missing"] == ["APP", "EDU", "Luck"]
    details = answer("coc.parse_stat_block", text=text, given={"kind": "creature"})["details"]
    sheet = details["sheet"]
    assert sheet["kind"] == "creature" and sheet["characteristics"]["STR"] == 140 and "luck" not in sheet
    assert not {"APP", "EDU"} & set(sheet["characteristics"]) and details["missing"] == []
    # the printed MOV is the sheet's own (derived says so), whatever the formula gives
    assert (sheet["mov"], sheet["derived"]["mov_from"], sheet["armour"], sheet["san_loss"]) == (8, "sheet", 1, "0/1D6")
    assert not any("None" in line or "given by you" in line for line in details["read"])
    assert check_character(sheet) == sheet


def test_a_creature_block_keeps_a_printed_mov_the_rules_would_not_give():
    text = "Byakhee\nSTR 90 CON 50 SIZ 90 DEX 65 INT 50 POW 50\nMove 5\nSanity loss: 1/1D6"
    sheet = answer("coc.parse_stat_block", text=text, given={"kind": "creature"})["details"]["sheet"]
    assert sheet["derived"]["mov"] == 5 != derived({**sheet, "mov": None})["mov"]


def test_a_creatures_sanity_loss_is_checked_as_a_sanity_roll_reads_it():
    error = refused("coc.skill_roll", investigator={**CREATURE, "san_loss": "lots"})
    assert error["path"] == "san_loss" if "path" in error else error["field"] == "investigator"
    assert "Sanity loss" in error["message"]
    assert from_dict({**CREATURE, "san_loss": " 1 / 1d8 "})["san_loss"] == "1/1D8"
    assert "san_loss" not in from_dict({**CREATURE, "san_loss": ""})


def test_a_sanity_roll_against_a_creature_takes_its_stored_loss_and_says_whose():
    harvey = from_dict(EXAMPLE)
    # d100 95 fails against SAN 60: the failure loss 1D8 is rolled (4)
    result = answer("coc.sanity_roll", investigator=harvey, source=CREATURE, dice=[5, 90, 4])
    assert result["steps"][0]["text"] == "Thing in the cellar's Sanity loss, as its sheet gives it"
    assert result["steps"][1]["text"].startswith("Loss 1/1D8")
    assert result["state"]["san"] == harvey["san"] - 4
    typed = answer("coc.sanity_roll", investigator=harvey, source=CREATURE, loss="0/1", dice=[5, 90])
    assert typed["steps"][0]["text"] == "Against Thing in the cellar (its sheet gives 1/1D8)"
    assert typed["state"]["san"] == harvey["san"] - 1
    plain = answer("coc.sanity_roll", investigator=harvey, dice=[5, 90, 3])
    assert plain["steps"][0]["text"].startswith("Loss 0/1D6")
