"""The encounter's one step: ``step(state, action, sheets, settings, dice) -> Outcome`` (TABLE.md, Encounter).

Pure in the sense of STYLE.md Part C (:mod:`.context`): the input state and sheets are never changed. Every
game's part (its order, the start of a turn, the end of a round and of the encounter, time skipped) is its hooks'
(:mod:`.hooks`); this module holds the turn and the round, the same for every game. Actions
(``{"type": ..., ...}``):

* ``add`` ``{"combatant": {"name"?, "character_id" | "npc", "firearm_ready"?, "activity"?, "id"?}}`` — appended,
  or, once the encounter is ordered, placed by its own initiative (after those it ties with).
* ``remove`` ``{"combatant_id"}`` — whose turn it was passes the turn on, as ``next`` does.
* ``order`` — the game's order hook; the turn goes to the top of the order.
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
else (or starts a new round) then runs the game's start of that turn.
"""

from __future__ import annotations

from py_rules.dice import NeedsDie, TypedDice
from py_rules.encounter.context import Context, Outcome, Refused
from py_rules.encounter.games import sheet_name
from py_rules.encounter.state import MAX_COMBATANTS, SCHEMA, combatant_problems, current, eligible, npc_fields
from py_rules.errors import RulesError
from py_rules.words import counted, passes

__all__ = ("Outcome", "new_encounter", "step", "time_check")

_ROUNDS = "rules/cross-system.md §4: one entry point runs every periodic rule"


def new_encounter(encounter_id: str, name: str, game: str) -> dict:
    """An empty encounter in round 1."""
    return {
        "schema": SCHEMA,
        "id": encounter_id,
        "game": game,
        "name": name,
        "round": 1,
        "turn": 0,
        "combatants": [],
        "ended": False,
    }


def _find(enc: dict, combatant_id) -> dict:
    for c in enc["combatants"]:
        if c["id"] == combatant_id:
            return c
    raise RulesError("bad_input", f"There is no combatant {combatant_id!r} in this encounter.", "combatant_id")


def _turn_to(enc: dict, combatant_id: str | None) -> None:
    ids = [c["id"] for c in enc["combatants"]]
    enc["turn"] = ids.index(combatant_id) if combatant_id in ids else 0


def _announce(ctx: Context) -> None:
    c = current(ctx.enc)
    who = f"{c['name']}'s turn" if c else "nobody is in the encounter yet"
    ctx.out.events.append(f"Round {ctx.enc['round']}: {who}")


# --- the turn and the round --------------------------------------------------------------------------------


def _end_round(ctx: Context) -> None:
    """The game's end-of-round rules on every sheet, then the next round from the top."""
    enc = ctx.enc
    ctx.step(f"Round {enc['round']} ends", _ROUNDS)
    for c in enc["combatants"]:
        if c["character_id"] is not None:
            ctx.effect(
                c, ctx.game.round_op, ctx.game.round_args(c, ctx.settings), f"{c['name']}: end of round {enc['round']}"
            )
        if c["delayed"]:
            c["delayed"] = False
            ctx.step(f"{c['name']} never took the delayed turn: it is lost")
    enc["round"] += 1
    first = next((c["id"] for c in enc["combatants"] if eligible(c)), None)
    _turn_to(enc, first)


def _whose_turn(enc: dict) -> tuple:
    """Whose turn it is and in which round: a change is the start of someone's turn."""
    c = current(enc)
    return (c["id"] if c else None, enc["round"])


def _start_of_turn(ctx: Context) -> None:
    """The game's rules that run when a character's turn starts (e.g. a Confused Semiautomagic character rolls the
    Confusion chart to see what it does this round)."""
    c = current(ctx.enc)
    if ctx.game.start_of_turn is None or c is None or c["character_id"] is None:
        return
    ctx.game.start_of_turn(ctx, c, ctx.sheet(c["character_id"]))


def _advance(ctx: Context) -> None:
    """The turn passes to the next combatant who takes turns, or the round ends."""
    enc = ctx.enc
    later = [i for i, c in enumerate(enc["combatants"]) if i > enc["turn"] and eligible(c)]
    if later:
        enc["turn"] = later[0]
    else:
        _end_round(ctx)


