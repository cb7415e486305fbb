"""The one grammar of damage and loss expressions (py_rules/dice_expr.py): every game's forms read, write, roll and
give odds through it (rules/armageddon.md §1.8 NdX × M + K; rules/semiautomagic.md §2.5, §2.14 S9 die ladder; rules/coc.md §3.2, §3.8, §3.11 X/Y)."""

from __future__ import annotations

import functools
import time
from collections import Counter
from itertools import product
from math import prod

import pytest
from hypothesis import assume, given, settings, strategies as st

from py_rules import api
from py_rules.armageddon import tables as A
from py_rules.armageddon.weapons import COMMON_WEAPONS as ARMAGEDDON_WEAPONS, damage_roll
from py_rules.coc import tables as C
from py_rules.coc.weapons import COMMON_WEAPONS as COC_WEAPONS
from py_rules.dice import MAX_THROWS, TypedDice
from py_rules.dice_expr import MAX_DICE, Expr, Term, distribution, parse, parse_parts, render, roll
from py_rules.errors import RulesError
from py_rules.limits import DAMAGE_MAX
from py_rules.semiautomagic import tables as S
from py_rules.semiautomagic.weapons import COMMON_WEAPONS as SAM_WEAPONS
from py_rules.systems import all_operations

SINGLE_FORMS = (A.DAMAGE_FORM, A.WEAPON_DAMAGE_FORM, S.DAMAGE_FORM, C.DICE_FORM, C.DAMAGE_FORM)
ALL_FORMS = SINGLE_FORMS + (C.DAMAGE_BANDS_FORM, C.SANITY_LOSS_FORM)


# --- expressions each form accepts, as data ----------------------------------------------------------------------


@functools.cache
def _term_strategies(form, small: bool):
    """The strategies of a term of ``form``, made once per form: a new one each draw (a thousand sides to sample
    from) cost Hypothesis more to set up than the drawing itself; they draw the same terms either way."""
    sides = st.sampled_from([s for s in form.sides if s <= 6] if small else form.sides)
    counts = st.integers(max(1, form.count[0]), 2 if small else min(form.count[1], 6))
    constant = st.builds(Term, st.sampled_from((1, -1)), st.integers(1, 30))
    if form.dice_first:  # the book's NdX × M + K: dice first, then at most one number
        dice = st.builds(Term, st.just(1), counts, sides, st.integers(0, 2 if small else form.times_max))
        return st.none() | dice, st.none() | constant, constant
    dice = st.builds(Term, st.sampled_from((1, -1)), counts, sides)
    return st.lists(dice | constant, min_size=1, max_size=3 if small else 6), None, None


@st.composite
def terms_of(draw, form, small: bool = False):
    """Terms ``form`` accepts (small: few faces in all, for enumerating every roll)."""
    first, second, constant = _term_strategies(form, small)
    if form.dice_first:  # the book's NdX × M + K: dice first, then at most one number
        return tuple(t for t in (draw(first), draw(second)) if t) or (draw(constant),)
    return tuple(draw(first))


def fits(form, expr: Expr) -> bool:
    """Whether ``form`` accepts ``expr``: its damage within bounds, its least and bonus allowed, its dice few enough."""
    return (
        (not form.damage or 0 <= expr.most <= DAMAGE_MAX)
        and (form.least is None or expr.least >= form.least)
        and (form.bonus_max is None or not expr.dice or abs(expr.constant) <= form.bonus_max)
        and sum(t.count for t in expr.dice) <= form.dice_max
    )


def accepted(form, terms) -> Expr:
    expr = Expr(tuple(terms))
    assume(fits(form, expr))
    return expr


def parts_of(form):
    """One part of ``form`` (an expression of the Keeper's dice it accepts), drawn again on its own when it does not
    fit: the other parts already drawn are kept, where an ``assume`` would throw the whole example away."""
    return terms_of(C.DICE_FORM).map(lambda terms: Expr(tuple(terms))).filter(lambda expr: fits(form, expr))


@st.composite
def expressions(draw, small: bool = False):
    form = draw(st.sampled_from(SINGLE_FORMS))
    return form, accepted(form, draw(terms_of(form, small)))


