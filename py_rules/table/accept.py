"""The game master's app accepts proposals (:mod:`py_rules.table`): each is re-run, in the order given, through the
engine's own door (:func:`py_rules.api.run_checked`) against the game master's sheets as the previous ones left them,
with the faces the player's device recorded (:class:`py_rules.dice.TypedDice`). Nothing of the player's sheet is
copied: a change is the operation run again, so two players' damage to one sheet both apply, one after the other.

A proposal is *refused* — it changes nothing, and its reason is a plain sentence — when the rules refuse it (the
engine's own message: a dead investigator rolls, a second push), when its faces run out before the rules are done or
are more than they need, when it names another campaign, a seat the table does not have, a character that is not
the seat's or not in the campaign, or an operation a player may not propose (:mod:`.players`). A proposal already
decided (its id in ``decided``, or earlier in the same list) is a *duplicate* and changes nothing: accepting the same
proposals twice gives the same campaign.

The acting side: the seat's character must be the proposal's ``character``, and it must fill one of the
operation's sheet fields (``bind``); ``bind`` may name other characters of the campaign (an attack's target), whose
sheets the game master's app fills. An operation that takes no sheet (a plain d100) binds none.

The other side's dice: a roll against someone else (an attack, an opposed roll: :data:`.players.TWO_SIDED`) is thrown
on two sides, and a player's device throws only its own. Such a proposal says so (``gm_dice``): its faces are used
first, and the dice after them (the defender's dodge, the damage) are the game master's app's, digital dice seeded by
the proposal's id (:class:`py_rules.dice.TypedThenSeeded`), so every device accepting the same proposals in the same
order throws the same. The result says which dice were whose; the log keeps every face, so the entry reads as run.
Any other operation marked so is refused: its dice are the player's alone.
"""

from __future__ import annotations

import copy
import hashlib

from py_rules import api
from py_rules.dice import NeedsDie, TypedDice, TypedThenSeeded, roll_words
from py_rules.errors import RulesError
from py_rules.table.differences import differences, house_rule_differences
from py_rules.table.players import proposable, two_sided
from py_rules.table.shapes import proposal_problems

__all__ = ("accept", "Refused")


class Refused(Exception):
    """A proposal the game master's app does not apply, with the reason in plain words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _name(character: dict) -> str:
    name = character.get("name") or (character.get("sheet") or {}).get("name")
    return name if isinstance(name, str) and name.strip() else character["id"]


def _sheet_params(op) -> dict:
    """The operation's sheet fields by name (each holds a character's sheet shared under its state key)."""
    return {p.name: p for p in op.params if p.kind == "json" and p.state_key}


def _operation(game: str, op_id: str):
    try:
        op = api.operation(op_id)
    except RulesError:
        raise Refused("This app has no such operation: it may come from a newer version of the app.") from None
    if not proposable(game, op_id):
        if op.system != game:
            raise Refused(f"{op.title} is not an operation of this campaign's game.")
        raise Refused(f"{op.title} is the game master's to run, not a player's to propose.")
    return op


def _bound(op, proposal: dict, seat: dict | None, names: dict, sheets: dict) -> dict:
    """``{field: character id}`` of the sheets the proposal binds, checked (see the module docstring)."""
    if seat is None:
        raise Refused(f"Seat {proposal['seat']!r} is not at this campaign's table.")
    character = proposal["character"]
    if seat["character"] != character:
        theirs = names.get(seat["character"], seat["character"])
        raise Refused(f"This seat plays {theirs}, not {names.get(character, character)}.")
    if character not in sheets:
        raise Refused(f"There is no character {character!r} in this campaign.")
    fields = _sheet_params(op)
    bind = proposal["bind"]
    for name, bound in bind.items():
        if name not in fields:
            raise Refused(f"{op.title} has no sheet called {str(name)[:40]!r}.")
        if bound not in sheets:
            raise Refused(f"There is no character {bound!r} in this campaign.")
    if fields and character not in bind.values():
        raise Refused(f"{op.title} here does not act on {names.get(character, character)}'s sheet.")
    return dict(bind)


def _args(op, proposal: dict, settings: dict) -> tuple[dict, list[str]]:
    """The arguments the re-run takes: the proposal's, with the game master's house rules in place of any the
    player's device sent; and the house rules that differ, in words."""
    sent = proposal["args"]
    fields = _sheet_params(op)
    for name in sent:
        if name in fields:
            raise Refused("A proposal carries no sheet: the game master's sheets are the ones used.")
        if name == "dice":
            raise Refused("A proposal's dice go with the proposal, not among its arguments.")
    house = {p.name: p for p in op.params if p.setting}
    used = {name: value for name, value in settings.items() if name in house}
    theirs = {}
    for name in sent:
        if name in house:
            try:
                theirs[name] = house[name].coerce(sent[name])
            except RulesError:
                theirs[name] = sent[name]
    plain = {name: value for name, value in sent.items() if name not in house}
    return used | plain, house_rule_differences(op, theirs, used)


