"""Forum posts through the door (forum.result, forum.stretch): golden texts in every forum format of the registry
(py_rules/render/formats.py) for results of every operation kind and for a stretch of the log with turn lines and an
undone entry, rendered from the door's own answers with scripted dice (STYLE.md A1 ``test_correct_results``); names
with BBCode, Markdown and HTML payloads come out literally. What every writer shares is checked in tests/render."""

import copy
import re

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.investigator import EXAMPLE as HARVEY, EXAMPLE_OPPONENT as CULTIST
from py_rules.render.bbcode import BREAK
from py_rules.render.formats import forum_formats
from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER, EXAMPLE_HUMAN
from tests.door import answer, example_args
from tests.sheets import dying_harvey as _dying_harvey

FORMATS = [each.id for each in forum_formats()]
ANYONE = copy.deepcopy(EXAMPLE_HUMAN)


def forum(op, **args):
    return answer(op, **args)["details"]["text"]


def _cellar_at_the_end_of_round_1():
    """A Call of Cthulhu encounter with a dying investigator: its end of round makes a CON roll (seed 003, Dying)."""
    sheets = {"d": _dying_harvey(), "h": HARVEY}
    combatants = [{"character_id": cid} for cid in sheets]
    state = answer("encounter.start", id="e1", name="The cellar", game="coc", combatants=combatants, sheets=sheets)[
        "state"
    ]
    return dict(encounter=state, sheets=sheets, dice=[3, 40])


RAY = {**copy.deepcopy(JACK), "name": "Ray"}


