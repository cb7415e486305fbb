"""A dead character's capacity answer lists every operation that refuses them, so their card offers none of them
(TABLE.md, "Who can act"; seed 003, Hit points, Wounds, and Healing; rules/armageddon.md §1.15): each operation it
lists refuses a dead sheet, and each operation on the sheet that refuses it for being dead is listed."""

import copy

import pytest

from py_rules import api
from py_rules.armageddon.capacity import DEAD_OPS as ARMAGEDDON_DEAD_OPS
from py_rules.armageddon.character import EXAMPLE as JACK
from py_rules.coc.capacity import DEAD_OPS as COC_DEAD_OPS
from py_rules.coc.investigator import EXAMPLE as HARVEY


def dead_harvey():
    sheet = copy.deepcopy(HARVEY)
    sheet["conditions"] = {"dead": True}
    sheet["hp"] = 0
    return sheet


def dead_jack():
    sheet = copy.deepcopy(JACK)
    sheet["conditions"] = ["dead"]
    return sheet


GAMES = [("coc", "investigator", dead_harvey), ("armageddon", "character", dead_jack)]
DEAD_OPS = {"coc": COC_DEAD_OPS, "armageddon": ARMAGEDDON_DEAD_OPS}


def refusal(op_id, param, sheet):
    """The engine's refusal of ``op_id`` run on ``sheet`` with its declared examples, or None when it runs."""
    op = api.operation(op_id)
    args = {p.name: p.example for p in op.params if p.example is not None}
    args[param] = sheet
    answer = api.handle({"op": op_id, "args": args, "seed": 1})
    return None if answer["ok"] else answer["error"]


def ops_on(game, param):
    ids = [op["id"] for op in api.catalog()["operations"]]
    return [
        op_id
        for op_id in ids
        if op_id.startswith(f"{game}.")
        and op_id != f"{game}.capacity"
        and param in [p.name for p in api.operation(op_id).params]
    ]


@pytest.mark.parametrize(("game", "param", "make"), GAMES)
def test_every_operation_listed_for_the_dead_refuses_the_dead_and_their_capacity_refuses_it(game, param, make):
    refused = api.handle({"op": f"{game}.capacity", "args": {param: make()}})["result"]["details"]["refused"]
    for op_id in DEAD_OPS[game]:
        assert op_id in refused, op_id
        error = refusal(op_id, param, make())
        assert error is not None and "dead" in error["message"], op_id


@pytest.mark.parametrize(("game", "param", "make"), GAMES)
def test_every_operation_that_refuses_the_dead_is_in_their_capacity(game, param, make):
    details = api.handle({"op": f"{game}.capacity", "args": {param: make()}})["result"]["details"]
    for op_id in ops_on(game, param):
        error = refusal(op_id, param, make())
        if error and "dead" in error["message"]:
            assert op_id in details["refused"] and details["forbidden"][op_id], op_id
