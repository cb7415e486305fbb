"""Rendering keeps every die, modifier, step and event (STYLE.md A1 stringifiers)."""

from py_rules import api
from py_rules.render import render_lines


def test_task_renders_golden_lines():
    result = api.handle({"op": "armageddon.task", "args": {"attribute": 2, "skill": 3, "skill_name": "Handguns",
                                                           "modifiers": "-1 darkness", "dice": "10 10 8"}})["result"]
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
        "Flags: Rule of 10",
    ]
    assert [m["source"] for m in result["modifiers"]][0] == "seed 000, Tasks"  # developers keep the citation


def test_state_change_without_a_total_leads_with_its_first_event():
    result = {"total": None, "target": None, "success": None, "level_name": None, "dice": [], "modifiers": [],
              "steps": [{"text": "5: fixed = 5", "source": "RULES.md §1.8"}],
              "events": ["Ann loses 5 LP (30 → 25).", "Ann is seriously injured."], "flags": []}
    assert render_lines(result) == ["Ann loses 5 LP (30 → 25).", "5: fixed = 5 [Damage — Armageddon]", "→ Ann is seriously injured."]


def test_headline_does_not_repeat_a_plain_failure():
    result = {"total": 70, "target": 40, "success": False, "level_name": "Failure", "dice": [], "modifiers": [],
              "steps": [], "events": [], "flags": []}
    assert render_lines(result) == ["Total 70 vs 40: failure"]
