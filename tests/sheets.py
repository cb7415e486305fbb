"""Sheets for tests, made through the door as the page makes them."""

import copy

from py_rules import api
from py_rules.coc.investigator import EXAMPLE as HARVEY


def _answer(op, **args):
    response = api.handle({"op": op, "args": copy.deepcopy(args)})
    assert response["ok"], response["error"]
    return response["result"]


def dying_harvey():
    """Harvey Walters at 0 HP and dying: a major wound, then more damage on his own turn (seed 003, When HP Falls
    Below Zero); his CON roll (dying) comes at the end of each round."""
    hurt = _answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[4, 20])["state"]
    return _answer("coc.apply_damage", investigator=hurt, amount=5, own_turn=True)["state"]