CASES = {
    "armageddon task with Rule of 10 rerolls": (
        (
            "armageddon.task",
            dict(
                attribute=2,
                skill=3,
                skill_name="Handguns",
                modifiers="-1 darkness",
                dice="10 10 8",
                label="Kim: Handguns",
            ),
        ),
        {
            "bbcode": "[b]Kim[/b]: Handguns — Total 22 vs 9: success — 6 Success Levels (Extraordinary)\n[list]\n"
            "[*]Dice (physical): 1d10: 10, then 10, then 8 → 18 (Rule of 10)\n"
            "[*]Modifiers: +2 Dexterity, +3 Handguns, -1 darkness\n[/list]\n",
            "markdown": "**Kim**: Handguns — Total 22 vs 9: success — 6 Success Levels (Extraordinary)\n"
            "- Dice (physical): 1d10: 10, then 10, then 8 → 18 (Rule of 10)\n"
            "- Modifiers: +2 Dexterity, +3 Handguns, -1 darkness\n",
            "plain": "Kim: Handguns — Total 22 vs 9: success — 6 Success Levels (Extraordinary)\n"
            "  Dice (physical): 1d10: 10, then 10, then 8 → 18 (Rule of 10)\n"
            "  Modifiers: +2 Dexterity, +3 Handguns, -1 darkness\n",
        },
    ),
    "armageddon damage (a state change leads with what changed)": (
        ("armageddon.apply_damage", dict(character=JACK, amount="12")),
        {
            "bbcode": "[b]Jack Hawthorne takes 12 LP damage[/b] — Jack Hawthorne loses 12 LP (30 → 18).\n",
            "markdown": "**Jack Hawthorne takes 12 LP damage** — Jack Hawthorne loses 12 LP (30 → 18).\n",
            "plain": "Jack Hawthorne takes 12 LP damage — Jack Hawthorne loses 12 LP (30 → 18).\n",
        },
    ),
    "semiautomagic check": (
        ("semiautomagic.check", dict(modifier=2, dc=6, dice=[6], label="Ann: Athletics")),
        {
            "bbcode": "[b]Ann[/b]: Athletics — Total 8 vs 6: success\n[list]\n[*]Dice (physical): 1d6: 6 (check)\n"
            "[*]Modifiers: +2 modifier\n[/list]\n",
            "markdown": "**Ann**: Athletics — Total 8 vs 6: success\n- Dice (physical): 1d6: 6 (check)\n"
            "- Modifiers: +2 modifier\n",
            "plain": "Ann: Athletics — Total 8 vs 6: success\n  Dice (physical): 1d6: 6 (check)\n"
            "  Modifiers: +2 modifier\n",
        },
    ),
    "coc skill roll with a bonus die": (
        (
            "coc.skill_roll",
            dict(
                investigator=HARVEY, skill="Spot Hidden", bonus=1, dice=[7, 20, 40], label="Harvey Walters: Spot Hidden"
            ),
        ),
        {
            "bbcode": "[b]Harvey Walters[/b]: Spot Hidden — Rolled 27 against 55 — Hard success\n[list]\n"
            "[*]Dice (physical): d100: 27 (tens 20 and 40 with a bonus die, units 7)\n"
            "[*]Harvey Walters ticks Spot Hidden for improvement\n[/list]\n",
            "markdown": "**Harvey Walters**: Spot Hidden — Rolled 27 against 55 — Hard success\n"
            "- Dice (physical): d100: 27 (tens 20 and 40 with a bonus die, units 7)\n"
            "- Harvey Walters ticks Spot Hidden for improvement\n",
            "plain": "Harvey Walters: Spot Hidden — Rolled 27 against 55 — Hard success\n"
            "  Dice (physical): d100: 27 (tens 20 and 40 with a bonus die, units 7)\n"
            "  Harvey Walters ticks Spot Hidden for improvement\n",
        },
    ),
    "coc skill roll with two penalty dice, 00 and 0 reading 100": (
        ("coc.skill_roll", dict(investigator=HARVEY, skill="Spot Hidden", penalty=2, dice=[0, 0, 50, 30])),
        {
            "bbcode": (
                "[b]Harvey Walters[/b]: Spot Hidden — Rolled 100 against 55 — Fumble\n"
                "[list]\n"
                "[*]Dice (physical): d100: 100 (tens 00, 50 and 30 with two penalty dice, units 0)\n"
                "[/list]\n"
            ),
            "markdown": (
                "**Harvey Walters**: Spot Hidden — Rolled 100 against 55 — Fumble\n"
                "- Dice (physical): d100: 100 (tens 00, 50 and 30 with two penalty dice, units 0)\n"
            ),
            "plain": (
                "Harvey Walters: Spot Hidden — Rolled 100 against 55 — Fumble\n"
                "  Dice (physical): d100: 100 (tens 00, 50 and 30 with two penalty dice, units 0)\n"
            ),
        },
    ),
    "coc sanity roll with its loss": (
        ("coc.sanity_roll", dict(investigator=HARVEY, loss="1/1D6", dice=[5, 70, 4])),
        {
            "bbcode": (
                "[b]Harvey Walters[/b]: Sanity — Rolled 75 against 60 — Failure\n"
                "[list]\n"
                "[*]Dice (physical): d100: 75 (tens 70, units 5); 1d6: 4 (Sanity loss)\n"
                "[*]The Keeper controls Harvey Walters's next action (fear)\n"
                "[*]Harvey Walters loses 4 Sanity (60 → 56)\n"
                "[/list]\n"
            ),
            "markdown": (
                "**Harvey Walters**: Sanity — Rolled 75 against 60 — Failure\n"
                "- Dice (physical): d100: 75 (tens 70, units 5); 1d6: 4 (Sanity loss)\n"
                "- The Keeper controls Harvey Walters's next action (fear)\n"
                "- Harvey Walters loses 4 Sanity (60 → 56)\n"
            ),
            "plain": (
                "Harvey Walters: Sanity — Rolled 75 against 60 — Failure\n"
                "  Dice (physical): d100: 75 (tens 70, units 5); 1d6: 4 (Sanity loss)\n"
                "  The Keeper controls Harvey Walters's next action (fear)\n"
                "  Harvey Walters loses 4 Sanity (60 → 56)\n"
            ),
        },
    ),
    "coc attack that changes both sheets": (
        (
            "coc.attack",
            dict(investigator=HARVEY, opponent=CULTIST, weapon="Brawl", defence="dodge", dice=[5, 10, 7, 80, 2]),
        ),
        {
            "bbcode": (
                "[b]Harvey Walters[/b]: Attack — Rolled 15 against 40 — Hard success\n"
                "[list]\n"
                "[*]Harvey Walters: attacks with Fighting (Brawl), rolled 15 against 40 — Hard success\n"
                "[*]Cultist: dodges with Dodge, rolled 87 against 27 — Failure\n"
                "[*]Dice (physical): Fighting (Brawl) roll (Harvey Walters), d100: 15 (tens 10, units 5); Dodge roll (Cultist), d100: 87 (tens 80, units 7); 1d3: 2 (Brawl damage)\n"
                "[*]Harvey Walters hits Cultist for 2\n"
                "[*]Cultist loses 2 HP (12 → 10)\n"
                "[*]Harvey Walters ticks Fighting (Brawl) for improvement\n"
                "[/list]\n"
            ),
            "markdown": (
                "**Harvey Walters**: Attack — Rolled 15 against 40 — Hard success\n"
                "- Harvey Walters: attacks with Fighting (Brawl), rolled 15 against 40 — Hard success\n"
                "- Cultist: dodges with Dodge, rolled 87 against 27 — Failure\n"
                "- Dice (physical): Fighting (Brawl) roll (Harvey Walters), d100: 15 (tens 10, units 5); Dodge roll (Cultist), d100: 87 (tens 80, units 7); 1d3: 2 (Brawl damage)\n"
                "- Harvey Walters hits Cultist for 2\n"
                "- Cultist loses 2 HP (12 → 10)\n"
                "- Harvey Walters ticks Fighting (Brawl) for improvement\n"
            ),
            "plain": (
                "Harvey Walters: Attack — Rolled 15 against 40 — Hard success\n"
                "  Harvey Walters: attacks with Fighting (Brawl), rolled 15 against 40 — Hard success\n"
                "  Cultist: dodges with Dodge, rolled 87 against 27 — Failure\n"
                "  Dice (physical): Fighting (Brawl) roll (Harvey Walters), d100: 15 (tens 10, units 5); Dodge roll (Cultist), d100: 87 (tens 80, units 7); 1d3: 2 (Brawl damage)\n"
                "  Harvey Walters hits Cultist for 2\n"
                "  Cultist loses 2 HP (12 → 10)\n"
                "  Harvey Walters ticks Fighting (Brawl) for improvement\n"
            ),
        },
    ),
    "encounter step that decided a dying roll (its dice belong to the roll it tells)": (
        ("encounter.end_round", _cellar_at_the_end_of_round_1()),
        {
            "bbcode": "[b]The cellar[/b] — Round 2: Harvey Walters's turn\n[list]\n[*]Harvey Walters: CON roll (dying) "
            "43 vs 60 — Regular success: clings to life\n[/list]\n",
            "markdown": "**The cellar** — Round 2: Harvey Walters's turn\n- Harvey Walters: CON roll (dying) 43 vs 60 — "
            "Regular success: clings to life\n",
            "plain": "The cellar — Round 2: Harvey Walters's turn\n  Harvey Walters: CON roll (dying) 43 vs 60 — Regular "
            "success: clings to life\n",
        },
    ),
    "coc opposed roll (each side's d100 named)": (
        (
            "coc.opposed_roll",
            dict(
                investigator=HARVEY,
                opponent=CULTIST,
                skill="Spot Hidden",
                opponent_skill="Stealth",
                dice=[3, 20, 8, 50],
                label="Harvey Walters: Spot Hidden vs Cultist",
            ),
        ),
        {
            "bbcode": (
                "[b]Harvey Walters[/b]: Spot Hidden vs Cultist — Rolled 23 against 55 — Hard success\n"
                "[list]\n"
                "[*]Harvey Walters: Spot Hidden, rolled 23 against 55 — Hard success\n"
                "[*]Cultist: Stealth, rolled 58 against 20 — Failure\n"
                "[*]Dice (physical): Spot Hidden roll (Harvey Walters), d100: 23 (tens 20, units 3); Stealth roll (Cultist), d100: 58 (tens 50, units 8)\n"
                "[*]Harvey Walters wins the opposed roll\n"
                "[*]Harvey Walters ticks Spot Hidden for improvement\n"
                "[/list]\n"
            ),
            "markdown": (
                "**Harvey Walters**: Spot Hidden vs Cultist — Rolled 23 against 55 — Hard success\n"
                "- Harvey Walters: Spot Hidden, rolled 23 against 55 — Hard success\n"
                "- Cultist: Stealth, rolled 58 against 20 — Failure\n"
                "- Dice (physical): Spot Hidden roll (Harvey Walters), d100: 23 (tens 20, units 3); Stealth roll (Cultist), d100: 58 (tens 50, units 8)\n"
                "- Harvey Walters wins the opposed roll\n"
                "- Harvey Walters ticks Spot Hidden for improvement\n"
            ),
            "plain": (
                "Harvey Walters: Spot Hidden vs Cultist — Rolled 23 against 55 — Hard success\n"
                "  Harvey Walters: Spot Hidden, rolled 23 against 55 — Hard success\n"
                "  Cultist: Stealth, rolled 58 against 20 — Failure\n"
                "  Dice (physical): Spot Hidden roll (Harvey Walters), d100: 23 (tens 20, units 3); Stealth roll (Cultist), d100: 58 (tens 50, units 8)\n"
                "  Harvey Walters wins the opposed roll\n"
                "  Harvey Walters ticks Spot Hidden for improvement\n"
            ),
        },
    ),
    "armageddon attack with a dodge and damage": (
        (
            "armageddon.attack",
            dict(
                attacker=JACK,
                defender=RAY,
                weapon="",
                defence="dodge",
                dice=[9, 2, 3],
                label="Jack Hawthorne: Attack → Ray",
            ),
        ),
        {
            "bbcode": (
                "[b]Jack Hawthorne[/b]: Attack → Ray — Total 9 vs 9: success — hit: 7 damage\n"
                "[list]\n"
                "[*]Jack Hawthorne: attack with Punch (Brawling), rolled 9 against 9 — 1 Success Level (Adequate)\n"
                "[*]Ray: dodge (Dodge), rolled 2 against 9 — 0 Success Levels (Failure)\n"
                "[*]Dice (physical): 1d10: 9 (attack); 1d10: 2 (defence); 1d4: 3 (Punch damage)\n"
                "[*]Modifiers: +2 Jack Hawthorne: attack with Punch: Dexterity, -2 Jack Hawthorne: attack with Punch: unskilled (Brawling 0), +2 Ray: dodge (Dodge): Dexterity, -2 Ray: dodge (Dodge): unskilled (Dodge 0)\n"
                "[*]Jack Hawthorne hits Ray with Punch for 7 damage.\n"
                "[*]Ray loses 7 LP (30 → 23).\n"
                "[/list]\n"
            ),
            "markdown": (
                "**Jack Hawthorne**: Attack → Ray — Total 9 vs 9: success — hit: 7 damage\n"
                "- Jack Hawthorne: attack with Punch (Brawling), rolled 9 against 9 — 1 Success Level (Adequate)\n"
                "- Ray: dodge (Dodge), rolled 2 against 9 — 0 Success Levels (Failure)\n"
                "- Dice (physical): 1d10: 9 (attack); 1d10: 2 (defence); 1d4: 3 (Punch damage)\n"
                "- Modifiers: +2 Jack Hawthorne: attack with Punch: Dexterity, -2 Jack Hawthorne: attack with Punch: unskilled (Brawling 0), +2 Ray: dodge (Dodge): Dexterity, -2 Ray: dodge (Dodge): unskilled (Dodge 0)\n"
                "- Jack Hawthorne hits Ray with Punch for 7 damage.\n"
                "- Ray loses 7 LP (30 → 23).\n"
            ),
            "plain": (
                "Jack Hawthorne: Attack → Ray — Total 9 vs 9: success — hit: 7 damage\n"
                "  Jack Hawthorne: attack with Punch (Brawling), rolled 9 against 9 — 1 Success Level (Adequate)\n"
                "  Ray: dodge (Dodge), rolled 2 against 9 — 0 Success Levels (Failure)\n"
                "  Dice (physical): 1d10: 9 (attack); 1d10: 2 (defence); 1d4: 3 (Punch damage)\n"
                "  Modifiers: +2 Jack Hawthorne: attack with Punch: Dexterity, -2 Jack Hawthorne: attack with Punch: unskilled (Brawling 0), +2 Ray: dodge (Dodge): Dexterity, -2 Ray: dodge (Dodge): unskilled (Dodge 0)\n"
                "  Jack Hawthorne hits Ray with Punch for 7 damage.\n"
                "  Ray loses 7 LP (30 → 23).\n"
            ),
        },
    ),
    "semiautomagic attack against a dodge": (
        ("semiautomagic.attack", dict(attacker=EXAMPLE_ATTACKER, creature=EXAMPLE_HUMAN, defence="dodge", dice=[5, 2])),
        {
            "bbcode": (
                "[b]Swordsman[/b]: Attack (roll to hit, then defence) — Total 8 vs 4: success — hit\n"
                "[list]\n"
                "[*]Swordsman: melee attack, rolled 8 against 4 — success\n"
                "[*]Average human: dodge, rolled 3 against 7 — failure\n"
                "[*]Dice (physical): 1d6: 5 (attack roll); 1d6: 2 (defence roll (dodge))\n"
                "[*]Modifiers: +3 Weapon Skill bonus, +1 defence roll: Reflex bonus (dodge)\n"
                "[/list]\n"
            ),
            "markdown": (
                "**Swordsman**: Attack (roll to hit, then defence) — Total 8 vs 4: success — hit\n"
                "- Swordsman: melee attack, rolled 8 against 4 — success\n"
                "- Average human: dodge, rolled 3 against 7 — failure\n"
                "- Dice (physical): 1d6: 5 (attack roll); 1d6: 2 (defence roll (dodge))\n"
                "- Modifiers: +3 Weapon Skill bonus, +1 defence roll: Reflex bonus (dodge)\n"
            ),
            "plain": (
                "Swordsman: Attack (roll to hit, then defence) — Total 8 vs 4: success — hit\n"
                "  Swordsman: melee attack, rolled 8 against 4 — success\n"
                "  Average human: dodge, rolled 3 against 7 — failure\n"
                "  Dice (physical): 1d6: 5 (attack roll); 1d6: 2 (defence roll (dodge))\n"
                "  Modifiers: +3 Weapon Skill bonus, +1 defence roll: Reflex bonus (dodge)\n"
            ),
        },
    ),
    "armageddon initiative": (
        ("armageddon.initiative", dict(character=JACK, dice=[7])),
        {
            "bbcode": "[b]Jack Hawthorne[/b]: Initiative — Total 9: Initiative 9, Speed 10\n[list]\n"
            "[*]Dice (physical): 1d10: 7 (Initiative)\n[*]Modifiers: +2 Dexterity\n[/list]\n",
            "markdown": "**Jack Hawthorne**: Initiative — Total 9: Initiative 9, Speed 10\n"
            "- Dice (physical): 1d10: 7 (Initiative)\n- Modifiers: +2 Dexterity\n",
            "plain": "Jack Hawthorne: Initiative — Total 9: Initiative 9, Speed 10\n"
            "  Dice (physical): 1d10: 7 (Initiative)\n  Modifiers: +2 Dexterity\n",
        },
    ),
    "semiautomagic hit that starts dying (no dice: what changed is listed)": (
        ("semiautomagic.apply_damage", dict(creature=ANYONE, damage="9")),
        {
            "bbcode": "[b]Take a hit (damage vs Toughness)[/b] — Total 9 vs 9: dying\n[list]\n"
            "[*]Average human is wounded (1 wound; Toughness 8).\n"
            "[*]Average human starts dying (unconscious; endurance check DC 4 every round).\n[/list]\n",
            "markdown": "**Take a hit (damage vs Toughness)** — Total 9 vs 9: dying\n"
            "- Average human is wounded (1 wound; Toughness 8).\n"
            "- Average human starts dying (unconscious; endurance check DC 4 every round).\n",
            "plain": "Take a hit (damage vs Toughness) — Total 9 vs 9: dying\n"
            "  Average human is wounded (1 wound; Toughness 8).\n"
            "  Average human starts dying (unconscious; endurance check DC 4 every round).\n",
        },
    ),
    "semiautomagic condition with a duration": (
        (
            "semiautomagic.set_condition",
            dict(creature=ANYONE, condition="Staggered", action="add", duration=2, dice=[1]),
        ),
        {
            "bbcode": "[b]Add or remove a condition[/b] — Stunned, Staggered\n[list]\n"
            "[*]Dice (physical): 1d6: 1 (Staggered: seconds stunned this round)\n"
            "[*]Average human is Staggered for 2 rounds.\n[*]Average human is Stunned for 1 second.\n[/list]\n",
            "markdown": "**Add or remove a condition** — Stunned, Staggered\n"
            "- Dice (physical): 1d6: 1 (Staggered: seconds stunned this round)\n"
            "- Average human is Staggered for 2 rounds.\n- Average human is Stunned for 1 second.\n",
            "plain": "Add or remove a condition — Stunned, Staggered\n"
            "  Dice (physical): 1d6: 1 (Staggered: seconds stunned this round)\n"
            "  Average human is Staggered for 2 rounds.\n  Average human is Stunned for 1 second.\n",
        },
    ),
    "coc skill roll (units die first, then tens)": (
        ("coc.skill_roll", dict(investigator=HARVEY, skill="Spot Hidden", dice=[3, 20])),
        {
            "bbcode": (
                "[b]Harvey Walters[/b]: Spot Hidden — Rolled 23 against 55 — Hard success\n"
                "[list]\n"
                "[*]Dice (physical): d100: 23 (tens 20, units 3)\n"
                "[*]Harvey Walters ticks Spot Hidden for improvement\n"
                "[/list]\n"
            ),
            "markdown": (
                "**Harvey Walters**: Spot Hidden — Rolled 23 against 55 — Hard success\n"
                "- Dice (physical): d100: 23 (tens 20, units 3)\n"
                "- Harvey Walters ticks Spot Hidden for improvement\n"
            ),
            "plain": (
                "Harvey Walters: Spot Hidden — Rolled 23 against 55 — Hard success\n"
                "  Dice (physical): d100: 23 (tens 20, units 3)\n"
                "  Harvey Walters ticks Spot Hidden for improvement\n"
            ),
        },
    ),
}


