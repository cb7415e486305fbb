"""The JSON door as the engine tests call it: one request through :func:`py_rules.api.call`, JSON text in and out,
as the web worker sends it (README.md, "The JSON door"). The arguments go out as JSON, so a test's sheets are never
changed by the call and every answer is one the page could read.

    answer("coc.skill_roll", investigator=HARVEY, skill="Spot Hidden", dice=[5, 30])   # the result
    refused("encounter.next", encounter=ended)                                          # the error
    response("semiautomagic.dying_round", creature=dying)                               # {"ok": …, …}
"""

from __future__ import annotations

import copy
import json

from py_rules import api

__all__ = ("response", "answer", "refused", "example_args")


def response(op: str, **args) -> dict:
    """The door's whole answer to ``op`` with ``args``: ``{"ok": True, "result": …}`` or ``{"ok": False, "error": …}``."""
    return json.loads(api.call(json.dumps({"op": op, "args": args})))


def answer(op: str, **args) -> dict:
    """The result of ``op`` run on ``args``; the test fails with the door's error if it refused."""
    got = response(op, **args)
    assert got["ok"], got["error"]
    return got["result"]


def refused(op: str, **args) -> dict:
    """The error of ``op`` refusing ``args``; the test fails if the door answered."""
    got = response(op, **args)
    assert got["ok"] is False, got
    return got["error"]


def example_args(op) -> dict:
    """The catalog's example request for ``op`` (a :class:`py_rules.operations.Operation`): each field's declared
    example, else its default; a required field without either gets a plain stand-in (its lowest number, its first
    choice, the text "1D6")."""
    args = {}
    for param in op.all_params:
        if param.example is not None:
            args[param.name] = copy.deepcopy(param.example)
        elif param.required and param.kind in ("int", "number"):
            args[param.name] = max(param.low if param.low is not None else 1, 1)
            if param.high is not None:
                args[param.name] = min(args[param.name], param.high)
        elif param.required and param.kind == "text":
            args[param.name] = "1D6"
        elif param.required and param.kind == "choice":
            args[param.name] = param.choices[0]
    return args
