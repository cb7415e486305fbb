"""Roll operations: Task, character Task, Test, Resisted roll, damage roll, Initiative
(U2–U8, U10, U22)."""

from __future__ import annotations

from py_rules.armageddon.character import attribute as attribute_of, check_alive, name_of, skill_entry
from py_rules.armageddon.checks import TEST_KINDS, attribute_parts, resisted_outcome, resolve_roll, resolve_test
from py_rules.armageddon.condition_registry import CONDITIONS
from py_rules.armageddon.d10 import D10
from py_rules.armageddon.damage import roll_damage
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
    TIE_RULE,
    TN,
    tags_of,
)
from py_rules.armageddon.penalties import PenaltySettings, automatic_modifiers
from py_rules.armageddon.tables import ATTRIBUTE_MAX, DAMAGE_FORM, SKILL_MAX
from py_rules.armageddon.task import resolve_task
from py_rules.dice_expr import parse
from py_rules.errors import RulesError
from py_rules.modifiers import parse_modifiers
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Modifier, Result, Step, signed, total_of
from py_rules.words import counted

__all__ = ("ROLL_OPERATIONS",)

_GM_MODS = "Chronicler's modifier (seed 000, Tasks: apply modifiers)"
_GM_TEST_MODS = "Chronicler's modifier (seed 000, Tests: apply modifiers)"


def _penalty_settings(options: dict) -> PenaltySettings:
    return PenaltySettings(**{p.name: options[p.name] for p in PENALTY_SETTINGS if p.name in options})


_CANNOT_ACT = CONDITIONS.forbidding("act")
"""The stored conditions that forbid acting (:mod:`.condition_registry`)."""


def _note_state(result: Result, character) -> Result:
    """Flag conditions that keep the character from acting (the Chronicler decides whether the roll stands)."""
    if character is not None:
        for condition in _CANNOT_ACT:
            if condition in character["conditions"]:
                result.flags.append(condition)
                result.steps.insert(
                    0,
                    Step(
                        f"Note: {name_of(character)} is {condition.replace('_', ' ')} and cannot normally act.",
                        "rules/armageddon.md §1.17 U23",
                    ),
                )
    return result


def _state_modifiers(character, attributes, kind, tags, options) -> list[Modifier]:
    if character is None:
        return []
    check_alive(character)
    return automatic_modifiers(
        character, attributes=attributes, kind=kind, tags=tags_of(tags), settings=_penalty_settings(options)
    )


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
            label=label,
        ),
        character,
    )