def test_every_golden_has_a_text_in_every_forum_format():
    assert all(sorted(expected) == sorted(FORMATS) for _, expected in CASES.values())


@pytest.mark.parametrize("fmt", FORMATS)  # every writer the forum declares: a new one needs its goldens here
@pytest.mark.parametrize("case", list(CASES))
def test_golden_result_in_each_format(case, fmt):
    (op, args), expected = CASES[case]
    result = answer(op, **args)
    assert forum("forum.result", result=result, format=fmt, dice_source="physical") == expected[fmt]


def test_attack_answer_changes_both_sheets_it_posts():
    (op, args), _ = CASES["coc attack that changes both sheets"]
    result = answer(op, **args)
    assert set(result["states"]) == {"coc.investigator", "coc.opponent"}


def test_an_encounter_step_tells_what_its_effects_decided_and_each_effect_posts_its_own_dice():
    """Seed 003, When HP Falls Below Zero: the dying roll CON at the end of each round. A step is one log entry that
    tells what its effects decided, its dice left to the effect that threw them."""
    sheets = {"harvey": _dying_harvey()}
    state = answer(
        "encounter.start",
        id="e1",
        name="The cellar",
        game="coc",
        sheets=sheets,
        combatants=[{"character_id": "harvey"}, {"name": "Ghoul", "npc": {"dex": 65, "combat_skill": 40}}],
    )
    state = answer("encounter.order", encounter=state["state"], sheets=sheets)["state"]
    state = answer("encounter.next", encounter=state, sheets=sheets)["state"]
    result = answer("encounter.next", encounter=state, sheets=sheets, dice=[3, 40])
    assert forum("forum.result", result=result, format="markdown") == (
        "**The cellar** — Round 2: Ghoul's turn\n"
        "- Harvey Walters: CON roll (dying) 43 vs 60 — Regular success: clings to life\n"
    )
    [effect] = result["details"]["effects"]
    assert forum("forum.result", result=effect["result"], format="markdown") == (
        "**Harvey Walters**: end of round 1 — 1 round passes\n"
        "- Dice (physical): CON (dying) roll, d100: 43 (tens 40, units 3)\n"
        "- Harvey Walters clings to life\n"
    )


