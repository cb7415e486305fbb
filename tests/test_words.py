"""Words (TABLE.md, Words): "the game's own words in everything a user reads. Checklist ids, file names and
internal option values move out of user text (keep them in the catalog for developers)"."""

import re

import pytest

from py_rules import api, game_words, sources, words
from py_rules.campaign.games import GAMES, setting_params
from py_rules.coc.investigator import EXAMPLE as COC_SHEET, EXAMPLE_OPPONENT as COC_OPPONENT
from py_rules.systems import operations_of

FORBIDDEN = re.compile(
    r"RULES\.md|rules/[\w-]+\.md|§|[Ss]eed 0|DEVELOPERS\.md|\b[UMC]\d{1,2}\b|\[(?:SEED|BOOK|SRC|REC)"
)
CATALOG = api.catalog()


def _plain(where, text):
    assert not FORBIDDEN.search(text or ""), (where, text)


def test_every_user_facing_field_of_the_catalog_is_plain_words():
    for system in CATALOG["systems"]:
        for key in ("name", "gm_title", "rule"):
            _plain(system["id"], system[key])
    for op in CATALOG["operations"]:
        for key in ("title", "summary", "rule"):
            _plain(op["id"], op[key])
        for param in op["params"]:
            where = f"{op['id']}.{param['name']}"
            for key in ("help", "label", "rule"):
                _plain(where, param[key])
            for label in param["choice_labels"]:
                _plain(where, label)
            assert param["help"], where


def test_developers_keep_their_citations_in_source_and_covers():
    task = next(op for op in CATALOG["operations"] if op["id"] == "armageddon.task")
    assert task["covers"] == ["U2", "U3", "U4", "U5"] and "seed 000" in task["source"]
    tn = next(p for p in task["params"] if p["name"] == "tn")
    assert tn["source"] == "Seed 000, The Basics" and tn["rule"] == "The Basics — Armageddon"
    cited = [p for op in CATALOG["operations"] for p in op["params"] if "rules/" in p["source"]]
    assert len(cited) > 100


def _sample_args(op):
    args = {}
    for param in op["params"]:
        if param["kind"] == "json" and param["required"]:
            args[param["name"]] = param["example"]
        elif param["required"] and param["kind"] in ("int", "number"):
            args[param["name"]] = max(param["min"] or 1, 1)
        elif param["required"] and param["kind"] == "text":
            args[param["name"]] = "1D6"
    return args


@pytest.mark.parametrize("game", GAMES)
def test_every_rendered_line_and_trace_rule_of_sample_results_is_plain_words(game):
    answered = 0
    for op in (o for o in CATALOG["operations"] if o["system"] == game):
        for variant in range(2):  # the declared defaults, then every setting at its last option
            args = _sample_args(op)
            if variant:
                args.update({p["name"]: p["choices"][-1] for p in op["params"] if p["setting"] and p["choices"]})
            answer = api.handle({"op": op["id"], "args": args, "seed": variant})
            if not answer["ok"]:
                continue
            answered += 1
            result = answer["result"]
            for line in result["text"]:
                _plain(op["id"], line)
            for entry in result["steps"] + result["modifiers"]:
                _plain(op["id"], entry["rule"])
            for event in result["events"]:
                _plain(op["id"], event)
    assert answered >= 20


def test_every_choice_has_plain_labels_in_the_same_order():
    for op in CATALOG["operations"]:
        for param in op["params"]:
            assert len(param["choice_labels"]) == len(param["choices"]), (op["id"], param["name"])
            for value, label in zip(param["choices"], param["choice_labels"], strict=True):
                assert label and "_" not in label, (op["id"], param["name"], value, label)


@pytest.mark.parametrize("game", GAMES)
def test_every_house_rule_says_what_it_changes_and_names_each_option(game):
    own = game_words.words_of(game).SETTINGS
    declared = setting_params(game)
    assert set(own) == set(declared), "every setting has its plain words, and no words are left over"
    for name, param in declared.items():
        help_text, labels = own[name]
        assert help_text and not FORBIDDEN.search(help_text)
        if param.kind == "choice":
            assert set(labels) == set(param.choices), name
            assert all(label != value for value, label in labels.items() if "_" in value), name
        if param.kind == "bool":
            assert "On" in help_text and "Off" in help_text, name  # what each position changes


