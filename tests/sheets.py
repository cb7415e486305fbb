"""Sheets for tests, made through the door as the page makes them."""

import copy

from py_rules import api
from py_rules.coc.investigator import EXAMPLE as HARVEY
from py_rules.systems import all_sheets


def _answer(op, **args):
    response = api.handle({"op": op, "args": copy.deepcopy(args)})
    assert response["ok"], response["error"]
    return response["result"]


def dying_harvey():
    """Harvey Walters at 0 HP and dying: a major wound, then more damage on his own turn (seed 003, When HP Falls
    Below Zero); his CON roll (dying) comes at the end of each round."""
    hurt = _answer("coc.apply_damage", investigator=HARVEY, amount=7, dice=[4, 20])["state"]
    return _answer("coc.apply_damage", investigator=hurt, amount=5, own_turn=True)["state"]


CREATES = {
    "armageddon": lambda draft: (
        "armageddon.character_sheet",
        {"character": {**draft, "schema": "armageddon.character/1"}},
    ),
    "semiautomagic": lambda draft: (
        "semiautomagic.describe_creature",
        {
            "creature": {
                **draft,
                "schema": "semiautomagic.creature/1",
                "emp_complexity": draft.get("emp_complexity") or None,
                "conditions": {},
            }
        },
    ),
    "coc": lambda draft: (
        "coc.create_investigator",
        {**{k: v for k, v in draft.items() if k != "characteristics"}, **draft["characteristics"]},
    ),
}
"""Per game, the request the guided form sends to make the sheet from its values (web/games/<game>.mjs and
coc_creation.mjs, ``creation.toSheet`` and ``derive``)."""

FORM_KIND = {"armageddon": None, "semiautomagic": "creature", "coc": "investigator"}
"""The kind of sheet whose fields the form asks first (the declaration's default kind; Call of Cthulhu's "human" is
asked what an investigator is)."""


def guided(game: str, name: str, numbers: dict | None = None, skills: dict | None = None) -> dict:
    """The sheet the guided new-character form makes (tests/web/helpers.py ``new_character``) with ``numbers`` typed
    over its first values (by the form's field path: ``attributes.Perception``, ``STR``) and ``skills`` picked: each
    field of the sheet's declaration the form asks, at its declared default (web/games/sheet_spec.mjs ``draftOf``),
    then the game's own request. A browser test that is not about the form stores this sheet instead of typing it."""
    spec = next(sheet.describe() for sheet in all_sheets() if sheet.game == game)  # the catalog's "sheets" entry
    kind = FORM_KIND[game]
    draft: dict = {"name": name}
    for field in spec["fields"]:
        if not field.get("section") or (kind and field.get("sheet_kinds") and kind not in field["sheet_kinds"]):
            continue
        value = field.get("default")
        blank = field.get("kind") == "choice" and field.get("optional")
        if value is None and not blank:
            continue
        *path, last = field["path"].split(".")
        node = draft
        for key in path:
            node = node.setdefault(key, {})
        node[last] = "" if value is None else copy.deepcopy(value)
    if game == "coc":
        draft["kind"] = "human"
    for path, value in (numbers or {}).items():
        *keys, last = (f"characteristics.{path}" if game == "coc" and path not in draft else path).split(".")
        node = draft
        for key in keys:
            node = node[key]
        node[last] = value
    draft["skills"] = dict(skills or {})
    op, args = CREATES[game](draft)
    return _answer(op, **args)["state"]