def test_the_door_says_whether_dice_were_physical_or_digital_and_the_post_says_it_too():
    typed = answer("semiautomagic.check", modifier=2, dc=6, dice=[6], label="Ann: Athletics")
    thrown = api.handle({"op": "semiautomagic.check", "args": {"modifier": 2, "dc": 6}, "seed": 3})["result"]
    assert (typed["dice_source"], thrown["dice_source"]) == ("physical", "digital")
    assert "Dice (physical): 1d6: 6" in forum("forum.result", result=typed, format="plain")
    assert "Dice (digital): 1d6: " in forum("forum.result", result=thrown, format="plain")
    older = {k: v for k, v in typed.items() if k != "dice_source"}  # a result logged before the door said it
    assert "  Dice: 1d6: 6" in forum("forum.result", result=older, format="plain")
    assert "Dice (digital): 1d6: 6" in forum("forum.result", result=older, format="plain", dice_source="digital")


def test_a_label_names_who_when_the_result_does_not():
    result = answer("coc.sanity_roll", investigator=HARVEY, loss="1/1D6", dice=[5, 70, 4])
    text = forum("forum.result", result=result, format="bbcode", label="Harvey Walters: Sanity")
    assert text.startswith("[b]Harvey Walters[/b]: Sanity — Rolled 75 against 60")


