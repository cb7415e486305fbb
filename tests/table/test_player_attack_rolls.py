"""A player's attack from their own device (web/player/moves.mjs ``PLAYER_ATTACKS``, web/app/player_actions.mjs
``proposeAttack``): the device throws a roll of its own on the player's sheet, then proposes the game's attack with
those faces alone (``gm_dice``, py_rules/table/accept.py). The roll it throws must take exactly the dice the attack
throws first, in the same order, so the game master's app uses the player's faces for the attacker's roll and throws
the defence and the rest itself: the player's trace and the game master's agree on the attacker's roll.

The roll's arguments and the weapons offered are the page's own, read by running web/player/moves.mjs in Node."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from py_rules import api
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.armageddon.d10 import RULE_OF_ONE_MODES
from py_rules.armageddon.weapons import COMMON_WEAPONS as ARMAGEDDON_WEAPONS
from py_rules.semiautomagic.creature import EXAMPLE_ATTACKER, EXAMPLE_HUMAN
from py_rules.semiautomagic.weapons import COMMON_WEAPONS as SEMIAUTOMAGIC_WEAPONS
from py_rules.table.differences import seen
from py_rules.table.players import TWO_SIDED
from tests.table.table_setup import accept, answer_seeded, proposal

ROOT = Path(__file__).resolve().parents[2]
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="Node is not installed")

_PAGE = """
import { PLAYER_ATTACKS, attackRollArgs, attackWeapons } from "./web/player/moves.mjs";
const { game, sheet } = JSON.parse(process.argv[1]);
const attack = PLAYER_ATTACKS[game];
const weapons = attackWeapons(sheet, game);
const rolls = weapons.map((arm) => attackRollArgs(game, sheet, arm));
console.log(JSON.stringify({ attack, weapons, rolls }));
"""


def page(game: str, sheet: dict) -> dict:
    """What the player's page declares for an attack in ``game`` by the character of ``sheet``: the attack, the
    weapons offered and, for each, the arguments of the roll the device throws."""
    done = subprocess.run(
        ["node", "--input-type=module", "-e", _PAGE, json.dumps({"game": game, "sheet": sheet})],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


def named(weapon: dict) -> str:
    return weapon["name"] or "no weapon"


def settings_of(op_id: str, settings: dict) -> dict:
    """The table's house rules an operation reads (web/app/engine.mjs ``settingArgs``)."""
    return {p.name: settings[p.name] for p in api.operation(op_id).params if p.setting and p.name in settings}


def attacks_with_the_local_roll(game: str, attacker: dict, defender: dict, settings: dict, seeds) -> list:
    """Each weapon the page offers, attacked with once per seed as the player's device does it: (the local roll's
    result, the accepted entry)."""
    made = page(game, attacker)
    attack = made["attack"]
    assert attack["op"] in TWO_SIDED[game]
    assert made["weapons"], "the page offers no weapon"
    characters = [
        {"id": "pc-1", "name": attacker["name"], "sheet": copy.deepcopy(attacker)},
        {"id": "npc-1", "name": defender["name"], "sheet": copy.deepcopy(defender)},
    ]
    out = []
    for arm, roll_args in zip(made["weapons"], made["rolls"], strict=True):
        for seed in seeds:
            local = answer_seeded(attack["roll"], roll_args | settings_of(attack["roll"], settings), seed)
            faces = [throw["face"] for throw in local["dice"]]
            pid = f"p-{len(out)}-{seed}"
            bind = {attack["attacker"]: "pc-1", attack["target"]: "npc-1"}
            sent = proposal(pid, "pc-1", attack["op"], {attack["weapon"]: arm["name"]}, bind, faces, saw=seen(local))
            done = accept([sent | {"gm_dice": True}], characters, settings=settings, game=game)
            [decision] = done["decisions"]
            assert decision["status"] == "accepted", (named(arm), seed, decision)
            # the player saw another operation's roll: nothing is said to differ that does not (same sheets here)
            assert decision["differs"] == [], decision["differs"]
            out.append((arm, local, done["entries"][0]))
    return out


def the_attackers_faces_are_the_local_rolls(local: dict, entry: dict) -> list:
    """The local roll's faces open the accepted attack's dice, each for the attacker's roll; returns them."""
    faces = [throw["face"] for throw in local["dice"]]
    thrown = entry["result"]["dice"]
    assert faces and [t["face"] for t in thrown[: len(faces)]] == faces
    assert [t["die"] for t in thrown[: len(faces)]] == [t["die"] for t in local["dice"]]
    assert entry["args"]["dice"][: len(faces)] == faces  # the log keeps the player's faces first
    return faces


