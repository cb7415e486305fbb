"""``campaign.repair`` (TABLE.md, Kept safe): a stored campaign that fails the check keeps everything that passes it;
only what fails is dropped (or, at the top, replaced by a safe value), each named with why."""

import contextlib
import copy
import json

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as ARMAGEDDON_SHEET
from py_rules.campaign.file import validate
from py_rules.campaign.games import setting_params
from py_rules.campaign.migrations import SCHEMA, UNKNOWN_TIME
from py_rules.campaign.repair import REPAIRED_NAME, repair
from py_rules.coc.investigator import EXAMPLE as COC_SHEET, EXAMPLE_OPPONENT as COC_OPPONENT
from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER, EXAMPLE_HUMAN

SHEETS = {
    "armageddon": [ARMAGEDDON_SHEET, ARMAGEDDON_SHEET],
    "coc": [COC_SHEET, COC_OPPONENT],
    "semiautomagic": [EXAMPLE_HUMAN, EXAMPLE_ATTACKER],
}
NPC = {"armageddon": {"dexterity": 3}, "coc": {"dex": 60, "combat_skill": 40}, "semiautomagic": {}}
NOW = "2026-12-02T10:00:00.000Z"


def encounter(game, ident, character_ids):
    """An encounter as the engine starts it: the party characters named, and a quick NPC."""
    people = [{"character_id": cid} for cid in character_ids] + [{"name": "Ghoul", "npc": NPC[game]}]
    sheets = {f"ch-{i}": sheet for i, sheet in enumerate(SHEETS[game])}
    answer = api.handle(
        {
            "op": "encounter.start",
            "args": {"id": ident, "name": f"Scene {ident}", "game": game, "combatants": people, "sheets": sheets},
        }
    )
    assert answer["ok"], answer
    return answer["result"]["details"]["encounter"]


def campaign(game="coc"):
    """A valid campaign of ``game``: two characters, one house rule, two encounters naming the characters."""
    name, param = next(iter(setting_params(game).items()))
    return {
        "schema": SCHEMA,
        "id": f"c-{game}",
        "name": "Night at the Opera",
        "game": game,
        "created": "2026-12-01T18:30:00.000Z",
        "updated": "2026-12-02T09:00:00+01:00",
        "revision": 3,
        "settings": {name: param.default},
        "characters": [
            {"id": f"ch-{i}", "kind": "pc" if i == 0 else "npc", "sheet": copy.deepcopy(sheet)}
            for i, sheet in enumerate(SHEETS[game])
        ],
        "log": [],
        "encounters": [encounter(game, "enc-1", ["ch-0", "ch-1"]), encounter(game, "enc-2", ["ch-1"])],
    }


def repaired(data, now=NOW):
    return api.handle({"op": "campaign.repair", "args": {"campaign": data, "now": now}})


def other_game(game):
    return "coc" if game != "coc" else "armageddon"