def gm_seed(proposal_id: str) -> int:
    """The seed of the game master's dice for a proposal: its id's SHA-256, so any device derives the same one.

    >>> gm_seed("p-1") == gm_seed("p-1") != gm_seed("p-2")
    True
    """
    return int.from_bytes(hashlib.sha256(f"gm_dice:{proposal_id}".encode()).digest()[:8], "big")


def _whose_dice(op, result: dict, typed: int, source: str) -> str:
    """Which dice were the player's and which the game master's app threw, in words."""
    theirs = result["dice"][typed:]
    rolls = ", ".join(dict.fromkeys(roll_words(t["purpose"], op.title)[0] for t in theirs))
    return (
        f"The player's device threw the first {typed} {'die' if typed == 1 else 'dice'} ({source}); the game "
        f"master's app threw the other {len(theirs)} (digital): {rolls}."
    )


def _run(op, args: dict, faces: list, seed: int | None = None) -> tuple[dict, int]:
    """The result of ``op`` run with ``faces``, then (with a ``seed``) the game master's dice; and how many of its
    throws were the player's."""
    dice = TypedDice(list(faces)) if seed is None else TypedThenSeeded(list(faces), seed)
    try:
        result = api.run_checked(op.id, args, dice)
        dice.finish()
    except NeedsDie as asked:
        raise Refused(
            f"The dice rolled for it ran out: the rules needed one more here ({asked.prompt()}). Roll it again."
        ) from None
    except RulesError as error:
        if error.field == "dice":  # the game master's sheets call for other dice (a bonus die the player had not)
            raise Refused(
                f"The dice rolled for it do not fit this roll on the game master's sheets: {error.message} "
                "Roll it again."
            ) from None
        raise Refused(error.message) from None
    return result, getattr(dice, "typed", len(dice.thrown))


def _with_gm_dice(op, result: dict, typed: int, source: str) -> str:
    """``result`` told honestly when the game master's app threw some of its dice; returns its dice's source: the
    player's when they threw them all, digital when both sides' were digital, else not one kind."""
    if typed == len(result["dice"]):
        return source
    from py_rules.render.trace_text import render_lines

    result["events"] = list(result.get("events") or []) + [_whose_dice(op, result, typed, source)]
    result["dice_source"] = "digital" if source == "digital" else "unknown"
    result["text"] = render_lines(result)
    return result["dice_source"]


def _answering(op, proposal: dict, asked: dict | None, answered: set) -> tuple[dict, list[str]]:
    """The proposal as the roll request it answers makes it (the request's arguments are the game master's: they
    stand over the player's), and what that changed, in words; or :class:`Refused`."""
    if asked is None or proposal.get("request") is None:
        return proposal, []
    request = asked.get(proposal["request"])
    if request is None:
        raise Refused("This answers a roll request the game master has not asked, or has withdrawn.")
    seat = proposal["seat"]
    if seat not in request["seats"]:
        raise Refused("That roll request did not ask this seat.")
    if request.get("answers", {}).get(seat, proposal["id"]) != proposal["id"] or (request["id"], seat) in answered:
        raise Refused("This seat has already answered that roll request.")
    if request["op"] != op.id:
        wanted = _title(request["op"])
        raise Refused(f"The roll request asked for {wanted}, not {op.title}.")
    labels = {p.name: p.label for p in op.params}
    defaults = {p.name: p.default for p in op.params if not p.required}

    def sent(args: dict, name: str):
        """A value as the operation reads it: one left out is its declared default (the same roll)."""
        return args[name] if name in args else defaults.get(name)

    said = [
        f"The roll request asked for {labels.get(name, name)} {value}; the player's device had "
        f"{proposal['args'].get(name, 'nothing')}."
        for name, value in request["args"].items()
        if sent(proposal["args"], name) != sent(request["args"], name)
    ]
    return proposal | {"args": proposal["args"] | request["args"]}, said


def _title(op_id: str) -> str:
    try:
        return api.operation(op_id).title
    except RulesError:
        return "another roll"


