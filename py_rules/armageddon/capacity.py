"""Who can act, and what his state costs him (TABLE.md; seed 000 Fear Tests, Life Points, Endurance Points,
Essence, Encumbrance; RULES.md §1.8a defence, §1.15, §1.17 U23).

:func:`capacity` is pure: from a sheet it lists what the character may not do (act, defend), the rolls still
his while he cannot act, every penalty his state puts on his rolls (each with the rolls it reaches) and the
Attributes he has lost for a while; :mod:`py_rules.capacity` makes the door's answer.
"""

from __future__ import annotations

from py_rules.armageddon.character import has, name_of
from py_rules.armageddon.encumbrance import load_of
from py_rules.armageddon.penalties import PenaltySettings, injury_penalty
from py_rules.armageddon.tables import (
    DEPRESSED_PENALTY,
    DEPRESSED_THRESHOLD,
    FEAR_FROZEN_TURNS,
    NUMB_PENALTY,
    TIRED_PENALTY,
    TIRED_THRESHOLD,
)
from py_rules.capacity import Limit, Lowered, Penalty, answer, spoken_duration
from py_rules.words import counted

__all__ = ("capacity", "limits_of", "penalties_of", "lowered_of", "ACT_OPS", "DEFENCE_OPS")

_FEAR = "seed 000, Fear Tests: a failed Fear Test freezes the character for one Turn"
_LP = "seed 000, Life Points, Consciousness Tests & Survival Tests"
_EP = "seed 000, Endurance Points: below 0, Consciousness Test every Turn"
_DEFENCE = "RULES.md §1.8a: a defender unconscious, knocked down and stunned, or frozen by fear makes no defence"
_DEAD = "seed 000, Life Points: death"
_ESSENCE_LOST = "seed 000, Essence: lost Attribute points return once Essence is brought back to at least 0"

ACT_OPS = ("armageddon.character_task", "armageddon.test", "armageddon.resisted", "armageddon.attack",
           "armageddon.roll_damage", "armageddon.initiative")
"""The rolls a character makes by his own choice (a Task, a Test, an attack and its damage, Initiative); the rest are
made on him (damage, First Aid), forced on him (Fear, Consciousness, Survival Tests) or the Chronicler's."""
DEFENCE_OPS = ()
"""Armageddon defends with a Task (Dexterity + Dodge): the Task itself is what is forbidden."""
_STILL = {"consciousness": ("Consciousness Tests", "armageddon.consciousness_test"),
          "survival": ("Survival Tests", "armageddon.survival_test")}