def damage(data, kind, game, draw):
    """``data`` with one kind of damage done (as a stored record may come to hold)."""
    characters = data["characters"]
    if kind == "sheet_null":
        characters[draw(st.integers(0, len(characters) - 1))]["sheet"] = None
    elif kind == "sheet_empty":
        characters[draw(st.integers(0, len(characters) - 1))]["sheet"] = {}
    elif kind == "sheet_of_another_game":
        characters[0]["sheet"] = copy.deepcopy(SHEETS[other_game(game)][0])
    elif kind == "kind_wrong":
        characters[1]["kind"] = "villain"
    elif kind == "character_twice":
        characters.append(copy.deepcopy(characters[0]))
    elif kind == "characters_not_a_list":
        data["characters"] = {"ch-0": characters[0]}
    elif kind == "setting_of_the_wrong_type":
        data["settings"] = {name: [1, 2] for name in data["settings"]}
    elif kind == "setting_unknown":
        data["settings"]["no_such_rule"] = True
    elif kind == "settings_not_an_object":
        data["settings"] = ["book"]
    elif kind == "combatants_null":
        data["encounters"][0]["combatants"] = None
    elif kind == "encounter_of_another_game":
        data["encounters"][1]["game"] = other_game(game)
    elif kind == "encounter_twice":
        data["encounters"].append(copy.deepcopy(data["encounters"][0]))
    elif kind == "encounters_not_a_list":
        data["encounters"] = "none"
    elif kind == "updated_a_number":
        data["updated"] = 5
    elif kind == "created_missing":
        del data["created"]
    elif kind == "name_empty":
        data["name"] = "  "
    elif kind == "revision_negative":
        data["revision"] = -3
    elif kind == "unknown_field":
        data["colour"] = "red"
    elif kind == "schema_missing":
        del data["schema"]
    elif kind == "unknown_game":
        data["game"] = "chess"
    elif kind == "id_unusable":
        data["id"] = draw(st.sampled_from([None, "", "has a space", 7, "x" * 65]))
    elif kind == "log_entry_with_an_empty_sheet":
        data["log"] = [
            {
                "id": "e1",
                "at": NOW,
                "op": f"{game}.x",
                "args": {},
                "result": {},
                "who": ["ch-0"],
                "encounter": None,
                "before": {"ch-0": {}},
                "after": {"ch-0": characters[0]["sheet"]},
                "kind": "change",
            }
        ]
    elif kind == "junk_in_a_field":
        key = draw(
            st.sampled_from(
                [
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
            )
        )
        data[key] = draw(JSON)
    return data


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=12,
)
DAMAGE = [
    "sheet_null",
    "sheet_empty",
    "sheet_of_another_game",
    "kind_wrong",
    "character_twice",
    "characters_not_a_list",
    "setting_of_the_wrong_type",
    "setting_unknown",
    "settings_not_an_object",
    "combatants_null",
    "encounter_of_another_game",
    "encounter_twice",
    "encounters_not_a_list",
    "updated_a_number",
    "created_missing",
    "name_empty",
    "revision_negative",
    "unknown_field",
    "schema_missing",
    "unknown_game",
    "id_unusable",
    "log_entry_with_an_empty_sheet",
    "junk_in_a_field",
]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(sorted(SHEETS)), st.lists(st.sampled_from(DAMAGE), max_size=4), st.data())
def test_a_damaged_campaign_is_refused_in_plain_words_or_repaired_into_one_that_validates(game, kinds, data):
    broken = campaign(game)
    for kind in kinds:
        # an earlier damage may have taken away what this one breaks
        with contextlib.suppress(KeyError, IndexError, TypeError, AttributeError):
            broken = damage(broken, kind, game, data.draw)
    sent = copy.deepcopy(broken)
    answer = repaired(broken)
    assert broken == sent, "the record sent is not changed"
    if not answer["ok"]:
        error = answer["error"]
        assert error["code"] == "cannot_repair" and error["field"] in ("game", "id", "schema", "campaign")
        assert "campaign." not in error["message"] and "repair" in error["message"]
        return
    details = answer["result"]["details"]
    checked = validate(details["campaign"])
    assert checked.valid, checked.problems[:3]
    assert checked.campaign == details["campaign"], "the repaired campaign is canonical"
    assert details["campaign"]["id"] == broken["id"], "the page repairs the record in place"
    assert bool(details["dropped"]) == (not validate(broken).valid)
    for each in details["dropped"]:
        assert set(each) == {"path", "what", "why"} and each["what"] and each["why"]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(SHEETS)))
def test_a_valid_campaign_comes_back_unchanged_with_nothing_dropped(game):
    canonical = validate(campaign(game)).campaign
    details = repaired(canonical)["result"]["details"]
    assert details == {"campaign": canonical, "dropped": []}
    assert repaired(campaign(game))["result"]["details"]["campaign"] == canonical


def test_a_broken_character_is_dropped_by_its_name_and_the_first_problem():
    broken = campaign("coc")
    broken["characters"][0]["sheet"]["characteristics"]["STR"] = -99999
    details = repaired(broken)["result"]["details"]
    assert details["dropped"][0] == {
        "path": "characters.0",
        "what": "The character “Harvey Walters”",
        "why": details["dropped"][0]["why"],
    }
    assert "-99999" in details["dropped"][0]["why"]
    assert [c["id"] for c in details["campaign"]["characters"]] == ["ch-1"]


def test_a_combatant_standing_for_a_dropped_character_leaves_the_encounter_and_the_turn_stays():
    broken = campaign("coc")
    broken["encounters"][0]["turn"] = 2  # the ghoul's turn, after both characters
    broken["characters"][0]["sheet"] = None
    details = repaired(broken)["result"]["details"]
    first = details["campaign"]["encounters"][0]
    assert [c["character_id"] for c in first["combatants"]] == ["ch-1", None]
    assert first["combatants"][first["turn"]]["name"] == "Ghoul"
    assert [d["path"] for d in details["dropped"]] == ["characters.0", "encounters.0.combatants.0"]
    assert details["dropped"][1]["what"] == "“Harvey Walters” in the encounter “Scene enc-1”"


def test_top_level_fields_get_safe_values_and_each_is_listed():
    broken = {
        **campaign("semiautomagic"),
        "name": 4,
        "created": "yesterday",
        "updated": 5,
        "revision": -1,
        "colour": "red",
    }
    details = repaired(broken)["result"]["details"]
    fixed = details["campaign"]
    assert (fixed["name"], fixed["created"], fixed["updated"], fixed["revision"]) == (REPAIRED_NAME, NOW, NOW, 0)
    assert [d["path"] for d in details["dropped"]] == ["colour", "name", "created", "updated", "revision"]
    assert "colour" not in fixed


@pytest.mark.parametrize("field, value", [("game", "chess"), ("game", None), ("id", "has a space"), ("id", None)])
def test_without_a_known_game_or_a_usable_id_the_repair_is_refused_naming_the_field(field, value):
    answer = repaired({**campaign("coc"), field: value})
    assert answer["ok"] is False and answer["error"]["field"] == field
    assert answer["error"]["message"].endswith("cannot be repaired: export what is there.")
    if field == "game":
        assert (
            answer["error"]["message"] == "This campaign's game is not known, so it cannot be repaired: export "
            "what is there."
        )


