"""Parameters shared by the Semiautomagic operations, each citing its rule (rules/semiautomagic.md §2.14 settings)."""

from __future__ import annotations

from py_rules.modifiers import MODIFIERS_HELP
from py_rules.params import Param
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.semiautomagic.dying import DYING_ORDERS

CREATURE_HELP = (
    "The creature, object, vehicle or robot as JSON (schema semiautomagic.creature/1), as its sheet is declared "
    "(semiautomagic/sheet.py): kind, scale (−1 to 10), abilities, skills, defence sources (natural_armour, "
    "worn_armour, durability, unarmoured, other — they do not stack), wounds, morale_penalties, mobility_penalties, "
    "movement, emp_complexity, conditions, weapons, armour, items (seed 002; rules/semiautomagic.md §2.3)."
)

CREATURE = Param(
    "creature",
    "json",
    "Creature or object",
    CREATURE_HELP,
    parse=C.from_dict,
    example=C.EXAMPLE_HUMAN,
    state_key="semiautomagic.creature",
)
EXAMPLE_DYING = {**C.EXAMPLE_HUMAN, "wounds": 1, "conditions": {"Dying": {"dc": 4}}}
"""The sample human dying after a wound: a dying round each round (seed 002, Health: Dying)."""
EXAMPLE_DEAD = {**C.EXAMPLE_HUMAN, "wounds": 1, "dead": True, "seconds_dead": 6}
"""The sample human dead one round: Resuscitate still works (seed 002, Medicine)."""
EXAMPLE_OBJECT = {"schema": T.SCHEMA, "name": "Radio", "kind": "object", "scale": -1, "wounds": 1}
"""A wounded object, for a repair (seed 002, Health: objects are repaired, not healed)."""
EXAMPLE_CONFUSED = {**C.EXAMPLE_HUMAN, "conditions": {"Confused": {}}}
EXAMPLE_STAGGERED = {**C.EXAMPLE_HUMAN, "conditions": {"Staggered": {"seconds": 18}}}
EXAMPLE_SLEEPING = {**C.EXAMPLE_HUMAN, "conditions": {"Sleeping": {}}}
EXAMPLE_SOUL_COMA = {**C.EXAMPLE_HUMAN, "conditions": {"Soul Coma": {"dc": 1, "seconds_to_check": 3600}}}
"""The sample human in the condition an operation acts on (seed 002, Conditions)."""

ATTACKER = Param(
    "attacker",
    "json",
    "Attacker",
    "The attacking creature as JSON (same format as the creature; "
    "rules/semiautomagic.md §2.4: its skill minus its Scale is the attack bonus).",
    parse=C.from_dict,
    example=C.EXAMPLE_ATTACKER,
    state_key="semiautomagic.attacker",
)
LABEL = Param("label", "text", "Label", "Who rolls and what for; echoed in the result.", default="")
MODIFIERS = Param("modifiers", "text", "Modifiers", MODIFIERS_HELP, default="")

DYING_RULE = Param(
    "dying_rule",
    "choice",
    "Dying rule",
    "rules/semiautomagic.md §2.14 S1: 'health' (seed's Health section: dying at damage ≥ Toughness, DC 4, −1 per wound) or "
    "'conditions' (seed's Conditions section: damage > Toughness, DC 6, no wound penalty).",
    default="health",
    choices=tuple(T.DYING_RULES),
    setting=True,
)
DYING_TRIGGER = Param(
    "dying_trigger",
    "choice",
    "Dying trigger",
    "rules/semiautomagic.md §2.14 S1: the comparison that starts Dying — 'by_rule' (follows the dying rule), "
    "'equal_or_more' (damage ≥ Toughness) or 'more' (damage > Toughness).",
    default="by_rule",
    choices=T.DYING_TRIGGERS,
    setting=True,
)
DYING_ORDER = Param(
    "dying_order",
    "choice",
    "Order within a dying round",
    "rules/semiautomagic.md §2.14 S5: the d10 stabilisation roll before the endurance check ('stabilise_first') or after it.",
    default="stabilise_first",
    choices=DYING_ORDERS,
    setting=True,
)
BLANK_ROWS = Param(
    "blank_rows",
    "choice",
    "Blank Confusion rows (16–17)",
    "rules/semiautomagic.md §2.14 S2: rows 16 and 17 are blank in the seed — 'reroll' them or read them as 'no_action' "
    "(stares into space).",
    default="reroll",
    choices=T.BLANK_CONFUSION_ROWS,
    setting=True,
)
CARETAKER = Param(
    "caretaker_medicine",
    "int",
    "Caretaker's Medicine bonus",
    "Seed 002, Soul Coma: a caretaker may make the hourly check with Medicine (Long-Term Care; the seed's "
    "'Treat Injury', rules/semiautomagic.md §2.14 S11) and then the DC does not rise. Leave empty if nobody tends the body.",
    default=None,
    minimum=-20,
    maximum=40,
)


def skill_bonus(name: str, label: str, help_text: str, default: int = 0) -> Param:
    return Param(name, "int", label, help_text, default=default, minimum=-20, maximum=40)