# --- the order ---------------------------------------------------------------------------------------------


def _order(ctx: Context, _action: dict) -> None:
    enc = ctx.enc
    if not ctx.game.orders:
        raise RulesError("no_order_rule", ctx.game.no_order, "type")
    if not enc["combatants"]:
        raise RulesError("bad_input", "Add combatants before ordering them.", "encounter")
    ctx.game.order(ctx, enc["combatants"])
    enc["combatants"].sort(key=lambda c: c["order_key"], reverse=True)  # stable: equals keep their order
    order = "Order: " + " → ".join(f"{c['name']} ({c['initiative']})" for c in enc["combatants"])
    ctx.step(order, ctx.game.order_source)
    ctx.decide("Order", order)
    _turn_to(enc, next((c["id"] for c in enc["combatants"] if eligible(c)), None))


def _reorder(ctx: Context, action: dict) -> None:
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


def _new_combatant(ctx: Context, spec) -> dict:
    enc = ctx.enc
    if not isinstance(spec, dict):
        raise RulesError(
            "wrong_type", "A combatant is a JSON object: a character from the party or a quick NPC.", "combatant"
        )
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
        fields = npc_fields(enc["game"])
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
    return {
        "id": spec.get("id") or f"k{number}",
        "name": name,
        "character_id": cid,
        "npc": npc,
        "initiative": None,
        "order_key": [],
        "firearm_ready": spec.get("firearm_ready", False),
        "activity": spec.get("activity", ctx.game.activity_default),
        "delayed": False,
        "skipped": False,
    }


def _check(c: dict, game: str) -> None:
    problems = combatant_problems(c, game, "combatant")
    if problems:
        raise RulesError("bad_input", problems[0]["message"], problems[0]["path"])


def _unique(names: list, name: str) -> str:
    """``Cultist``, then ``Cultist 2``, ``Cultist 3`` … (improved-initiative numbers its look-alikes)."""
    if name not in names:
        return name
    return next(f"{name} {n}" for n in range(2, len(names) + 3) if f"{name} {n}" not in names)


def _add(ctx: Context, action: dict) -> None:
    enc = ctx.enc
    c = _new_combatant(ctx, action.get("combatant"))
    _check(c, enc["game"])
    if any(k["id"] == c["id"] for k in enc["combatants"]):
        raise RulesError("bad_input", f"There is already a combatant {c['id']!r}.", "combatant.id")
    now = current(enc)
    ordered = ctx.game.orders and any(k["order_key"] for k in enc["combatants"])
    if ordered:
        ctx.game.order(ctx, [c])
        at = next(
            (i for i, k in enumerate(enc["combatants"]) if k["order_key"] < c["order_key"]), len(enc["combatants"])
        )
        enc["combatants"].insert(at, c)
    else:
        enc["combatants"].append(c)
    _turn_to(enc, now["id"] if now else c["id"])
    ctx.step(f"{c['name']} joins" + (f" at {c['initiative']}" if c["initiative"] is not None else ""))


def _add_many(ctx: Context, action: dict) -> None:
    """Several join in one step (one log entry: "Add all from the cast"), each as :func:`_add` would add them."""
    many = action.get("combatants")
    if not isinstance(many, list) or not many:
        raise RulesError("bad_input", "Combatants: give a list of at least one combatant.", "combatants")
    for i, spec in enumerate(many):
        try:
            _add(ctx, {"combatant": spec})
        except NeedsDie:
            raise  # the die a joining combatant's initiative asks for (typed dice): named as it is, not as a fault
        except RulesError as error:
            raise RulesError(error.code, f"Combatant {i + 1}: {error.message}", f"combatants.{i}") from None


def _remove(ctx: Context, action: dict) -> None:
    enc = ctx.enc
    c = _find(enc, action.get("combatant_id"))
    if current(enc) is c:
        c["skipped"] = True
        _advance(ctx)
    now = current(enc)
    enc["combatants"].remove(c)
    _turn_to(enc, now["id"] if now is not c else None)
    ctx.step(f"{c['name']} leaves the encounter")