def test_the_time_of_the_repair_must_be_a_time_and_is_unknown_when_not_given():
    answer = repaired(campaign("coc"), now="soon")
    assert answer["ok"] is False and answer["error"]["field"] == "now"
    unknown = repaired({**campaign("coc"), "created": 3}, now="")["result"]["details"]["campaign"]
    assert unknown["created"] == UNKNOWN_TIME


def test_a_log_entry_with_a_bad_sheet_goes_and_so_does_its_undo():
    broken = campaign("coc")
    sheet = broken["characters"][0]["sheet"]
    change = {
        "id": "e1",
        "at": NOW,
        "op": "coc.x",
        "args": {},
        "result": {},
        "who": ["ch-0"],
        "encounter": None,
        "before": {"ch-0": {}},
        "after": {"ch-0": sheet},
        "kind": "change",
    }
    undo = {
        **change,
        "id": "e2",
        "op": "log.undo",
        "args": {"entry": "e1"},
        "result": None,
        "kind": "undo",
        "before": {"ch-0": sheet},
        "after": {"ch-0": sheet},
    }
    roll = {**change, "id": "e3", "kind": "roll", "before": {}, "after": {}, "who": []}
    details = repaired({**broken, "log": [change, undo, roll]})["result"]["details"]
    assert [d["path"] for d in details["dropped"]] == ["log.0", "log.1"]
    assert [e["id"] for e in details["campaign"]["log"]] == ["e3"]


def test_the_operation_is_in_the_catalog_with_its_fields():
    ops = {op["id"]: op for op in api.handle({"op": "catalog"})["result"]["operations"]}
    assert [p["name"] for p in ops["campaign.repair"]["params"]] == ["campaign", "now"]
    assert json.dumps(ops["campaign.repair"])


def test_bad_forum_choices_are_dropped_and_their_defaults_stand():
    data = {**campaign("coc"), "forum": {"format": "html"}}
    fixed = repaired(data)["result"]["details"]
    assert [(d["path"], d["what"]) for d in fixed["dropped"]] == [("forum", "The forum choices")]
    assert "forum" not in fixed["campaign"] and validate(fixed["campaign"]).valid
    kept = repaired({**campaign("coc"), "forum": {"format": "plain"}})["result"]["details"]
    assert kept["dropped"] == [] and kept["campaign"]["forum"] == {"format": "plain", "undone": "leave_out"}


def test_a_campaign_kept_before_the_text_rule_keeps_its_characters_and_their_log_with_the_characters_mended():
    from py_rules.campaign.ops_common import EXAMPLE
    from py_rules.log.operations import EXAMPLE_ENTRY

    turned = {**EXAMPLE["characters"][0]["sheet"], "name": "Harvey\u202eWalters", "notes": "One.\nTwo.\x00"}
    logged = {
        **EXAMPLE_ENTRY,
        "who": ["pc-1"],
        "before": {"pc-1": turned},
        "changes": {"pc-1": {"luck": [45]}},
        "kind": "change",
    }
    stored = {
        **EXAMPLE,
        "name": "Masks\x00",
        "characters": [{"id": "pc-1", "kind": "pc", "sheet": turned}],
        "log": [logged],
    }
    assert not validate(stored).valid
    fixed = repair(stored, "2026-12-02T10:00:00Z")
    campaign = fixed["campaign"]
    assert campaign["name"] == "Masks\ufffd" and len(campaign["log"]) == 1
    assert campaign["characters"][0]["sheet"]["name"] == "Harvey\ufffdWalters"
    assert campaign["characters"][0]["sheet"]["notes"] == "One.\nTwo.\ufffd"  # notes keep their line breaks
    assert campaign["log"][0]["before"]["pc-1"]["name"] == "Harvey\ufffdWalters"
    paths = [d["path"] for d in fixed["dropped"]]
    assert "characters.0.sheet.name" in paths and "name" in paths and "log" in paths
    assert validate(campaign).valid


def test_half_a_character_stored_in_a_name_is_mended_by_repair_through_the_door_while_every_check_refuses_it():
    """The door refuses a lone surrogate in every field but the one repair mends: a campaign stored with half a
    character (as a character import once let in) is listed as damaged and can still be repaired, its character
    kept with U+FFFD in place of the half character."""
    from py_rules.campaign.ops_common import EXAMPLE

    stored = copy.deepcopy(EXAMPLE)
    stored["characters"][0]["sheet"]["name"] = "Har\ud800vey"
    checked = json.loads(api.call(json.dumps({"op": "campaign.validate", "args": {"campaign": stored}})))
    assert checked["ok"] is False and checked["error"]["code"] == "bad_text"
    answer = json.loads(api.call(json.dumps({"op": "campaign.repair", "args": {"campaign": stored}})))
    assert answer["ok"] is True
    mended = answer["result"]["details"]["campaign"]
    assert mended["characters"][0]["sheet"]["name"] == "Har\ufffdvey"
    assert validate(mended).valid
    assert json.dumps(answer, ensure_ascii=False).encode("utf-8")  # the answer carries no half character