def spelled(draw, form, expr: Expr) -> str:
    """``expr`` written as a person might: spaces, D or d, x, ×, * and the minus sign −."""
    space = st.sampled_from(("", " ", "  "))
    out = []
    for index, term in enumerate(expr.terms):
        sign = "+" if term.sign > 0 else draw(st.sampled_from(("-", "−")))
        head = "" if index == 0 and term.sign > 0 else sign + draw(space)
        if term.sides:
            count = "" if term.count == 1 and draw(st.booleans()) else str(term.count)
            body = f"{count}{draw(st.sampled_from('dD'))}{draw(space)}{term.sides}"
            if term.times != 1 or (form.multiply and draw(st.booleans())):  # "d6 × 1" is d6
                body += f"{draw(space)}{draw(st.sampled_from(('x', '×', '*', 'X')))}{draw(space)}{term.times}"
        else:
            body = str(term.count)
        out.append(draw(space) + head + body)
    return "".join(out) + draw(space)


# --- properties --------------------------------------------------------------------------------------------------


@settings(deadline=None)  # no per-example clock: the adversarial 20 kB tests bound the grammar's time
@given(expressions(), st.data())
def test_what_is_written_reads_back_and_spaces_letter_case_and_ways_of_writing_times_and_minus_change_nothing(
    case, data
):
    """The expression as the engine writes it reads back as itself, and so does the same expression as a person might
    type it. One drawn expression serves both: drawing it is most of an example's cost."""
    form, expr = case
    assert parse(render(expr), form).terms == expr.terms
    text = spelled(data.draw, form, expr)
    assert parse(text, form).terms == expr.terms


@settings(deadline=None)  # no per-example clock: the adversarial 20 kB tests bound the grammar's time
@given(st.sampled_from((C.DAMAGE_BANDS_FORM, C.SANITY_LOSS_FORM)), st.data())
def test_parts_separated_by_a_slash_read_each_as_alone(form, data):
    low, high = form.parts
    parts = [data.draw(parts_of(form)) for _ in range(data.draw(st.integers(low, high)))]
    read = parse_parts("/".join(render(p) for p in parts), form)
    assert [e.terms for e in read] == [p.terms for p in parts]


def _every_roll(expr: Expr):
    """Every sequence of faces the expression's dice can show, in the order the roll throws them."""
    faces = [range(1, t.sides + 1) for t in expr.dice for _ in range(t.count)]
    return product(*faces)


@settings(max_examples=150, deadline=None)
@given(expressions(small=True), st.sampled_from((None, 0)))
def test_rolling_every_face_gives_the_distribution_and_stays_within_its_bounds(case, floor):
    _form, expr = case
    # At most 6^4 = 1,296 rolls (four d6) to enumerate: every kind of expression the small strategy writes (three
    # terms, two dice of a kind, a subtraction, a floor) still comes, about one example in a hundred is set aside,
    # and the run no longer depends on drawing the odd five or six d6 (46,656 rolls: a second of CPU each).
    assume(prod(t.sides**t.count for t in expr.dice) <= 6**4)
    totals = Counter()
    for faces in _every_roll(expr):
        dice = TypedDice(list(faces))
        rolled = roll(dice, expr, "damage", floor=floor)
        dice.finish()
        assert rolled.faces == faces
        low, high = (expr.least, expr.most) if floor is None else (max(floor, expr.least), max(floor, expr.most))
        assert low <= rolled.total <= high
        totals[rolled.total] += 1
    dist = distribution(expr, floor)
    assert dist.denominator == sum(totals.values())
    assert dist.weights == dict(totals)
    assert min(dist.weights) == (expr.least if floor is None else max(floor, expr.least))
    assert max(dist.weights) == (expr.most if floor is None else max(floor, expr.most))


@settings(max_examples=60, deadline=None)
@given(expressions())
def test_the_bounds_of_a_large_expression_are_its_distributions_ends(case):
    _form, expr = case
    assume(sum(t.count * t.sides for t in expr.dice) <= 400)
    dist = distribution(expr)
    assert (min(dist.weights), max(dist.weights)) == (expr.least, expr.most)


# --- the texts of the games, and the meaning each has -------------------------------------------------------------

