"""Parameters shared by the Armageddon operations, each declared once with its rule source.

Settings (``setting=True``) are the rules/armageddon.md §1.16 ambiguities, each with the
project default; the page groups them as house rules.
"""

from __future__ import annotations

from py_rules.armageddon.character import EXAMPLE, from_dict
from py_rules.armageddon.checks import TIE_RULES
from py_rules.armageddon.fear import parse_fear_table
from py_rules.armageddon.tables import (
    ATTRIBUTES,
    DEFAULT_TURN_SECONDS,
    FEAR_TABLE,
    MENTAL_ATTRIBUTES,
    RULE_OF_ONE_MODES,
    TARGET_NUMBER,
)
from py_rules.modifiers import MODIFIERS_HELP
from py_rules.params import Param

CHARACTER_HELP = (
    "The character as JSON (schema armageddon.character/1): kind mundane/gifted/supernatural, the six "
    "Attributes, skills, essence_channeling, items with weights in lb; current pools, conditions and timers are "
    "kept by the operations (rules/armageddon.md §1.3–1.4, §1.17)."
)

CHARACTER = Param(
    "character", "json", "Character", CHARACTER_HELP, parse=from_dict, example=EXAMPLE, state_key="armageddon.character"
)
EXAMPLE_BELOW_0_LP = {**EXAMPLE, "current": {"life_points": -2}}
"""The sample character at −2 LP: he owes a Consciousness Test, and without medical care a daily Survival Test
(seed 000, Life Points; Healing & Resuscitation)."""
EXAMPLE_DEATH_PENDING = {
    **EXAMPLE,
    "current": {"life_points": -15},
    "conditions": ["unconscious", "death_pending"],
    "timers": {"death_seconds": 360},
}
"""The sample character after a failed Survival Test, six minutes left to resuscitate him (seed 000)."""
EXAMPLE_DYING = {
    **EXAMPLE,
    "current": {"life_points": -15},
    "conditions": ["unconscious", "dying"],
    "timers": {"survival_seconds": 60, "survival_tests": 1},
}
"""The sample character at −15 LP, his first Survival Test passed: the next is due in a minute unless First Aid
stabilises him (seed 000, Life Points: Survival Tests)."""
EXAMPLE_BELOW_0_EP = {**EXAMPLE, "current": {"endurance_points": -3}}
"""The sample character at −3 EP: a Consciousness Test every Turn (seed 000, Endurance Points)."""
EXAMPLE_BELOW_0_ESSENCE = {**EXAMPLE, "current": {"essence": -5}}
"""The sample character at −5 Essence: a Willpower Test is owed (seed 000, Essence)."""

CHARACTER_OPTIONAL = Param(
    "character",
    "json",
    "Character (optional)",
    CHARACTER_HELP + " Optional: when given, the penalties of their state apply (rules/armageddon.md §1.15).",
    default=None,
    parse=from_dict,
    example=EXAMPLE,
    state_key="armageddon.character",
)

LABEL = Param("label", "text", "Label", "Who rolls and what for; echoed in the result.", default="")
MODIFIERS = Param("modifiers", "text", "Modifiers", MODIFIERS_HELP, default="")
TN = Param(
    "tn",
    "int",
    "Target Number",
    "Seed 000, The Basics: the Target Number for nearly all rolls is 9.",
    default=TARGET_NUMBER,
    minimum=1,
    maximum=30,
    setting=True,
)
RULE_OF_ONE = Param(
    "rule_of_one_mode",
    "choice",
    "Rule of 1 reading",
    "rules/armageddon.md §1.5/§1.16 A1: 'replace' (the seed's example, 1 then 3 = −2), 'literal' (1 + (r − 5)), "
    "or 'afmbe_foundry'.",
    default="replace",
    choices=RULE_OF_ONE_MODES,
    setting=True,
)
TAGS = Param(
    "tags",
    "choice",
    "Roll needs silence / fast reactions",
    "Seed 000, Encumbrance: Encumbrance penalises Tasks and Tests requiring silence (e.g. Stealth) or fast "
    "reaction times (e.g. Initiative); rules/armageddon.md §1.14.",
    default="none",
    choices=("none", "silence", "reaction", "silence and reaction"),
)
ATTRIBUTE_NAME = Param(
    "attribute_name",
    "choice",
    "Attribute",
    "rules/armageddon.md §1.3: the Attribute the roll uses.",
    default="Dexterity",
    choices=ATTRIBUTES,
)

INJURY_CAP = Param(
    "injury_penalty_cap",
    "int",
    "Injury penalty cap",
    "rules/armageddon.md §1.9/A6: 0 = literal (−1 per LP below 6 without limit: −6 at 0 LP, −7 at −1 …); e.g. 5 caps it at −5.",
    default=0,
    minimum=0,
    maximum=50,
    setting=True,
)
STACK_ESSENCE = Param(
    "stack_essence_penalties",
    "bool",
    "Stack the Essence penalties",
    "rules/armageddon.md §1.12/A12: whether the −1 (half Essence, mental) stacks with the −3 (Essence 1 or less); "
    "default no, the worse applies.",
    default=False,
    setting=True,
)
ESSENCE_MENTAL_TESTS = Param(
    "essence_penalty_on_mental_tests",
    "bool",
    "Half-Essence −1 on mental Tests too",
    "rules/armageddon.md §1.12/A12: the seed says 'mental Tasks'; by default the −1 applies to mental Tests as well.",
    default=True,
    setting=True,
)
PENALTY_SETTINGS = (INJURY_CAP, STACK_ESSENCE, ESSENCE_MENTAL_TESTS)
ROLL_SETTINGS = (TN, RULE_OF_ONE) + PENALTY_SETTINGS

