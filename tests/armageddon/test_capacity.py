"""Who can act, Armageddon (TABLE.md): seed 000 Fear Tests, Life Points, Endurance Points, Essence, Encumbrance;
rules/armageddon.md §1.8a (who makes no defence), §1.15 (the state's penalties)."""

from py_rules import api
from py_rules.armageddon.character import EXAMPLE, from_dict
from py_rules.armageddon.penalties import automatic_modifiers


def _char(**changes):
    character = from_dict(EXAMPLE)
    for key, value in changes.items():
        if key in ("life_points", "endurance_points", "essence"):
            character["current"][key] = value
        elif key == "frozen_seconds":
            character["timers"][key] = value
        else:
            character[key] = value
    return character


def _capacity(character, **args):
    answer = api.handle({"op": "armageddon.capacity", "args": {"character": character, **args}})
    assert answer["ok"], answer
    return answer["result"]


def test_fear_tests_a_failed_fear_test_freezes_him_for_his_turns_no_action_no_defence():
    result = _capacity(_char(conditions=["frozen"], frozen_seconds=10))
    details = result["details"]
    assert not details["can_act"] and not details["can_defend"]
    assert details["headline"] == "Can't act or defend: frozen by fear (2 Turns)"
    assert "armageddon.character_task" in details["forbidden"] and "armageddon.fear_test" not in details["forbidden"]
    assert _capacity(_char(conditions=["frozen"], frozen_seconds=10), turn_seconds=10)["details"]["headline"].endswith(
        "(1 Turn)"
    )


def test_life_points_an_unconscious_dying_character_makes_only_survival_tests():
    details = _capacity(_char(conditions=["knocked_down", "unconscious", "dying"], life_points=-12))["details"]
    assert not details["can_act"] and not details["can_defend"]
    assert details["only"] == ["Survival Tests"]
    assert "armageddon.survival_test" not in details["forbidden"] and "armageddon.test" in details["forbidden"]


def test_life_points_at_0_or_below_knocked_down_and_stunned_only_the_consciousness_test():
    details = _capacity(_char(conditions=["knocked_down", "semi_conscious"], life_points=-2))["details"]
    assert not details["can_act"] and details["only"] == ["Consciousness Tests"]
    assert "semi-conscious" in details["headline"]


def test_a_character_in_good_shape_can_act_with_no_penalty():
    result = _capacity(_char())
    assert result["details"]["can_act"] and result["details"]["penalties"] == []
    assert result["level_name"] == "Can act"


def test_essence_half_or_lower_shows_the_mental_penalty_with_the_rolls_it_reaches():
    character = _char()
    half = character["derived"]["essence"] // 2
    penalties = _capacity(_char(essence=half))["details"]["penalties"]
    assert [p["text"] for p in penalties] == [f"−1 mental rolls: Essence at half or below ({half} of {2 * half})"]
    # the number the card shows is the one a mental roll gets
    rolled = automatic_modifiers(_char(essence=half), attributes=("Willpower",))
    assert [m.value for m in rolled] == [p["value"] for p in penalties]


def test_life_and_endurance_points_injury_tiredness_and_depression_each_with_its_reason():
    penalties = _capacity(_char(life_points=3, endurance_points=4, essence=1))["details"]["penalties"]
    texts = [p["text"] for p in penalties]
    assert texts[0].startswith("−3 all rolls: injured, 3 LP")
    assert texts[1] == "−2 all rolls: tired, 4 EP (5 or less)"
    assert "−3 all rolls: deeply depressed, Essence 1 (1 or less)" in texts
    assert not any("mental" in text for text in texts)  # the worse applies (rules/armageddon.md §1.16 A12 default)


def test_essence_a_lost_willpower_point_lowers_willpower_until_essence_is_back_to_0():
    lowered = _capacity(_char(lost_attributes={"Willpower": 1}, essence=-3))["details"]["lowered"]
    base = EXAMPLE["attributes"]["Willpower"]
    assert lowered == [
        {
            "name": "Willpower",
            "value": base - 1,
            "base": base,
            "lost": 1,
            "until": "until Essence is back to 0 or more",
            "text": f"Willpower {base - 1} ({base}, −1 until Essence is back to 0 or more)",
        }
    ]


def test_encumbrance_penalty_names_the_rolls_it_reaches():
    character = _char(items=[{"name": "pack", "weight": 500}])
    penalties = _capacity(character)["details"]["penalties"]
    assert any("silence or fast reactions" in p["applies"] for p in penalties)


def test_dead_cannot_act_or_defend():
    details = _capacity(_char(conditions=["dead"]))["details"]
    assert details["headline"] == "Can't act or defend: dead"


def test_fear_tests_a_frozen_character_may_still_be_rolled_for_the_operations_do_not_refuse():
    assert _capacity(_char(conditions=["frozen"], frozen_seconds=5))["details"]["refused"] == []
    assert "armageddon.test" in _capacity(_char(conditions=["dead"]))["details"]["refused"]


def test_a_frozen_character_s_forbidden_test_still_rolls_at_the_door():
    frozen = _char(conditions=["frozen"], frozen_seconds=5)
    assert "armageddon.test" in _capacity(frozen)["details"]["forbidden"]
    assert api.handle({"op": "armageddon.test", "args": {"character": frozen, "attribute_name": "Willpower"}})["ok"]