def _one(game, campaign, proposal, seats, names, sheets, settings, asked=None, answered=frozenset()) -> dict:
    """The log entry of one accepted proposal (its sheets after in ``states``), or :class:`Refused`."""
    if proposal["campaign"] != campaign:
        raise Refused("This proposal is for another campaign.")
    op = _operation(game, proposal["op"])
    bind = _bound(op, proposal, seats.get(proposal["seat"]), names, sheets)
    proposal, requested = _answering(op, proposal, asked, answered)
    args, house = _args(op, proposal, settings)
    run_args = copy.deepcopy(args) | {name: sheets[bound] for name, bound in bind.items()}
    gm_dice = bool(proposal.get("gm_dice"))
    if gm_dice and not two_sided(game, op.id):
        raise Refused(f"{op.title} is the player's roll alone: roll every die of it, none is the game master's.")
    result, typed = _run(op, run_args, proposal["dice"], gm_seed(proposal["id"]) if gm_dice else None)
    source = proposal["dice_source"]
    if op.rolls:
        result["dice_source"] = source  # the player's own dice stay theirs in the log
        source = _with_gm_dice(op, result, typed, source)
    by_key = {op_param.state_key: bind[name] for name, op_param in _sheet_params(op).items() if name in bind}
    states = {by_key[key]: sheet for key, sheet in (result.get("states") or {}).items() if key in by_key}
    # in the operation's own field order, not the order the proposal's ``bind`` happened to list them: the same
    # proposal logs the same entry on every device (a rebuilt campaign accepts it as the first did)
    who = list(dict.fromkeys([bind[name] for name in _sheet_params(op) if name in bind] + [proposal["character"]]))
    faces = [throw["face"] for throw in result["dice"]] if gm_dice else list(proposal["dice"])
    logged = args | ({"dice": faces} if faces else {})
    return {
        "proposal": proposal["id"],
        "seat": proposal["seat"],
        "request": proposal.get("request"),
        "op": op.id,
        "args": logged,
        "who": who,
        "result": result,
        "dice_source": source if op.rolls else None,
        "before": {cid: sheets[cid] for cid in states},
        "states": states,
        # a two-sided roll with the game master's dice: the player saw only their own first roll (another operation,
        # its own labels), so the whole result is not compared with it; the decision's outcome tells the player
        "differs": requested + house + ([] if gm_dice else differences(result, proposal.get("saw"), args)),
    }


def outcome(result: dict) -> str:
    """What a roll came to, in one line for a player who saw only their own side: its first event (the attack's "hits
    the Ghoul for 5", "misses"), else its headline or level; never the other side's sheet numbers that follow.

    >>> outcome({"events": ["Harvey hits Cultist with Knife for 2", "Cultist loses 2 HP (12 → 10)"]})
    'Harvey hits Cultist with Knife for 2'
    """
    said = [e for e in result.get("events") or [] if isinstance(e, str) and e.strip()]
    text = said[0] if said else result.get("headline") or result.get("level_name") or "Done."
    return text[:500]


def _decision(proposal: dict, status: str, at: str, reason=None, differs=()) -> dict:
    return {
        "proposal": proposal["id"],
        "seat": proposal["seat"],
        "status": status,
        "reason": reason,
        "differs": list(differs),
        "entry": None,
        "at": at,
    }


def accept(
    *,
    game: str,
    campaign: str,
    settings: dict,
    seats: list,
    characters: list,
    decided: list,
    proposals: list,
    at: str,
    requests: list | None = None,
) -> dict:
    """Every proposal decided in order: ``{"decisions", "entries", "characters"}`` (see the module docstring);
    ``characters`` is every character given, with its sheet as the accepted proposals left it. With ``requests``
    (the campaign's roll requests), a proposal answering one must answer one that asked its seat and that the seat
    has not answered yet, with the operation asked; the request's arguments stand over the player's."""
    asked = None if requests is None else {request["id"]: request for request in requests}
    answered: set = set()
    sheets = {c["id"]: c["sheet"] for c in characters}
    names = {c["id"]: _name(c) for c in characters}
    by_seat = {seat["id"]: seat for seat in seats}
    done = set(decided)
    decisions, entries = [], []
    for proposal in proposals:
        if proposal["id"] in done:
            decisions.append(_decision(proposal, "duplicate", at, "This proposal was already decided."))
            continue
        done.add(proposal["id"])
        problems = proposal_problems(proposal, "")
        if problems:
            first = problems[0]
            decisions.append(_decision(proposal, "refused", at, f"The proposal is not well formed: {first['message']}"))
            continue
        try:
            entry = _one(game, campaign, proposal, by_seat, names, sheets, settings, asked, answered)
        except Refused as refusal:
            decisions.append(_decision(proposal, "refused", at, refusal.reason))
            continue
        sheets.update(entry["states"])
        if entry["request"] is not None:
            answered.add((entry["request"], entry["seat"]))
        differs = entry.pop("differs")
        decision = _decision(proposal, "accepted", at, None, differs)
        if proposal.get("gm_dice") is True:
            decision["outcome"] = outcome(entry["result"])
        decisions.append(decision)
        entries.append(entry)
    return {
        "decisions": decisions,
        "entries": entries,
        "characters": [{"id": c["id"], "sheet": sheets[c["id"]]} for c in characters],
    }
