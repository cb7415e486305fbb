"""The campaign file (TABLE.md, Kept safe): "import validates the whole file in py_rules (every character
through its game's own validation) before writing anything, and on error lists each problem with its path"."""

import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as ARMAGEDDON_SHEET
from py_rules.campaign.file import validate
from py_rules.campaign.migrations import SCHEMA, VERSION
from py_rules.campaign.problems import LIMITS
from py_rules.coc.investigator import EXAMPLE as COC_SHEET, EXAMPLE_OPPONENT as COC_OPPONENT
from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER, EXAMPLE_HUMAN

SHEETS = {
    "armageddon": [ARMAGEDDON_SHEET],
    "coc": [COC_SHEET, COC_OPPONENT],
    "semiautomagic": [EXAMPLE_HUMAN, EXAMPLE_ATTACKER],
}


def campaign(game="coc", **fields):
    data = {
        "schema": SCHEMA,
        "id": f"c-{game}",
        "name": "Night at the Opera",
        "game": game,
        "created": "2026-12-01T18:30:00.000Z",
        "updated": "2026-12-02T09:00:00+01:00",
        "revision": 3,
        "settings": {},
        "characters": [
            {"id": f"ch-{i}", "kind": "pc" if i == 0 else "npc", "sheet": copy.deepcopy(sheet)}
            for i, sheet in enumerate(SHEETS[game])
        ],
        "log": [],
        "encounters": [],
    }
    data.update(fields)
    return data


def paths(checked):
    return [p["path"] for p in checked.problems]


@pytest.mark.parametrize("game", sorted(SHEETS))
def test_a_valid_campaign_of_each_game_comes_back_canonical_and_stable(game):
    checked = validate(campaign(game))
    assert checked.valid and checked.problems == [] and checked.migrated_from is None
    canonical = checked.campaign
    assert list(canonical) == [
        "schema",
        "id",
        "name",
        "game",
        "created",
        "updated",
        "revision",
        "settings",
        "characters",
        "log",
        "encounters",
    ]
    assert [c["sheet"]["schema"] for c in canonical["characters"]] == [s["schema"] for s in SHEETS[game]]
    again = validate(json.loads(json.dumps(canonical)))
    assert again.valid and again.campaign == canonical


def test_each_sheet_is_normalised_by_its_game():
    canonical = validate(campaign("coc")).campaign
    sheet = canonical["characters"][0]["sheet"]
    assert sheet["hp"] == sheet["derived"]["hp_max"] and "derived" not in COC_SHEET


def test_settings_are_checked_by_the_games_declarations_and_stored_converted():
    checked = validate(
        campaign("armageddon", settings={"tie_rule": "reroll", "tn": "10", "stack_essence_penalties": "on"})
    )
    assert checked.campaign["settings"] == {"tn": 10, "stack_essence_penalties": True, "tie_rule": "reroll"}


def test_settings_of_another_game_are_named_with_that_game():
    checked = validate(campaign("coc", settings={"tn": 9, "combat_ties": "book"}))
    assert not checked.valid and checked.campaign is None
    assert paths(checked) == ["settings.tn"]
    assert "Armageddon" in checked.problems[0]["message"]


def test_a_setting_value_outside_its_declaration_is_a_problem():
    checked = validate(campaign("coc", settings={"combat_ties": "sometimes", "push_after_fumble": 3}))
    assert paths(checked) == ["settings.combat_ties", "settings.push_after_fumble"]


def test_a_negative_attribute_is_named_with_its_full_path():
    data = campaign("armageddon")
    data["characters"][0]["sheet"]["attributes"]["Strength"] = -1
    checked = validate(data)
    assert paths(checked) == ["characters.0.sheet.attributes.Strength"]
    assert "-1" in checked.problems[0]["message"]


def test_every_broken_character_is_listed_not_only_the_first():
    data = campaign("coc")
    data["characters"][0]["sheet"]["characteristics"]["STR"] = -5
    data["characters"][1]["sheet"]["luck"] = "lots"
    data["characters"].append({"id": "ch-2", "kind": "villain", "sheet": copy.deepcopy(COC_SHEET), "hp": 3})
    checked = validate(data)
    assert paths(checked) == [
        "characters.0.sheet.characteristics.STR",
        "characters.1.sheet.luck",
        "characters.2.hp",
        "characters.2.kind",
    ]


def test_duplicate_character_ids_are_refused():
    data = campaign("semiautomagic")
    data["characters"][1]["id"] = "ch-0"
    checked = validate(data)
    assert paths(checked) == ["characters.1.id"] and "ch-0" in checked.problems[0]["message"]


