"""The encounter's one step: ``step(state, action, sheets, settings, dice) -> Outcome`` (TABLE.md, Encounter).

Pure in the sense of STYLE.md Part C: the input state and sheets are never changed, nothing is undone by an
inverse operation (the log keeps the sheets before and after). Actions (``{"type": ..., ...}``):

* ``add`` ``{"combatant": {"name"?, "character_id" | "npc", "firearm_ready"?, "activity"?, "id"?}}`` — appended,
  or, once the encounter is ordered, placed by its own initiative (after those it ties with).
* ``remove`` ``{"combatant_id"}`` — whose turn it was passes the turn on, as ``next`` does.
* ``order`` — each game's rule (:mod:`.games`); the turn goes to the top of the order.
* ``reorder`` ``{"order": [combatant ids]}`` — the GM's order (any game); whose turn it is stays.
* ``update`` ``{"combatant_id", "firearm_ready"?, "activity"?}``.
* ``next`` — the next combatant neither delayed nor skipped; past the last, the round ends.
* ``delay`` ``{"combatant_id", "delayed"}`` — true: gives up the turn for now (passed over; the turn moves on if
  it was theirs); false: acts now, placed before whose turn it is and taking the turn. A delay not taken by the
  end of the round is lost.
* ``skip`` ``{"combatant_id", "skipped"}`` — passed over every round until un-skipped.
* ``end_round`` — ends the round now.
* ``end`` — ends the encounter (every later action is refused).
* ``skip_time`` ``{"unit", "amount", "activity"}`` — minutes, hours, days or weeks for every sheet given.

A round's end runs the game's round operation on every combatant's sheet (skipped ones too: the dying still
roll), then round + 1 and the turn at the first combatant who takes turns. A step that gives the turn to someone
else (or starts a new round) then runs the start of that turn: a Confused Semiautomagic character rolls the
Confusion chart (``semiautomagic.confusion_round``). Each operation run is an *effect*,
shaped like a log entry without id/time: ``{"op", "args" (without the sheet), "result", "who", "combatants",
"before", "after", "kind"}``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from py_rules.dice import TypedDice
from py_rules.encounter.games import GAMES, coc_combat_skill, decided, npc_sheet, sheet_name, time_warnings
from py_rules.encounter.state import MAX_COMBATANTS, NPC_FIELDS, SCHEMA, combatant_problems, current, eligible
from py_rules.errors import RulesError
from py_rules.trace import Step
from py_rules.words import counted, humanize, passes

__all__ = ("Outcome", "new_encounter", "step", "time_check")

_ORDER_ARM = "RULES.md §1.4 Initiative: 1d10 + Dexterity"
_ORDER_COC = "seed 003, Attack Order"
_ROUNDS = "RULES.md §4: one entry point runs every periodic rule"
_CONFUSED = "seed 002, Confused; Confusion chart"


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


def new_encounter(encounter_id: str, name: str, game: str) -> dict:
    """An empty encounter in round 1."""
    return {"schema": SCHEMA, "id": encounter_id, "game": game, "name": name, "round": 1, "turn": 0,
            "combatants": [], "ended": False}


class _Refused(Exception):
    """A game's rule refused one sheet before any die was thrown (e.g. hours while dying): noted, not fatal."""

    def __init__(self, error: RulesError):
        super().__init__(error.message)
        self.message = error.message


class _Context:
    """The working copies a step changes, and the runner of the games' operations."""

    def __init__(self, enc: dict, sheets: dict, settings: dict, dice):
        self.enc = copy.deepcopy(enc)
        self.game = GAMES[enc["game"]]
        self.raw_sheets, self.settings, self.dice = sheets, settings, dice
        self.sheets: dict = {}
        self.before: dict = {}
        self.out = Outcome(self.enc)

    def sheet(self, character_id: str) -> dict:
        """The character's sheet, validated by its game (once), or a RulesError naming ``sheets.<id>``."""
        if character_id not in self.sheets:
            if character_id not in self.raw_sheets:
                raise RulesError("missing_field", f"The sheet of character {character_id!r} is needed.",
                                 f"sheets.{character_id}")
            from py_rules.api import operation

            param = next(p for p in operation(self.game.round_op).params if p.name == self.game.sheet)
            try:
                parsed = param.coerce(self.raw_sheets[character_id])
            except RulesError as error:
                raise RulesError(error.code, error.message, f"sheets.{character_id}") from None
            self.sheets[character_id] = self.before[character_id] = parsed
        return self.sheets[character_id]

    def run(self, op_id: str, args: dict, combatants: list, character_id: str | None = None,
            who: list | None = None) -> dict:
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
            raise _Refused(error) from None
        changed = character_id is not None and result.get("state") is not None
        if changed:
            before, self.sheets[character_id] = self.sheets[character_id], result["state"]
        self.out.effects.append({
            "op": op_id, "args": {k: v for k, v in raw.items() if k != self.game.sheet}, "result": result,
            "who": who if who is not None else [character_id] if character_id else [], "combatants": combatants,
            "before": {character_id: before} if changed else {},
            "after": {character_id: result["state"]} if changed else {},
            "kind": "change" if changed else "roll",
        })
        return result

    def step(self, text: str, source: str = "") -> None:
        self.out.steps.append(Step(text, source))

    def finish(self) -> Outcome:
        self.out.sheets = {cid: s for cid, s in self.sheets.items() if s != self.before[cid]}
        return self.out


