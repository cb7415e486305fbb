"""Life Points: damage, Consciousness and Survival Tests, the death timer and death (U9, U11, U12; seed 000
"Life Points, Consciousness Tests & Survival Tests", "Endurance Points"; rules/armageddon.md §1.9, §1.11, §1.16 A7,
A8). First Aid, resuscitation and daily healing are :mod:`.healing` (rules/armageddon.md §1.10).

Penalty arithmetic is pure (``*_penalty`` functions); the procedures roll
through :class:`py_rules.armageddon.work.Work` and change only its copy.
"""

from __future__ import annotations

from py_rules.armageddon.character import POOL_FLOOR, add, attribute, has, name_of, remove
from py_rules.armageddon.qualities import survival_bonus
from py_rules.armageddon.tables import (
    DEATH_TIMER_MINUTES_PER_CON,
    EP_CONSCIOUSNESS_STEP,
    SURVIVAL_INTERVAL,
    SURVIVAL_LP_STEP,
    SURVIVAL_THRESHOLD,
)
from py_rules.trace import Modifier
from py_rules.words import counted

__all__ = (
    "LIFE_POINTS_SOURCE",
    "below_zero_penalty",
    "consciousness_penalty",
    "survival_penalty",
    "con_will",
    "damage_life_points",
    "consciousness_test",
    "survival_test",
    "start_death_timer",
    "start_dying",
    "die",
    "after_life_points_rise",
)

LIFE_POINTS_SOURCE = "seed 000, Life Points, Consciousness Tests & Survival Tests"
"""The rule a Life Points step cites."""
_EP = "seed 000, Endurance Points: below 0, Consciousness Test every Turn"


