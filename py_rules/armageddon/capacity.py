"""Who can act, and what his state costs him (TABLE.md; seed 000 Fear Tests, Life Points, Endurance Points,
Essence, Encumbrance; rules/armageddon.md §1.8a defence, §1.15, §1.17 U23).

:func:`capacity` is pure: from a sheet it lists what the character may not do (act, defend), the rolls still
his while he cannot act, every penalty his state puts on his rolls (each with the rolls it reaches) and the
Attributes he has lost for a while; :mod:`py_rules.capacity` makes the door's answer.
"""

from __future__ import annotations

from py_rules.armageddon import condition_registry as R
from py_rules.armageddon.character import has, name_of
from py_rules.armageddon.encumbrance import load_of
from py_rules.armageddon.penalties import PenaltySettings, injury_penalty
from py_rules.armageddon.tables import (
    DEPRESSED_PENALTY,
    DEPRESSED_THRESHOLD,
    NUMB_PENALTY,
    TIRED_PENALTY,
    TIRED_THRESHOLD,
)
from py_rules.capacity import Limit, Lowered, Penalty, answer

__all__ = ("capacity", "limits_of", "penalties_of", "lowered_of", "ACT_OPS", "DEAD_OPS", "DEFENCE_OPS")

_ESSENCE_LOST = "seed 000, Essence: lost Attribute points return once Essence is brought back to at least 0"

ACT_OPS = (
    "armageddon.character_task",
    "armageddon.test",
    "armageddon.resisted",
    "armageddon.attack",
    "armageddon.roll_damage",
    "armageddon.initiative",
)
"""The rolls a character makes by his own choice (a Task, a Test, an attack and its damage, Initiative); the rest are
made on him (damage, First Aid), forced on him (Fear, Consciousness, Survival Tests) or the Chronicler's."""
DEAD_OPS = (
    "armageddon.restore_points",
    "armageddon.consciousness_test",
    "armageddon.survival_test",
    "armageddon.first_aid",
    "armageddon.resuscitate",
    "armageddon.lose_essence",
    "armageddon.essence_checks",
    "armageddon.fear_test",
    "armageddon.advance_days",
)
"""What each operation refuses a dead character besides acting (rules/armageddon.md §1.15: the dead roll nothing and
heal no more; the Chronicler may clear 'dead'). Listed in the answer so a card offers none of them
(tests/test_capacity_dead.py checks each one refuses)."""
DEFENCE_OPS = ()
"""Armageddon defends with a Task (Dexterity + Dodge): the Task itself is what is forbidden."""


def limits_of(character: dict, turn_seconds: int) -> tuple[list[Limit], list[str]]:
    """What the stored conditions forbid, each record's own words (:mod:`.condition_registry`), and the rolls he
    still makes (in words), most serious first. The dead: nothing else."""
    on = [name for name in R.NAMES if has(character, name)]
    if "dead" in on:
        return R.CONDITIONS["dead"].limits(character, on, turn_seconds=turn_seconds), []
    limits, only = [], []
    for record in R.CONDITIONS.ranked():
        said = record.limits(character, on, turn_seconds=turn_seconds) if record.name in on and record.limits else []
        limits += said
        only += [words for words, _op in record.still] if said else []
    return limits, list(dict.fromkeys(only))


def _n(number: int) -> str:
    """A number as the page prints it: a true minus sign (−2, not -2)."""
    return str(number).replace("-", "−")


def penalties_of(character: dict, settings: PenaltySettings = PenaltySettings()) -> list[Penalty]:
    """Every penalty the pools and the load put on his rolls, with the rolls each reaches (U10; rules/armageddon.md §1.15, A6,
    A12) — the same numbers :func:`py_rules.armageddon.penalties.automatic_modifiers` adds to a roll."""
    current, derived = character["current"], character["derived"]
    found = []
    lp = current["life_points"]
    injury = injury_penalty(lp, settings.injury_penalty_cap)
    if injury:
        found.append(
            Penalty(
                injury,
                "all rolls",
                f"injured, {_n(lp)} LP (−1 per LP below 6; not on Consciousness or Survival Tests)",
                "seed 000, Life Points: −1 per LP below 6",
            )
        )
    ep = current["endurance_points"]
    if ep <= TIRED_THRESHOLD:
        found.append(
            Penalty(
                TIRED_PENALTY,
                "all rolls",
                f"tired, {_n(ep)} EP (5 or less)",
                "seed 000, Endurance Points: 5 EP or less, −2 to all actions",
            )
        )
    essence, most = current["essence"], derived["essence"]
    depressed = essence <= DEPRESSED_THRESHOLD
    if 2 * essence <= most and (settings.stack_essence_penalties or not depressed):
        rolls = "mental rolls" if settings.essence_penalty_on_mental_tests else "mental Tasks"
        found.append(
            Penalty(
                NUMB_PENALTY,
                rolls,
                f"Essence at half or below ({essence} of {most})",
                "seed 000, Essence: half or lower, −1 to mental Tasks; rules/armageddon.md §1.16 A12",
            )
        )
    if depressed:
        found.append(
            Penalty(
                DEPRESSED_PENALTY,
                "all rolls",
                f"deeply depressed, Essence {_n(essence)} (1 or less)",
                "seed 000, Essence: 1 or 0 points, all actions at −3",
            )
        )
    load = load_of(character)
    if load.penalty:
        found.append(
            Penalty(
                load.penalty,
                "rolls needing silence or fast reactions, and Speed",
                f"{load.level} encumbrance ({load.weight} lb)",
                "seed 000, Encumbrance: penalty to Speed and to rolls needing silence or fast reactions",
            )
        )
    return found


def lowered_of(character: dict) -> list[Lowered]:
    """Attributes lost for a while to Essence below 0 (seed 000, Essence): rolls use what is left."""
    until = "until Essence is back to 0 or more"
    return [
        Lowered(name, character["attributes"][name], lost, until, _ESSENCE_LOST)
        for name, lost in character["lost_attributes"].items()
        if lost
    ]


def capacity(character: dict, *, turn_seconds: int, settings: PenaltySettings = PenaltySettings()):
    """The door's answer for one character (see :mod:`py_rules.capacity`)."""
    limits, only = limits_of(character, turn_seconds)
    for drawback in character["temporary_drawbacks"]:
        limits.append(Limit("note", f"{drawback}, until Essence is back to 0 or more", _ESSENCE_LOST))
    allowed = {op for record in R.CONDITIONS for words, op in record.still if words in only}
    act = [limit for limit in limits if limit.what == "act"]
    forbidden = {op: f"can't act: {act[0].reason}" for op in ACT_OPS if op not in allowed} if act else {}
    dead = has(character, "dead")
    if dead:
        forbidden.update({op: "dead" for op in DEAD_OPS})
    return answer(
        "armageddon",
        name_of(character),
        limits=limits,
        penalties=penalties_of(character, settings),
        lowered=lowered_of(character),
        only=only,
        forbidden=forbidden,
        defence_ops=DEFENCE_OPS,
        refused=[op for op in ACT_OPS if op != "armageddon.resisted"] + list(DEAD_OPS) if dead else (),
        none_said="Nothing in their state limits them: no penalty from their state.",
        source="rules/armageddon.md §1.15",
    )
