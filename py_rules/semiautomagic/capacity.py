"""Who can act, and what the state costs (TABLE.md; seed 002 Conditions, Wound, Morale Penalty, Mobility Penalty;
RULES.md §2.4 defence, §2.10 conditions, §2.13 seconds of action).

:func:`capacity` is pure: it reads the conditions (stored and implied, :func:`creature.effective_conditions`),
what they forbid — acting (Broken, Helpless and so Unconscious, Sleeping, Dying, Soul Coma; Stunned for its
seconds; Confused: the chart decides), defending (Flat-Footed, Broken, Helpless) — and what they limit (Disabled's
3 seconds, Held's dodge at −1, Staggered's stun every round), then the wounds, morale and mobility penalties.
"""

from __future__ import annotations

from py_rules.capacity import Limit, Penalty, answer, spoken_duration
from py_rules.semiautomagic import creature as C, tables as T
from py_rules.words import counted

__all__ = ("capacity", "limits_of", "penalties_of", "ACT_OPS", "DEFENCE_OPS")

ACT_OPS = ("semiautomagic.skill_check", "semiautomagic.attack", "semiautomagic.take_action", "semiautomagic.roll_damage")
"""What a creature does by its own choice: a check, an attack, an action of the round (and an attack's damage)."""
DEFENCE_OPS = ("semiautomagic.defence_roll",)
_STILL = {"dying": ("the dying endurance check each round", "semiautomagic.dying_round"),
          "confused": ("the Confusion chart each round", "semiautomagic.confusion_round"),
          "staggered": ("the Staggered roll each round", "semiautomagic.staggered_round"),
          "sleeping": ("Perception to hear a noise", "semiautomagic.noise_wakes"),
          "coma": ("the Soul Coma check each hour", "semiautomagic.soul_coma_hour")}


def _left(c: dict, name: str) -> str:
    """" (3 rounds left)" / " (2 hours left)" for a condition with a time, else ""."""
    seconds = c["conditions"].get(name, {}).get("seconds")
    return "" if seconds is None else f" ({spoken_duration(seconds, T.ROUND_SECONDS)} left)"


def limits_of(c: dict) -> tuple[list[Limit], list[str]]:
    """What the conditions forbid or limit, most serious first, and the rolls still made (keys of ``_STILL``)."""
    if c.get("dead"):
        return [Limit("act", "dead", "seed 002, Health"), Limit("defend", "dead", "seed 002, Health")], []
    if c.get("destroyed") or C.is_object(c):
        why = "destroyed" if c.get("destroyed") else "an object"
        return [Limit("act", why, "seed 002, Health"), Limit("defend", why, "seed 002, Health")], []
    on = C.effective_conditions(c)
    limits, still = [], []
    helpless = "Helpless" in on
    if "Dying" in on:
        dc = c["conditions"].get("Dying", {}).get("dc")
        limits += [Limit("act", "Dying (unconscious)", "seed 002, Dying"), Limit("defend", "Dying", "seed 002, Helpless"),
                   Limit("note", f"Dying: an endurance check each round{f' against DC {dc}' if dc is not None else ''}",
                         "seed 002, Dying")]
        still.append("dying")
    if "Soul Coma" in on:
        limits += [Limit("act", "in a Soul Coma", "seed 002, Soul Coma"), Limit("defend", "in a Soul Coma", "seed 002, Helpless")]
        still.append("coma")
    if "Unconscious" in on and "Dying" not in on:
        seconds = c["conditions"].get("Unconscious", {}).get("seconds")
        why = "Unconscious" + ("" if seconds is None else f" (wakes in {spoken_duration(seconds, T.ROUND_SECONDS)})")
        limits += [Limit("act", why, "seed 002, Unconscious"), Limit("defend", "Unconscious (Helpless)", "seed 002, Helpless")]
    if "Sleeping" in on:
        limits += [Limit("act", "Sleeping (wakes at a noise louder than DC −5)", "seed 002, Sleeping"),
                   Limit("defend", "Sleeping (Helpless)", "seed 002, Helpless")]
        still.append("sleeping")
    if "Broken" in on:
        why = "Broken: has given up (no actions, no moving, no speaking)"
        limits += [Limit("act", why, "seed 002, Broken"), Limit("defend", "Broken", "seed 002, Broken")]
    if helpless and not limits:
        limits += [Limit("act", "Helpless: cannot react", "seed 002, Helpless"), Limit("defend", "Helpless", "seed 002, Helpless")]
    if helpless:
        limits.append(Limit("note", "Helpless: melee attacks against them hit automatically", "seed 002, Helpless"))
    if "Stunned" in on:
        seconds = c["conditions"]["Stunned"]["seconds"]
        if seconds is None or seconds >= T.ROUND_SECONDS:
            limits.append(Limit("act", "Stunned" + ("" if seconds is None else f" ({counted(seconds, 'seconds')})"),
                                "seed 002, Stunned"))
        else:
            limits.append(Limit("note", f"Stunned for {counted(seconds, 'seconds')}: no actions until then; defence "
                                "rolls as normal", "seed 002, Stunned"))
    if "Staggered" in on:
        limits.append(Limit("note", f"Staggered{_left(c, 'Staggered')}: stunned 1d6 seconds every round",
                            "seed 002, Staggered"))
        still.append("staggered")
    if "Confused" in on:
        limits.append(Limit("act", "Confused: the Confusion chart decides what they do", "seed 002, Confused"))
        still.append("confused")
    if "Panicked" in on:
        limits.append(Limit("note", "Panicked: flees the source of fear by the fastest means; may still defend",
                            "RULES.md §2.10"))
    if "Flat-Footed" in on:
        limits.append(Limit("defend", f"Flat-Footed{_left(c, 'Flat-Footed')}", "seed 002, Flat-Footed"))
    if "Disabled" in on:
        limits.append(Limit("note", "Disabled: 3 seconds of action a round, crawls one square, no weapon heavier "
                            "than light, no combos", "seed 002, Disabled"))
    if "Held" in on:
        limits.append(Limit("note", "Held: no block or parry; may dodge at −1", "seed 002, Held"))
    mobility = C.mobility_total(c)
    if mobility and c["movement"]:
        squares = "%g" % (mobility * T.MOBILITY_SQUARES_PER_POINT)
        limits.append(Limit("note", f"Moves {squares} {'square' if squares == '1' else 'squares'} less "
                            "(mobility penalties)", "seed 002, Mobility Penalty"))
    return limits, still


