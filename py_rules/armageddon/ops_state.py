"""Operations that read the character's state: the game's basics, the sheet's derived values and conditions, the
penalties his state puts on a roll, his encumbrance (U1, U10, U21, U23, U24; seed 000, The Basics, Encumbrance;
rules/armageddon.md §1.4, §1.14, §1.15, §1.17). Damage and regained points are in :mod:`.ops_points`, conditions set
by hand and time passing in :mod:`.ops_time`, the tests his health calls for in :mod:`.ops_health`."""

from __future__ import annotations

from py_rules.armageddon.character import from_dict, name_of
from py_rules.armageddon.encumbrance import load_of, load_words
from py_rules.armageddon.fields import ATTRIBUTE_NAME, CHARACTER, PENALTY_SETTINGS, TAGS, tags_of
from py_rules.armageddon.penalties import PenaltySettings, automatic_modifiers, state_conditions
from py_rules.armageddon.tables import GM_TITLE, LIFE_POINTS_FORMULA, TARGET_NUMBER
from py_rules.armageddon.work import SYSTEM as _SYS, conditions_said as _conditions_said
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result, Step, total_of

__all__ = ("SYSTEM_INFO", "SHEET", "PENALTIES", "ENCUMBRANCE")


def _system_info():
    return Result(
        system=_SYS,
        kind="system_info",
        label="Armageddon (Classic Unisystem)",
        target=TARGET_NUMBER,
        level_name=f"Game Master: the {GM_TITLE}; Target Number {TARGET_NUMBER}",
        steps=[
            Step(f"The Game Master is known as the {GM_TITLE}.", "seed 000, The Basics"),
            Step("A d10 is used for all rolls except damage rolls.", "seed 000, The Basics"),
            Step(f"The Target Number for nearly all rolls is {TARGET_NUMBER}.", "seed 000, The Basics"),
        ],
        details={"gm_title": GM_TITLE, "target_number": TARGET_NUMBER, "die": "d10", "damage_dice": "NdX × M + K"},
    )  # rules/armageddon.md §1.8


SYSTEM_INFO = Operation(
    id="armageddon.system_info",
    system=_SYS,
    title="About Armageddon (Chronicler, TN 9)",
    summary="The basics: the Game Master is the Chronicler, a d10 for every roll but damage, Target Number 9.",
    covers=("U24",),
    params=(),
    run=_system_info,
    source="seed 000, The Basics",
    rolls=False,
)


def _sheet(*, character):
    derived = character["derived"]
    attrs = character["attributes"]
    weights, constant = LIFE_POINTS_FORMULA
    steps = [
        Step(
            f"Life Points (Str {attrs['Strength']} + Con {attrs['Constitution']}) × 4 + 10 = "
            f"{sum(attrs[k] * w for k, w in weights.items()) + constant}"
            + (f" + {character['bonuses']['life_points']} bonus" if character["bonuses"]["life_points"] else ""),
            "rules/armageddon.md §1.4",
        ),
        Step(
            f"Endurance Points (Str + Con + Will) × 3 + 5 = {derived['endurance_points']}", "rules/armageddon.md §1.4"
        ),
        Step(f"Essence Pool (sum of the six Attributes) = {derived['essence']}", "rules/armageddon.md §1.4"),
        Step(
            f"Speed (Con + Dex) × 2 = {derived['speed']}; Initiative 1d10 + Dexterity {derived['initiative_base']}",
            "rules/armageddon.md §1.4",
        ),
        Step(
            f"Lifting capacity {derived['lifting_capacity']} lb, carrying capacity {derived['carrying_capacity']} lb",
            "rules/armageddon.md §1.4 Strength table; seed 000, Encumbrance",
        ),
    ]
    current = character["current"]
    conditions = list(character["conditions"]) + state_conditions(character)
    lost = character["lost_attributes"]
    if lost:
        steps.append(Step("Temporarily lost: " + ", ".join(f"{k} −{v}" for k, v in lost.items()), "seed 000, Essence"))
    summary = (
        f"LP {current['life_points']}/{derived['life_points']}, EP {current['endurance_points']}/"
        f"{derived['endurance_points']}, Essence {current['essence']}/{derived['essence']}"
    )
    steps.append(Step(summary + "; conditions: " + _conditions_said(conditions), "rules/armageddon.md §1.17 U23"))
    return Result(
        system=_SYS,
        kind="character_sheet",
        label=name_of(character),
        level_name=summary,
        flags=conditions,
        steps=steps,
        details={
            "derived": derived,
            "current": current,
            "conditions": conditions,
            "timers": character["timers"],
            "sleep_debt": character["sleep_debt"],
        },
        state=from_dict(character),
    )


