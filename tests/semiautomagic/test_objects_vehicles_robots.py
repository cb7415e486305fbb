"""Objects, vehicles and robots by the rules (seed 002, Toughness; Health; EMP; Mobility Penalty; rules/semiautomagic.md §2.5,
§2.9): an object has no Endurance (it counts as 3), cannot act, is destroyed above its Toughness and repaired with
Engineering; a vehicle or a robot acts as a creature does and is electronic, so an EMP above the EMP Toughness of its
complexity (declared on its sheet) stops it until it is repaired; armour and size do not count against an EMP."""

import pytest

from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.sheet import SHEET
from tests.door import answer, refused

SCHEMA = T.SCHEMA


def sheet(kind, **fields):
    return {"schema": SCHEMA, "name": f"A {kind}", "kind": kind, **fields}


def hit(target, damage, damage_type="Slashing", **args):
    return answer("semiautomagic.apply_damage", creature=target, damage=str(damage), damage_type=damage_type, **args)


def capacity(target):
    return answer("semiautomagic.capacity", creature=target)["details"]


@pytest.mark.parametrize("kind", T.MACHINE_KINDS)
def test_a_vehicle_or_robot_acts_as_a_creature_with_will_and_its_emp_complexity_from_the_sheet(kind):
    machine = C.from_dict(sheet(kind))
    assert machine["emp_complexity"] == SHEET.kind_defaults[kind]["emp_complexity"]
    derived = C.derive(machine)
    assert derived["will"] == machine["abilities"]["Spirit"] + T.WILL_BASE
    assert derived["action_seconds"] == T.ROUND_SECONDS and derived["can_defend"]
    assert derived["emp_toughness"] == T.EMP_TOUGHNESS[machine["emp_complexity"]][0]
    assert capacity(machine)["can_act"]
    chosen = C.from_dict(sheet(kind, emp_complexity="Very Simple"))
    assert C.derive(chosen)["emp_toughness"] == T.EMP_TOUGHNESS["Very Simple"][0]


def test_an_emp_above_a_robots_emp_toughness_stops_it_until_it_is_repaired():
    robot = C.from_dict(sheet("robot", emp_complexity="Advanced"))
    emp_toughness = T.EMP_TOUGHNESS["Advanced"][0]
    same = hit(robot, emp_toughness, "EMP")
    assert same["state"] == robot  # not more than its EMP Toughness: no effect
    stopped = hit(robot, emp_toughness + 1, "EMP")["state"]
    assert stopped["emp_disabled"] and stopped["wounds"] == 0  # an EMP wounds nothing
    details = capacity(stopped)
    assert not details["can_act"] and not details["can_defend"]
    assert "EMP" in details["headline"]
    assert C.action_seconds(stopped)[0] == 0
    refusal = refused("semiautomagic.attack", attacker=stopped, creature=C.EXAMPLE_HUMAN, dice=[6])
    assert refusal["code"] == "not_allowed" and "EMP" in refusal["message"], refusal
    repaired = answer("semiautomagic.repair", creature=stopped, bonus=3, dc=4, dice=[6])
    assert repaired["success"] and repaired["state"]["emp_disabled"] is False
    assert capacity(repaired["state"])["can_act"]


def test_armour_and_size_are_irrelevant_to_an_emp():
    small = C.from_dict(sheet("vehicle", emp_complexity="Moderate"))
    big = C.from_dict(
        sheet(
            "vehicle",
            emp_complexity="Moderate",
            scale=3,
            defence={"durability": 8},
            armour={"name": "plating", "defence": 6, "mobility_penalty": 0},
        )
    )
    for damage in range(0, 10):
        assert (
            hit(small, damage, "EMP")["state"]["emp_disabled"]
            == hit(big, damage, "EMP")["state"]["emp_disabled"]
            == (damage > T.EMP_TOUGHNESS["Moderate"][0])
        )


def test_an_emp_reaches_no_living_creature_and_no_object_without_electronics():
    for target in (C.EXAMPLE_HUMAN, sheet("object", defence={"durability": 2})):
        result = hit(target, 12, "EMP")
        assert result["state"] == C.from_dict(target) and "immune" in result["flags"]


def test_a_robot_takes_damage_as_a_creature_does_and_rests_do_not_heal_it():
    robot = C.from_dict(sheet("robot"))
    toughness = C.toughness(robot)
    wounded = hit(robot, toughness - T.MINIMUM_GAP + 1)["state"]
    assert wounded["wounds"] == 1
    dying = hit(robot, toughness)["state"]
    assert "Dying" in dying["conditions"] and not dying["destroyed"]
    rested = answer("semiautomagic.advance_days", creature=wounded, days=3, slept_8h=True, bedridden=True)["state"]
    assert rested["wounds"] == 1
    fixed = answer("semiautomagic.repair", creature=wounded, bonus=3, dc=4, wounds=1, dice=[6])["state"]
    assert fixed["wounds"] == 0