# Dexterity unlike any other attribute of his, so a roll on another attribute would show in the totals
ARMED_JACK = copy.deepcopy(JACK) | {
    "attributes": JACK["attributes"] | {"Dexterity": 4},
    "weapons": [copy.deepcopy(w) for w in ARMAGEDDON_WEAPONS if w["name"] == "Knife"],
}
ARMED_JACK["weapons"].append(next(copy.deepcopy(w) for w in ARMAGEDDON_WEAPONS if w["name"] == "Handgun (9mm)"))
THUG = copy.deepcopy(JACK) | {"name": "Thug"}


@needs_node
@pytest.mark.parametrize("mode", RULE_OF_ONE_MODES)
def test_an_armageddon_attack_takes_the_players_task_faces_for_the_attackers_roll(mode):
    """rules/armageddon.md §1.8a: the attack is a Task, Dexterity + the weapon's skill + d10 with the Rules of 10 and 1
    (seed 000); the chain of rerolls is as long on the player's device as on the game master's, whatever the table's
    Rule of 1."""
    done = attacks_with_the_local_roll("armageddon", ARMED_JACK, THUG, {"rule_of_one_mode": mode}, range(12))
    assert {named(arm) for arm, _, _ in done} == {"Knife", "Handgun (9mm)", "Punch"}
    assert {arm["skill"] for arm, _, _ in done} == {"Hand Weapon", "Handguns", "Brawling"}
    chains = 0
    for _arm, local, entry in done:
        faces = the_attackers_faces_are_the_local_rolls(local, entry)
        chains += len(faces) > 1
        # the attacker's Task is the one the player saw: same faces, same sheet, same total and level
        strike = entry["result"]["details"]["attack"]
        assert (strike["total"], strike["success"]) == (local["total"], local["success"])
    assert chains, "no Rule of 10 or Rule of 1 chain among the rolls: the check proved only single dice"


@needs_node
def test_an_armageddon_player_without_a_weapon_punches():
    done = attacks_with_the_local_roll("armageddon", copy.deepcopy(JACK), THUG, {}, range(3))
    assert [named(arm) for arm, _, _ in done] == ["Punch"] * 3
    for _arm, local, entry in done:
        the_attackers_faces_are_the_local_rolls(local, entry)
        assert entry["result"]["details"]["weapon"]["name"] == "Punch"


SWORD = next(copy.deepcopy(w) for w in SEMIAUTOMAGIC_WEAPONS if w["name"] == "Sword")
BOW = next(copy.deepcopy(w) for w in SEMIAUTOMAGIC_WEAPONS if w["name"] == "Bow")
CLUB = {"name": "Old club", "damage": "1d6", "damage_type": "bludgeoning"}  # no kind: a melee weapon
SWORDSMAN = copy.deepcopy(EXAMPLE_ATTACKER) | {"skills": {"Weapon Skill": 3, "Ranged Skill": 1, "Reflex": 1}}
TARGET = copy.deepcopy(EXAMPLE_HUMAN) | {"name": "Bandit"}


@needs_node
def test_a_semiautomagic_attack_takes_the_players_check_for_the_attack_roll_with_the_weapons_skill():
    """rules/semiautomagic.md §2.4: the attack roll is d6 + the attack skill's bonus, Weapon Skill for a melee weapon
    and Ranged Skill for a ranged one; the player's device rolls that skill's check."""
    armed = SWORDSMAN | {"weapons": [SWORD, BOW, CLUB]}
    done = attacks_with_the_local_roll("semiautomagic", armed, TARGET, {}, range(6))
    skills = {named(arm): arm["skill"] for arm, _, _ in done}
    assert skills == {"Sword": "Weapon Skill", "Bow": "Ranged Skill", "Old club": "Weapon Skill"}
    for arm, local, entry in done:
        the_attackers_faces_are_the_local_rolls(local, entry)
        result = entry["result"]
        assert result["details"]["kind"] == {"Weapon Skill": "melee", "Ranged Skill": "ranged"}[arm["skill"]]
        # d6 + the same skill bonus against the Scale-0 bandit's Target 4: the player's total and outcome are the GM's
        assert result["total"] == local["total"] and result["target"] == local["target"] == 4
        assert result["details"]["d6"] == local["details"]["d6"]


@needs_node
def test_a_semiautomagic_player_without_weapons_rolls_the_melee_attack_alone():
    done = attacks_with_the_local_roll("semiautomagic", SWORDSMAN, TARGET, {}, range(3))
    assert [(named(arm), arm["skill"]) for arm, _, _ in done] == [("no weapon", "Weapon Skill")] * 3
    for _arm, local, entry in done:
        the_attackers_faces_are_the_local_rolls(local, entry)
        assert entry["result"]["details"]["kind"] == "melee" and entry["result"]["total"] == local["total"]