def penalties_of(c: dict) -> list[Penalty]:
    """Wounds (Toughness), morale penalties (Will), mobility penalties (skills and movement), the GM's Tired
    modifier, Held's dodge and Sleeping's Perception — each with what it lowers."""
    if C.is_object(c):
        return [Penalty(-c["wounds"], "Toughness", counted(c["wounds"], "wounds"), "seed 002, Wound")] if c["wounds"] else []
    found = []
    wounds = c["wounds"]
    if wounds:
        found.append(Penalty(-wounds, "Toughness and Minimum Toughness", counted(wounds, "wounds"), "seed 002, Wound"))
        if C.has(c, "Dying"):
            found.append(Penalty(-wounds, "dying endurance checks", counted(wounds, "wounds"), "seed 002, Health"))
    morale = c["morale_penalties"]
    if morale:
        found.append(Penalty(-morale, "Will and Minimum Will", f"{morale} morale {'penalty' if morale == 1 else 'penalties'}",
                             "seed 002, Morale Penalty"))
    mobility = C.mobility_total(c)
    if mobility:
        names = ", ".join(name for name in c["mobility_penalties"] if name) or "load"
        found.append(Penalty(-mobility, "Acrobatics, Athletics, Wrestle and Stealth",
                             f"mobility penalties ({names})", "seed 002, Mobility Penalty"))
    tired = c["conditions"].get("Tired", {}).get("modifier", 0)
    if tired:
        found.append(Penalty(tired, "every check", "Tired (the GM's modifier)", "RULES.md §2.14 S3"))
    if C.has(c, "Held"):
        found.append(Penalty(T.HELD_ALLOWED["dodge"], "dodge", "Held", "seed 002, Held"))
    if C.has(c, "Sleeping"):
        found.append(Penalty(T.SLEEPING_PERCEPTION, "Perception", "asleep", "seed 002, Sleeping"))
    return found


def capacity(c: dict):
    """The door's answer for one creature (see :mod:`py_rules.capacity`)."""
    limits, still = limits_of(c)
    act = [limit for limit in limits if limit.what == "act"]
    allowed = {_STILL[key][1] for key in still}
    forbidden = {op: f"can't act: {act[0].reason}" for op in ACT_OPS if op not in allowed} if act else {}
    only = [_STILL[key][0] for key in dict.fromkeys(still)] if act else []
    return answer("semiautomagic", c["name"] or "The creature", limits=limits, penalties=penalties_of(c), only=only,
                  forbidden=forbidden, defence_ops=DEFENCE_OPS,
                  refused=("semiautomagic.attack",) if C.action_seconds(c)[0] <= 0 else (), none_said="Nothing in their state limits them.",
                  source="seed 002, Conditions")
