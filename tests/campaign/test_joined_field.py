"""A player's record of a game held elsewhere (py_rules/campaign/joined.py; py_rules/table/__init__.py): the optional
``joined`` field of the campaign file is kept whole when its shape is right, refused in words naming its part when
not, dropped by the repair when damaged, and a campaign without it reads as before."""

import json

import pytest
from hypothesis import given, strategies as st

from py_rules import api
from py_rules.campaign.file import validate
from py_rules.campaign.joined import JOINED_LIMITS
from py_rules.campaign.repair import repair
from tests.campaign.test_campaign_file import campaign

KEY = "A" * 21 + "b-_" + "9" * 19


def joined(**fields):
    return {"campaign": "c-gm", "seat": "s-1", "key": KEY, "seq": 0, **fields}


def proposal(n):
    return {"v": 1, "id": f"p-{n}", "op": "coc.skill_roll", "args": {"skill": "Spot Hidden"}, "dice": [3, 90]}


def test_a_player_record_keeps_its_joined_game_whole_and_in_place():
    record = campaign("coc", joined=joined(outbox=[proposal(1)], requests=[{"id": "r-1", "op": "coc.sanity_roll"}]))
    checked = validate(record)
    assert checked.valid, checked.problems
    kept = checked.campaign["joined"]
    assert kept["outbox"] == [proposal(1)] and kept["requests"][0]["id"] == "r-1" and kept["decisions"] == []
    assert list(checked.campaign)[-1] == "joined"
    assert validate(json.loads(json.dumps(checked.campaign))).campaign == checked.campaign


def test_a_campaign_without_joined_reads_as_before():
    assert "joined" not in validate(campaign("coc")).campaign


@pytest.mark.parametrize(
    ("bad", "path"),
    [
        ("yes", "joined"),
        (joined(key="short"), "joined.key"),
        (joined(seq=-1), "joined.seq"),
        (joined(seq=True), "joined.seq"),
        (joined(seat="a seat with spaces"), "joined.seat"),
        (joined(outbox={"p-1": {}}), "joined.outbox"),
        (joined(outbox=[{"op": "coc.skill_roll"}]), "joined.outbox.0.id"),
        (joined(outbox=[proposal(n) for n in range(JOINED_LIMITS["outbox"] + 1)]), "joined.outbox"),
        (joined(decisions=[{"status": "refused"}]), "joined.decisions.0.proposal"),
        (joined(turn="Harvey"), "joined.turn"),
        (joined(targets=[{"name": "Ghoul"}]), "joined.targets.0.id"),
        (joined(colour="red"), "joined.colour"),
    ],
)
def test_a_damaged_joined_game_is_refused_in_words_and_dropped_by_the_repair(bad, path):
    checked = validate(campaign("coc", joined=bad))
    assert not checked.valid and path in [each["path"] for each in checked.problems]
    answer = api.handle({"op": "campaign.validate", "args": {"campaign": campaign("coc", joined=bad)}})
    assert not answer["result"]["details"]["valid"]
    fixed = repair(campaign("coc", joined=bad), "2026-01-01T00:00:00Z")
    assert [each["path"] for each in fixed["dropped"]] == ["joined"]
    assert "joined" not in fixed["campaign"] and validate(fixed["campaign"]).valid


def test_the_repair_keeps_a_sound_joined_game():
    fixed = repair(campaign("coc", joined=joined(outbox=[proposal(1)])), "2026-01-01T00:00:00Z")
    assert fixed["dropped"] == [] and fixed["campaign"]["joined"]["outbox"] == [proposal(1)]


@given(st.integers(min_value=0, max_value=2**31), st.lists(st.integers(0, 10**6), max_size=5, unique=True))
def test_any_seq_and_outbox_of_sound_proposals_survive_the_check(seq, numbers):
    record = campaign("coc", joined=joined(seq=seq, outbox=[proposal(n) for n in numbers]))
    checked = validate(record)
    assert checked.valid and checked.campaign["joined"]["seq"] == seq
    assert [each["id"] for each in checked.campaign["joined"]["outbox"]] == [f"p-{n}" for n in numbers]


def test_the_targets_an_update_named_are_kept_and_a_record_without_them_reads_as_before():
    targets = [{"id": "npc-1", "name": "Ghoul"}]
    checked = validate(campaign("coc", joined=joined(targets=targets)))
    assert checked.valid and checked.campaign["joined"]["targets"] == targets
    assert "targets" not in validate(campaign("coc", joined=joined())).campaign["joined"]
