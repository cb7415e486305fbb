"""The one JSON door into the engine.

``call(request_json) -> response_json`` is the only function the web worker
uses. A request is ``{"op": "<operation id>", "args": {...}}`` (optionally
``"seed"``: an integer for replayable digital dice; ``"mode": "odds"``: the exact distribution of
the roll's outcomes instead of a roll, see :mod:`py_rules.odds`; ``"dice": "physical"``: the roll's dice are
physical, the faces so far in ``args.dice``, none yet included). A response is either
``{"ok": true, "result": {...}}`` or
``{"ok": false, "error": {"code", "message", "field"}}``, with ``"path"`` and ``"detail"`` when the problem is at a
place inside a JSON field (:meth:`py_rules.errors.RulesError.to_dict`; README, One JSON door). Nothing raises
through to JavaScript: unexpected exceptions become ``internal`` errors.

Physical dice one at a time: when typed faces run out before the rules are done, the answer is the error
``needs_die`` with ``error.die`` = ``{"name", "sides", "low", "high", "roll", "part", "prompt", "position",
"shows", "so_far"}`` (:class:`py_rules.dice.NeedsDie`): the next die the rules ask for, named by its roll in the game's
words ("Sanity roll (d100) — units die", "INT roll (d100) — units die", "Survival Test (d10)"). The page asks
for that die and calls again with the faces so far and the new one; nothing changed meanwhile, and the same
faces typed all at once give the same answer.

The door bounds what it reads (:mod:`py_rules.limits`): request size and nesting depth, no NaN or
infinite numbers, no lone surrogates (an answer must encode as UTF-8); each field's own limits are
in its declaration.

A long file (a campaign of 10,000 log entries is tens of MB) travels beside the request, not inside it:
``call(request_json, text)`` reads ``text`` as the request's ``args.text``, checked by that field's declaration
(``campaign.check_file``: the whole file read, parsed and checked once). The request itself stays as bounded as
any other; the text is at most :data:`py_rules.limits.MAX_TEXT_CHARS` characters. The text may come as its UTF-8
bytes (the worker passes a file's bytes: Python decodes them faster than it takes a JavaScript string), read as a
browser reads a file's text (a byte-order mark dropped, a byte that is not UTF-8 read as U+FFFD).

Built-in operations: ``catalog`` lists every operation with its system,
summary, parameter declarations, the checklist IDs of the rules notes it covers (rules/) and ``deadline_seconds``, how long the page waits for
its answer before it stops the engine (the catalog's own ``deadline_seconds`` is the default), and every output
format (``formats``: id, words, what each can do; :mod:`py_rules.render.formats`), and each game's character sheet
(``sheets``: every field with its kind, bounds, choices, default and words, and the derived values;
:mod:`py_rules.sheet_spec`, declared in ``py_rules/<game>/sheet.py``); ``version``
answers with the engine version without loading any game's rules (the
worker's readiness check); ``dice_range`` with ``args`` ``{"op", "field", "text"}`` answers what the text of that
operation's dice field can come to, read by the field's own form (:mod:`py_rules.dice_expr`): ``{"least", "most",
"parts": [{"text", "least", "most"}]}`` (a Sanity loss ``X/Y`` has two parts). The page asks it before a large change
instead of reading damage or loss text itself.
"""

from __future__ import annotations

import codecs
import json
from typing import Any

import py_rules
from py_rules import limits
from py_rules.dice import NeedsDie, RandomDice, TypedDice
from py_rules.errors import RulesError
from py_rules.operations import DEADLINE_SECONDS, Operation
from py_rules.systems import SYSTEM_IDS, all_operations, all_sheets, all_systems, operations_of

__all__ = (
    "call",
    "tidy",
    "handle",
    "catalog",
    "operation",
    "answer",
    "run_checked",
    "checked_args",
    "InvalidArgs",
    "dice_range",
)


def catalog() -> dict:
    """Every system, operation, output format, sheet and error code, as JSON-ready data: what users read in plain
    words (:mod:`py_rules.game_words`)."""
    from py_rules.error_codes import catalog_errors
    from py_rules.game_words import catalog_operation, catalog_system
    from py_rules.render.formats import formats

    return {
        "engine_version": py_rules.__version__,
        "deadline_seconds": DEADLINE_SECONDS,  # the page's limit for a request no operation lists (catalog, version)
        "systems": [catalog_system(s) for s in all_systems()],
        "operations": [catalog_operation(op) for op in all_operations()],
        "formats": [each.to_dict() for each in formats()],
        "sheets": [each.describe() for each in all_sheets()],
        "errors": catalog_errors(),  # every code an error can carry, with its meaning (py_rules/error_codes.py)
    }


def operation(op_id: str) -> Operation:
    """The declared operation ``op_id``, or a RulesError naming ``op``."""
    system_id = op_id.partition(".")[0] if isinstance(op_id, str) else None
    found = operations_of(system_id).get(op_id) if system_id in SYSTEM_IDS else None
    if found is None:
        raise RulesError("unknown_operation", f"There is no operation called {op_id!r}.", "op")
    return found