def test_an_unknown_game_is_named_and_its_characters_are_not_guessed():
    data = campaign("coc")
    data["game"] = "chess"
    checked = validate(data)
    assert paths(checked) == ["game"]
    assert "Call of Cthulhu" in checked.problems[0]["message"]


def test_a_sheet_of_another_game_fails_that_campaigns_validation():
    data = campaign("armageddon")
    data["characters"][0]["sheet"] = copy.deepcopy(COC_SHEET)
    assert paths(validate(data)) == ["characters.0.sheet.schema"]


@pytest.mark.parametrize("raw", [[], "campaign", 3, None, [campaign()]])
def test_a_file_that_is_not_an_object_is_one_problem_for_the_whole_file(raw):
    checked = validate(raw)
    assert not checked.valid and paths(checked) == [""]


def test_wrong_shapes_inside_the_file_are_each_named():
    checked = validate(
        campaign(
            characters={"a": 1}, log="none", encounters=[1], settings=[], revision=-1, created="yesterday", colour="red"
        )
    )
    assert sorted(paths(checked)) == ["characters", "colour", "created", "encounters.0", "log", "revision", "settings"]


def test_missing_required_fields_are_each_named():
    checked = validate({"schema": SCHEMA, "game": "coc"})
    assert paths(checked) == ["id", "name", "created", "updated"]


def test_a_file_from_a_newer_app_says_so_and_changes_nothing():
    checked = validate(campaign(schema=f"rules-companion.campaign/{VERSION + 1}"))
    assert paths(checked) == ["schema"] and "newer version" in checked.problems[0]["message"]
    assert checked.campaign is None


@pytest.mark.parametrize(
    "schema, words",
    [
        ("rules-companion.campaign/x", "not a campaign file"),
        (None, "not a campaign file"),
        ("coc.investigator/1", "one character"),
    ],
)
def test_a_wrong_schema_is_not_read(schema, words):
    data = campaign()
    if schema is None:
        del data["schema"]
    else:
        data["schema"] = schema
    checked = validate(data)
    assert paths(checked) == ["schema"] and words in checked.problems[0]["message"]


def test_oversized_text_is_refused_where_it_is():
    data = campaign("armageddon", name="N" * (LIMITS["name"] + 1))
    data["characters"][0]["sheet"]["notes"] = "x" * (LIMITS["text"] + 1)
    data["log"] = [{"text": "y" * (LIMITS["text"] + 1)}]
    assert paths(validate(data)) == ["name", "characters.0.sheet.notes", "log.0.text"]


def test_deeply_nested_log_entries_are_refused():
    entry = {}
    node = entry
    for _ in range(LIMITS["depth"] + 2):
        node["next"] = {}
        node = node["next"]
    checked = validate(campaign(log=[entry]))
    assert len(checked.problems) == 1 and checked.problems[0]["path"].startswith("log.0.next")


def test_too_many_characters_are_refused():
    data = campaign("coc")
    data["characters"] = [dict(data["characters"][0], id=f"c{i}") for i in range(LIMITS["characters"] + 1)]
    assert paths(validate(data)) == ["characters"]


def test_the_operation_answers_valid_problems_campaign_and_migrated_from():
    answer = api.handle({"op": "campaign.validate", "args": {"campaign": campaign("coc", revision=-2)}})
    details = answer["result"]["details"]
    assert answer["ok"] and details == {
        "valid": False,
        "problems": details["problems"],
        "campaign": None,
        "migrated_from": None,
    }
    assert [p["path"] for p in details["problems"]] == ["revision"]
    assert "nothing was changed" in answer["result"]["text"][0]


def test_the_operation_reads_the_file_text_and_names_bad_json():
    good = api.handle({"op": "campaign.validate", "args": {"campaign": json.dumps(campaign("coc"))}})
    assert good["result"]["details"]["valid"]
    bad = api.handle({"op": "campaign.validate", "args": {"campaign": '{"schema": '}})
    assert bad["ok"] is False and bad["error"]["field"] == "campaign" and bad["error"]["code"] == "bad_json"


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["schema", "id", "name", "game", "created", "revision", "settings", "characters", "log"]), _JSON)
def test_any_value_in_any_field_gives_a_verdict_never_a_crash(key, value):
    data = campaign("coc")
    data[key] = value
    checked = validate(data)
    assert checked.valid == (checked.campaign is not None) == (not checked.problems)
    if checked.valid:
        assert validate(checked.campaign).campaign == checked.campaign


