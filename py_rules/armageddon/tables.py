"""Armageddon rule tables as data (RULES.md §1.6; seed 000 "The Basics").

The Chronicler may edit these; functions read them, never hard-code them.
"""

TARGET_NUMBER = 9
"""Seed 000, The Basics: "The Target Number for nearly all rolls is 9"."""

GM_TITLE = "Chronicler"
"""Seed 000, The Basics: the Game Master is known as "The Chronicler"."""

OUTCOME_TABLE = (
    # (lowest total, Success Levels, name) for TN 9 — RULES.md §1.6 (Armageddon p. 123)
    (9, 1, "Adequate"),
    (11, 2, "Decent"),
    (13, 3, "Good"),
    (15, 4, "Very Good"),
    (17, 5, "Excellent"),
    (21, 6, "Extraordinary"),
    (24, 7, "Mind-Boggling"),
    (27, 8, "Outrageous"),
    (30, 9, "Superheroic"),
    (33, 10, "Godlike"),
)
"""Outcome Table rows; above the last row each further 3 points adds 1 SL."""

OUTCOME_BAND_BEYOND_TABLE = 3
"""RULES.md §1.6: "each further 3 points (36–38, 39–41, …) +1"."""

FAILURE_NAME = "Failure"

UNSKILLED_PENALTY = -2
"""Seed 000, Unskilled Attempts: Attribute + 1d10 with a −2 penalty."""

UNSKILLED_MAX_SUCCESS_LEVELS = 2
"""Seed 000, Unskilled Attempts: never better than "Decent" (second Success Level)."""

RULE_OF_ONE_MODES = ("replace", "literal", "afmbe_foundry")
"""RULES.md §1.5 / §1.16 A1; ``replace`` is the project default."""