CORPUS = (
    # (form, text, meaning in one spelling, least, most): the texts of the games' tests, tables and examples
    (A.DAMAGE_FORM, "d4x3", "1d4×3", 3, 12),
    (A.DAMAGE_FORM, "2d6 + 2", "2d6+2", 4, 14),
    (A.DAMAGE_FORM, "d6*4-1", "1d6×4-1", 3, 23),
    (A.DAMAGE_FORM, "12", "12", 12, 12),
    (A.DAMAGE_FORM, "d6x4+2", "1d6×4+2", 6, 26),
    (A.DAMAGE_FORM, "2d6x2+3", "2d6×2+3", 7, 27),
    (A.DAMAGE_FORM, "d8", "1d8", 1, 8),
    (A.DAMAGE_FORM, "30", "30", 30, 30),
    (A.DAMAGE_FORM, "1d10", "1d10", 1, 10),
    (A.DAMAGE_FORM, "d6 × 4", "1d6×4", 4, 24),
    (A.DAMAGE_FORM, "4d6 × 4", "4d6×4", 16, 96),
    (A.DAMAGE_FORM, "d8 × 5", "1d8×5", 5, 40),
    (S.DAMAGE_FORM, "2d6+3", "2d6+3", 5, 15),
    (S.DAMAGE_FORM, "d8 - 1", "1d8-1", 0, 7),
    (S.DAMAGE_FORM, "2d6-1", "2d6-1", 1, 11),
    (S.DAMAGE_FORM, "1d6", "1d6", 1, 6),
    (S.DAMAGE_FORM, "9", "9", 9, 9),
    (S.DAMAGE_FORM, "d20", "1d20", 1, 20),
    (S.DAMAGE_FORM, "2d4", "2d4", 2, 8),
    (C.DICE_FORM, "1D3", "1d3", 1, 3),
    (C.DICE_FORM, "2D6+4", "2d6+4", 6, 16),
    (C.DICE_FORM, "+1D4", "1d4", 1, 4),
    (C.DICE_FORM, "-1", "-1", -1, -1),
    (C.DICE_FORM, "−2", "-2", -2, -2),
    (C.DICE_FORM, "1d3+1D4", "1d3+1d4", 2, 7),
    (C.DICE_FORM, "1D10+2", "1d10+2", 3, 12),
    (C.DICE_FORM, "1D4 + 2", "1d4+2", 3, 6),
    (C.DAMAGE_FORM, "1100", "1100", 1100, 1100),
)


@pytest.mark.parametrize("form, text, meaning, least, most", CORPUS)
def test_the_games_texts_keep_their_meaning(form, text, meaning, least, most):
    expr = parse(text, form)
    assert (render(expr), expr.least, expr.most) == (meaning, least, most)


@pytest.mark.parametrize(
    "text, parts",
    [
        ("0/1D6", [(0, 0), (1, 6)]),
        ("1/1D4+1", [(1, 1), (2, 5)]),
        ("1D10/1D100", [(1, 10), (1, 100)]),
        ("1 / 1D6+1", [(1, 1), (2, 7)]),
    ],
)
def test_a_sanity_loss_reads_x_on_a_success_and_y_on_a_failure(text, parts):
    read = parse_parts(text, C.SANITY_LOSS_FORM, "loss")
    assert [(e.least, e.most) for e in read] == parts
    assert [e.text for e in read] == [p.strip() for p in text.split("/")]


def test_damage_by_range_reads_each_band_nearest_first():
    bands = parse_parts("4D6/2D6/1D6", C.DAMAGE_BANDS_FORM, "damage")
    assert [(e.text, e.most) for e in bands] == [("4D6", 24), ("2D6", 12), ("1D6", 6)]


@pytest.mark.parametrize(
    "text, strength, meaning, uses",
    [
        ("d4 × Strength", 3, "1d4×3", True),
        ("d4xStr+1", 2, "1d4×2+1", True),
        ("d4 x STR", 4, "1d4×4", True),
        ("d6x4", 3, "1d6×4", False),
    ],
)
def test_an_armageddon_weapon_reads_the_word_strength_from_the_sheet(text, strength, meaning, uses):
    expr, used = damage_roll(text, strength)
    assert (str(expr), used) == (meaning, uses)