def _validated_args(op: Operation, raw_args: Any) -> dict:
    if raw_args is None:
        raw_args = {}
    if not isinstance(raw_args, dict):
        raise RulesError("wrong_type", "args must be a JSON object.", "args")
    declared = {p.name: p for p in op.all_params}
    for name in raw_args:
        if name not in declared:
            shown = str(name)[:80].encode("utf-8", "replace").decode()  # no lone surrogate echoed back
            raise RulesError("unknown_field", f"{op.title} has no field called {shown!r}.", shown)
    from py_rules.game_words import choice_label

    return {
        name: param.coerce(
            raw_args.get(name),
            [choice_label(op.system, param, c, op.id) for c in param.choices]
            if param.kind == "choice" and raw_args.get(name) not in param.choices
            else None,
        )
        for name, param in declared.items()
    }


DICE_CHOICES = ("digital", "physical")
"""A request's ``dice``: digital unless physical dice are typed (``args.dice``, the faces so far)."""


def _run(op: Operation, args: dict, seed: Any, kind: Any = None) -> dict:
    if kind is not None and kind not in DICE_CHOICES:
        raise RulesError("bad_choice", 'dice must be "digital" or "physical".', "dice")
    faces = args.pop("dice", None) if op.rolls else None
    if kind == "physical" and op.rolls:
        dice = TypedDice(faces or [])
    elif faces is not None:
        dice = TypedDice(faces)
    else:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RulesError("wrong_type", "seed must be a whole number.", "seed")
        dice = RandomDice(seed)
    data = answer(op, args, dice)
    dice.finish()
    return data


def answer(op: Operation, args: dict, dice) -> dict:
    """Run ``op`` on validated ``args`` with a shared dice source; the answer's ``dice`` are the throws made
    by this run only (an encounter runs several operations on one source), and a rolling operation's
    ``dice_source`` says whether they were typed (``"physical"``) or thrown by the engine (``"digital"``)."""
    start = len(dice.thrown)
    try:
        result = op.run(dice, **args) if op.rolls else op.run(**args)
    except NeedsDie as asked:  # the innermost operation names a roll whose purpose names only its die
        raise asked.named(op.title) from None
    result.dice = list(dice.thrown[start:])
    first_state = next((p.state_key for p in op.params if p.state_key), None)
    if result.state is not None and first_state and first_state not in result.states:
        result.states[first_state] = result.state
    data = result.to_dict()
    data["op"] = op.id
    if op.rolls:  # a forum post says whether the dice were physical (typed faces) or digital
        data["dice_source"] = "physical" if isinstance(dice, TypedDice) else "digital"
    from py_rules.render.trace_text import render_lines  # loaded with the first answer, not at the engine's start

    data["text"] = render_lines(data)
    return data


def run_checked(op_id: str, args: Any, dice) -> dict:
    """Run the operation ``op_id`` on ``args`` checked as the door checks a request's (every field declared,
    coerced, defaults filled) with the caller's shared ``dice`` source; the answer as :func:`answer` gives it.
    An ``args["dice"]`` is ignored: the dice are the caller's (an encounter step runs several operations on one
    source). A bad field raises :class:`InvalidArgs` (before any die is thrown), the rule's refusal its own
    RulesError."""
    validated = checked_args(op_id, args)
    validated.pop("dice", None)
    return answer(operation(op_id), validated, dice)


def checked_args(op_id: str, args: Any) -> dict:
    """``args`` of the operation ``op_id`` checked as the door checks a request's (every field declared, coerced,
    defaults filled); a bad field raises :class:`InvalidArgs` naming it. Nothing is run."""
    try:
        return _validated_args(operation(op_id), args)
    except RulesError as error:
        raise InvalidArgs(error.code, error.message, error.field, error.path, error.detail) from None


class InvalidArgs(RulesError):
    """The RulesError of an argument the door refused (:func:`run_checked`), apart from a rule's refusal."""


def dice_range(args: Any) -> dict:
    """What the text of a dice field can come to: ``args`` is ``{"op", "field", "text"}``; the text is checked as the
    operation checks that field (its length, its choices) and read by the field's form.

    >>> dice_range({"op": "coc.sanity_roll", "field": "loss", "text": "1/1D6+1"})["most"]
    7
    """
    from py_rules.dice_expr import parse_parts

    if not isinstance(args, dict):
        raise RulesError("wrong_type", "args must be a JSON object.", "args")
    op = operation(args.get("op"))
    name = args.get("field")
    param = next((p for p in op.params if p.name == name and p.dice is not None), None)
    if param is None:
        shown = str(name)[:80].encode("utf-8", "replace").decode()
        raise RulesError("unknown_field", f"{op.title} has no dice field called {shown!r}.", "field")
    form = param.dice
    parts = [
        (e.text, *(v if form.floor is None else max(form.floor, v) for v in (e.least, e.most)))
        for e in parse_parts(param.coerce(args.get("text")), form, param.name)
    ]
    return {
        "op": op.id,
        "field": param.name,
        "least": min(p[1] for p in parts),
        "most": max(p[2] for p in parts),
        "parts": [{"text": text, "least": least, "most": most} for text, least, most in parts],
    }


