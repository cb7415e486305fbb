"""Automatic modifiers from the character's state (U10; rules/armageddon.md §1.15).

Each one is a labelled :class:`Modifier` citing its seed bullet, so the player
sees why a total changed: injury below 6 LP, tired at 5 EP or less, Essence at
half or below (mental rolls) and at 1 or less, encumbrance on rolls tagged
``silence`` or ``reaction``.
"""

from __future__ import annotations

from dataclasses import dataclass

from py_rules.armageddon.encumbrance import load_of
from py_rules.armageddon.tables import (
    DEPRESSED_PENALTY,
    DEPRESSED_THRESHOLD,
    INJURY_THRESHOLD,
    MENTAL_ATTRIBUTES,
    NUMB_PENALTY,
    TIRED_PENALTY,
    TIRED_THRESHOLD,
)
from py_rules.trace import Modifier

__all__ = (
    "PenaltySettings",
    "automatic_modifiers",
    "essence_choice",
    "injury_penalty",
    "state_conditions",
    "is_mental",
)

_INJURY = "seed 000, Life Points: −1 per LP below 6"
_TIRED = "seed 000, Endurance Points: 5 EP or less, −2 to all actions"
_NUMB = "seed 000, Essence: half or lower, −1 to mental Tasks; rules/armageddon.md §1.16 A12"
_DEPRESSED = "seed 000, Essence: 1 or 0 points, all actions at −3; rules/armageddon.md §1.12: 1 or less"
_ENCUMBRANCE = "seed 000, Encumbrance: penalty to rolls needing silence or fast reactions"


@dataclass(frozen=True)
class PenaltySettings:
    """House-rule settings that change the automatic modifiers (rules/armageddon.md §1.16 A6, A12)."""

    injury_penalty_cap: int = 0
    """0 = literal (−6 at 0 LP, −7 at −1 …); otherwise the largest injury penalty (e.g. 5)."""
    stack_essence_penalties: bool = False
    """A12: whether the −1 (half Essence) stacks with the −3 (1 or less); default: the worse applies."""
    essence_penalty_on_mental_tests: bool = True
    """A12: the −1 for mental Tasks also applies to mental Tests."""


def injury_penalty(life_points: int, cap: int = 0) -> int:
    """−1 per LP below 6 (seed 000); ``cap`` > 0 limits its size (A6 option).

    >>> [injury_penalty(lp) for lp in (6, 5, 1, 0, -3)], injury_penalty(-3, cap=5)
    ([0, -1, -5, -6, -9], -5)
    """
    penalty = min(0, life_points - INJURY_THRESHOLD)
    return max(penalty, -cap) if cap else penalty


def is_mental(attribute_names) -> bool:
    """A roll is mental when every Attribute it uses is mental (rules/armageddon.md §1.3)."""
    names = [n for n in attribute_names if n]
    return bool(names) and all(n in MENTAL_ATTRIBUTES for n in names)


def automatic_modifiers(
    character: dict,
    *,
    attributes=(),
    kind: str = "task",
    tags=(),
    exclude=(),
    settings: PenaltySettings = PenaltySettings(),
) -> list[Modifier]:
    """The state's modifiers for a roll on ``attributes`` (U10).

    ``kind`` is "task" or "test" (A12: the mental −1 reaches Tests only with the
    setting); ``tags`` may hold "silence"/"reaction" (encumbrance); ``exclude``
    names components a procedure replaces with its own penalty ("injury" for
    Consciousness and Survival Tests, A6; "essence" for the Essence checks).
    """
    current = character["current"]
    modifiers = []
    lp = current["life_points"]
    if "injury" not in exclude:
        value = injury_penalty(lp, settings.injury_penalty_cap)
        if value:
            modifiers.append(Modifier(f"injured ({lp} LP)", value, _INJURY))
    ep = current["endurance_points"]
    if "tired" not in exclude and ep <= TIRED_THRESHOLD:
        modifiers.append(Modifier(f"tired ({ep} EP)", TIRED_PENALTY, _TIRED))
    if "essence" not in exclude:
        modifiers.extend(_essence(character, attributes, kind, settings))
    if "encumbrance" not in exclude and tags:
        load = load_of(character)
        if load.penalty and any(tag in tags for tag in ("silence", "reaction")):
            which = " and ".join(tag for tag in ("silence", "reaction") if tag in tags)
            modifiers.append(Modifier(f"{load.level} encumbrance ({which})", load.penalty, _ENCUMBRANCE))
    return modifiers


def _essence(character, attributes, kind, settings) -> list[Modifier]:
    essence = character["current"]["essence"]
    maximum = character["derived"]["essence"]
    numb = (
        2 * essence <= maximum
        and is_mental(attributes)
        and (kind == "task" or settings.essence_penalty_on_mental_tests)
    )
    depressed = essence <= DEPRESSED_THRESHOLD
    result = []
    if numb and (settings.stack_essence_penalties or not depressed):
        result.append(Modifier(f"numb (Essence {essence} of {maximum}, mental roll)", NUMB_PENALTY, _NUMB))
    if depressed:
        result.append(Modifier(f"deeply depressed (Essence {essence})", DEPRESSED_PENALTY, _DEPRESSED))
    return result


def essence_choice(character: dict, attributes, kind: str, settings: PenaltySettings = PenaltySettings()) -> str:
    """Why a roll takes the Essence penalty it takes, when two could apply: at 1 or less on a mental roll the
    −3 (deeply depressed) and the −1 (numb) both fit, and only the worse counts unless the setting stacks them
    (rules/armageddon.md §1.12, §1.16 A12). "" when at most one fits.

    >>> "only the worse" in essence_choice({"current": {"essence": -6}, "derived": {"essence": 14}}, ("Willpower",), "test")
    True
    """
    essence = character["current"]["essence"]
    maximum = character["derived"]["essence"]
    numb = (
        2 * essence <= maximum
        and is_mental(attributes)
        and (kind == "task" or settings.essence_penalty_on_mental_tests)
    )
    if not (numb and essence <= DEPRESSED_THRESHOLD):
        return ""
    if settings.stack_essence_penalties:
        return (
            f"Essence {essence}: deeply depressed {DEPRESSED_PENALTY:+d} (1 or less) and numb {NUMB_PENALTY:+d} "
            "(half or less, mental roll) both count: the setting 'stack the Essence penalties' is on"
        )
    return (
        f"Essence {essence}: deeply depressed {DEPRESSED_PENALTY:+d} (1 or less) counts, numb {NUMB_PENALTY:+d} "
        "(half or less, mental roll) does not: of the two Essence penalties only the worse applies"
    )


def state_conditions(character: dict) -> list[str]:
    """Conditions read from the pools: seriously_injured, tired, numb, depressed (U23)."""
    current = character["current"]
    found = []
    if current["life_points"] < INJURY_THRESHOLD:
        found.append("seriously_injured")
    if current["endurance_points"] <= TIRED_THRESHOLD:
        found.append("tired")
    if 2 * current["essence"] <= character["derived"]["essence"]:
        found.append("numb")
    if current["essence"] <= DEPRESSED_THRESHOLD:
        found.append("depressed")
    return found
