"""Roll operations: Task, character Task, Test and Initiative (U2–U6, U10, U22; seed 000, Tasks, Unskilled
Attempts, Tests; rules/armageddon.md §1.4 Initiative, §1.5–1.7, §1.15). The Resisted roll is in :mod:`.ops_resisted`,
the damage roll in :mod:`.ops_damage_roll`; what the character's state adds to a roll is :mod:`.roll_state`."""

from __future__ import annotations

from py_rules.armageddon.character import attribute as attribute_of, check_alive, name_of, skill_entry
from py_rules.armageddon.checks import TEST_KINDS, resolve_test
from py_rules.armageddon.d10 import D10
from py_rules.armageddon.encumbrance import load_of
from py_rules.armageddon.fields import (
    ATTRIBUTE_NAME,
    CHARACTER,
    CHARACTER_OPTIONAL,
    LABEL,
    MODIFIERS,
    PENALTY_SETTINGS,
    ROLL_SETTINGS,
    RULE_OF_ONE,
    TAGS,
    TN,
    tags_of,
)
from py_rules.armageddon.penalties import automatic_modifiers
from py_rules.armageddon.roll_state import (
    GM_TASK_MODIFIER as _GM_MODS,
    note_state as _note_state,
    penalty_settings as _penalty_settings,
    state_modifiers as _state_modifiers,
)
from py_rules.armageddon.tables import ATTRIBUTE_MAX, SKILL_MAX
from py_rules.armageddon.task import resolve_task
from py_rules.errors import RulesError
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Modifier, Result, Step, signed, total_of

__all__ = ("TASK", "CHARACTER_TASK", "TEST", "INITIATIVE")

_GM_TEST_MODS = "Chronicler's modifier (seed 000, Tests: apply modifiers)"


def _task(
    dice,
    *,
    label,
    attribute_name,
    attribute,
    skill_name,
    skill,
    untrained_penalty,
    modifiers,
    tn,
    rule_of_one_mode,
    character=None,
    tags="none",
    **options,
):
    mods = parse_modifiers(modifiers, _GM_MODS)
    mods += _state_modifiers(character, (attribute_name,), "task", tags, options)
    return _note_state(
        resolve_task(
            dice,
            attribute=attribute,
            attribute_name=attribute_name,
            skill=skill,
            skill_name=skill_name,
            untrained_penalty=untrained_penalty,
            modifiers=mods,
            tn=tn,
            rule_of_one_mode=rule_of_one_mode,
            label=label or _who_rolls(character, skill_name or attribute_name),
        ),
        character,
    )


def _who_rolls(character, what: str) -> str:
    """Who rolls what, as a post names it, when the roll has a character and the user gave no label."""
    return f"{name_of(character)}: {what}" if character is not None else ""


TASK = Operation(
    id="armageddon.task",
    system="armageddon",
    title="Task (Attribute + Skill + d10)",
    summary="Roll Attribute + Skill + 1d10 + modifiers against 9, with the Rules of 10 and 1 and Success Levels. "
    "Skill 0 is an unskilled attempt (−2, capped at Decent). With a character, their state's penalties apply.",
    covers=("U2", "U3", "U4", "U5"),
    params=(
        LABEL,
        ATTRIBUTE_NAME,
        Param(
            "attribute",
            "int",
            "Attribute level",
            "Seed 000, Tasks: the relevant Attribute's level.",
            minimum=0,
            maximum=ATTRIBUTE_MAX,
        ),
        Param("skill_name", "text", "Skill", "The Skill used, e.g. Handguns (seed 000, Tasks).", default=""),
        Param(
            "skill",
            "int",
            "Skill level",
            "Seed 000, Tasks: the Skill's level; 0 means untrained "
            "(seed 000, Unskilled Attempts: −2, never better than Decent).",
            minimum=0,
            maximum=SKILL_MAX,
        ),
        Param(
            "untrained_penalty",
            "int",
            "Extra untrained penalty",
            "Seed 000, Unskilled Attempts: skills needing real training may suffer −6 to −10 when untrained.",
            default=0,
            minimum=-10,
            maximum=0,
        ),
        MODIFIERS,
        TN,
        RULE_OF_ONE,
        CHARACTER_OPTIONAL,
        TAGS,
    )
    + PENALTY_SETTINGS,
    run=_task,
    source="seed 000, Tasks; Unskilled Attempts; The Rule of 10; The Rule of 1; rules/armageddon.md §1.5–1.7, §1.15",
)


