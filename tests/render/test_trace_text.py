"""The page's trace text (every answer's ``text``) keeps every die, modifier, step and event, and leads with what the
page says first (STYLE.md A1 stringifiers)."""

import copy

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.render.trace_text import render_lines


def answer(op, **args):
    response = api.handle({"op": op, "args": copy.deepcopy(args)})
    assert response["ok"], response["error"]
    return response["result"]


def test_task_renders_golden_lines():
    result = api.handle(
        {
            "op": "armageddon.task",
            "args": {
                "attribute": 2,
                "skill": 3,
                "skill_name": "Handguns",
                "modifiers": "-1 darkness",
                "dice": "10 10 8",
            },
        }
    )["result"]
    assert render_lines(result) == [
        "Total 22 vs 9: success — 6 Success Levels (Extraordinary)",
        "Dice in order: d10=10 (d10), d10=10 (Rule of 10 reroll), d10=8 (Rule of 10 reroll)",
        "+2 Dexterity [Tasks — Armageddon]",
        "+3 Handguns [Tasks — Armageddon]",
        "-1 darkness [Tasks — Armageddon]",
        "d10 rolled a natural 10",
        "Rule of 10: reroll 10 − 5 = 5 → +5 (die now 15) [The Rule of 10 — Armageddon]",
        "Rule of 10: reroll 8 − 5 = 3 → +3 (die now 18) [The Rule of 10 — Armageddon]",
        "18 (die) +2 +3 -1 = 22 [Tasks — Armageddon]",
        "22 ≥ 9: success [The Basics — Armageddon]",
        "A natural 10: rolled again (the Rule of 10)",
    ]
    assert [m["source"] for m in result["modifiers"]][0] == "seed 000, Tasks"  # developers keep the citation


def test_state_change_without_a_total_leads_with_its_first_event():
    result = {
        "total": None,
        "target": None,
        "success": None,
        "level_name": None,
        "dice": [],
        "modifiers": [],
        "steps": [{"text": "5: fixed = 5", "source": "rules/armageddon.md §1.8"}],
        "events": ["Ann loses 5 LP (30 → 25).", "Ann is seriously injured."],
        "flags": [],
    }
    assert render_lines(result) == [
        "Ann loses 5 LP (30 → 25).",
        "5: fixed = 5 [Damage — Armageddon]",
        "→ Ann is seriously injured.",
    ]


def test_headline_does_not_repeat_a_plain_failure():
    result = {
        "total": 70,
        "target": 40,
        "success": False,
        "level_name": "Failure",
        "dice": [],
        "modifiers": [],
        "steps": [],
        "events": [],
        "flags": [],
    }
    assert render_lines(result) == ["Total 70 vs 40: failure"]


def test_an_answers_text_is_its_trace():
    result = answer("armageddon.task", attribute=2, skill=3, dice="7")
    assert result["text"] == render_lines(result)


def test_a_result_with_its_own_headline_leads_with_it_and_keeps_every_change():
    """The page says first what a result decided: damage with its CON roll (seed 003, Losing more than Half HP in One
    Turn), time with each Survival Test (seed 000); every change follows."""
    hit = answer("coc.apply_damage", investigator=HARVEY, amount=8, dice=[3, 40], label="Harvey: claw")
    assert hit["text"][:2] == [
        "Takes 8 damage (12 → 4 HP): major wound — CON roll 43 vs 60, stays conscious",
        "Dice in order: CON (stay conscious) roll: units die 3, tens die 40",
    ]
    assert hit["text"][-3:] == [
        "→ Harvey Walters loses 8 HP (12 → 4)",
        "→ Harvey Walters suffers a major wound",
        "A major wound",
    ]
    dying = answer("armageddon.apply_damage", character=JACK, amount="42", dice=[1, 9, 9])["state"]
    time = answer("armageddon.advance_time", character=dying, minutes=1, dice=[2])
    assert time["text"][0] == "Survival Test 2: 6 vs 9 — failed: dies in 6 minutes without help"