def test_every_dice_text_the_games_declare_is_read_by_its_form():
    texts = [(A.WEAPON_DAMAGE_FORM, w["damage"]) for w in ARMAGEDDON_WEAPONS]
    texts += [(A.DAMAGE_FORM, row["essence_dice"]) for row in A.FEAR_TABLE]
    texts += [(A.DAMAGE_FORM, f"1d{n}") for n in A.EMOTIONAL_LEAK_DICE]
    texts += [(S.DAMAGE_FORM, w["damage"]) for w in SAM_WEAPONS]
    texts += [(C.DAMAGE_BANDS_FORM, w["damage"]) for w in COC_WEAPONS]
    texts += [(C.DICE_FORM, row[2]) for row in C.DAMAGE_BONUS_TABLE]
    texts += [(C.DICE_FORM, t) for pair in C.MAJOR_WOUND_HEALING.values() for t in pair]
    texts += [(C.DICE_FORM, C.TEMPORARY_INSANITY_DICE)]
    declared = [(op, p) for op in all_operations() for p in op.params if p.dice is not None]
    assert {op.id for op, _ in declared} >= {
        "armageddon.apply_damage",
        "armageddon.roll_damage",
        "coc.sanity_roll",
        "semiautomagic.apply_damage",
        "coc.roll_damage",
    }
    texts += [(p.dice, p.default) for _, p in declared if p.default not in ("", "none", None)]
    for form, text in texts:
        for expr in parse_parts(text, form, "damage", {"Strength": 2}):
            assert expr.least <= expr.most


# --- refusals: the field and the place --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "form, text, place",
    [
        (A.DAMAGE_FORM, "two swords", "character 1"),
        (A.DAMAGE_FORM, "2d6++", "character 5"),
        (A.DAMAGE_FORM, "d", "character 1"),
        (A.DAMAGE_FORM, "5x2", "character 2"),
        (A.DAMAGE_FORM, "3+d6", "character 3"),
        (S.DAMAGE_FORM, "2d6 x2", "character 5"),
        (S.DAMAGE_FORM, "abc", "character 1"),
        (C.DICE_FORM, "1D6-", "character 4"),
        (C.SANITY_LOSS_FORM, "/1D6", "character 1"),
        (C.DICE_FORM, "1D4 and a bit", "character 5"),
        (C.SANITY_LOSS_FORM, "1/1D6+", "character 6"),
        (C.DICE_FORM, "1D6" + "9" * 40, "character 3"),
        (A.DAMAGE_FORM, "d4 × Strength", "character 6"),
    ],
)
def test_a_refusal_names_the_field_and_the_place_in_the_text(form, text, place):
    with pytest.raises(RulesError) as error:
        parse(text, form, "weapons.0.damage")
    assert error.value.field == "weapons.0.damage" and place in error.value.message


@pytest.mark.parametrize(
    "form, text",
    [
        (S.DAMAGE_FORM, "2d7"),
        (S.DAMAGE_FORM, "51d4"),
        (S.DAMAGE_FORM, "-4"),
        (S.DAMAGE_FORM, "1-5"),
        (S.DAMAGE_FORM, ""),
        (A.DAMAGE_FORM, "-5"),
        (A.DAMAGE_FORM, "d4-10"),
        (A.DAMAGE_FORM, "10001"),
        (A.DAMAGE_FORM, "50d100x100"),
        (A.DAMAGE_FORM, "d6+1+1"),
        (A.DAMAGE_FORM, "d6+d4"),
        (A.DAMAGE_FORM, "d1"),
        (A.DAMAGE_FORM, "0d6"),
        (C.DICE_FORM, "0D6"),
        (C.DICE_FORM, "1D1001"),
        (C.DICE_FORM, "101D6"),
        (C.DICE_FORM, "1 0"),
        (C.SANITY_LOSS_FORM, "1D6"),
        (C.SANITY_LOSS_FORM, "1/2/3"),
        (C.SANITY_LOSS_FORM, "1/-2"),
        (C.SANITY_LOSS_FORM, "/1D6"),
        (C.DAMAGE_BANDS_FORM, "1D4/1D3/1D2/1"),
        (C.DAMAGE_FORM, "-4"),
        (C.DICE_FORM, "+".join(["100D6"] * 11)),
    ],
)
def test_what_the_games_refuse_is_refused(form, text):
    with pytest.raises(RulesError):
        parse_parts(text, form, "damage")


def test_no_expression_holds_more_dice_than_a_roll_may_throw():
    assert MAX_DICE == MAX_THROWS