@pytest.mark.parametrize("game", GAMES + ("campaign",))
def test_overrides_name_fields_that_exist(game):
    table = game_words.words_of(game)
    operations = operations_of(game)
    names = {p.name for op in operations.values() for p in op.all_params}
    for key in list(table.HELP) + list(table.CHOICES):
        op_id, _, name = key.rpartition(":")
        if op_id:
            assert name in {p.name for p in operations[op_id].all_params}, key
        else:
            assert name in names, key


def test_a_non_default_house_rule_is_named_first_in_the_trace():
    sides = {"investigator": COC_SHEET, "opponent": COC_OPPONENT}
    result = api.handle({"op": "coc.attack", "args": {**sides, "combat_ties": "book"}, "seed": 1})["result"]
    first = result["steps"][0]
    assert first["text"] == (
        "House rule in effect: Combat draws — Fight back and Manoeuvre draws go to the attacker, "
        "Dodge draws to the defender (book)."
    )
    assert first["source"] == "rules/coc.md §3.12 D9" and first["rule"] == "House rules and the book — Call of Cthulhu"
    default = api.handle({"op": "coc.attack", "args": {**sides, "combat_ties": "seed"}, "seed": 1})["result"]
    assert not any(s["text"].startswith("House rule") for s in default["steps"])


def test_a_number_or_switch_house_rule_is_named_with_its_value():
    task = api.handle(
        {
            "op": "armageddon.task",
            "args": {"attribute": 2, "skill": 1, "tn": 10, "stack_essence_penalties": True, "dice": [5]},
        }
    )["result"]
    assert task["text"][:1] == ["Total 8 vs 10: failure — 0 Success Levels (Failure)"]
    assert [s["text"] for s in task["steps"][:2]] == [
        "House rule in effect: Target Number — 10.",
        "House rule in effect: Stack the Essence penalties — on.",
    ]


@pytest.mark.parametrize(
    "citation, name",
    [
        ("seed 003, Rolling Dice", "Rolling Dice — Call of Cthulhu house rules"),
        ("rules/semiautomagic.md §2.14 S1", "Table options — Semiautomagic"),
        ("seed 000, Encumbrance; rules/armageddon.md §1.14", "Encumbrance — Armageddon"),
        ("Chronicler's modifier (seed 000, Tasks: apply modifiers)", "Tasks — Armageddon"),
        ("TABLE.md, Kept safe: import validates the whole file", ""),
    ],
)
def test_rule_names_read_as_the_games_rules(citation, name):
    assert sources.rule_name(citation) == name


@pytest.mark.parametrize(
    "text, plain",
    [
        ("rules/armageddon.md §1.12/A12: whether the −1 stacks.", "Whether the −1 stacks."),
        ("A number (rules/armageddon.md §1.8).", "A number."),
        ("Seed 002: heal one wound per such day.", "Heal one wound per such day."),
        ("d6 + the skill bonus (rules/semiautomagic.md §2.2).", "d6 + the skill bonus."),
        ("  6 (die) +3 = 9", "  6 (die) +3 = 9"),
    ],
)
def test_plain_takes_citations_out_and_leaves_the_rest(text, plain):
    assert sources.plain(text) == plain


def test_a_path_with_a_digit_that_is_not_a_number_is_still_put_in_words():
    """A junk key such as "²" (``str.isdigit`` is true, ``int`` refuses it) in a problem's path: the words of
    where the problem is never break the answer (found by the door's fuzzing, encounter.delay)."""
    from py_rules.campaign.words import where_words

    assert words.field_words("encounters.0.combatants.0.npc.²").startswith("²")
    assert where_words({"encounters": [{"name": "Bar fight"}]}, "encounters.².round") == "Encounter number 1"
    assert words.field_words("npc." + "1" * 5000).endswith("(npc)")
    answer = api.call(
        '{"op": "encounter.delay", "args": {"encounter": {"schema": "rules-companion.encounter/1", "id": "e", '
        '"game": "coc", "name": "The cellar", "round": 1, "turn": 0, "ended": false, "combatants": [{"id": "k1", '
        '"name": "Ghoul", "character_id": null, "npc": {"\\u00b2": null}, "initiative": null, "order_key": [], '
        '"firearm_ready": false, "activity": null, "delayed": false, "skipped": false}]}, "combatant_id": null}}'
    )
    assert '"code": "internal"' not in answer and '"ok": false' in answer