def _with_text(request: dict, text: str) -> dict:
    """``request`` with ``text`` (sent beside it) as its ``args.text``; a request naming a text of its own too is
    refused."""
    args = request.get("args")
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise RulesError("wrong_type", "args must be a JSON object.", "args")
    if "text" in args:
        raise RulesError("bad_request", "The text was sent twice: in the request and beside it.", "text")
    return {**request, "args": {**args, "text": text}}


def handle(request: Any, text: str | None = None) -> dict:
    """Answer a decoded request (with ``text``, sent beside it, as its ``args.text``); never raises."""
    try:
        if not isinstance(request, dict):
            raise RulesError("bad_request", "The request must be a JSON object with an 'op'.", "op")
        if text is not None:
            request = _with_text(request, text)
        op_id = request.get("op")
        if op_id == "catalog":
            return {"ok": True, "result": catalog()}
        if op_id == "version":
            return {"ok": True, "result": {"engine_version": py_rules.__version__}}
        if op_id == "dice_range":
            return {"ok": True, "result": dice_range(request.get("args"))}
        op = operation(op_id)
        mode = request.get("mode", "roll")
        if mode not in ("roll", "odds"):
            raise RulesError("bad_choice", 'mode must be "roll" or "odds".', "mode")
        args = _validated_args(op, request.get("args"))
        if mode == "odds":  # the exact distribution instead of a roll (TABLE.md, Roll drawer): no dice, no state change
            from py_rules.odds import answer

            return {"ok": True, "result": answer(op, args)}
        return {"ok": True, "result": _run(op, args, request.get("seed"), request.get("dice"))}
    except RulesError as error:
        return {"ok": False, "error": error.to_dict()}
    except Exception as error:  # the worker must survive every input (RecursionError, MemoryError too)
        return {
            "ok": False,
            "error": {"code": "internal", "message": f"{type(error).__name__}: {error}", "field": None},
        }


def _text_of(text: Any) -> Any:
    """A text sent beside a request as UTF-8 bytes (in the browser, a JavaScript Uint8Array: ``to_bytes``) decoded
    as a browser decodes a file's text; anything else as it came. Bytes past the door's bound are not decoded."""
    if text is not None and not isinstance(text, (str, bytes, int)) and hasattr(text, "byteLength"):
        text = text.to_bytes()  # a JavaScript Uint8Array (Pyodide's proxy of it)
    if isinstance(text, (bytes, bytearray)):
        if len(text) > limits.MAX_TEXT_CHARS:
            raise RulesError(
                "too_large",
                f"The text sent beside the request is longer than {limits.MAX_TEXT_CHARS:,} characters.",
                "text",
            )
        data = bytes(text)
        decoded = data.decode("utf-8-sig", "replace")
        if "\ufffd" not in decoded:  # every byte read as it was: its bytes are the text's (less a byte-order mark)
            limits.keep_utf8(decoded, data[len(codecs.BOM_UTF8) :] if data.startswith(codecs.BOM_UTF8) else data)
        return decoded
    return text


def tidy() -> None:
    """Free what the last call left to be freed after its answer (:mod:`py_rules.leftovers`): the web worker calls
    it once the answer is sent."""
    from py_rules import leftovers

    leftovers.release()
    limits.forget_utf8()


def call(request_json: str, text: str | None = None) -> str:
    """JSON in, JSON out: the function the web worker calls; ``text``, a long file sent beside the request, is its
    ``args.text``."""
    try:
        if not isinstance(request_json, str):
            raise RulesError("bad_json", "The request must be JSON text.", "request")
        text = _text_of(text)
        if text is not None and not isinstance(text, str):
            raise RulesError("wrong_type", "The text sent beside the request must be text.", "text")
        if text is not None and len(text) > limits.MAX_TEXT_CHARS:
            raise RulesError(
                "too_large",
                f"The text sent beside the request is longer than {limits.MAX_TEXT_CHARS:,} characters.",
                "text",
            )
        if len(request_json) > limits.MAX_REQUEST_CHARS:
            raise RulesError(
                "too_large", f"The request is longer than {limits.MAX_REQUEST_CHARS} characters.", "request"
            )
        request = limits.loads(request_json, limits.MAX_REQUEST_DEPTH, "request", "The request", max_digits=4000)
    except RulesError as error:
        response = {"ok": False, "error": error.to_dict()}
    except Exception as error:  # pragma: no cover - limits.loads turns every decoding failure into a RulesError
        response = {
            "ok": False,
            "error": {
                "code": "bad_json",
                "message": f"The request is not valid JSON: {type(error).__name__}",
                "field": "request",
            },
        }
    else:
        response = handle(request, text)
    try:
        return json.dumps(response, ensure_ascii=False, allow_nan=False, default=str)
    except Exception as error:  # pragma: no cover - an engine bug; the fuzz test keeps it from happening
        fallback = {
            "code": "internal",
            "message": f"The answer could not be written as JSON ({type(error).__name__}).",
            "field": None,
        }
        return json.dumps({"ok": False, "error": fallback})
