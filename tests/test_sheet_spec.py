"""Each game's sheet is declared once (py_rules/sheet_spec.py, py_rules/<game>/sheet.py): the game's own check reads
its bounds from the declaration and the catalog publishes it, so the page's limits and the engine's are the same."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from py_rules import api
from py_rules.errors import RulesError
from py_rules.sheet_spec import Field, SheetSpec
from py_rules.systems import all_sheets, sheet_of
from tests.door import answer

SHEETS = {sheet.game: sheet for sheet in all_sheets()}
CHECKS = {
    "armageddon": ("armageddon.character_sheet", "character"),
    "semiautomagic": ("semiautomagic.describe_creature", "creature"),
    "coc": ("coc.skill_roll", "investigator"),
}
"""An operation that checks a whole sheet of each game and answers it, and its sheet field."""


def _example(game):
    """A whole valid sheet of ``game`` to change one value of."""
    if game == "armageddon":
        from py_rules.armageddon.character import EXAMPLE
    elif game == "coc":
        from py_rules.coc.investigator import EXAMPLE
    else:
        from py_rules.semiautomagic.creature import EXAMPLE_HUMAN as EXAMPLE
    return json.loads(json.dumps(EXAMPLE))


def test_the_catalog_publishes_every_declared_sheet_as_json():
    published = {each["game"]: each for each in api.catalog()["sheets"]}
    assert set(published) == set(SHEETS)
    for game, sheet in SHEETS.items():
        assert published[game] == json.loads(json.dumps(sheet.describe()))
        assert sheet is sheet_of(game)


@pytest.mark.parametrize("game", sorted(SHEETS))
def test_every_declared_field_has_words_and_defaults_within_its_bounds(game):
    for field in SHEETS[game].fields:
        assert field.label.strip(), field.path
        if field.kind in ("int", "number") and field.default is not None:
            assert SHEETS[game].read(field.path, field.default) == field.default
        if field.kind == "choice":  # an optional choice may start empty (Semiautomagic: not electronic)
            assert field.default in field.choices or (field.optional and field.default is None), field.path
    for kind, values in SHEETS[game].kind_defaults.items():
        assert kind in SHEETS[game].sheet_kinds
        for path, value in values.items():
            assert SHEETS[game].read(path, value) == value, (kind, path)


def test_a_concrete_path_finds_its_pattern_and_a_key_with_dots_too():
    sheet = SHEETS["armageddon"]
    assert sheet.field("skills.Handguns").path == "skills.*"
    assert sheet.field("skills.Craft (Woodwork).level").path == "skills.*.level"
    assert sheet.field("weapons.3.damage").path == "weapons.*.damage"
    assert sheet.field("attributes.Strength").path == "attributes.Strength"
    with pytest.raises(KeyError):
        sheet.field("attributes.Luck")


def test_a_field_is_declared_once():
    with pytest.raises(ValueError):
        SheetSpec("g", "g/1", (Field("a", "A"), Field("a", "A again")))


def _bounded_fields(game):
    """The whole-number fields of a game's sheet with a concrete path (no ``*``) and both bounds."""
    return [
        field
        for field in SHEETS[game].fields
        if field.kind == "int" and "*" not in field.path and field.minimum is not None and field.maximum is not None
    ]


@pytest.mark.parametrize("game", sorted(CHECKS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_game_check_refuses_just_past_a_declared_bound_and_keeps_the_bound_itself(game, data):
    """A value at a declared bound is kept by the game's own check; one past it is refused naming the field."""
    op, param = CHECKS[game]
    fields = [field for field in _bounded_fields(game) if field.section]
    field = data.draw(st.sampled_from(fields))
    edge = data.draw(st.sampled_from(("minimum", "maximum")))
    bound = int(getattr(field, edge))
    sheet = _example(game)
    if game == "armageddon" and field.path == "essence_channeling":
        sheet["kind"] = "gifted"
    keys = field.path.split(".")
    node = sheet
    for key in keys[:-1]:
        node = node.setdefault(key, {})
    node[keys[-1]] = bound
    kept = answer(op, **{param: sheet})["state"]
    node_kept = kept
    for key in keys:
        node_kept = node_kept[key]
    assert node_kept == bound
    node[keys[-1]] = bound + (1 if edge == "maximum" else -1)
    response = api.handle({"op": op, "args": {param: sheet}})
    assert not response["ok"]
    assert response["error"]["code"] == "out_of_range"
    assert field.label in response["error"]["message"]


def test_a_refusal_names_the_field_in_its_declared_words():
    sheet = SHEETS["armageddon"]
    with pytest.raises(RulesError) as refused:
        sheet.read("attributes.Strength", 21)
    assert refused.value.field == "attributes.Strength"
    assert refused.value.message == "Strength must be at most 20 (got 21)."
    with pytest.raises(RulesError) as refused:
        sheet.read("kind", "alien")
    assert refused.value.code == "bad_choice" and "Mundane, Gifted, Supernatural" in refused.value.message