def entry(entry_id, op, result, kind="roll", args=None, **extra):
    return {
        "id": entry_id,
        "at": "2026-12-01T20:15:03Z",
        "op": op,
        "args": args or {},
        "result": result,
        "who": [],
        "encounter": None,
        "before": {},
        "after": {},
        "kind": kind,
        **extra,
    }


def older(result):
    """A result as logged before the door said where its dice came from: the entry's arguments tell."""
    return {k: v for k, v in result.items() if k != "dice_source"}


def stretch_entries():
    spot = answer(
        "coc.skill_roll", investigator=HARVEY, skill="Spot Hidden", dice=[3, 20], label="Harvey Walters: Spot Hidden"
    )
    attack = answer(
        "coc.attack",
        investigator=HARVEY,
        opponent=CULTIST,
        weapon="Brawl",
        defence="dodge",
        dice=[5, 10, 7, 80, 2],
        label="Harvey Walters: Attack",
    )
    sanity = answer("coc.sanity_roll", investigator=HARVEY, loss="0/1", dice=[4, 30])
    turn = {
        "system": "encounter",
        "kind": "next",
        "label": "The cellar",
        "events": ["Round 1: Harvey Walters's turn"],
        "details": {"decided": []},
    }
    round_end = {
        "system": "encounter",
        "kind": "next",
        "label": "The cellar",
        "events": ["Round 2: Cultist's turn", "Cultist dies (failed CON roll)."],
        "details": {"decided": [{"effect": 0, "label": "Cultist", "line": "Cultist dies (failed CON roll)."}]},
    }
    return [
        entry("e1", "encounter.next", turn, "change"),
        entry("e2", "coc.skill_roll", spot, args={"skill": "Spot Hidden", "dice": [3, 20]}),
        entry("e3", "encounter.next", turn, "change"),
        entry("e4", "coc.attack", older(attack), "change", args={"weapon": "Brawl"}),
        entry("e5", "log.undo", None, "undo", args={"entry": "e4"}),
        entry("e6", "encounter.next", round_end, "change"),
        entry("e7", "coc.sanity_roll", {**sanity, "dice_source": "digital"}, args={"loss": "0/1"}),
    ]