TASK = Operation(
    id="armageddon.task",
    system="armageddon",
    title="Task (Attribute + Skill + d10)",
    summary="Roll Attribute + Skill + 1d10 + modifiers against 9, with the Rules of 10 and 1 and Success Levels. "
    "Skill 0 is an unskilled attempt (−2, capped at Decent). With a character, his state's penalties apply.",
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
    summary="The character rolls Attribute + Skill + 1d10 from his own sheet (unskilled if he lacks the skill), "
    "with his state's penalties (injury, tired, Essence, encumbrance) listed.",
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


def _side(dice, side, kind, attribute, skill, modifiers, tn, mode, round_no, state_mods=()):
    mods = parse_modifiers(modifiers, _GM_MODS, f"{side.lower()}_modifiers") + list(state_mods)
    purpose = f"side {side}" + (f", roll {round_no}" if round_no > 1 else "")
    if kind == "task":
        return resolve_task(
            dice,
            attribute=attribute,
            skill=skill,
            attribute_name="Attribute",
            skill_name="Skill",
            modifiers=mods,
            tn=tn,
            rule_of_one_mode=mode,
            label=f"Side {side}",
            purpose=purpose,
        )
    parts = attribute_parts(kind, "Attribute", attribute)
    return resolve_roll(
        dice,
        kind=f"{kind}_test",
        parts=parts,
        modifiers=mods,
        tn=tn,
        rule_of_one_mode=mode,
        label=f"Side {side}",
        purpose=purpose,
    )


def _resisted(
    dice,
    *,
    a_name,
    a_kind,
    a_attribute,
    a_skill,
    a_modifiers,
    b_name,
    b_kind,
    b_attribute,
    b_skill,
    b_modifiers,
    tie_rule,
    tn,
    rule_of_one_mode,
    label,
    character=None,
    a_attribute_name="Dexterity",
    tags="none",
    **options,
):
    steps, rolls = [], []
    state_mods = _state_modifiers(character, (a_attribute_name,), "task" if a_kind == "task" else "test", tags, options)
    if character is not None:
        a_name = a_name or name_of(character)
    for round_no in range(1, 11):
        a = _side(dice, "A", a_kind, a_attribute, a_skill, a_modifiers, tn, rule_of_one_mode, round_no, state_mods)
        b = _side(dice, "B", b_kind, b_attribute, b_skill, b_modifiers, tn, rule_of_one_mode, round_no)
        rolls.append((a, b))
        for who, roll in ((a_name or "A", a), (b_name or "B", b)):
            steps.append(Step(f"{who}:"))
            steps.extend(Step("  " + s.text, s.source) for s in roll.steps)
        winner, reason = resisted_outcome(a.total, b.total, tn, tie_rule)
        tied = a.total == b.total and a.total >= tn
        if not (tied and tie_rule == "reroll"):
            break
        steps.append(Step("Tie: both roll again (tie setting 'reroll')", "rules/armageddon.md §1.7/A4"))
    steps.append(Step(f"{a.total} vs {b.total}: {reason}", "seed 000, Resisted Tasks & Tests"))
    names = {"A": a_name or "Side A", "B": b_name or "Side B"}
    margin = abs(a.total - b.total) if winner else 0
    win, lose = (a, b) if winner == "A" else (b, a)
    result = Result(
        system="armageddon",
        kind="resisted",
        label=label,
        modifiers=[Modifier(f"{names['A']}: {m.label}", m.value, m.source) for m in a.modifiers]
        + [Modifier(f"{names['B']}: {m.label}", m.value, m.source) for m in b.modifiers],
        total=win.total if winner else None,
        target=tn,
        success=winner is not None,
        level=(win.level - lose.level) if winner else None,
        level_name=(
            f"{names[winner]} wins by {margin} ({_levels_beyond(win.level - lose.level)})" if winner else "no winner"
        ),
        flags=sorted({f for roll in (a, b) for f in roll.flags}),
        steps=steps,
        details={
            "winner": names[winner] if winner else None,
            "winner_side": winner,
            "margin": margin,
            "a": {"total": a.total, "success": a.success, "level": a.level},
            "b": {"total": b.total, "success": b.success, "level": b.level},
            "rolls": len(rolls),
        },
    )
    return result


def _levels_beyond(levels: int) -> str:
    return f"{levels} Success Level{'' if levels == 1 else 's'} beyond the loser's"


def _side_params(side: str, default_kind: str) -> tuple:
    who = "the active side" if side == "a" else "the resisting side (defender)"
    return (
        Param(f"{side}_name", "text", f"Side {side.upper()} name", f"Who is {who}.", default=""),
        Param(
            f"{side}_kind",
            "choice",
            f"Side {side.upper()} roll",
            "Seed 000, Resisted Tasks & Tests: each side rolls a Task (Attribute + Skill) or a Simple/Difficult Test.",
            default=default_kind,
            choices=("task", "simple", "difficult"),
        ),
        Param(
            f"{side}_attribute",
            "int",
            f"Side {side.upper()} Attribute",
            "The Attribute's level.",
            minimum=0,
            maximum=ATTRIBUTE_MAX,
        ),
        Param(
            f"{side}_skill",
            "int",
            f"Side {side.upper()} Skill",
            "The Skill's level for a Task (0 = unskilled).",
            default=0,
            minimum=0,
            maximum=SKILL_MAX,
        ),
        Param(f"{side}_modifiers", "text", f"Side {side.upper()} modifiers", MODIFIERS.help, default=""),
    )


RESISTED = Operation(
    id="armageddon.resisted",
    system="armageddon",
    title="Resisted Task or Test",
    summary="Both sides roll normally; the higher result wins, but only a result of 9 or more can win; if neither "
    "reaches 9 both fail. Ties follow the tie setting. Side A may be the character, with his state's penalties.",
    covers=("U7", "U10"),
    params=_side_params("a", "task")
    + _side_params("b", "task")
    + (
        TIE_RULE,
        TN,
        RULE_OF_ONE,
        LABEL,
        Param(
            "character",
            "json",
            "Side A's character (optional)",
            CHARACTER_OPTIONAL.help + " His state's penalties apply to side A.",
            default=None,
            parse=CHARACTER_OPTIONAL.parse,
            example=CHARACTER_OPTIONAL.example,
            state_key="armageddon.character",
        ),
        Param(
            "a_attribute_name",
            "choice",
            "Side A's Attribute",
            "Which Attribute side A uses (mental Attributes take the low-Essence penalty, rules/armageddon.md §1.15).",
            default="Dexterity",
            choices=ATTRIBUTE_NAME.choices,
        ),
        TAGS,
    )
    + PENALTY_SETTINGS,
    run=_resisted,
    source="seed 000, Resisted Tasks & Tests; rules/armageddon.md §1.7, A4",
)


def _roll_damage(dice, *, expression, success_levels, add_success_levels, label):
    roll = parse(expression, DAMAGE_FORM, "expression")
    value, faces, steps = roll_damage(dice, roll)
    modifiers = []
    if add_success_levels and success_levels:
        modifiers.append(
            Modifier("attack's Success Levels", success_levels, "rules/armageddon.md §1.8 optional weapon flag")
        )
        steps.append(
            Step(
                f"{value} + {counted(success_levels, 'Success Levels')} = {value + success_levels}",
                "rules/armageddon.md §1.8",
            )
        )
        value += success_levels
    return Result(
        system="armageddon",
        kind="damage",
        label=label,
        modifiers=modifiers,
        total=value,
        level_name=f"{value} damage",
        steps=steps,
        details={"expression": str(roll), "faces": faces, "damage": value},
    )


ROLL_DAMAGE = Operation(
    id="armageddon.roll_damage",
    system="armageddon",
    title="Damage roll (NdX × M + K)",
    summary="Roll weapon damage such as d6x4, d4x2+1 or 2d6+3: no Target Number, no Rule of 10 or 1.",
    covers=("U8",),
    params=(
        Param(
            "expression",
            "text",
            "Damage",
            "rules/armageddon.md §1.8: NdX × M + K (x or * for ×), e.g. d6x4 for a pistol, "
            "d4x2 for a Strength 2 punch, or a fixed number.",
            default="d6x4",
            dice=DAMAGE_FORM,
        ),
        Param(
            "success_levels",
            "int",
            "Attack's Success Levels",
            "Success Levels of the attack roll (used only with the setting below).",
            default=0,
            minimum=0,
            maximum=30,
        ),
        Param(
            "add_success_levels",
            "bool",
            "Add Success Levels to damage",
            "rules/armageddon.md §1.8: an optional weapon/attack flag; the seed does not mention it.",
            default=False,
            setting=True,
        ),
        LABEL,
    ),
    run=_roll_damage,
    source="seed 000, The Basics (damage rolls do not use the d10); rules/armageddon.md §1.8",
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

ROLL_OPERATIONS = (TASK, CHARACTER_TASK, TEST, RESISTED, ROLL_DAMAGE, INITIATIVE)