ADVERSARIAL = (
    "1+" * 10_000 + "1",
    "d" * 20_000,
    "9" * 20_000,
    "1d6+" * 5_000,
    "-" * 20_000,
    "1/" * 10_000,
    "x" * 20_000,
    "Strength" * 2_500,
    "Str " * 5_000,
    "1d" * 10_000,
    " " * 19_999 + "1",
    "1 " * 10_000,
    "(" * 20_000,
    "2d6" + "0" * 19_997,
    "d6x" * 6_666,
    "\u2212" * 20_000,
    "é" * 20_000,
)


@pytest.mark.parametrize("text", ADVERSARIAL, ids=lambda t: f"{t[:6]!r}…")
def test_a_20_kb_text_is_read_or_refused_at_once_in_every_form(text):
    for form in ALL_FORMS:
        start = time.perf_counter()
        try:
            parse_parts(text, form, "damage", {"Strength": 3})
        except RulesError as error:
            assert error.field == "damage"
        assert time.perf_counter() - start < 0.5, form.name


# --- the page asks the engine --------------------------------------------------------------------------------------


def _range(op, field, text):
    return api.handle({"op": "dice_range", "args": {"op": op, "field": field, "text": text}})


@pytest.mark.parametrize(
    "op, field, text, least, most",
    [
        ("armageddon.apply_damage", "amount", "d6x4", 4, 24),
        ("armageddon.apply_damage", "amount", "30", 30, 30),
        ("armageddon.lose_essence", "leak_die", "1d10", 1, 10),
        ("semiautomagic.apply_damage", "damage", "2d6-3", 0, 9),
        ("coc.sanity_roll", "loss", "1/1D10", 1, 10),
        ("coc.gain_sanity", "amount", "1D6+1", 2, 7),
    ],
)
def test_the_page_asks_the_engine_what_a_damage_or_loss_text_can_come_to(op, field, text, least, most):
    response = _range(op, field, text)
    assert response["ok"] and (response["result"]["least"], response["result"]["most"]) == (least, most)


def test_the_bounds_the_page_is_told_are_the_rolls_own():
    answer = _range("coc.sanity_roll", "loss", "1D4/2D6+1")["result"]
    dists = [distribution(e) for e in parse_parts("1D4/2D6+1", C.SANITY_LOSS_FORM)]
    assert [(p["least"], p["most"]) for p in answer["parts"]] == [(min(d.weights), max(d.weights)) for d in dists]


@pytest.mark.parametrize(
    "args, field",
    [
        ({"op": "coc.sanity_roll", "field": "loss", "text": "1D6"}, "loss"),
        ({"op": "coc.sanity_roll", "field": "bonus", "text": "1"}, "field"),
        ({"op": "coc.apply_damage", "field": "amount", "text": "3"}, "field"),
        ({"op": "nobody.knows", "field": "loss", "text": "1"}, "op"),
        ({"op": "armageddon.lose_essence", "field": "leak_die", "text": "1d7"}, "leak_die"),
        ({"op": "semiautomagic.apply_damage", "field": "damage", "text": "x" * 600}, "damage"),
    ],
)
def test_a_text_the_engine_cannot_read_is_refused_naming_the_field(args, field):
    response = api.handle({"op": "dice_range", "args": args})
    assert not response["ok"] and response["error"]["field"] == field


@pytest.mark.parametrize("form", ALL_FORMS, ids=lambda form: form.name)
def test_an_expression_longer_than_the_longest_the_books_print_tenfold_is_refused_naming_the_field(form):
    """No damage or loss the books print is longer than a tenth of MAX_LENGTH; a longer text is refused at once,
    whatever it holds, naming the field."""
    from py_rules.dice_expr import MAX_LENGTH

    printed = "/".join(["1d6+1"] * form.parts[0])
    parse_parts(printed + " " * (MAX_LENGTH - len(printed)), form, "damage", {"Strength": 3})  # at the bound: read
    with pytest.raises(RulesError) as refused:
        parse_parts(printed + " " * (MAX_LENGTH - len(printed) + 1), form, "damage", {"Strength": 3})
    assert refused.value.field == "damage" and refused.value.code == "out_of_range"
    assert str(MAX_LENGTH) in refused.value.message
