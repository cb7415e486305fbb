"""Markdown for forum posts (issue 11): golden strings for results of every operation kind, rendered from the
door's own answers with scripted dice (STYLE.md A1 ``test_correct_results``)."""

import copy

import pytest

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.coc.investigator import EXAMPLE_OPPONENT as CULTIST
from py_rules.markdown import entries_markdown, escape, result_markdown
from py_rules.semiautomagic.creature import EXAMPLE_HUMAN
from tests.door import answer

ANYONE = copy.deepcopy(EXAMPLE_HUMAN)


def entry(entry_id, result, kind="roll", **extra):
    return {"id": entry_id, "at": "2026-12-01T20:15:03Z", "op": (result or {}).get("op", "log.undo"), "args": {},
            "result": result, "who": [], "encounter": None, "before": {}, "after": {}, "kind": kind, **extra}


GOLDEN = {
    "armageddon task with Rule of 10 rerolls": (
        ("armageddon.task", dict(attribute=2, skill=3, skill_name="Handguns", modifiers="-1 darkness",
                                 dice="10 10 8", label="Kim: Handguns")),
        "**Kim: Handguns** — Total 22 vs 9: success — 6 Success Levels (Extraordinary)\n"
        "- Dice: d10=10 (d10), d10=10 (Rule of 10 reroll), d10=8 (Rule of 10 reroll)\n"
        "- Modifiers: +2 Dexterity, +3 Handguns, -1 darkness"),
    "armageddon initiative": (
        ("armageddon.initiative", dict(character=JACK, dice=[7])),
        "**Jack Hawthorne: Initiative** — Total 9: Initiative 9, Speed 10\n"
        "- Dice: d10=7 (Initiative)\n"
        "- Modifiers: +2 Dexterity"),
    "armageddon damage (a state change leads with what changed)": (
        ("armageddon.apply_damage", dict(character=JACK, amount="12")),
        "**Jack Hawthorne takes 12 LP damage** — Jack Hawthorne loses 12 LP (30 → 18)."),
    "semiautomagic check": (
        ("semiautomagic.check", dict(modifier=2, dc=6, dice=[6], label="Ann: Athletics")),
        "**Ann: Athletics** — Total 8 vs 6: success\n"
        "- Dice: d6=6 (check)\n"
        "- Modifiers: +2 modifier"),
    "semiautomagic hit that starts dying": (
        ("semiautomagic.apply_damage", dict(creature=ANYONE, damage="9")),
        "**Take a hit (damage vs Toughness)** — Total 9 vs 9: dying\n"
        "- Average human is wounded (1 wound; Toughness 8).\n"
        "- Average human starts dying (unconscious; endurance check DC 4 every round)."),
    "semiautomagic condition with a duration": (
        ("semiautomagic.set_condition", dict(creature=ANYONE, condition="Staggered", action="add", duration=2,
                                             dice=[1])),
        "**Add or remove a condition** — Stunned, Staggered\n"
        "- Dice: d6=1 (Staggered: seconds stunned this round)\n"
        "- Average human is Staggered for 2 rounds.\n"
        "- Average human is Stunned for 1 second."),
    "coc skill roll (units die first, then tens)": (
        ("coc.skill_roll", dict(investigator=HARVEY, skill="Spot Hidden", dice=[3, 20])),
        "**Skill roll** — Rolled 23 against 55 — Hard success\n"
        "- Dice: Spot Hidden roll: units die 3, tens die 20"),
    "coc sanity roll with its loss": (
        ("coc.sanity_roll", dict(investigator=HARVEY, loss="1/1D6", dice=[5, 70, 4])),
        "**Sanity roll** — Sanity roll 75 vs 60 — Failure: loses 4 Sanity (60 → 56)\n"
        "- Dice: Sanity roll: units die 5, tens die 70; d6=4 (Sanity loss)\n"
        "- The Keeper controls Harvey Walters's next action (fear)\n"
        "- Harvey Walters loses 4 Sanity (60 → 56)"),
    "coc attack that changes both sheets": (
        ("coc.attack", dict(investigator=HARVEY, opponent=CULTIST, weapon="Brawl", defence="dodge",
                            dice=[5, 10, 7, 80, 2])),
        "**Attack** — Rolled 15 against 40 — Hard success\n"
        "- Dice: Fighting (Brawl) roll: units die 5, tens die 10; Dodge roll: units die 7, tens die 80; "
        "d3=2 (Brawl damage)\n"
        "- Harvey Walters hits Cultist for 2\n"
        "- Cultist loses 2 HP (12 → 10)"),
}


@pytest.mark.parametrize("case", GOLDEN, ids=list(GOLDEN))
def test_result_renders_golden_markdown(case):
    (op, args), expected = GOLDEN[case]
    assert result_markdown(answer(op, **args)) == expected


