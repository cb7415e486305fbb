"""Parameter declarations validate input and name the field (py_rules/params.py)."""

import pytest

from py_rules.errors import RulesError
from py_rules.params import Param


def fails(param, raw):
    with pytest.raises(RulesError) as error:
        param.coerce(raw)
    assert error.value.field == param.name
    return error.value


INT = Param("attribute", "int", "Attribute level", "help", minimum=0, maximum=20)


@pytest.mark.parametrize("raw, value", [(3, 3), ("3", 3), (" -0 ", 0), (4.0, 4), (20, 20)])
def test_int_accepts_whole_numbers_and_their_text(raw, value):
    assert INT.coerce(raw) == value


@pytest.mark.parametrize("raw", ["abc", 2.5, True, [1], {}, "1e3", float("nan")])
def test_int_rejects_what_is_not_a_whole_number(raw):
    assert fails(INT, raw).code == "wrong_type"


def test_int_range_message_names_both_bounds():
    error = fails(INT, -1)
    assert error.code == "out_of_range"
    assert error.message == "Attribute level must be between 0 and 20 (got -1)."


def test_required_field_missing_or_blank():
    assert fails(INT, None).code == "missing_field"
    assert fails(INT, "  ").code == "missing_field"


def test_optional_field_takes_its_default():
    param = Param("tn", "int", "TN", "h", default=9)
    assert param.coerce(None) == 9 and param.coerce("") == 9


def test_number_rejects_infinity_and_text():
    param = Param("weight", "number", "Weight", "h", minimum=0)
    assert param.coerce("2.5") == 2.5
    assert fails(param, "heavy").code == "wrong_type"
    assert fails(param, float("inf")).code == "wrong_type"
    assert fails(param, -1).code == "out_of_range"


def test_bool_accepts_form_spellings():
    param = Param("hospital", "bool", "In hospital", "h", default=False)
    assert param.coerce("on") is True and param.coerce("false") is False
    assert fails(param, "maybe").code == "wrong_type"


def test_choice_lists_the_options():
    param = Param("mode", "choice", "Mode", "h", choices=("a", "b"))
    assert param.coerce("b") == "b"
    assert "one of: A, B" in fails(param, "c").message  # the choices in words (the door gives their labels)


def test_text_is_limited_in_length():
    param = Param("label", "text", "Label", "h", default="")
    assert param.coerce("<b>x</b>") == "<b>x</b>"
    assert fails(param, "x" * 501).code == "out_of_range"
    assert fails(param, 5).code == "wrong_type"


def test_faces_parse_spaces_and_commas():
    param = Param("dice", "faces", "Dice", "h", default=None)
    assert param.coerce("10 7, 3") == [10, 7, 3]
    assert param.coerce([1, 2]) == [1, 2]
    assert param.coerce("") is None
    assert "die 2" in fails(param, "10 x").message


def test_json_reports_syntax_errors_and_inner_fields():
    def parse(value):
        if value.get("str", 0) < 0:
            raise RulesError("out_of_range", "must not be negative", "str")
        return value

    param = Param("character", "json", "Character", "h", parse=parse)
    assert param.coerce('{"str": 2}') == {"str": 2}
    assert fails(param, "{oops").code == "bad_json"
    error = fails(param, {"str": -1})
    assert error.message == "Character: must not be negative"  # the inner path is not shown to the user
    assert error.field == "character"


def test_declaration_errors_are_caught_early():
    with pytest.raises(ValueError):
        Param("x", "colour", "X", "h")
    with pytest.raises(ValueError):
        Param("x", "choice", "X", "h")
