"""Migrations (TABLE.md, Kept safe: "schema version and migrations … migrate what today's localStorage holds into the
first campaign of each game"): the old page's values (web/state_store.mjs) become a valid campaign of the current
schema."""

import copy

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as ARMAGEDDON_SHEET
from py_rules.campaign.file import from_legacy, validate
from py_rules.campaign.migrations import LEGACY_SCHEMA, MIGRATIONS, SCHEMA, UNKNOWN_TIME, migrate
from py_rules.coc.investigator import EXAMPLE as COC_SHEET, EXAMPLE_OPPONENT as COC_OPPONENT
from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER, EXAMPLE_HUMAN

NOW = "2026-12-01T06:00:00.000Z"


def test_every_migration_ends_at_the_current_schema():
    for old in MIGRATIONS:
        upgraded, _ = migrate({"schema": old, "game": "coc", "states": {}, "settings": {}})
        assert upgraded["schema"] == SCHEMA


def test_the_old_pages_coc_sheets_become_investigator_and_opponent():
    checked = from_legacy(
        "coc",
        {"coc.investigator": COC_SHEET, "coc.opponent": COC_OPPONENT},
        {"combat_ties": "book", "push_after_fumble": False},
        now=NOW,
    )
    assert checked.valid and checked.problems == [] and checked.migrated_from == LEGACY_SCHEMA
    campaign = checked.campaign
    assert campaign["id"] == "legacy-coc" and campaign["created"] == campaign["updated"] == NOW
    assert [(c["id"], c["kind"], c["sheet"]["name"]) for c in campaign["characters"]] == [
        ("investigator", "pc", COC_SHEET["name"]),
        ("opponent", "npc", COC_OPPONENT["name"]),
    ]
    assert campaign["settings"] == {"push_after_fumble": False, "combat_ties": "book"}
    assert validate(campaign).campaign == campaign


def test_settings_kept_as_form_text_under_their_storage_keys_are_converted():
    # the old page stored "rules-companion:armageddon.setting.tn" = "10" (the input's text)
    checked = from_legacy(
        "armageddon",
        {"rules-companion:armageddon.character": ARMAGEDDON_SHEET},
        {"armageddon.setting.tn": "10", "rule_of_one_mode": "literal"},
        now=NOW,
    )
    assert checked.valid and checked.campaign["settings"] == {"tn": 10, "rule_of_one_mode": "literal"}
    assert [c["id"] for c in checked.campaign["characters"]] == ["character"]


def test_invalid_pieces_are_left_out_and_listed_and_the_rest_kept():
    broken = copy.deepcopy(EXAMPLE_HUMAN)
    broken["scale"] = 99
    checked = from_legacy(
        "semiautomagic",
        {
            "semiautomagic.creature": broken,
            "semiautomagic.attacker": EXAMPLE_ATTACKER,
            "coc.investigator": COC_SHEET,
            "semiautomagic.pet": {},
        },
        {"dying_rule": "conditions", "tn": 9, "blank_rows": "maybe"},
        now=NOW,
    )
    assert checked.valid
    assert [c["id"] for c in checked.campaign["characters"]] == ["attacker"]
    assert checked.campaign["settings"] == {"dying_rule": "conditions"}
    assert sorted(p["path"] for p in checked.problems) == [
        "settings.blank_rows",
        "settings.tn",
        "states.coc.investigator",
        "states.semiautomagic.creature.scale",
        "states.semiautomagic.pet",
    ]
    assert all("left out" in p["message"] for p in checked.problems)


def test_the_combat_tracker_is_not_part_of_a_campaign_and_says_so():
    checked = from_legacy("coc", {"coc.combat": {"round": 2}}, {}, now=NOW)
    assert checked.valid and checked.campaign["characters"] == []
    assert [p["path"] for p in checked.problems] == ["states.coc.combat"]


def test_nothing_saved_still_gives_an_empty_campaign_of_that_game():
    checked = from_legacy("armageddon", {}, {})
    assert checked.valid and checked.campaign["game"] == "armageddon" and checked.campaign["characters"] == []
    assert checked.campaign["created"] == checked.campaign["updated"] == UNKNOWN_TIME  # no clock: replayable
    assert from_legacy("armageddon", {}, {}).campaign == checked.campaign


def test_an_unknown_game_gives_no_campaign():
    checked = from_legacy("chess", {}, {})
    assert not checked.valid and [p["path"] for p in checked.problems] == ["game"]