SHEET = Operation(
    id="armageddon.character_sheet",
    system=_SYS,
    title="Character sheet (derived values, conditions)",
    summary="Derive LP, EP, Essence, Speed, Initiative base, lifting and carrying capacity from the Attributes, and "
    "list the character's conditions (stored and read from their pools).",
    covers=("U1", "U23"),
    params=(CHARACTER,),
    run=_sheet,
    source="rules/armageddon.md §1.4, §1.17",
    rolls=False,
)


def _penalties(*, character, attribute_name, roll_type, tags, **options):
    settings = PenaltySettings(**{p.name: options[p.name] for p in PENALTY_SETTINGS})
    mods = automatic_modifiers(
        character, attributes=(attribute_name,), kind=roll_type, tags=tags_of(tags), settings=settings
    )
    total = total_of(mods)
    # The modifiers are listed with their sources already; a step only says so when there are none.
    steps = [] if mods else [Step("Their state imposes no penalty.", "rules/armageddon.md §1.15")]
    return Result(
        system=_SYS,
        kind="action_penalties",
        label=name_of(character),
        modifiers=mods,
        total=total,
        level_name=f"{total:+d} from their state",
        headline=f"Their state: {'−' if total < 0 else '+'}{abs(total)} to this roll"
        if total
        else "No penalty from their state",
        steps=steps,
    )


PENALTIES = Operation(
    id="armageddon.action_penalties",
    system=_SYS,
    title="Penalties from the character's state",
    summary="What injury (below 6 LP), tiredness (5 EP or less), low Essence and encumbrance add to a roll on the "
    "chosen Attribute, each listed with its rule.",
    covers=("U10",),
    params=(
        CHARACTER,
        ATTRIBUTE_NAME,
        Param(
            "roll_type",
            "choice",
            "Task or Test",
            "rules/armageddon.md §1.16 A12: the half-Essence −1 is for mental Tasks (and mental Tests by default).",
            default="task",
            choices=("task", "test"),
        ),
        TAGS,
    )
    + PENALTY_SETTINGS,
    run=_penalties,
    source="rules/armageddon.md §1.15; seed 000 LP, EP, Essence, Encumbrance",
    rolls=False,
)


def _encumbrance(*, character):
    load = load_of(character)
    capacity = load.carrying_capacity
    percent = (100 * load.weight / capacity) if capacity else 0
    steps = [
        Step(
            "Items: "
            + (", ".join(f"{i['name'] or 'item'} {i['weight']} lb" for i in character["items"]) or "none")
            + f" = {load.weight} lb",
            "seed 000, Encumbrance: add the weights",
        ),
        Step(
            f"{load.weight} lb of {capacity} lb carrying capacity = {percent:.0f} %: "
            + (load_words(load.level, load.penalty) if load.penalty else "not encumbered (half or less)"),
            "seed 000, Encumbrance; rules/armageddon.md §1.14",
        ),
    ]
    if load.drain_seconds:
        steps.append(
            Step(
                f"Loses 1d4 EP every {load.drain_seconds // 60} min while active; {load.penalty} to Speed "
                "and to rolls needing silence or fast reactions",
                "seed 000, Encumbrance",
            )
        )
    if load.over_limit:
        steps.append(
            Step(
                f"Over the lifting capacity ({character['derived']['lifting_capacity']} lb): cannot carry this load.",
                "seed 000, Encumbrance: up to the maximum lifting capacity",
            )
        )
    return Result(
        system=_SYS,
        kind="encumbrance",
        label=name_of(character),
        total=load.penalty,
        level_name=load_words(load.level, load.penalty),
        headline=load_words(load.level, load.penalty)
        + (" to Speed and to rolls needing silence or fast reactions" if load.penalty else f" ({load.weight} lb)"),
        flags=["over_limit"] if load.over_limit else [],
        steps=steps,
        details={
            "weight": load.weight,
            "carrying_capacity": capacity,
            "level": load.level,
            "penalty": load.penalty,
            "drain_seconds": load.drain_seconds,
            "over_limit": load.over_limit,
            "percent": round(percent, 1),
        },
    )


ENCUMBRANCE = Operation(
    id="armageddon.encumbrance",
    system=_SYS,
    title="Encumbrance",
    summary="Add the weights carried and compare with the carrying capacity: level, penalty, EP drain, and whether "
    "the load is beyond the lifting capacity.",
    covers=("U21",),
    params=(CHARACTER,),
    run=_encumbrance,
    source="seed 000, Encumbrance; rules/armageddon.md §1.14",
    rolls=False,
)