def test_an_object_is_destroyed_only_by_more_than_its_toughness_and_repaired_with_engineering():
    radio = C.from_dict(C.EXAMPLE_OBJECT)
    toughness = C.toughness(radio)
    assert toughness == T.SCALE_TABLE[radio["scale"]][1] + T.OBJECT_ENDURANCE + radio["defence"]["durability"]
    at = hit(radio, toughness)["state"]
    assert at["wounds"] == 1 and not at["destroyed"]  # rules/semiautomagic.md §2.14 S12: objects strictly more
    above = hit(radio, toughness + 1)["state"]
    assert above["destroyed"]
    assert not capacity(above)["can_act"]
    assert hit(radio, toughness + 5, nonlethal=True)["state"] == radio  # immune to nonlethal damage
    fixed = answer("semiautomagic.repair", creature=above, bonus=2, dc=3, wounds=1, dice=[5])["state"]
    assert not fixed["destroyed"] and fixed["wounds"] == 0
    failed = answer("semiautomagic.repair", creature=above, bonus=0, dc=6, wounds=1, dice=[1])
    assert not failed["success"] and failed["state"]["destroyed"]


def test_an_object_cannot_act_and_a_creature_is_healed_not_repaired():
    radio = C.from_dict(C.EXAMPLE_OBJECT)
    assert C.derive(radio)["will"] is None and C.action_seconds(radio)[0] == 0
    assert not capacity(radio)["can_act"]
    assert refused("semiautomagic.repair", creature=C.EXAMPLE_HUMAN, bonus=3, dc=4, dice=[6])["code"] == "not_an_object"


@pytest.mark.parametrize(
    "field, value",
    [
        ("abilities", {"Strength": 3}),
        ("morale_penalties", 1),
        ("conditions", {"Stunned": {}}),
        ("dead", True),
        ("armour", {"name": "vest", "defence": 1, "mobility_penalty": 0}),
    ],
)
def test_an_object_holds_nothing_of_a_living_thing(field, value):
    error = refused("semiautomagic.describe_creature", creature=sheet("object", **{field: value}))
    assert error["code"] == "not_allowed" and error["path"] == field


@pytest.mark.parametrize("field, value", [("emp_complexity", "Simple"), ("emp_disabled", True), ("destroyed", True)])
def test_a_creature_is_not_electronic_and_dies_rather_than_being_destroyed(field, value):
    error = refused("semiautomagic.describe_creature", creature=sheet("creature", **{field: value}))
    assert error["code"] == "not_allowed" and error["path"] == field


def test_items_and_armour_mobility_penalties_stack_and_slow_every_movement_type():
    """Seed 002, Mobility Penalty: "Multiple mobility penalties stack", half a square each, from all speeds."""
    walker = C.from_dict(
        sheet(
            "creature",
            movement={"walk": 6, "swim": 3},
            armour={"name": "chain", "defence": 2, "mobility_penalty": 1},
            items=[{"name": "anvil", "mobility_penalty": 2}, {"name": "rope", "mobility_penalty": 0}],
            mobility_penalties={"wet cloak": 1},
        )
    )
    assert C.mobility_total(walker) == 4
    assert C.mobility_sources(walker) == [("chain", 1), ("anvil", 2), ("wet cloak", 1)]
    assert C.movement(walker) == {"walk": 4, "swim": 1}
    details = answer("semiautomagic.skill_check", creature=walker, skill="Stealth", dc=4, dice=[6])
    assert any(mod["value"] == -4 for mod in details["modifiers"])
    without = dict(walker, items=[])
    assert C.movement(C.from_dict(without)) == {"walk": 5, "swim": 2}


def test_an_item_without_a_name_or_with_a_penalty_past_its_bound_is_refused_naming_it():
    bound = SHEET.field("items.*.mobility_penalty").maximum
    error = refused(
        "semiautomagic.describe_creature",
        creature=sheet("creature", items=[{"name": "sack", "mobility_penalty": bound + 1}]),
    )
    assert error["path"] == "items.0.mobility_penalty" and "sack" in error["message"]
    error = refused("semiautomagic.describe_creature", creature=sheet("creature", items=[{"name": " "}]))
    assert error["path"] == "items.0.name"
