"""Form fields shared by the Call of Cthulhu operations (declared once; rules/coc.md)."""

from __future__ import annotations

from py_rules.coc.investigator import EXAMPLE, EXAMPLE_OPPONENT, from_dict, skill_name
from py_rules.coc.tables import CHARACTERISTICS, DIFFICULTIES, SKILL_BASES
from py_rules.params import Param

__all__ = (
    "INVESTIGATOR",
    "OPPONENT",
    "LABEL",
    "GOAL",
    "DIFFICULTY",
    "BONUS",
    "PENALTY",
    "SKILL",
    "CHARACTERISTIC",
    "with_states",
    "EXAMPLE_AFTER_A_FAILED_ROLL",
    "EXAMPLE_WITH_TICKS",
    "EXAMPLE_MAJOR_WOUND",
    "EXAMPLE_DYING",
)

INVESTIGATOR = Param(
    "investigator",
    "json",
    "Investigator",
    "The investigator sheet as JSON (schema coc.investigator/1): characteristics, Luck, skills (base values for the "
    "rest), current HP/MP/SAN and conditions (rules/coc.md §3.2). Results carry the updated sheet.",
    parse=from_dict,
    example=EXAMPLE,
    state_key="coc.investigator",
)
OPPONENT = Param(
    "opponent",
    "json",
    "Opponent",
    "The other side (an NPC or another investigator), same JSON schema as an investigator (rules/coc.md §3.2).",
    parse=from_dict,
    example=EXAMPLE_OPPONENT,
    state_key="coc.opponent",
)
EXAMPLE_AFTER_A_FAILED_ROLL = {
    **EXAMPLE,
    "last_roll": {
        "kind": "skill",
        "name": "Spot Hidden",
        "value": 55,
        "difficulty": "Regular",
        "bonus": 0,
        "penalty": 0,
        "roll": 95,
        "level": 1,
        "success": False,
        "pushed": False,
        "luck_spent": 0,
    },
}
"""The sample investigator just after a failed Spot Hidden roll: it may be pushed (seed 003, Pushing a Roll)."""
EXAMPLE_WITH_TICKS = {**EXAMPLE, "ticks": ["Spot Hidden", "Psychology", "Listen"]}
"""The sample investigator at the end of a scenario with three skills ticked (rules/coc.md §3.15)."""
EXAMPLE_MAJOR_WOUND = {**EXAMPLE, "hp": 4, "conditions": {"major_wound": True}}
"""The sample investigator with a major wound: a week's healing is a CON roll (seed 003, Major Wound Characters)."""
EXAMPLE_DYING = {**EXAMPLE, "hp": 0, "conditions": {"major_wound": True, "unconscious": True, "dying": True}}
"""The sample investigator at 0 HP after a major wound: dying, a CON roll every round (seed 003, When HP Falls Below
Zero)."""

LABEL = Param("label", "text", "Label", "Who rolls and what for; echoed in the result.", default="")
GOAL = Param(
    "goal", "text", "Goal", "Seed 003, Rolling Dice: agree on a goal with the Keeper before the roll.", default=""
)
DIFFICULTY = Param(
    "difficulty",
    "choice",
    "Difficulty",
    "rules/coc.md §3.4: the Keeper may demand a Regular, Hard (half) or Extreme (fifth) success.",
    default="Regular",
    choices=DIFFICULTIES,
)
BONUS = Param(
    "bonus",
    "int",
    "Bonus dice",
    "Seed 003, Bonus Dice: extra tens dice, keep the better; bonus and penalty "
    "dice cancel, at most 2 remain (rules/coc.md §3.3).",
    default=0,
    minimum=0,
    maximum=5,
)
PENALTY = Param(
    "penalty",
    "int",
    "Penalty dice",
    "Seed 003, Penalty Dice: extra tens dice, keep the worse; they cancel "
    "bonus dice one for one, at most 2 remain (rules/coc.md §3.3).",
    default=0,
    minimum=0,
    maximum=5,
)
SKILL = Param(
    "skill",
    "choice",
    "Skill",
    "The skill rolled; skills not on the sheet use their base value (rules/coc.md §3.2); "
    "any speciality of a family is one too, e.g. Language (Other) (Latin) (rules/coc.md §3.2a).",
    default="Spot Hidden",
    choices=tuple(SKILL_BASES),
    parse=skill_name,
)
CHARACTERISTIC = Param(
    "characteristic",
    "choice",
    "Characteristic",
    "rules/coc.md §3.2: a characteristic roll (CON roll, INT roll …) uses the characteristic as the value.",
    default="CON",
    choices=CHARACTERISTICS,
)


def with_states(result, key: str = "coc.investigator"):
    """Record the new state under its state_key in ``result.states`` (two-sided operations fill it themselves)."""
    if result.state is not None and not result.states:
        result.states[key] = result.state
    return result