TURN_SECONDS = Param(
    "turn_seconds",
    "int",
    "Seconds per Turn",
    "rules/armageddon.md §1.2/A15: a Turn is a few seconds; the default is 5 s (12 Turns a minute).",
    default=DEFAULT_TURN_SECONDS,
    minimum=1,
    maximum=60,
    setting=True,
)
WAKE_AT = Param(
    "wake_at",
    "choice",
    "Wake up at LP",
    "Seed 000: an unconscious character regains consciousness once back at 0 LPs; rules/armageddon.md §1.16 A7 default 0, "
    "option 1.",
    default="0",
    choices=("0", "1"),
    setting=True,
)
CONSCIOUSNESS_TIMING = Param(
    "consciousness_timing",
    "choice",
    "Consciousness Tests at 0 LP or below",
    "rules/armageddon.md §1.9/A8: 'on_damage' = when LP first fall to 0 or below and on each new damage; 'every_turn' "
    "adds one every Turn.",
    default="on_damage",
    choices=("on_damage", "every_turn"),
    setting=True,
)
CARE_OVERSHOOT = Param(
    "care_overshoot",
    "choice",
    "Medical care past 0 LP",
    "rules/armageddon.md §1.10/A10: healing +Constitution per day stops at 0 on the day it gets there ('cap_at_zero'), "
    "or the surplus carries ('carry_surplus').",
    default="cap_at_zero",
    choices=("cap_at_zero", "carry_surplus"),
    setting=True,
)
FIRST_AID_SCOPE = Param(
    "first_aid_scope",
    "choice",
    "Who First Aid helps",
    "rules/armageddon.md §1.10/A11: the seed describes First Aid at −10 LP or below; by default it also gives +1 LP per "
    "Success Level to other injured characters, once per injury.",
    default="any_injury",
    choices=("any_injury", "dying_only"),
    setting=True,
)
ESSENCE_TIMING = Param(
    "essence_check_timing",
    "choice",
    "When the Essence checks are rolled",
    "rules/armageddon.md §1.12/A13: on each Essence loss while below 0 ('each_loss'), or once per day ('daily').",
    default="each_loss",
    choices=("each_loss", "daily"),
    setting=True,
)
ESSENCE_FAILURE = Param(
    "essence_failure_effect",
    "choice",
    "Failed Willpower Test below 0 Essence",
    "Seed 000, Essence: each failure costs a point of a mental Attribute, or (Chronicler's discretion) gives a "
    "temporary 2-point Mental Drawback.",
    default="attribute",
    choices=("attribute", "drawback"),
    setting=True,
)
MENTAL_LOST = Param(
    "mental_attribute_lost",
    "choice",
    "Mental Attribute that loses the point",
    "Seed 000, Essence: 1 point from a mental Attribute (rules/armageddon.md §1.16 A13: the player chooses, the Chronicler may "
    "override); if it has none left, the next one.",
    default="Willpower",
    choices=MENTAL_ATTRIBUTES,
)
ESSENCE_SETTINGS = (ESSENCE_TIMING, ESSENCE_FAILURE, MENTAL_LOST)
USE_FEAR_EFFECTS = Param(
    "use_fear_table_effects",
    "bool",
    "Apply the Fear Table's extra effects",
    "Seed 000, Fear Tests: a failed Fear Test freezes for one Turn and costs Essence (read from the Fear Table); "
    "the Chronicler MAY also consult the table for additional effects (rules/armageddon.md §1.13). Off by default: the "
    "shipped table is a placeholder, so its extra effects (longer freezes) apply only when switched on.",
    default=False,
    setting=True,
)
FEAR_TABLE_PARAM = Param(
    "fear_table",
    "json",
    "Fear Table (replacement)",
    "rules/armageddon.md §1.13: the shipped Fear Table is a PLACEHOLDER for Armageddon p. 124; paste the book's rows here "
    "(min_margin, max_margin, effect, essence_dice, frozen_turns) or leave empty for the placeholder.",
    default=None,
    parse=parse_fear_table,
    example=[dict(row) for row in FEAR_TABLE],
    setting=True,
)
TIE_RULE = Param(
    "tie_rule",
    "choice",
    "Tie rule",
    "rules/armageddon.md §1.7/A4: the seed does not settle equal totals of 9 or more; 'stalemate' (default, the status quo "
    "stands), 'defender_wins', 'reroll' (both roll again) or 'compare_sl' (equal totals have equal Success "
    "Levels, so it is a stalemate too).",
    default="stalemate",
    choices=TIE_RULES,
    setting=True,
)


def tags_of(value: str) -> tuple[str, ...]:
    """``"silence and reaction"`` → ``("silence", "reaction")``."""
    return tuple(t for t in ("silence", "reaction") if t in (value or ""))