STRETCH = {
    ("bbcode", "leave_out"): (
        "[quote][b]The cellar, round 1[/b]\n"
        "\n"
        "[b]Harvey Walters[/b]: Spot Hidden — Rolled 23 against 55 — Hard success\n"
        "[list]\n"
        "[*]Dice (physical): d100: 23 (tens 20, units 3)\n"
        "[*]Harvey Walters ticks Spot Hidden for improvement\n"
        "[/list]\n"
        "\n"
        "[b]The cellar[/b] — Cultist dies (failed CON roll).\n"
        "\n"
        "[b]Harvey Walters[/b]: Sanity — Rolled 34 against 60 — Regular success\n"
        "[list]\n"
        "[*]Dice (digital): d100: 34 (tens 30, units 4)\n"
        "[/list][/quote]\n"
    ),
    ("markdown", "strike"): (
        "### The cellar, round 1\n"
        "\n"
        "**Harvey Walters**: Spot Hidden — Rolled 23 against 55 — Hard success\n"
        "- Dice (physical): d100: 23 (tens 20, units 3)\n"
        "- Harvey Walters ticks Spot Hidden for improvement\n"
        "\n"
        "*Undone:* **Harvey Walters**: Attack — Rolled 15 against 40 — Hard success\n"
        "- Harvey Walters: attacks with Fighting (Brawl), rolled 15 against 40 — Hard success\n"
        "- Cultist: dodges with Dodge, rolled 87 against 27 — Failure\n"
        "- Dice (digital): Fighting (Brawl) roll (Harvey Walters), d100: 15 (tens 10, units 5); Dodge roll (Cultist), d100: 87 (tens 80, units 7); 1d3: 2 (Brawl damage)\n"
        "- Harvey Walters hits Cultist for 2\n"
        "- Cultist loses 2 HP (12 → 10)\n"
        "- Harvey Walters ticks Fighting (Brawl) for improvement\n"
        "\n"
        "**The cellar** — Cultist dies (failed CON roll).\n"
        "\n"
        "**Harvey Walters**: Sanity — Rolled 34 against 60 — Regular success\n"
        "- Dice (digital): d100: 34 (tens 30, units 4)\n"
    ),
    ("plain", "strike"): (
        "The cellar, round 1\n"
        "\n"
        "Harvey Walters: Spot Hidden — Rolled 23 against 55 — Hard success\n"
        "  Dice (physical): d100: 23 (tens 20, units 3)\n"
        "  Harvey Walters ticks Spot Hidden for improvement\n"
        "\n"
        "Undone: Harvey Walters: Attack — Rolled 15 against 40 — Hard success\n"
        "  Harvey Walters: attacks with Fighting (Brawl), rolled 15 against 40 — Hard success\n"
        "  Cultist: dodges with Dodge, rolled 87 against 27 — Failure\n"
        "  Dice (digital): Fighting (Brawl) roll (Harvey Walters), d100: 15 (tens 10, units 5); Dodge roll (Cultist), d100: 87 (tens 80, units 7); 1d3: 2 (Brawl damage)\n"
        "  Harvey Walters hits Cultist for 2\n"
        "  Cultist loses 2 HP (12 → 10)\n"
        "  Harvey Walters ticks Fighting (Brawl) for improvement\n"
        "\n"
        "The cellar — Cultist dies (failed CON roll).\n"
        "\n"
        "Harvey Walters: Sanity — Rolled 34 against 60 — Regular success\n"
        "  Dice (digital): d100: 34 (tens 30, units 4)\n"
    ),
}