def _character_task(
    dice, *, character, attribute_name, skill_name, modifiers, tags, label, tn, rule_of_one_mode, **options
):
    check_alive(character)
    skill_name = skill_name.strip()
    level, untrained = skill_entry(character, skill_name)
    mods = parse_modifiers(modifiers, _GM_MODS)
    mods += _state_modifiers(character, (attribute_name,), "task", tags, options)
    result = resolve_task(
        dice,
        attribute=attribute_of(character, attribute_name),
        attribute_name=attribute_name,
        skill=level,
        skill_name=skill_name,
        untrained_penalty=untrained,
        modifiers=mods,
        tn=tn,
        rule_of_one_mode=rule_of_one_mode,
        label=label or f"{name_of(character)}: {skill_name}",
    )
    result.steps.insert(
        0,
        Step(
            f"{name_of(character)}: {attribute_name} {attribute_of(character, attribute_name)}, "
            f"{skill_name} {level}" + (" (untrained)" if level == 0 else ""),
            "seed 000, Tasks",
        ),
    )
    return _note_state(result, character)


CHARACTER_TASK = Operation(
    id="armageddon.character_task",
    system="armageddon",
    title="Task from the character sheet",
    summary="The character rolls Attribute + Skill + 1d10 from their own sheet (unskilled without the skill), "
    "with their state's penalties (injury, tired, Essence, encumbrance) listed.",
    covers=("U4", "U5", "U10"),
    params=(
        CHARACTER,
        ATTRIBUTE_NAME,
        Param(
            "skill_name",
            "text",
            "Skill",
            "A skill of tables.SKILLS, e.g. Handguns (seed 000, Tasks).",
            default="Handguns",
        ),
        TAGS,
        MODIFIERS,
        LABEL,
    )
    + ROLL_SETTINGS,
    run=_character_task,
    source="seed 000, Tasks; Unskilled Attempts; rules/armageddon.md §1.7, §1.15",
)


def _test(
    dice,
    *,
    kind,
    attribute_name,
    attribute,
    second_attribute,
    character,
    modifiers,
    tags,
    label,
    tn,
    rule_of_one_mode,
    **options,
):
    if kind in ("consciousness", "survival"):
        names = ("Constitution", "Willpower")
    else:
        names = (attribute_name,)
    values = [attribute, second_attribute if len(names) == 2 else None][: len(names)]
    for index, name in enumerate(names):
        if values[index] is None:
            if character is None:
                field = "attribute" if index == 0 else "second_attribute"
                raise RulesError("missing_field", f"Give the {name} level or a character.", field)
            values[index] = attribute_of(character, name)
    mods = parse_modifiers(modifiers, _GM_TEST_MODS)
    exclude = ("injury",) if kind in ("consciousness", "survival") else ()
    if character is not None:
        check_alive(character)
        mods += automatic_modifiers(
            character,
            attributes=names,
            kind="test",
            tags=tags_of(tags),
            exclude=exclude,
            settings=_penalty_settings(options),
        )
    result = resolve_test(
        dice,
        kind=kind,
        attribute_name=names[0],
        attribute=values[0],
        second_attribute=values[1] if len(values) > 1 else None,
        modifiers=mods,
        tn=tn,
        rule_of_one_mode=rule_of_one_mode,
        label=label,
    )
    if character is not None and exclude:
        result.steps.insert(
            0,
            Step(
                f"A plain {kind.title()} Test: the injury penalty is left out, and so are the penalties "
                "the rules attach to an owed test (−1 per LP below 0, −1 per 5 EP below 0, −1 per 10 LP below 0 and per "
                "earlier test); the Consciousness Test and Survival Test operations apply those.",
                "rules/armageddon.md §1.9, A6",
            ),
        )
    return _note_state(result, character)