def below_zero_penalty(points: int, step: int) -> int:
    """−1 per full ``step`` points below 0 (rules/armageddon.md §1.9 rounding).

    >>> [below_zero_penalty(p, 10) for p in (0, -9, -10, -19, -20)], below_zero_penalty(-7, 5)
    ([0, 0, -1, -1, -2], -1)
    """
    return -((-points) // step) if points < 0 else 0


def consciousness_penalty(cause: str, points: int) -> int:
    """LP: −1 per LP below 0; EP: −1 per 5 points below 0 (seed 000).

    >>> consciousness_penalty("LP", -3), consciousness_penalty("EP", -11)
    (-3, -2)
    """
    if cause == "LP":
        return min(0, points)
    return below_zero_penalty(points, EP_CONSCIOUSNESS_STEP)


def survival_penalty(life_points: int, tests_made: int) -> tuple[int, int]:
    """(−1 per 10 LP below 0, −1 per Survival Test beyond the first) (seed 000).

    >>> survival_penalty(-10, 0), survival_penalty(-25, 2)
    ((-1, 0), (-2, -2))
    """
    return below_zero_penalty(life_points, SURVIVAL_LP_STEP), -tests_made


def con_will(work) -> list[Modifier]:
    """What a Consciousness or Survival Test adds to the d10: Constitution and Willpower (seed 000)."""
    source = LIFE_POINTS_SOURCE + ": Constitution + Willpower + 1d10"
    return [
        Modifier("Constitution", attribute(work.char, "Constitution"), source),
        Modifier("Willpower", attribute(work.char, "Willpower"), source),
    ]


def consciousness_test(work, cause: str = "LP", extra=()) -> bool:
    """Consciousness Test (Con + Will + d10); failure: unconscious (LP) or passes out asleep (EP) (U11)."""
    points = work.current["life_points" if cause == "LP" else "endurance_points"]
    penalty = consciousness_penalty(cause, points)
    mods = list(extra)
    if penalty:
        label = f"{points} LP (−1 per LP below 0)" if cause == "LP" else f"{points} EP (−1 per 5 below 0)"
        mods.append(Modifier(label, penalty, LIFE_POINTS_SOURCE if cause == "LP" else _EP))
    roll = work.roll(
        f"Consciousness Test ({cause})",
        kind="consciousness_test",
        parts=con_will(work),
        attributes=("Constitution", "Willpower"),
        exclude=("injury",),
        extra=mods,
    )
    who = name_of(work.char)
    said = f"Consciousness Test: {roll.total} vs {roll.target} — "
    work.tell(
        said
        + (
            "passed: stays awake"
            if roll.success
            else "failed: falls unconscious"
            if cause == "LP"
            else "failed: passes out from exhaustion and falls asleep"
        )
    )
    if roll.success:
        work.event(f"{who} stays awake (Consciousness Test {roll.total}).")
    elif cause == "LP":
        remove(work.char, "semi_conscious")
        add(work.char, "unconscious")
        work.event(f"{who} falls unconscious (Consciousness Test {roll.total}).")
    else:
        add(work.char, "asleep")
        work.event(
            f"{who} passes out from exhaustion and falls asleep (Consciousness Test {roll.total})."
        )  # rules/armageddon.md §1.16 A14
    return roll.success


def survival_test(work) -> bool:
    """One Survival Test of a dying character (U12): success → next in a minute; failure → death timer."""
    timers = work.char["timers"]
    lp = work.current["life_points"]
    lp_penalty, count_penalty = survival_penalty(lp, timers["survival_tests"])
    mods = []
    if lp_penalty:
        mods.append(Modifier(f"{lp} LP (−1 per 10 below 0)", lp_penalty, LIFE_POINTS_SOURCE))
    if count_penalty:
        mods.append(
            Modifier(
                f"Survival Test no. {timers['survival_tests'] + 1} (−1 per test beyond the first)",
                count_penalty,
                LIFE_POINTS_SOURCE,
            )
        )
    hard_to_kill, quality = survival_bonus(work.char.get("qualities", []))
    if hard_to_kill:
        mods.append(Modifier(quality, hard_to_kill, "rules/armageddon.md §1.4: Hard to Kill adds to Survival Tests"))
    roll = work.roll(
        f"Survival Test no. {timers['survival_tests'] + 1}",
        kind="survival_test",
        parts=con_will(work),
        attributes=("Constitution", "Willpower"),
        exclude=("injury",),
        extra=mods,
    )
    timers["survival_tests"] += 1
    said = f"Survival Test {timers['survival_tests']}: {roll.total} vs {roll.target} — "
    if roll.success:
        work.tell(said + "passed: the next in 1 minute")
        timers["survival_seconds"] = SURVIVAL_INTERVAL
        work.event(
            f"{name_of(work.char)} survives this minute (Survival Test {roll.total}); the next test is due "
            "in 1 minute unless First Aid stabilises them."
        )
    else:
        minutes = attribute(work.char, "Constitution") * DEATH_TIMER_MINUTES_PER_CON
        work.tell(said + f"failed: dies in {counted(minutes, 'minutes')} without help")
        start_death_timer(work)
    return roll.success


def start_death_timer(work) -> None:
    """A failed Survival Test: dead unless ER-level help arrives within Con × 2 minutes (seed 000)."""
    minutes = attribute(work.char, "Constitution") * DEATH_TIMER_MINUTES_PER_CON
    remove(work.char, "dying")
    add(work.char, "death_pending")
    work.char["timers"]["death_seconds"] = minutes * 60
    work.char["timers"]["survival_seconds"] = 0
    work.event(
        f"{name_of(work.char)} failed a Survival Test and will die within {counted(minutes, 'minutes')} "
        "(Constitution × 2) unless resuscitated."
    )
    work.step(
        f"Death timer: Constitution {attribute(work.char, 'Constitution')} × 2 = {counted(minutes, 'minutes')}",
        LIFE_POINTS_SOURCE,
    )


def die(work, cause: str) -> None:
    work.char["conditions"] = ["dead"]
    for key in ("frozen_seconds", "survival_seconds", "survival_tests", "death_seconds"):
        work.char["timers"][key] = 0
    work.event(f"{name_of(work.char)} dies ({cause}).")
    work.tell(f"Dies: {cause}")
    work.flag("dead")


def start_dying(work) -> None:
    """At −10 LP or less: dying, with a Survival Test now and every minute (seed 000; rules/armageddon.md §1.9)."""
    add(work.char, "dying")
    remove(work.char, "stabilised")
    work.char["first_aid_received"] = False  # a new emergency: First Aid can stabilise him (seed 000)
    work.char["timers"]["survival_tests"] = 0
    work.event(f"{name_of(work.char)} is dying (−10 LP or less): Survival Test now and every minute.")
    survival_test(work)


def damage_life_points(work, amount: int) -> None:
    """Take ``amount`` LP and apply what follows (U9; seed 000 LP bullets; rules/armageddon.md §1.16 A8)."""
    char, before = work.char, work.current["life_points"]
    after = max(POOL_FLOOR, before - amount)
    work.current["life_points"] = after
    work.event(f"{name_of(char)} loses {amount} LP ({before} → {after}).")
    if amount <= 0 or has(char, "dead"):
        return
    char["first_aid_received"] = False
    if has(char, "stabilised") and after <= SURVIVAL_THRESHOLD:
        remove(char, "stabilised")
        work.event("The new injury undoes the stabilisation.")
    if has(char, "death_pending"):
        work.event("The death timer keeps running.")
        return
    if after <= 0:
        if add(char, "knocked_down"):
            work.event(f"{name_of(char)} is knocked down.")
        if not has(char, "unconscious"):
            if add(char, "semi_conscious"):
                work.event(f"{name_of(char)} is stunned and semi-conscious.")
            consciousness_test(work, "LP")
    if after <= SURVIVAL_THRESHOLD and not has(char, "dying"):
        start_dying(work)


def after_life_points_rise(work) -> None:
    """Wake-up and recovery bookkeeping when LP rise (rules/armageddon.md §1.16 A7: wake at 0, option 1)."""
    char, lp = work.char, work.current["life_points"]
    who = name_of(char)
    if lp > SURVIVAL_THRESHOLD and remove(char, "dying"):
        char["timers"]["survival_tests"] = char["timers"]["survival_seconds"] = 0
        work.event(f"{who} is above −10 LP: no more Survival Tests.")
    if lp >= 0 and remove(char, "stabilised"):
        work.event(f"{who} is no longer in danger (0 LP or more).")
    if lp >= work.settings.wake_at and remove(char, "unconscious"):
        work.event(f"{who} regains consciousness at {lp} LP (once back at 0 LP).")  # seed 000
        if lp <= 0:
            add(char, "semi_conscious")
    if lp > 0:
        if remove(char, "semi_conscious"):
            work.event(f"{who} is no longer stunned.")
        if remove(char, "knocked_down"):
            work.event(f"{who} can get back on their feet.")