def test_attack_answer_changes_both_sheets_it_renders():
    (op, args), _ = GOLDEN["coc attack that changes both sheets"]
    result = answer(op, **args)
    assert set(result["states"]) == {"coc.investigator", "coc.opponent"}


def _dying_harvey():
    hurt = answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[4, 20])["state"]
    return answer("coc.apply_damage", investigator=hurt, amount=5, own_turn=True)["state"]


def test_encounter_round_renders_the_step_and_each_effect_on_its_own():
    """Seed 003, When HP Falls Below Zero: the dying roll CON at the end of each round."""
    sheets = {"harvey": _dying_harvey()}
    state = answer("encounter.start", id="e1", name="The cellar", game="coc", sheets=sheets,
                   combatants=[{"character_id": "harvey"}, {"name": "Ghoul", "npc": {"dex": 65, "combat_skill": 40}}])
    state = answer("encounter.order", encounter=state["state"], sheets=sheets)["state"]
    state = answer("encounter.next", encounter=state, sheets=sheets)["state"]
    result = answer("encounter.next", encounter=state, sheets=sheets, dice=[3, 40])
    assert result_markdown(result) == (  # the step tells what its effects decided (one log entry per step)
        "**The cellar** — Round 2: Ghoul's turn\n"
        "- Harvey Walters: CON roll (dying) 43 vs 60 — Regular success: clings to life")
    [effect] = result["details"]["effects"]
    assert result_markdown(effect["result"]) == (
        "**Harvey Walters: end of round 1** — CON roll (dying) 43 vs 60 — Regular success: clings to life\n"
        "- Dice: CON (dying) roll: units die 3, tens die 40\n"
        "- Harvey Walters clings to life")


def test_log_stretch_is_one_document_with_undo_naming_its_entry():
    (op, args), _ = GOLDEN["armageddon task with Rule of 10 rerolls"]
    roll = answer(op, **args)
    hit = answer("armageddon.apply_damage", character=JACK, amount="12")
    entries = [entry("e1", roll), entry("e2", hit, kind="change"),
               {**entry("e3", None, kind="undo"), "op": "log.undo", "args": {"entry": "e2"}}]
    response = api.handle({"op": "log.markdown", "args": {"entries": entries, "title": "Session *3*"}})
    assert response["result"]["details"]["markdown"] == (
        "# Session \\*3\\*\n\n"
        "**Kim: Handguns** — Total 22 vs 9: success — 6 Success Levels (Extraordinary)\n"
        "- Dice: d10=10 (d10), d10=10 (Rule of 10 reroll), d10=8 (Rule of 10 reroll)\n"
        "- Modifiers: +2 Dexterity, +3 Handguns, -1 darkness\n\n"
        "**Jack Hawthorne takes 12 LP damage** — Jack Hawthorne loses 12 LP (30 → 18).\n\n"
        "*Undone:* Jack Hawthorne takes 12 LP damage\n")


def test_undo_of_an_entry_outside_the_stretch_still_reads():
    undo = {**entry("e9", None, kind="undo"), "op": "log.undo", "args": {"entry": "e1"}}
    assert entries_markdown([undo]) == "*Undone:* an earlier change\n"


def test_markup_in_user_text_is_escaped_not_lost():
    result = {"label": "Cultist_2 [boss]", "total": None, "events": ["<b>hit</b> | *twice*"]}
    assert result_markdown(result) == "**Cultist\\_2 \\[boss\\]** — \\<b\\>hit\\</b\\> \\| \\*twice\\*"
    assert escape("plain words, 30 → 25") == "plain words, 30 → 25"


def test_a_bad_entry_is_refused_naming_where():
    response = api.handle({"op": "log.markdown", "args": {"entries": [{"id": "e1"}]}})
    assert response["ok"] is False
    assert response["error"]["field"] == "entries" and "0.at" in response["error"]["message"]


def test_a_result_with_its_own_headline_posts_it_and_keeps_every_change():
    """Issue 16, "The table, part 3": the post says what the page says first — damage with its CON roll (seed 003,
    Losing more than Half HP in One Turn), time with each Survival Test (seed 000) — and lists every change."""
    hit = answer("coc.apply_damage", investigator=HARVEY, amount=8, dice=[3, 40], label="Harvey: claw")
    assert result_markdown(hit) == (
        "**Harvey: claw** — Takes 8 damage (12 → 4 HP): major wound — CON roll 43 vs 60, stays conscious\n"
        "- Dice: CON (stay conscious) roll: units die 3, tens die 40\n"
        "- Harvey Walters loses 8 HP (12 → 4)\n"
        "- Harvey Walters suffers a major wound")
    dying = answer("armageddon.apply_damage", character=JACK, amount="42", dice=[1, 9, 9])["state"]
    time = answer("armageddon.advance_time", character=dying, minutes=1, dice=[2])
    assert result_markdown(time).splitlines()[0] == (
        "**Jack Hawthorne: 1 min passes** — Survival Test 2: 6 vs 9 — failed: dies in 6 minutes without help")