def _find(enc: dict, combatant_id) -> dict:
    for c in enc["combatants"]:
        if c["id"] == combatant_id:
            return c
    raise RulesError("bad_input", f"There is no combatant {combatant_id!r} in this encounter.", "combatant_id")


def _turn_to(enc: dict, combatant_id: str | None) -> None:
    ids = [c["id"] for c in enc["combatants"]]
    enc["turn"] = ids.index(combatant_id) if combatant_id in ids else 0


def _announce(ctx: _Context) -> None:
    c = current(ctx.enc)
    who = f"{c['name']}'s turn" if c else "nobody is in the encounter yet"
    ctx.out.events.append(f"Round {ctx.enc['round']}: {who}")


# --- the turn and the round --------------------------------------------------------------------------------


def _end_round(ctx: _Context) -> None:
    """The game's end-of-round rules on every sheet, then the next round from the top."""
    enc = ctx.enc
    ctx.step(f"Round {enc['round']} ends", _ROUNDS)
    for c in enc["combatants"]:
        if c["character_id"] is not None:
            _effect(ctx, c, ctx.game.round_op, ctx.game.round_args(c, ctx.settings),
                    f"{c['name']}: end of round {enc['round']}")
        if c["delayed"]:
            c["delayed"] = False
            ctx.step(f"{c['name']} never took the delayed turn: it is lost")
    enc["round"] += 1
    first = next((c["id"] for c in enc["combatants"] if eligible(c)), None)
    _turn_to(enc, first)


def _effect(ctx: _Context, c: dict, op_id: str, args: dict, label: str) -> None:
    """One combatant's effect; a rule that refuses (e.g. a dead investigator) is noted, not fatal to the round."""
    try:
        result = ctx.run(op_id, args | {"label": label}, [c["id"]] if c["id"] else [], c["character_id"])
    except _Refused as refusal:
        said = refusal.message if refusal.message.startswith(c["name"]) else f"{c['name']}: {refusal.message}"
        ctx.step(f"{c['name']}: {refusal.message}")
        ctx.out.decided.append({"effect": None, "label": label, "line": said})
        return
    line = decided(ctx.enc["game"], c["name"], result)
    if line:
        ctx.out.decided.append({"effect": len(ctx.out.effects) - 1, "label": label, "line": line})


def _whose_turn(enc: dict) -> tuple:
    """Whose turn it is and in which round: a change is the start of someone's turn."""
    c = current(enc)
    return (c["id"] if c else None, enc["round"])