def _update(ctx: Context, action: dict) -> None:
    c = _find(ctx.enc, action.get("combatant_id"))
    for key in ("firearm_ready", "activity"):
        if action.get(key) is not None:
            c[key] = action[key]
    _check(c, ctx.enc["game"])
    ctx.step(f"{c['name']}: {ctx.game.update_words(c)}")


def _next(ctx: Context, _action: dict) -> None:
    if not ctx.enc["combatants"]:
        raise RulesError("bad_input", "Add combatants first.", "encounter")
    _advance(ctx)


def _delay(ctx: Context, action: dict) -> None:
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


def _skip(ctx: Context, action: dict) -> None:
    c = _find(ctx.enc, action.get("combatant_id"))
    c["skipped"] = bool(action.get("skipped", True))
    ctx.step(f"{c['name']} {'sits out' if c['skipped'] else 'takes turns again'}")
    if c["skipped"] and current(ctx.enc) is c:
        _advance(ctx)


def _end_round_action(ctx: Context, _action: dict) -> None:
    _end_round(ctx)


def _end(ctx: Context, _action: dict) -> None:
    ctx.enc["ended"] = True
    if ctx.game.end_of_encounter is not None:
        ctx.game.end_of_encounter(ctx)
    ctx.out.events.append(f"The encounter ends after {counted(ctx.enc['round'], 'rounds')}")


def _skip_time(ctx: Context, action: dict) -> None:
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
        ctx.effect(who, op_id, args, f"{who['name']}: {said}")


def time_check(state: dict, action: dict, sheets: dict | None = None) -> list[str]:
    """What ``skip_time`` with ``action`` would run that the GM must be asked about first (Survival Tests or
    dying rounds and how many, a death timer running out, time that cannot pass for the dying), one plain
    sentence each; nothing is rolled or changed."""
    ctx = Context(state, sheets or {}, {}, TypedDice([]))
    unit, amount = action.get("unit"), action.get("amount")
    if unit not in ctx.game.time_ops:
        raise RulesError("bad_choice", f"Here time passes in {', '.join(ctx.game.time_ops)}.", "unit")
    ctx.game.time_ops[unit][1](amount, action.get("activity") or "normal")  # the same limits as the skip
    out = []
    for cid in ctx.raw_sheets:
        sheet = ctx.sheet(cid)
        out += ctx.game.time_warnings(sheet, sheet_name(sheet, cid), unit, amount)
    return out


ACTIONS = {
    "add": _add,
    "add_many": _add_many,
    "remove": _remove,
    "order": _order,
    "reorder": _reorder,
    "update": _update,
    "next": _next,
    "delay": _delay,
    "skip": _skip,
    "end_round": _end_round_action,
    "end": _end,
    "skip_time": _skip_time,
}
"""Each action's rule, by type (STYLE.md A1: behaviour in a small dict)."""


def step(state: dict, action: dict, sheets: dict | None = None, settings: dict | None = None, dice=None) -> Outcome:
    """Apply ``action`` to the encounter ``state`` (unchanged) with the characters' ``sheets`` (unchanged)."""
    kind = action.get("type")
    if kind not in ACTIONS:
        raise RulesError("bad_choice", f"Unknown encounter action {kind!r}.", "type")
    if state["ended"] and kind != "skip_time":
        raise RulesError("ended", "This encounter has ended.", "encounter")
    ctx = Context(state, sheets or {}, settings or {}, TypedDice([]) if dice is None else dice)  # None: no dice
    was = _whose_turn(ctx.enc)
    try:
        ACTIONS[kind](ctx, action)
        if kind not in ("end", "skip_time") and _whose_turn(ctx.enc) != was:
            _start_of_turn(ctx)
    except Refused as refusal:
        raise RulesError("refused", refusal.message, "encounter") from None
    if kind not in ("end", "skip_time"):
        _announce(ctx)
    ctx.out.events += [each["line"] for each in ctx.out.decided]
    return ctx.finish()
