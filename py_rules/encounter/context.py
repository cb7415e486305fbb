"""What one encounter step works on: the working copies it changes, the runner of the games' operations, and what
it produced (:class:`Outcome`). A game's hooks (:mod:`.hooks`) run their rules through it.

Pure in the sense of STYLE.md Part C: the input state and sheets are never changed (the step works on copies) and
nothing is undone by an inverse operation (the log keeps the sheets before and after). Each operation run is an
*effect*, shaped like a log entry without id/time: ``{"op", "args" (without the sheet), "result", "who",
"combatants", "before", "after", "kind"}``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from py_rules.encounter.games import decided
from py_rules.encounter.hooks import hooks_of
from py_rules.errors import RulesError
from py_rules.trace import Step

__all__ = ("Outcome", "Refused", "Context")


@dataclass
class Outcome:
    """What a step produced: the new state, every sheet it changed, its effects and its own trace.

    ``decided`` holds, for each effect that decided something (a dying roll with its target and outcome, a
    condition's time up, a rule that refused a sheet), ``{"effect": its index in effects or None, "label",
    "line"}``; each line is also one of the step's ``events`` after its own, so one log entry tells the step.
    """

    state: dict
    sheets: dict = field(default_factory=dict)
    effects: list = field(default_factory=list)
    steps: list = field(default_factory=list)
    events: list = field(default_factory=list)
    decided: list = field(default_factory=list)


class Refused(Exception):
    """A game's rule refused one sheet before any die was thrown (e.g. hours while dying): noted, not fatal."""

    def __init__(self, error: RulesError):
        super().__init__(error.message)
        self.message = error.message


class Context:
    """The working copies a step changes, and the runner of the games' operations."""

    def __init__(self, enc: dict, sheets: dict, settings: dict, dice):
        self.enc = copy.deepcopy(enc)
        self.game = hooks_of(enc["game"])
        self.raw_sheets, self.settings, self.dice = sheets, settings, dice
        self.sheets: dict = {}
        self.before: dict = {}
        self.out = Outcome(self.enc)

    def sheet(self, character_id: str) -> dict:
        """The character's sheet, validated by its game (once), or a RulesError naming ``sheets.<id>``."""
        if character_id not in self.sheets:
            if character_id not in self.raw_sheets:
                raise RulesError(
                    "missing_field", f"The sheet of character {character_id!r} is needed.", f"sheets.{character_id}"
                )
            from py_rules.api import operation

            param = next(p for p in operation(self.game.round_op).params if p.name == self.game.sheet)
            try:
                parsed = param.coerce(self.raw_sheets[character_id])
            except RulesError as error:
                raise RulesError(error.code, error.message, f"sheets.{character_id}") from None
            self.sheets[character_id] = self.before[character_id] = parsed
        return self.sheets[character_id]

    def run(
        self, op_id: str, args: dict, combatants: list, character_id: str | None = None, who: list | None = None
    ) -> dict:
        """Run a game's operation on the shared dice as one effect; a sheet it changes is kept."""
        from py_rules import api

        op = api.operation(op_id)
        allowed = {p.name for p in op.params if p.setting}
        raw = {k: v for k, v in self.settings.items() if k in allowed} | args
        if character_id is not None:
            raw[self.game.sheet] = self.sheet(character_id)
        thrown = len(self.dice.thrown)
        try:
            result = api.run_checked(op_id, raw, self.dice)
        except api.InvalidArgs:
            raise  # a sheet or a house rule the operation refuses: the whole step is refused
        except RulesError as error:
            if error.field == "dice" or len(self.dice.thrown) != thrown:
                raise  # typed dice run short or would shift onto the next effect: the whole step is refused
            raise Refused(error) from None
        changed = character_id is not None and result.get("state") is not None
        if changed:
            before, self.sheets[character_id] = self.sheets[character_id], result["state"]
        self.out.effects.append(
            {
                "op": op_id,
                "args": {k: v for k, v in raw.items() if k != self.game.sheet},
                "result": result,
                "who": who if who is not None else [character_id] if character_id else [],
                "combatants": combatants,
                "before": {character_id: before} if changed else {},
                "after": {character_id: result["state"]} if changed else {},
                "kind": "change" if changed else "roll",
            }
        )
        return result

    def effect(self, c: dict, op_id: str, args: dict, label: str) -> None:
        """One combatant's effect; a rule that refuses (e.g. a dead investigator) is noted, not fatal to the round."""
        try:
            result = self.run(op_id, args | {"label": label}, [c["id"]] if c["id"] else [], c["character_id"])
        except Refused as refusal:
            said = refusal.message if refusal.message.startswith(c["name"]) else f"{c['name']}: {refusal.message}"
            self.step(f"{c['name']}: {refusal.message}")
            self.decide(label, said, None, c["id"])
            return
        line = decided(self.enc["game"], c["name"], result)
        if line:
            self.decide(label, line, len(self.out.effects) - 1, c["id"])

    def step(self, text: str, source: str = "") -> None:
        self.out.steps.append(Step(text, source))

    def decide(self, label: str, line: str, effect: int | None = None, combatant: str | None = None) -> None:
        """Something the step decided, told in plain words (``effect``: the index of the effect that decided it;
        ``combatant``: whose it is, so the page shows it on that combatant's card too)."""
        self.out.decided.append(
            {"effect": effect, "label": label, "line": line} | ({"combatant": combatant} if combatant else {})
        )

    def finish(self) -> Outcome:
        self.out.sheets = {cid: s for cid, s in self.sheets.items() if s != self.before[cid]}
        return self.out
