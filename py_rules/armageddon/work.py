"""House-rule settings and the working copy a state-changing procedure writes to.

:class:`Settings` gathers every rules/armageddon.md §1.16 option with its project default.
:class:`Work` holds a copy of the character, the dice, and the trace being
built (steps, events, rolls); procedures change only the copy, and
:meth:`Work.result` returns the new state, so on any error the input is untouched.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from py_rules.armageddon.character import check_alive, copy_of, from_dict
from py_rules.armageddon.checks import resolve_roll
from py_rules.armageddon.penalties import PenaltySettings, automatic_modifiers, essence_choice
from py_rules.armageddon.tables import DEFAULT_TURN_SECONDS, FEAR_TABLE, TARGET_NUMBER
from py_rules.dice import DiceSource
from py_rules.game_words import words_of
from py_rules.trace import Log, Modifier, Result, Step
from py_rules.words import humanize

__all__ = ("Settings", "Work")


@dataclass(frozen=True)
class Settings:
    """Every house-rule setting (rules/armageddon.md §1.16), defaults as recommended there."""

    tn: int = TARGET_NUMBER
    rule_of_one_mode: str = "replace"  # A1
    penalties: PenaltySettings = PenaltySettings()  # A6, A12
    turn_seconds: int = DEFAULT_TURN_SECONDS  # A15
    wake_at: int = 0  # A7: wake when LP heal to this (0; option 1)
    consciousness_timing: str = "on_damage"  # A8: or "every_turn"
    care_overshoot: str = "cap_at_zero"  # A10: or "carry_surplus"
    first_aid_scope: str = "any_injury"  # A11: or "dying_only"
    essence_check_timing: str = "each_loss"  # A13: or "daily"
    essence_failure_effect: str = "attribute"  # seed 000, Essence: or "drawback" (Chronicler's discretion)
    mental_attribute_lost: str = "Willpower"  # A13: which mental Attribute a failure costs
    use_fear_table_effects: bool = (
        False  # rules/armageddon.md §1.13; seed 000: the Chronicler *may* consult it for more
    )
    fear_table: tuple = field(default=FEAR_TABLE)

    @classmethod
    def from_args(cls, args: dict) -> Settings:
        """Build from an operation's keyword arguments (unknown keys ignored)."""
        penalty_keys = ("injury_penalty_cap", "stack_essence_penalties", "essence_penalty_on_mental_tests")
        penalties = PenaltySettings(**{k: args[k] for k in penalty_keys if k in args})
        plain = {k: v for k, v in args.items() if k in cls.__dataclass_fields__ and k != "penalties"}
        if plain.get("fear_table") is None:
            plain.pop("fear_table", None)
        if "wake_at" in plain:
            plain["wake_at"] = int(plain["wake_at"])
        return cls(penalties=penalties, **plain)


class Work(Log):
    """A character being changed by one procedure, with the trace it leaves."""

    def __init__(self, character: dict, dice: DiceSource | None, settings: Settings, *, allow_dead: bool = False):
        super().__init__()
        self.char = copy_of(character)
        if not allow_dead:
            check_alive(self.char)
        self.dice = dice
        self.settings = settings
        self.rolls: list[Result] = []

    @property
    def current(self) -> dict:
        return self.char["current"]

    def roll(
        self,
        title: str,
        *,
        kind: str,
        parts,
        attributes=(),
        exclude=(),
        extra=(),
        tags=(),
        level_cap=None,
        cap_source="",
        roll_kind="test",
    ) -> Result:
        """A d10 roll for the character: ``parts`` + its automatic modifiers + ``extra``."""
        automatic = automatic_modifiers(
            self.char,
            attributes=attributes,
            kind=roll_kind,
            tags=tags,
            exclude=exclude,
            settings=self.settings.penalties,
        )
        result = resolve_roll(
            self.dice,
            kind=kind,
            parts=list(parts),
            modifiers=list(extra) + automatic,
            tn=self.settings.tn,
            rule_of_one_mode=self.settings.rule_of_one_mode,
            label=title,
            level_cap=level_cap,
            cap_source=cap_source,
            purpose=title,
            label_numbers=True,
        )
        self.rolls.append(result)
        self.steps.append(Step(f"{title}:"))
        self.steps.extend(Step("  " + s.text, s.source) for s in result.steps)
        if "essence" not in exclude:
            why = essence_choice(self.char, attributes, roll_kind, self.settings.penalties)
            if why:
                self.steps.append(Step("  " + why, "rules/armageddon.md §1.12, §1.16 A12"))
        return result

    def result(
        self,
        kind: str,
        label: str = "",
        *,
        main: Result | None = None,
        details=None,
        modifiers: list[Modifier] | None = None,
    ) -> Result:
        """The trace; ``main`` lends its total/level when one roll decides the operation."""
        state = from_dict(self.char)
        for roll in self.rolls:
            for flag in roll.flags:
                self.flag(flag)
        data = {"rolls": [_roll_summary(r) for r in self.rolls]}
        data.update(details or {})
        result = Result.of(self, "armageddon", kind, label=label, details=data, state=state)
        if main is not None:
            result.total, result.target, result.success = main.total, main.target, main.success
            result.level, result.level_name = main.level, main.level_name
            result.modifiers = list(main.modifiers)
        if modifiers is not None:
            result.modifiers = list(modifiers)
        elif main is None and self.rolls:
            # No single roll decides the operation: list every roll's modifiers with their sources, named
            # after the roll, so each number in the arithmetic lines can be traced to its rule.
            result.modifiers = [
                Modifier(f"{roll.label}: {m.label}", m.value, m.source) for roll in self.rolls for m in roll.modifiers
            ]
        return result


def _roll_summary(result: Result) -> dict:
    return {
        "label": result.label,
        "kind": result.kind,
        "total": result.total,
        "success": result.success,
        "level": result.level,
        "faces": result.details.get("faces"),
        "modifiers": [m.to_dict() for m in result.modifiers],
    }


SYSTEM = "armageddon"
GM_MODIFIER = "Chronicler's modifier (seed 000: apply modifiers, if any)"
"""The label of a modifier the Chronicler types."""


def work_for(character, dice, options, *, allow_dead=False) -> Work:
    """A :class:`Work` on ``character`` with the house rules of an operation's ``options``."""
    return Work(character, dice, Settings.from_args(options), allow_dead=allow_dead)


def conditions_said(conditions) -> str:
    """Conditions as the Chronicler reads them (``knocked_down`` → ``knocked down``)."""
    labels = words_of(SYSTEM).CHOICES.get("condition", {})
    return ", ".join((labels.get(c) or humanize(c)).lower() for c in conditions) or "none"