@pytest.mark.parametrize("fmt, undone", list(STRETCH))
def test_golden_stretch_without_turn_lines_and_with_the_undone_entry_as_the_campaign_chooses(fmt, undone):
    text = forum(
        "forum.stretch",
        entries=stretch_entries(),
        format=fmt,
        title="The cellar, round 1",
        undone=undone,
        quote=fmt == "bbcode",
    )
    assert text == STRETCH[(fmt, undone)]
    assert "turn" not in text and "~~" not in text  # strict CommonMark has no strike-through: said in words


def test_a_stretch_holding_only_the_undo_of_an_entry_outside_it_is_an_empty_post():
    undo = entry("e9", "log.undo", None, "undo", args={"entry": "e1"})
    made = answer("forum.stretch", entries=[undo], format="markdown")["details"]
    assert (made["text"], made["count"]) == ("\n", 0)


def test_a_redo_brings_the_entry_back():
    entries = stretch_entries() + [entry("e8", "log.redo", None, "redo", args={"entry": "e4"})]
    text = forum("forum.stretch", entries=entries, format="plain")
    assert "Harvey Walters: Attack — Rolled 15" in text and "Undone" not in text


PAYLOADS = [
    "[url=http://evil.example]Bob[/url]",
    "**Bob** __x__ ~~y~~ `z` ||s||",
    "<b>Bob</b> <script>x</script> &copy",
    "[b]Bob[/b] [quote]q[/quote]",
    "@everyone [Bob](http://x)",
    "# Bob",
    "- x",
    "+ x",
    "1. x",
    "> x",
    "2) Bob ##",
]
BLOCK_START = re.compile(r"^ {0,3}(#{1,6}(\s|$)|[-+*](\s|$)|\d{1,9}[.)](\s|$)|>)")
"""What starts a heading, a list item or a block quote at the start of a line (CommonMark)."""


def _markdown_blocks_of_ours_only(md: str) -> None:
    """Every line of the post is one of ours: a bold head, or our own list item whose content starts no block."""
    for line in md.splitlines():
        content = line[2:] if line.startswith("- ") else line
        assert not BLOCK_START.match(content), line


def _shown_as_markdown(text: str) -> str:
    """What a CommonMark reader shows of escaped text: each backslash-escaped character as itself."""
    return re.sub(r"\\(.)", r"\1", text)


@pytest.mark.parametrize("name", PAYLOADS)
def test_names_and_labels_a_user_typed_come_out_literally(name):
    result = answer(
        "armageddon.task",
        attribute=2,
        skill=3,
        skill_name="Handguns",
        modifiers=f"-1 {name}",
        dice="4",
        label=f"{name}: Handguns",
    )
    bb = forum("forum.result", result=result, format="bbcode")
    md = forum("forum.result", result=result, format="markdown")
    plain = forum("forum.result", result=result, format="plain")
    assert name in plain and f"-1 {name}" in plain
    # BBCode: no tag of the user's survives (an empty tag after each of their brackets), and it reads as typed
    user_bb = bb.replace("[" + BREAK, "").replace(BREAK, "")
    user_bb = user_bb.replace("[b]", "").replace("[/b]", "").replace("[list]", "").replace("[/list]", "")
    assert "[" not in user_bb.replace("[*]", "")
    assert name in bb.replace(BREAK, "")
    # Markdown: every markup character of theirs is escaped, and it reads as typed
    body = md.replace("**", "", 2)
    assert not re.search(r"(?<!\\)[*_~`|<>\[\]&@]", body)
    assert name in _shown_as_markdown(md)
    _markdown_blocks_of_ours_only(md)
    # a character's name that starts a line of the post (an event: "# Bob loses 4 Sanity")
    sanity = answer("coc.sanity_roll", investigator={**HARVEY, "name": name}, loss="1/1D6", dice=[5, 70, 4])
    md = forum("forum.result", result=sanity, format="markdown")
    assert f"- {name} loses 4 Sanity" not in md and f"{name} loses 4 Sanity (60 → 56)" in _shown_as_markdown(md)
    _markdown_blocks_of_ours_only(md)
    assert f"{name} loses 4 Sanity" in forum("forum.result", result=sanity, format="plain")
    assert f"{name} loses 4 Sanity" in forum("forum.result", result=sanity, format="bbcode").replace(BREAK, "")
    heading = forum("forum.stretch", entries=[entry("e1", "coc.sanity_roll", sanity)], format="markdown", title=name)
    assert heading.startswith("### ") and name in _shown_as_markdown(heading.splitlines()[0][4:])
    assert not re.search(r"(?<!\\)#", heading.splitlines()[0][4:])


