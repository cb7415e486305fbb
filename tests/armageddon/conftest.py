"""Fixtures for the Armageddon tests: a character factory and the JSON door with scripted dice."""

import copy

import pytest

from py_rules import api
from py_rules.armageddon.character import from_dict

BASE = {
    "schema": "armageddon.character/1",
    "name": "Kim",
    "kind": "mundane",
    "attributes": {
        "Strength": 2,
        "Dexterity": 2,
        "Constitution": 3,
        "Intelligence": 2,
        "Perception": 2,
        "Willpower": 3,
    },
    "skills": {"Handguns": 3, "First Aid": 2, "Stealth": 2},
}


def _make(**changes):
    raw = copy.deepcopy(BASE)
    for key, value in changes.items():
        if key in ("life_points", "endurance_points", "essence"):
            raw.setdefault("current", {})[key] = value
        elif key in BASE["attributes"]:
            raw["attributes"][key] = value
        else:
            raw[key] = value
    return from_dict(raw)


@pytest.fixture
def make():
    """``make(life_points=-3, Willpower=4, kind="gifted", conditions=[...])`` → a normalized character."""
    return _make


def _run(op, dice=None, **args):
    request = {"op": f"armageddon.{op}", "args": dict(args)}
    if dice is not None:
        request["args"]["dice"] = list(dice)
    response = api.handle(copy.deepcopy(request))
    assert response["ok"], response.get("error")
    return response["result"]


def _fail(op, dice=None, **args):
    request = {"op": f"armageddon.{op}", "args": dict(args)}
    if dice is not None:
        request["args"]["dice"] = list(dice)
    response = api.handle(request)
    assert response["ok"] is False, response
    return response["error"]


@pytest.fixture
def run():
    """``run("apply_damage", dice=[...], character=c, amount="5")`` → the result dict (asserts ok)."""
    return _run


@pytest.fixture
def fail():
    """Like ``run`` but expects ``ok: false`` and returns the error."""
    return _fail