def test_a_legacy_file_is_migrated_by_validate_and_says_from_what():
    checked = validate(
        {
            "schema": LEGACY_SCHEMA,
            "game": "coc",
            "states": {"coc.investigator": COC_SHEET},
            "settings": {},
            "now": NOW,
            "name": "Old table",
        }
    )
    assert checked.valid and checked.migrated_from == LEGACY_SCHEMA
    assert checked.campaign["name"] == "Old table" and checked.campaign["schema"] == SCHEMA


def test_a_legacy_file_with_a_broken_piece_is_not_imported_silently():
    checked = validate(
        {"schema": LEGACY_SCHEMA, "game": "coc", "states": {"coc.investigator": {"luck": 5}}, "settings": {}}
    )
    assert not checked.valid and checked.campaign is None
    assert [p["path"] for p in checked.problems] == ["states.coc.investigator.schema"]


def test_the_operation_builds_the_campaign_from_the_pages_values():
    answer = api.handle(
        {
            "op": "campaign.from_legacy",
            "args": {
                "game": "coc",
                "states": {"coc.investigator": COC_SHEET},
                "settings": {"coc.setting.firearms_rule": "book"},
                "now": NOW,
                "name": "My table",
            },
        }
    )
    details = answer["result"]["details"]
    assert details["valid"] and details["campaign"]["name"] == "My table"
    assert details["campaign"]["settings"] == {"firearms_rule": "book"}
    assert answer["result"]["text"] == ["The saved characters and house rules became a campaign."]


def old_format_file() -> dict:
    """A campaign file in the older shape: each log entry keeps every sheet it changed whole,
    before and after; an undo keeps them the other way round."""
    from py_rules.campaign.games import validate_sheet

    me, them = validate_sheet("coc", COC_SHEET), validate_sheet("coc", COC_OPPONENT)
    attack = api.handle({"op": "coc.attack", "args": {"investigator": me, "opponent": them}, "seed": 4})["result"]
    after = {"harvey": attack["states"]["coc.investigator"], "cultist": attack["states"]["coc.opponent"]}
    logged = {k: v for k, v in attack.items() if k not in ("state", "states")}
    at = "2026-12-01T20:15:03Z"
    change = {
        "id": "e1",
        "at": at,
        "op": "coc.attack",
        "args": {},
        "result": logged,
        "who": ["harvey", "cultist"],
        "encounter": None,
        "before": {"harvey": me, "cultist": them},
        "after": after,
        "kind": "change",
    }
    undo = {
        "id": "e2",
        "at": at,
        "op": "log.undo",
        "args": {"entry": "e1"},
        "result": None,
        "who": ["harvey", "cultist"],
        "encounter": None,
        "before": after,
        "after": change["before"],
        "kind": "undo",
    }
    roll = {
        "id": "e3",
        "at": at,
        "op": "coc.skill_roll",
        "args": {},
        "result": {"label": "Spot Hidden"},
        "who": ["harvey"],
        "encounter": None,
        "before": {},
        "after": {},
        "kind": "roll",
    }
    return {
        "schema": SCHEMA,
        "id": "c-old",
        "name": "Masks",
        "game": "coc",
        "created": at,
        "updated": at,
        "revision": 3,
        "settings": {},
        "characters": [{"id": "harvey", "kind": "pc", "sheet": me}, {"id": "cultist", "kind": "npc", "sheet": them}],
        "log": [change, undo, roll],
        "encounters": [],
    }


def test_an_old_format_campaign_file_imports_with_its_log_as_what_changed():
    from py_rules.log.entry import entry_after

    old = old_format_file()
    checked = validate(copy.deepcopy(old))
    assert checked.valid, checked.problems
    log = checked.campaign["log"]
    assert [("after" in e, "changes" in e) for e in log] == [(False, True)] * 3
    for kept, was in zip(log, old["log"], strict=True):
        assert kept["before"] == was["before"] and entry_after(kept) == was["after"]
        assert list(kept) == [k if k != "after" else "changes" for k in was]  # in its place among the fields
    assert validate(checked.campaign).campaign == checked.campaign  # the new shape imports as it is


def test_an_old_format_log_checked_a_stretch_at_a_time_is_valid_too():
    old = old_format_file()
    answer = api.handle({"op": "log.check", "args": {"game": "coc", "entries": old["log"], "total": 3}})
    assert answer["ok"] and answer["result"]["details"]["valid"], answer