def test_a_stretch_of_bad_entries_is_refused_in_words():
    response = api.handle({"op": "forum.stretch", "args": {"entries": [1, 2]}})
    assert not response["ok"] and response["error"]["field"] == "entries"


def test_junk_inside_a_logged_result_never_crashes():
    junk = {
        "label": 3,
        "dice": [{"die": "d6"}, 7, {"die": "units d10", "face": True}],
        "modifiers": [{"value": "x"}],
        "events": [1, "ok"],
        "total": "x",
        "details": [],
    }
    text = forum("forum.stretch", entries=[entry("e1", "coc.d100", junk)], format="markdown")
    assert "ok" in text


def test_every_operations_answer_becomes_a_post_in_every_format():
    """Each operation, run with its declared examples and seeded dice, writes a post with its headline in every
    format (the goldens above pin the words; this keeps every kind of answer readable)."""
    from py_rules.systems import all_operations

    written = 0
    for op in all_operations():
        if op.system == "forum":
            continue
        response = api.handle({"op": op.id, "args": example_args(op), "seed": 7})
        if not response["ok"]:
            continue
        for fmt in FORMATS:
            post = api.handle({"op": "forum.result", "args": {"result": response["result"], "format": fmt}})
            assert post["ok"], (op.id, post["error"])
            text = post["result"]["details"]["text"]
            assert text.strip(), op.id
            if response["result"]["dice"] and not (response["result"].get("details") or {}).get("effects"):
                assert "Dice (digital): " in text, (op.id, text)
        written += 1
    assert written > 60


MALFORMED = [  # (entries, the path of the part at fault)
    ([{"id": []}], "0.id"),
    ([{"op": []}], "0.op"),
    (
        [entry("e1", "coc.d100", {}), entry("e2", "log.undo", None, "undo", args={"entry": {"id": "e1"}})],
        "1.args.entry",
    ),
    ([entry("e1", "coc.d100", {}, kind=["roll"])], "0.kind"),
    ([entry("e1", "coc.d100", {}, args=["x"])], "0.args"),
    ([entry("e1", "coc.d100", "Rolled 12")], "0.result"),
    ([entry("e1", "coc.d100", {}), 7], "1"),
]


@pytest.mark.parametrize("entries, path", MALFORMED)
def test_a_stretch_with_a_malformed_entry_is_refused_naming_the_field_and_its_path(entries, path):
    response = api.handle({"op": "forum.stretch", "args": {"entries": entries}})
    assert not response["ok"]
    error = response["error"]
    assert (error["code"], error["field"], error["path"]) == ("bad_entry", "entries", path)
    assert error["message"].startswith(f"Entries: Entry {int(path.split('.')[0]) + 1}: ") and error["detail"]


@pytest.mark.parametrize("result", [[], "Rolled 12", None, 5])
def test_a_result_that_is_no_answer_is_refused_naming_the_field(result):
    response = api.handle({"op": "forum.result", "args": {"result": result}})
    assert not response["ok"] and response["error"]["field"] == "result"
    assert response["error"]["code"] in ("wrong_type", "missing_field", "bad_json")  # a text is read as JSON


JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 10)
    | st.text(max_size=5)
    | st.sampled_from(["undo", "redo", "roll", "change", "e1", "log.undo", "encounter.next", "coc.d100"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(
                [
                    "id",
                    "op",
                    "kind",
                    "args",
                    "entry",
                    "result",
                    "label",
                    "dice",
                    "details",
                    "decided",
                    "line",
                    "events",
                    "modifiers",
                    "value",
                    "steps",
                    "text",
                ]
            )
            | st.text(max_size=4),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(entries=st.lists(JSONISH, max_size=4) | JSONISH, undone=st.sampled_from(["leave_out", "strike"]))
def test_no_entries_make_a_stretch_or_a_result_answer_internal(entries, undone):
    response = api.handle({"op": "forum.stretch", "args": {"entries": entries, "undone": undone}})
    assert response["ok"] or response["error"]["code"] != "internal", response["error"]
    response = api.handle(
        {"op": "forum.result", "args": {"result": entries[0] if entries and isinstance(entries, list) else entries}}
    )
    assert response["ok"] or response["error"]["code"] != "internal", response["error"]
