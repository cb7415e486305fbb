"""The damage odds read as what a hit does, in order (rules/semiautomagic.md §2.5: at most Minimum Toughness no
effect, above it a wound, at Toughness Dying, wounded while dying death), never as damage totals sorted as text
("hit: 10", "hit: 11", "hit: 12", "hit: 2" …); the damage rolled is its own table, by amount. Checked against brute
force over every typed face, with this test's own reading of each run (from the defender's sheet after it)."""

import copy
from fractions import Fraction

from py_rules.semiautomagic import creature as C
from py_rules.semiautomagic.odds import HIT_ORDER
from tests.odds_brute import assert_agrees, brute, odds

PISTOL = {"name": "Pistol", "damage": "2d6", "damage_type": "piercing", "kind": "ranged"}


def attacker():
    return dict(copy.deepcopy(C.EXAMPLE_ATTACKER), weapons=[PISTOL])


def what_the_hit_did(before: dict, after: dict) -> str:
    """The defender's sheet after the hit, read in the rules' words (this test's oracle)."""
    if after["dead"]:
        return "dead"
    if "Dying" in after["conditions"] and "Dying" not in before["conditions"]:
        return "dying"
    return "wounded" if after["wounds"] > before["wounds"] else "no effect"


def attack_key(defender):
    def key(result):
        if "defended" in result.flags:
            return f"hit, but the {result.details['defence']} negates it"
        if not result.success:
            return "miss"
        return "hit: " + what_the_hit_did(defender, result.states["semiautomagic.creature"])

    return key


def labels(answer, section="outcomes"):
    rows = answer[section] if section == "outcomes" else answer["tables"][0]["outcomes"]
    return [row["label"] for row in rows]


def test_attack_with_a_weapon_shows_what_the_hit_does_in_order():
    # Ranged Skill 1 vs Target 4, a dodge (Reflex 1) vs DC 7; 2d6 vs Toughness 9 / Minimum Toughness 3
    args = {"attacker": attacker(), "creature": C.EXAMPLE_HUMAN, "weapon": "Pistol", "defence": "dodge"}
    answer = odds("semiautomagic.attack", args)
    assert labels(answer) == ["miss", "hit, but the dodge negates it", "hit: no effect", "hit: wounded", "hit: dying"]
    assert_agrees(answer, brute("semiautomagic.attack", args, attack_key(C.EXAMPLE_HUMAN)))


def test_damage_rolled_is_a_table_by_amount_not_by_text():
    args = {"attacker": attacker(), "creature": C.EXAMPLE_HUMAN, "weapon": "Pistol"}
    answer = odds("semiautomagic.attack", args)
    table = answer["tables"][0]
    assert table["title"] == "Damage rolled"
    assert labels(answer, "table") == ["no damage (no hit)"] + [f"{n} damage" for n in range(2, 13)]

    def amount(result):
        return f"{result.details['damage']} damage" if "damage" in result.details else "no damage (no hit)"

    shown = {row["label"]: Fraction(row["p"]) for row in table["outcomes"]}
    assert_agrees(answer, brute("semiautomagic.attack", args, amount), section=shown)


def test_a_hit_on_the_dying_can_kill_and_reads_last():
    dying = dict(copy.deepcopy(C.EXAMPLE_HUMAN), wounds=1, conditions={"Dying": {"seconds": None, "dc": 4}})
    args = {"attacker": attacker(), "creature": dying, "weapon": "Pistol"}
    answer = odds("semiautomagic.attack", args)
    # a shot is rolled even at the Helpless; 2d6 above Minimum Toughness 2 (one wound) kills, a 2 does nothing
    assert labels(answer) == ["miss", "hit: no effect", "hit: dead"]
    assert_agrees(answer, brute("semiautomagic.attack", args, attack_key(dying)))


def test_take_a_hit_odds_read_from_no_effect_to_the_worst():
    hurt = C.new_creature("Rook")  # Toughness 9, Minimum Toughness 3: 3d6 can do nothing, wound or start Dying
    args = {"creature": hurt, "damage": "3d6"}
    answer = odds("semiautomagic.apply_damage", args)
    shown = labels(answer)
    assert shown == [what for what in HIT_ORDER if what in shown] and shown[0] == "no effect" and shown[-1] == "dying"

    def key(result):
        return what_the_hit_did(hurt, result.state)

    assert_agrees(answer, brute("semiautomagic.apply_damage", args, key))


def test_attack_without_a_weapon_is_the_roll_alone():
    cat_sized = dict(copy.deepcopy(C.EXAMPLE_HUMAN), scale=-1)  # Target 5: Weapon Skill 3 misses on a 1
    args = {"attacker": C.EXAMPLE_ATTACKER, "creature": cat_sized}
    answer = odds("semiautomagic.attack", args)
    assert labels(answer) == ["miss", "hit"] and answer["tables"] == []