def limits_of(character: dict, turn_seconds: int) -> tuple[list[Limit], list[str]]:
    """What the stored conditions forbid, and the rolls he still makes (in words), most serious first."""
    timers = character["timers"]
    if has(character, "dead"):
        return [Limit("act", "dead", _DEAD), Limit("defend", "dead", _DEAD)], []
    limits, only = [], []
    if has(character, "death_pending"):
        left = spoken_duration(timers["death_seconds"], 60, "minutes") if timers["death_seconds"] else "moments"
        why = f"dying: dead within {left} unless resuscitated"
        limits += [Limit("act", why, _LP), Limit("defend", why, _LP)]
    elif has(character, "dying"):
        limits += [Limit("act", "dying", _LP), Limit("defend", "dying", _LP),
                   Limit("note", "Dying: a Survival Test every minute until First Aid stabilises him", _LP)]
        only.append("survival")
    if has(character, "unconscious"):
        limits += [Limit("act", "unconscious (wakes once back at 0 LP)", _LP),
                   Limit("defend", "unconscious", _DEFENCE)]
    if has(character, "asleep"):
        limits += [Limit("act", "passed out from exhaustion, asleep", _EP), Limit("defend", "asleep", _EP)]
    if has(character, "semi_conscious") and not has(character, "unconscious"):
        limits.append(Limit("act", "knocked down and stunned, semi-conscious (until above 0 LP)", _LP))
        limits.append(Limit("defend", "knocked down and stunned", _DEFENCE))
        only.append("consciousness")
    elif has(character, "knocked_down") and not has(character, "unconscious"):
        limits.append(Limit("note", "Knocked down: on the ground until he gets back on his feet", _LP))
    if has(character, "frozen"):
        seconds = timers["frozen_seconds"]
        turns = -(-seconds // turn_seconds) if seconds else FEAR_FROZEN_TURNS
        why = f"frozen by fear ({counted(turns, 'Turns')})"
        limits += [Limit("act", why, _FEAR), Limit("defend", why, _DEFENCE)]
    if has(character, "stabilised"):
        limits.append(Limit("note", "Stabilised: no more Survival Tests", "seed 000, Healing & Resuscitation"))
    return limits, [_STILL[key][0] for key in dict.fromkeys(only)]


def _n(number: int) -> str:
    """A number as the page prints it: a true minus sign (−2, not -2)."""
    return str(number).replace("-", "−")


def penalties_of(character: dict, settings: PenaltySettings = PenaltySettings()) -> list[Penalty]:
    """Every penalty the pools and the load put on his rolls, with the rolls each reaches (U10; RULES.md §1.15, A6,
    A12) — the same numbers :func:`py_rules.armageddon.penalties.automatic_modifiers` adds to a roll."""
    current, derived = character["current"], character["derived"]
    found = []
    lp = current["life_points"]
    injury = injury_penalty(lp, settings.injury_penalty_cap)
    if injury:
        found.append(Penalty(injury, "all rolls", f"injured, {_n(lp)} LP (−1 per LP below 6; not on Consciousness or "
                             "Survival Tests)", "seed 000, Life Points: −1 per LP below 6"))
    ep = current["endurance_points"]
    if ep <= TIRED_THRESHOLD:
        found.append(Penalty(TIRED_PENALTY, "all rolls", f"tired, {_n(ep)} EP (5 or less)",
                             "seed 000, Endurance Points: 5 EP or less, −2 to all actions"))
    essence, most = current["essence"], derived["essence"]
    depressed = essence <= DEPRESSED_THRESHOLD
    if 2 * essence <= most and (settings.stack_essence_penalties or not depressed):
        rolls = "mental rolls" if settings.essence_penalty_on_mental_tests else "mental Tasks"
        found.append(Penalty(NUMB_PENALTY, rolls, f"Essence at half or below ({essence} of {most})",
                             "seed 000, Essence: half or lower, −1 to mental Tasks; RULES.md A12"))
    if depressed:
        found.append(Penalty(DEPRESSED_PENALTY, "all rolls", f"deeply depressed, Essence {_n(essence)} (1 or less)",
                             "seed 000, Essence: 1 or 0 points, all actions at −3"))
    load = load_of(character)
    if load.penalty:
        found.append(Penalty(load.penalty, "rolls needing silence or fast reactions, and Speed",
                             f"{load.level} Encumbrance ({load.weight} lb)",
                             "seed 000, Encumbrance: penalty to Speed and to rolls needing silence or fast reactions"))
    return found


def lowered_of(character: dict) -> list[Lowered]:
    """Attributes lost for a while to Essence below 0 (seed 000, Essence): rolls use what is left."""
    until = "until Essence is back to 0 or more"
    return [Lowered(name, character["attributes"][name], lost, until, _ESSENCE_LOST)
            for name, lost in character["lost_attributes"].items() if lost]


def capacity(character: dict, *, turn_seconds: int, settings: PenaltySettings = PenaltySettings()):
    """The door's answer for one character (see :mod:`py_rules.capacity`)."""
    limits, only = limits_of(character, turn_seconds)
    for drawback in character["temporary_drawbacks"]:
        limits.append(Limit("note", f"{drawback}, until Essence is back to 0 or more", _ESSENCE_LOST))
    allowed = {op for key, (words, op) in _STILL.items() if words in only}
    act = [limit for limit in limits if limit.what == "act"]
    forbidden = {op: f"can't act: {act[0].reason}" for op in ACT_OPS if op not in allowed} if act else {}
    return answer("armageddon", name_of(character), limits=limits, penalties=penalties_of(character, settings),
                  lowered=lowered_of(character), only=only, forbidden=forbidden, defence_ops=DEFENCE_OPS,
                  refused=[op for op in ACT_OPS if op != "armageddon.resisted"] if has(character, "dead") else (),
                  none_said="Nothing in his state limits him: no penalty from his state.", source="RULES.md §1.15")
