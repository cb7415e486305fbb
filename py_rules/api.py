"""The one JSON door into the engine (issue 2).

``call(request_json) -> response_json`` is the only function the web worker
uses. A request is ``{"op": "<operation id>", "args": {...}}`` (optionally
``"seed"``: an integer for replayable digital dice; ``"mode": "odds"``: the exact distribution of
the roll's outcomes instead of a roll, see :mod:`py_rules.odds`). A response is either
``{"ok": true, "result": {...}}`` or
``{"ok": false, "error": {"code", "message", "field"}}``. Nothing raises
through to JavaScript: unexpected exceptions become ``internal`` errors.

Built-in operations: ``catalog`` lists every operation with its system,
summary, parameter declarations and the RULES.md IDs it covers; ``version``
answers with the engine version without loading any game's rules (the
worker's readiness check).
"""

from __future__ import annotations

import json
from typing import Any

import py_rules
from py_rules.dice import RandomDice, TypedDice
from py_rules.errors import RulesError
from py_rules.operations import Operation
from py_rules.render import render_lines
from py_rules.systems import SYSTEM_IDS, all_operations, all_systems, operations_of

__all__ = ("call", "handle", "catalog", "operation")


def catalog() -> dict:
    """Every system and operation, as JSON-ready data: what users read in plain words (:mod:`py_rules.words`)."""
    from py_rules.words import catalog_operation, catalog_system

    return {
        "engine_version": py_rules.__version__,
        "systems": [catalog_system(s) for s in all_systems()],
        "operations": [catalog_operation(op) for op in all_operations()],
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
            raise RulesError("unknown_field", f"{op.title} has no field called {name!r}.", str(name))
    return {name: param.coerce(raw_args.get(name)) for name, param in declared.items()}


def _run(op: Operation, args: dict, seed: Any) -> dict:
    faces = args.pop("dice", None) if op.rolls else None
    if faces is not None:
        dice = TypedDice(faces)
    else:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RulesError("wrong_type", "seed must be a whole number.", "seed")
        dice = RandomDice(seed)
    result = op.run(dice, **args) if op.rolls else op.run(**args)
    dice.finish()
    result.dice = list(dice.thrown)
    first_state = next((p.state_key for p in op.params if p.state_key), None)
    if result.state is not None and first_state and first_state not in result.states:
        result.states[first_state] = result.state
    data = result.to_dict()
    data["op"] = op.id
    data["text"] = render_lines(data)
    return data


def handle(request: Any) -> dict:
    """Answer a decoded request; never raises."""
    try:
        if not isinstance(request, dict):
            raise RulesError("bad_request", "The request must be a JSON object with an 'op'.", "op")
        op_id = request.get("op")
        if op_id == "catalog":
            return {"ok": True, "result": catalog()}
        if op_id == "version":
            return {"ok": True, "result": {"engine_version": py_rules.__version__}}
        op = operation(op_id)
        mode = request.get("mode", "roll")
        if mode not in ("roll", "odds"):
            raise RulesError("bad_choice", 'mode must be "roll" or "odds".', "mode")
        args = _validated_args(op, request.get("args"))
        if mode == "odds":  # the exact distribution instead of a roll (issue 9): no dice, no state change
            from py_rules.odds import answer
            return {"ok": True, "result": answer(op, args)}
        return {"ok": True, "result": _run(op, args, request.get("seed"))}
    except RulesError as error:
        return {"ok": False, "error": error.to_dict()}
    except Exception as error:  # the worker must survive every input
        return {"ok": False, "error": {"code": "internal", "message": f"{type(error).__name__}: {error}", "field": None}}


def call(request_json: str) -> str:
    """JSON in, JSON out: the function the web worker calls."""
    try:
        request = json.loads(request_json)
    except (TypeError, ValueError) as error:
        response = {"ok": False, "error": {"code": "bad_json", "message": f"The request is not valid JSON: {error}", "field": "request"}}
    else:
        response = handle(request)
    return json.dumps(response, ensure_ascii=False, allow_nan=False, default=str)