def _start_of_turn(ctx: _Context) -> None:
    """The rules that run when a combatant's turn starts: a Confused Semiautomagic character rolls the Confusion
    chart to see what it does this round (seed 002, Confused: "Roll once on the Confusion chart every round to see
    what the character does") — unless it cannot act (Helpless) or the player is in control (rows 18–20)."""
    c = current(ctx.enc)
    if ctx.enc["game"] != "semiautomagic" or c is None or c["character_id"] is None:
        return
    from py_rules.semiautomagic import creature as C

    sheet = ctx.sheet(c["character_id"])
    confused = (sheet.get("conditions") or {}).get("Confused")
    if not confused or sheet.get("dead") or C.has(sheet, "Helpless"):
        return
    label = f"{c['name']}: start of the turn"
    if confused.get("control_seconds"):
        rounds = counted(-(-confused["control_seconds"] // 6), "rounds")
        line = f"{c['name']}: Confused, but the player is in control ({rounds} left)"
        ctx.step(line, _CONFUSED)
        ctx.out.decided.append({"effect": None, "label": label, "line": line})
        return
    ctx.step(f"{c['name']}'s turn starts Confused: the Confusion chart says what they do", _CONFUSED)
    _effect(ctx, c, "semiautomagic.confusion_round", {}, label)


def _advance(ctx: _Context) -> None:
    """The turn passes to the next combatant who takes turns, or the round ends."""
    enc = ctx.enc
    later = [i for i, c in enumerate(enc["combatants"]) if i > enc["turn"] and eligible(c)]
    if later:
        enc["turn"] = later[0]
    else:
        _end_round(ctx)


# --- the order ---------------------------------------------------------------------------------------------


def _armageddon_initiative(ctx: _Context, c: dict) -> None:
    args = {"label": f"{c['name']}: Initiative"}
    try:
        if c["character_id"] is None:
            dex = c["npc"]["dexterity"]
            result = ctx.run("armageddon.initiative", args | {"character": npc_sheet(c["name"], dex)}, [c["id"]])
        else:
            dex = ctx.sheet(c["character_id"])["attributes"]["Dexterity"]
            result = ctx.run("armageddon.initiative", args, [c["id"]], c["character_id"])
    except _Refused as error:
        c["initiative"], c["order_key"] = None, []
        ctx.step(f"{c['name']}: no Initiative ({error.message}); placed last", _ORDER_ARM)
        return
    c["initiative"], c["order_key"] = result["total"], [result["total"], dex]


def _coc_entry(ctx: _Context, c: dict) -> dict:
    if c["character_id"] is None:
        dex, skill = c["npc"]["dex"], c["npc"]["combat_skill"]
    else:
        sheet = ctx.sheet(c["character_id"])
        dex, skill = sheet["characteristics"]["DEX"], coc_combat_skill(sheet, c["firearm_ready"])
    return {"name": c["name"], "dex": dex, "firearm_ready": c["firearm_ready"], "combat_skill": skill}


def _coc_order(ctx: _Context, people: list) -> None:
    from py_rules.coc.combat import initiative

    entries = [_coc_entry(ctx, c) for c in people]
    ties = {}
    if len(entries) >= 2:
        result = ctx.run("coc.attack_order", {"combatants": entries, "label": "Attack order"},
                         [c["id"] for c in people], who=[c["character_id"] for c in people if c["character_id"]])
        ties = {p["name"]: p.get("tie_roll", 0) for p in result["state"]["order"]}
    for c, e in zip(people, entries, strict=True):
        c["initiative"] = initiative(e["dex"], e["firearm_ready"])
        c["order_key"] = [c["initiative"], e["combat_skill"], -ties.get(c["name"], 0)]
        if len(entries) < 2:
            ctx.step(f"{c['name']}: DEX {e['dex']}{' + 50 (firearm drawn)' if e['firearm_ready'] else ''} "
                     f"= {c['initiative']}", _ORDER_COC)


def _order(ctx: _Context, _action: dict) -> None:
    enc = ctx.enc
    if not ctx.game.orders:
        raise RulesError("no_order_rule", "Semiautomagic has no order rule: the GM sets the order (reorder).", "type")
    if not enc["combatants"]:
        raise RulesError("bad_input", "Add combatants before ordering them.", "encounter")
    if enc["game"] == "armageddon":
        for c in enc["combatants"]:
            _armageddon_initiative(ctx, c)
    else:
        _coc_order(ctx, enc["combatants"])
    enc["combatants"].sort(key=lambda c: c["order_key"], reverse=True)  # stable: equals keep their order
    order = "Order: " + " → ".join(f"{c['name']} ({c['initiative']})" for c in enc["combatants"])
    ctx.step(order, _ORDER_ARM if enc["game"] == "armageddon" else _ORDER_COC)
    ctx.out.decided.append({"effect": None, "label": "Order", "line": order})
    _turn_to(enc, next((c["id"] for c in enc["combatants"] if eligible(c)), None))


def _reorder(ctx: _Context, action: dict) -> None:
    enc = ctx.enc
    ids = action.get("order")
    have = [c["id"] for c in enc["combatants"]]
    if not isinstance(ids, list) or sorted(map(str, ids)) != sorted(have) or len(ids) != len(have):
        raise RulesError("bad_input", "List every combatant's id once, in the new order.", "order")
    now = current(enc)
    by_id = {c["id"]: c for c in enc["combatants"]}
    enc["combatants"] = [by_id[i] for i in ids]
    _turn_to(enc, now["id"] if now else None)
    ctx.step("The GM's order: " + " → ".join(c["name"] for c in enc["combatants"]))


# --- combatants --------------------------------------------------------------------------------------------


def _new_combatant(ctx: _Context, spec) -> dict:
    enc, game = ctx.enc, ctx.enc["game"]
    if not isinstance(spec, dict):
        raise RulesError("wrong_type", "A combatant is a JSON object: a character from the party or a quick NPC.", "combatant")
    unknown = set(spec) - {"id", "name", "character_id", "npc", "firearm_ready", "activity"}
    if unknown:
        raise RulesError("unknown_field", f"A combatant has no field {sorted(unknown)[0]!r}.", "combatant")
    if len(enc["combatants"]) >= MAX_COMBATANTS:
        raise RulesError("out_of_range", f"An encounter holds at most {MAX_COMBATANTS} combatants.", "combatant")
    cid, npc = spec.get("character_id"), spec.get("npc")
    if (cid is None) == (npc is None):
        raise RulesError("bad_input", "Give either a character from the party or a quick NPC.", "combatant")
    if cid is not None:
        if any(c["character_id"] == cid for c in enc["combatants"]):
            raise RulesError("bad_input", f"Character {cid!r} is already in this encounter.", "combatant.character_id")
        fallback = sheet_name(ctx.sheet(cid), str(cid))
    else:
        fields = NPC_FIELDS[game]
        if not isinstance(npc, dict):
            raise RulesError("wrong_type", "A quick NPC is a JSON object of its numbers.", "combatant.npc")
        npc = {k: npc.get(k, 0) for k in fields} | {k: v for k, v in npc.items() if k not in fields}
        fallback = "NPC"
    name = spec.get("name") or fallback
    if not isinstance(name, str) or not name.strip():
        raise RulesError("missing_field", "A combatant needs a name.", "combatant.name")
    name = _unique([c["name"] for c in enc["combatants"]], name.strip()[:90])
    taken = {c["id"] for c in enc["combatants"]}
    number = next(n for n in range(1, MAX_COMBATANTS + 2) if f"k{n}" not in taken)
    return {"id": spec.get("id") or f"k{number}", "name": name, "character_id": cid, "npc": npc,
            "initiative": None, "order_key": [], "firearm_ready": spec.get("firearm_ready", False),
            "activity": spec.get("activity", "normal") if game == "armageddon" else spec.get("activity"),
            "delayed": False, "skipped": False}


def _check(c: dict, game: str) -> None:
    problems = combatant_problems(c, game, "combatant")
    if problems:
        raise RulesError("bad_input", problems[0]["message"], problems[0]["path"])


def _unique(names: list, name: str) -> str:
    """``Cultist``, then ``Cultist 2``, ``Cultist 3`` … (improved-initiative numbers its look-alikes)."""
    if name not in names:
        return name
    return next(f"{name} {n}" for n in range(2, len(names) + 3) if f"{name} {n}" not in names)


def _add(ctx: _Context, action: dict) -> None:
    enc = ctx.enc
    c = _new_combatant(ctx, action.get("combatant"))
    _check(c, enc["game"])
    if any(k["id"] == c["id"] for k in enc["combatants"]):
        raise RulesError("bad_input", f"There is already a combatant {c['id']!r}.", "combatant.id")
    now = current(enc)
    ordered = ctx.game.orders and any(k["order_key"] for k in enc["combatants"])
    if ordered:
        if enc["game"] == "armageddon":
            _armageddon_initiative(ctx, c)
        else:
            _coc_order(ctx, [c])
        at = next((i for i, k in enumerate(enc["combatants"]) if k["order_key"] < c["order_key"]),
                  len(enc["combatants"]))
        enc["combatants"].insert(at, c)
    else:
        enc["combatants"].append(c)
    _turn_to(enc, now["id"] if now else c["id"])
    ctx.step(f"{c['name']} joins" + (f" at {c['initiative']}" if c["initiative"] is not None else ""))


def _remove(ctx: _Context, action: dict) -> None:
    enc = ctx.enc
    c = _find(enc, action.get("combatant_id"))
    if current(enc) is c:
        c["skipped"] = True
        _advance(ctx)
    now = current(enc)
    enc["combatants"].remove(c)
    _turn_to(enc, now["id"] if now is not c else None)
    ctx.step(f"{c['name']} leaves the encounter")


def _update(ctx: _Context, action: dict) -> None:
    c = _find(ctx.enc, action.get("combatant_id"))
    for key in ("firearm_ready", "activity"):
        if action.get(key) is not None:
            c[key] = action[key]
    _check(c, ctx.enc["game"])
    ctx.step(f"{c['name']}: " + (f"firearm {'drawn' if c['firearm_ready'] else 'not drawn'}"
                                 if ctx.enc["game"] == "coc" else f"{humanize(c['activity']).lower()} activity"))


def _next(ctx: _Context, _action: dict) -> None:
    if not ctx.enc["combatants"]:
        raise RulesError("bad_input", "Add combatants first.", "encounter")
    _advance(ctx)


def _delay(ctx: _Context, action: dict) -> None:
    enc = ctx.enc
    c = _find(enc, action.get("combatant_id"))
    if action.get("delayed", True):
        if c["delayed"]:
            raise RulesError("bad_input", f"{c['name']} is already delaying.", "combatant_id")
        c["delayed"] = True
        ctx.step(f"{c['name']} delays")
        if current(enc) is c:
            _advance(ctx)
        return
    if not c["delayed"]:
        raise RulesError("bad_input", f"{c['name']} is not delaying.", "combatant_id")
    now = current(enc)
    c["delayed"] = False
    enc["combatants"].remove(c)
    enc["combatants"].insert(enc["combatants"].index(now) if now is not c else 0, c)
    _turn_to(enc, c["id"])
    ctx.step(f"{c['name']} acts now, before {now['name']}" if now is not c else f"{c['name']} acts now")


def _skip(ctx: _Context, action: dict) -> None:
    c = _find(ctx.enc, action.get("combatant_id"))
    c["skipped"] = bool(action.get("skipped", True))
    ctx.step(f"{c['name']} {'sits out' if c['skipped'] else 'takes turns again'}")
    if c["skipped"] and current(ctx.enc) is c:
        _advance(ctx)


def _end_round_action(ctx: _Context, _action: dict) -> None:
    _end_round(ctx)


def _end(ctx: _Context, _action: dict) -> None:
    ctx.enc["ended"] = True
    ctx.out.events.append(f"The encounter ends after {counted(ctx.enc['round'], 'rounds')}")


def _skip_time(ctx: _Context, action: dict) -> None:
    unit, amount = action.get("unit"), action.get("amount")
    if unit not in ctx.game.time_ops:
        raise RulesError("bad_choice", f"Here time passes in {', '.join(ctx.game.time_ops)}.", "unit")
    op_id, make = ctx.game.time_ops[unit]
    args = make(amount, action.get("activity") or "normal")
    said = passes(amount, unit)
    ctx.step(said, _ROUNDS)
    ctx.out.events.append(said)
    for cid in ctx.raw_sheets:
        who = {"id": None, "name": sheet_name(ctx.sheet(cid), cid), "character_id": cid}
        _effect(ctx, who, op_id, args, f"{who['name']}: {said}")


def time_check(state: dict, action: dict, sheets: dict | None = None) -> list[str]:
    """What ``skip_time`` with ``action`` would run that the GM must be asked about first (Survival Tests or
    dying rounds and how many, a death timer running out, time that cannot pass for the dying), one plain
    sentence each; nothing is rolled or changed."""
    ctx = _Context(state, sheets or {}, {}, TypedDice([]))
    unit, amount = action.get("unit"), action.get("amount")
    if unit not in ctx.game.time_ops:
        raise RulesError("bad_choice", f"Here time passes in {', '.join(ctx.game.time_ops)}.", "unit")
    ctx.game.time_ops[unit][1](amount, action.get("activity") or "normal")  # the same limits as the skip
    out = []
    for cid in ctx.raw_sheets:
        sheet = ctx.sheet(cid)
        out += time_warnings(state["game"], sheet, sheet_name(sheet, cid), unit, amount)
    return out


ACTIONS = {
    "add": _add, "remove": _remove, "order": _order, "reorder": _reorder, "update": _update, "next": _next,
    "delay": _delay, "skip": _skip, "end_round": _end_round_action, "end": _end, "skip_time": _skip_time,
}
"""Each action's rule, by type (STYLE.md A1: behaviour in a small dict)."""


def step(state: dict, action: dict, sheets: dict | None = None, settings: dict | None = None,
         dice=None) -> Outcome:
    """Apply ``action`` to the encounter ``state`` (unchanged) with the characters' ``sheets`` (unchanged)."""
    kind = action.get("type")
    if kind not in ACTIONS:
        raise RulesError("bad_choice", f"Unknown encounter action {kind!r}.", "type")
    if state["ended"] and kind != "skip_time":
        raise RulesError("ended", "This encounter has ended.", "encounter")
    ctx = _Context(state, sheets or {}, settings or {}, TypedDice([]) if dice is None else dice)  # None: no dice
    was = _whose_turn(ctx.enc)
    try:
        ACTIONS[kind](ctx, action)
        if kind not in ("end", "skip_time") and _whose_turn(ctx.enc) != was:
            _start_of_turn(ctx)
    except _Refused as refusal:
        raise RulesError("refused", refusal.message, "encounter") from None
    if kind not in ("end", "skip_time"):
        _announce(ctx)
    ctx.out.events += [each["line"] for each in ctx.out.decided]
    return ctx.finish()