TEST = Operation(
    id="armageddon.test",
    system="armageddon",
    title="Test (Simple, Difficult, Consciousness, Survival)",
    summary="Simple Test: Attribute × 2 + 1d10; Difficult Test: Attribute + 1d10; Consciousness and Survival "
    "Tests: Constitution + Willpower + 1d10; 9 or more succeeds. Levels come from the character if left empty.",
    covers=("U6", "U10"),
    params=(
        Param(
            "kind",
            "choice",
            "Test",
            "Seed 000, Tests: Simple or Difficult; Consciousness/Survival Tests use "
            "Constitution + Willpower (seed 000, Life Points).",
            default="simple",
            choices=TEST_KINDS,
        ),
        ATTRIBUTE_NAME,
        Param(
            "attribute",
            "int",
            "Attribute level (or Constitution)",
            "The Attribute's level; for Consciousness/Survival the Constitution. Empty: the character's.",
            default=None,
            minimum=0,
            maximum=ATTRIBUTE_MAX,
        ),
        Param(
            "second_attribute",
            "int",
            "Willpower (two-attribute Tests)",
            "For Consciousness/Survival Tests: the Willpower. Empty: the character's.",
            default=None,
            minimum=0,
            maximum=ATTRIBUTE_MAX,
        ),
        CHARACTER_OPTIONAL,
        TAGS,
        MODIFIERS,
        LABEL,
    )
    + ROLL_SETTINGS,
    run=_test,
    source="seed 000, Tests; Life Points (Consciousness and Survival Tests); rules/armageddon.md §1.7",
)


def _initiative(dice, *, character, modifiers, label, **options):
    check_alive(character)
    dex = attribute_of(character, "Dexterity")
    mods = [Modifier("Dexterity", dex, "rules/armageddon.md §1.4: Initiative 1d10 + Dexterity")]
    mods += parse_modifiers(modifiers, _GM_MODS)
    mods += automatic_modifiers(
        character, attributes=("Dexterity",), kind="test", tags=("reaction",), settings=_penalty_settings(options)
    )
    die = dice.roll(D10, "Initiative")
    total = die + total_of(mods)
    load = load_of(character)
    base_speed = character["derived"]["speed"]
    speed = max(0, base_speed + load.penalty)
    steps = [
        Step(
            f"{die} (d10) " + " ".join(f"{signed(m.value)} ({m.label})" for m in mods) + f" = {total}",
            "rules/armageddon.md §1.4 Initiative; seed 000, Encumbrance: penalty to Initiative rolls",
        ),
        Step(
            f"Speed (Con + Dex) × 2 = {base_speed}"
            + (f" {signed(load.penalty)} ({load.level} Encumbrance)" if load.penalty else "")
            + f" = {speed}",
            "rules/armageddon.md §1.4; seed 000, Encumbrance: penalty to Speed",
        ),
    ]
    return Result(
        system="armageddon",
        kind="initiative",
        label=label or f"{name_of(character)}: Initiative",
        modifiers=mods,
        total=total,
        level_name=f"Initiative {total}, Speed {speed}",
        steps=steps,
        details={"initiative": total, "speed": speed, "base_speed": base_speed, "encumbrance": load.level, "die": die},
    )


INITIATIVE = Operation(
    id="armageddon.initiative",
    system="armageddon",
    title="Initiative and Speed",
    summary="Initiative = 1d10 + Dexterity with the character's penalties (encumbrance counts: fast reactions); "
    "Speed = (Con + Dex) × 2 minus the encumbrance penalty.",
    covers=("U22", "U10"),
    params=(CHARACTER, MODIFIERS, LABEL) + PENALTY_SETTINGS,
    run=_initiative,
    source="rules/armageddon.md §1.4 (Initiative, Speed); seed 000, Encumbrance",
)