def test_a_log_entry_with_too_many_values_is_refused():
    checked = validate(campaign(log=[{"ok": True}, {"rolls": list(range(LIMITS["entry_nodes"] + 1))}]))
    assert paths(checked) == ["log.1.rolls"] and "more than" in checked.problems[0]["message"]


def test_one_character_is_checked_as_the_campaign_would_with_paths_inside_it():
    bad = {"id": "pc-1", "kind": "pc", "sheet": dict(copy.deepcopy(COC_SHEET), luck=-1)}
    answer = api.handle({"op": "campaign.check_character", "args": {"game": "coc", "character": bad}})["result"]
    assert answer["details"]["valid"] is False and answer["details"]["character"] is None
    assert [p["path"] for p in answer["details"]["problems"]] == ["sheet.luck"]
    good = api.handle(
        {"op": "campaign.check_character", "args": {"game": "coc", "character": dict(bad, sheet=COC_SHEET)}}
    )
    canonical = validate(campaign("coc")).campaign["characters"][0]["sheet"]
    assert good["result"]["details"]["character"] == {"id": "pc-1", "kind": "pc", "sheet": canonical}


def test_a_log_entry_or_encounter_of_the_wrong_shape_is_refused_with_its_path():
    """Import validates the whole file (TABLE.md, Kept safe): the log and the encounters are checked
    entry by entry by their own modules, so the page never stores a log entry it cannot render."""
    from py_rules.log.operations import EXAMPLE_ENTRY

    entry = {**EXAMPLE_ENTRY, "result": {**EXAMPLE_ENTRY["result"], "dice": [{"die": "d10", "purpose": "units"}]}}
    assert paths(validate(campaign(log=[EXAMPLE_ENTRY]))) == []
    assert paths(validate(campaign(log=[entry]))) == ["log.0.result.dice.0"]
    assert paths(validate(campaign(encounters=[{"id": "e1"}])))[0].startswith("encounters.0")


@pytest.mark.parametrize("game", sorted(SHEETS))
def test_a_campaign_of_as_many_characters_as_a_file_holds_passes_the_door(game):
    """TABLE.md, Kept safe: a file the app exported imports again; the door's bounds never refuse a file the
    campaign's own limits allow (its characters, their sheets' nesting)."""
    full = campaign(game)
    full["characters"] = [
        {"id": f"ch-{i}", "kind": "npc", "sheet": copy.deepcopy(SHEETS[game][i % len(SHEETS[game])])}
        for i in range(LIMITS["characters"])
    ]
    answer = api.handle({"op": "campaign.validate", "args": {"campaign": full}})
    assert answer["ok"], answer.get("error")
    assert answer["result"]["details"]["valid"], answer["result"]["details"]["problems"][:3]


def test_the_campaign_remembers_its_forums_format_and_undone_choice():
    """The campaign remembers its forum's format (TABLE.md) — kept in the file, so it travels with an export."""
    checked = validate(campaign("coc", forum={"format": "markdown", "undone": "strike"}))
    assert checked.valid and checked.campaign["forum"] == {"format": "markdown", "undone": "strike"}
    assert list(checked.campaign).index("forum") == list(checked.campaign).index("settings") + 1
    again = validate(json.loads(json.dumps(checked.campaign)))
    assert again.valid and again.campaign == checked.campaign


def test_a_file_without_forum_choices_reads_as_before_and_a_part_left_out_takes_its_default():
    assert "forum" not in validate(campaign("coc")).campaign
    assert validate(campaign("coc", forum={"format": "plain"})).campaign["forum"] == {
        "format": "plain",
        "undone": "leave_out",
    }
    assert validate(campaign("coc", forum={})).campaign["forum"] == {"format": "bbcode", "undone": "leave_out"}


@pytest.mark.parametrize(
    "forum, where, words",
    [
        ({"format": "html"}, "forum.format", "The forum's format must be one of: BBCode (phpBB), Markdown"),
        (
            {"undone": "hide"},
            "forum.undone",
            "What an undone entry becomes in a post must be one of: Leave out or Struck through",
        ),
        ({"format": 3}, "forum.format", "(got '3')"),
        ({"format": "plain", "colour": "red"}, "forum.colour", "The forum choices have no field 'colour'"),
        ("markdown", "forum", "The forum choices must be a JSON object"),
    ],
)
def test_bad_forum_choices_are_refused_in_words(forum, where, words):
    checked = validate(campaign("coc", forum=forum))
    assert not checked.valid and paths(checked) == [where]
    assert words in checked.problems[0]["message"]
    response = api.handle({"op": "campaign.validate", "args": {"campaign": campaign("coc", forum=forum)}})
    assert response["result"]["details"]["problems"][0]["text"].startswith(("The forum", "What an undone"))
