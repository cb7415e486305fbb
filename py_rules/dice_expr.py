"""One grammar for every damage and loss expression of the three games.

Over 400 lines: the one grammar is read here only, and its tokenizer, parser, roll and distribution share the
:class:`Term` and :class:`Expr` records and the doctests written against them; split, each part would import the others.

Armageddon's damage roll ``NdX × M + K`` (rules/armageddon.md §1.8; seed 000, The Basics), Semiautomagic's damage dice on the
die ladder (rules/semiautomagic.md §2.5, §2.14 S9), Call of Cthulhu's dice expressions for damage, the Damage Bonus and healing
(rules/coc.md §3.2, §3.8) and its Sanity loss ``X/Y`` (rules/coc.md §3.11) are one language::

    parts  := expr ( "/" expr )*
    expr   := [sign] term ( sign term )*          sign: + - −
    term   := [number] "d" number [ "×" number ]  a dice group (× also x, X, *; d also D)
            | number                              a constant
    number := digits | a word the form names      ("Strength" on an Armageddon weapon)

Each game declares a :class:`Form`: the die sizes it knows, how many dice, whether a dice group may be multiplied,
the shape of the book's ``NdX × M + K``, how many parts ``/`` separates, whether the damage rule of
:func:`py_rules.limits.check_damage_range` holds. The form is data; the reading is here, once: a tokenizer and a
single loop over its tokens, so every text is read in time linear in its length, and a refusal
names the field and the character where the text goes wrong.

A parsed :class:`Expr` is a tuple of :class:`Term` records. :func:`roll` throws its dice on the injectable source
(:mod:`py_rules.dice`) and says the working; :func:`distribution` is the exact distribution the odds preview reads;
``least`` and ``most`` bound every roll. The page asks the engine for a field's bounds (``dice_range`` in
:mod:`py_rules.api`) instead of reading the text itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field as _field
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from py_rules.errors import RulesError
from py_rules.limits import check_damage_range, shown

if TYPE_CHECKING:  # the games' tables declare their forms: this module reads no game and no dice at import
    from py_rules.dice import DiceSource

__all__ = (
    "Form",
    "Term",
    "Expr",
    "Rolled",
    "parse",
    "parse_parts",
    "render",
    "roll",
    "distribution",
    "MAX_DIGITS",
    "MAX_DICE",
    "MAX_LENGTH",
)

MAX_DIGITS = 30
"""Longest number read from text: far beyond any range the forms allow, far below Python's 4300-digit limit."""
MAX_DICE = 1000
"""Most dice in one expression: no roll throws more (:data:`py_rules.dice.MAX_THROWS`)."""
MAX_LENGTH = 200
"""The longest expression read, in characters: the books' longest (``4D6/2D6/1D6``, ``1D10+1D4+2``) are a tenth of it,
and a longer text is refused before it is read, whatever it holds."""

_MINUS = ("-", "−")
_TIMES = ("x", "X", "×", "*")


@dataclass(frozen=True)
class Form:
    """What one kind of field accepts, in the game's words.

    ``what``/``hint``: the refusal's words ("'2d6++' is not a damage roll: … Write NdX×M+K, e.g. d4x2.").
    ``sides``: the die sizes known (the ladder of Semiautomagic, 2–100 for Armageddon). ``count``: dice in one
    group; ``dice_max``: dice in the whole text. ``multiply``: a dice group may be multiplied (``d6 × 4``), at
    most ``times_max``. ``groups_max``/``constants_max``/``dice_first``: the shape of a roll (Armageddon: one
    dice group first, then one constant of at most ``bonus_max``). ``names``: words standing for a number given
    when the text is read (``{"strength": "Strength"}``). ``parts``: how many expressions ``/`` may separate.
    ``damage``: each part keeps :func:`~py_rules.limits.check_damage_range`. ``least``: the lowest a part may
    come to (a Sanity loss is never negative). ``floor``: a roll never comes out below it (damage: 0).
    """

    name: str
    what: str
    hint: str
    code: str
    sides: tuple[int, ...]
    count: tuple[int, int] = (1, 100)
    dice_max: int = MAX_DICE
    multiply: bool = False
    times_max: int = 100
    groups_max: int | None = None
    constants_max: int | None = None
    dice_first: bool = False
    bonus_max: int | None = None
    names: dict = _field(default_factory=dict)
    parts: tuple[int, int] = (1, 1)
    parts_said: str = ""
    damage: bool = False
    least: int | None = None
    least_said: str = ""
    floor: int | None = None
    empty: str = ""
    empty_code: str = "missing_field"
    sides_said: str = ""

    def __hash__(self) -> int:
        return hash(self.name)


@dataclass(frozen=True)
class Term:
    """``sign`` × (``count`` dice of ``sides`` faces, summed, × ``times``); ``sides`` 0 is the constant ``count``."""

    sign: int
    count: int
    sides: int = 0
    times: int = 1

    @property
    def least(self) -> int:
        return self.sign * (self.count if self.sign > 0 else self._highest) * self.times

    @property
    def most(self) -> int:
        return self.sign * (self._highest if self.sign > 0 else self.count) * self.times

    @property
    def _highest(self) -> int:
        """The largest sum of the group before its sign and multiplier (all faces highest; a constant itself)."""
        return self.count * self.sides if self.sides else self.count


@dataclass(frozen=True)
class Expr:
    """A parsed expression: its terms in the order written, the text as written (tidied: stripped, − as -) and the
    names of the form it used (Armageddon: whether Strength counted)."""

    terms: tuple[Term, ...]
    text: str = ""
    named: frozenset = frozenset()

    @property
    def least(self) -> int:
        """The lowest total (before any floor).

        >>> parse("2d6-1", _TEST).least, parse("-1d4+3", _TEST).least
        (1, -1)
        """
        return sum(t.least for t in self.terms)

    @property
    def most(self) -> int:
        """The highest total (before any floor).

        >>> parse("2D6+4", _TEST).most, parse("-1", _TEST).most
        (16, -1)
        """
        return sum(t.most for t in self.terms)

    @property
    def dice(self) -> tuple[Term, ...]:
        """The dice groups (no constants)."""
        return tuple(t for t in self.terms if t.sides)

    @property
    def constant(self) -> int:
        """The constants added together."""
        return sum(t.sign * t.count * t.times for t in self.terms if not t.sides)

    def __str__(self) -> str:
        return render(self)


# --- reading -------------------------------------------------------------------------------------------------

_NUM, _DIE, _TIMES_T, _SIGN, _SLASH, _END = "number", "d", "×", "sign", "/", "end"


def _tokens(text: str, form: Form, values: dict, field: str, used: set):
    """(kind, value, position) for each token of ``text`` (position counted from 1); one pass, no backtracking."""
    n, i = len(text), 0
    names = sorted(form.names, key=len, reverse=True)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif "0" <= c <= "9":
            j = i
            while j < n and "0" <= text[j] <= "9":
                j += 1
            if j - i > MAX_DIGITS:
                raise RulesError(
                    "out_of_range",
                    f"{shown(text)}: the number at character {i + 1} is far too large ({j - i} digits).",
                    field,
                )
            yield _NUM, int(text[i:j]), i + 1
            i = j
        elif c in "+":
            yield _SIGN, 1, i + 1
            i += 1
        elif c in _MINUS:
            yield _SIGN, -1, i + 1
            i += 1
        elif c == "/":
            yield _SLASH, None, i + 1
            i += 1
        elif c in _TIMES and not _word_at(text, i, names):
            yield _TIMES_T, None, i + 1
            i += 1
        elif c in "dD" and not _word_at(text, i, names):
            yield _DIE, None, i + 1
            i += 1
        else:
            word = _word_at(text, i, names)
            if word is None:
                _refuse(form, text, f"{_char(c)} at character {i + 1} is not part of {form.what}", field)
            name = form.names[word]
            if name not in values:
                _refuse(
                    form,
                    text,
                    f"{text[i : i + len(word)]} (at character {i + 1}) is not known here; give a number",
                    field,
                )
            used.add(name)
            yield _NUM, values[name], i + 1
            i += len(word)
    yield _END, None, n + 1


def _word_at(text: str, i: int, names) -> str | None:
    """The form's word (lower case) that starts at ``i`` and ends there (no letter or digit follows), if any."""
    for word in names:
        end = i + len(word)
        if text[i:end].lower() == word and (end >= len(text) or not (text[end].isalnum() or text[end] == "_")):
            return word
    return None


def _char(c: str) -> str:
    return repr(c) if c.isprintable() else f"U+{ord(c):04X}"


def _refuse(form: Form, text: str, problem: str, field: str):
    raise RulesError(form.code, f"{shown(text.strip())} is not {form.what}: {problem}. {form.hint}", field)


def parse_parts(text, form: Form, field: str = "expression", values: dict | None = None) -> tuple[Expr, ...]:
    """Read ``text`` as ``form``'s parts (``X/Y``: two), each an :class:`Expr`; a whole number is a constant.

    >>> [str(e) for e in parse_parts("1/1D4+1", _TEST_LOSS)]
    ['1', '1d4+1']
    """
    if text is None:
        text = ""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise RulesError("wrong_type", f"{shown(text)} is not {form.what}. {form.hint}", field)
    if isinstance(text, int):
        text = str(text)
    if not text.strip():
        raise RulesError(form.empty_code, form.empty or f"Give {form.what}. {form.hint}", field)
    if len(text) > MAX_LENGTH:
        raise RulesError(
            "out_of_range", f"{form.what.capitalize()} is at most {MAX_LENGTH} characters. {form.hint}", field
        )
    used: set = set()
    tokens = _tokens(text, form, values or {}, field, used)
    parts, terms, start = [], [], 0
    seen = {"groups": 0, "constants": 0}
    kind, value, at = next(tokens)
    while True:
        # one expression: [sign] term (sign term)*
        sign, sign_at = 1, None
        if kind == _SIGN:
            sign, sign_at = value, at
            kind, value, at = next(tokens)
        while True:
            term, (kind, value, at) = _term(tokens, (kind, value, at), sign, sign_at, form, text, field, terms, seen)
            terms.append(term)
            if kind != _SIGN:
                break
            sign, sign_at = value, at
            kind, value, at = next(tokens)
        if kind not in (_SLASH, _END):
            _refuse(form, text, f"{_said(kind, text, at)} at character {at} cannot follow {_last(terms)}", field)
        parts.append(_expr(tuple(terms), text[start : at - 1], frozenset(used), form, text, field))
        if kind == _END:
            break
        if len(parts) >= form.parts[1]:
            _too_many_parts(form, text, field, f"; the '/' at character {at} is one too many")
        start, terms, seen = at, [], {"groups": 0, "constants": 0}
        kind, value, at = next(tokens)
    if len(parts) < form.parts[0]:
        _too_many_parts(form, text, field, "")
    return tuple(parts)


def parse(text, form: Form, field: str = "expression", values: dict | None = None) -> Expr:
    """Read ``text`` as one expression of ``form``.

    >>> str(parse("d6 × 4 + 2", _TEST)), str(parse(" 2D6 − 1 ", _TEST)), parse("12", _TEST).terms
    ('1d6×4+2', '2d6-1', (Term(sign=1, count=12, sides=0, times=1),))
    """
    return parse_parts(text, form, field, values)[0]


def _term(tokens, current, sign, sign_at, form: Form, text: str, field: str, terms: list, seen: dict):
    kind, value, at = current
    start = at
    count = None
    if kind == _NUM:
        count = value
        kind, value, at = next(tokens)
    if kind != _DIE:
        if count is None:
            after = f" after {'+' if sign > 0 else '-'} at character {sign_at}" if sign_at else ""
            _refuse(
                form,
                text,
                f"a number or dice are needed{after} (the text ends there)"
                if kind == _END
                else f"{_said(kind, text, at)} at character {at} comes where a number or dice are needed",
                field,
            )
        if kind == _TIMES_T:
            _refuse(
                form,
                text,
                f"{text[at - 1]!r} at character {at} multiplies dice, not a number (e.g. d4x{count})"
                if form.multiply
                else f"{text[at - 1]!r} at character {at} is not used here",
                field,
            )
        if kind == _NUM:
            _refuse(form, text, f"two numbers in a row at character {at}", field)
        if form.constants_max is not None and seen["constants"] >= form.constants_max:
            _refuse(form, text, f"only one number may be added (at character {start})", field)
        seen["constants"] += 1
        return Term(sign if count else 1, count), (kind, value, at)
    die_at = at
    kind, value, at = next(tokens)
    if kind != _NUM:
        _refuse(form, text, f"d at character {die_at} needs its number of sides (e.g. d6)", field)
    sides = value
    count = 1 if count is None else count
    if sides not in form.sides:
        if form.sides_said:
            raise RulesError(
                form.code,
                f"d{sides} is not {form.sides_said}; {shown(text.strip())} has it at character {die_at}.",
                field,
            )
        low, high = min(form.sides), max(form.sides)
        raise RulesError(
            "out_of_range",
            f"{shown(text.strip())}: d{sides} at character {die_at} cannot be rolled "
            f"here; dice have {low} to {high} sides.",
            field,
        )
    low, high = form.count
    if not low <= count <= high:
        raise RulesError(
            "out_of_range",
            f"{shown(text.strip())}: {count} dice at character {start}; roll {low} to {high} dice of a kind.",
            field,
        )
    if form.dice_first and (terms or sign_at):
        _refuse(form, text, f"the dice come first (character {start})", field)
    if form.groups_max is not None and seen["groups"] >= form.groups_max:
        _refuse(form, text, f"only one kind of dice may be rolled (character {start})", field)
    kind, value, at = next(tokens)
    times = 1
    if kind == _TIMES_T:
        if not form.multiply:
            _refuse(form, text, f"{text[at - 1]!r} at character {at} is not used here", field)
        times_at = at
        kind, value, at = next(tokens)
        if kind != _NUM:
            _refuse(form, text, f"{text[times_at - 1]!r} at character {times_at} needs a number after it", field)
        times = value
        if times > form.times_max:
            raise RulesError(
                "out_of_range", f"{shown(text.strip())}: multiply by at most {form.times_max} (character {at}).", field
            )
        kind, value, at = next(tokens)
    seen["groups"] += 1
    return Term(sign, count, sides, times), (kind, value, at)


def _said(kind: str, text: str, at: int) -> str:
    return {"end": "the end", "/": "'/'"}.get(kind) or repr(text[at - 1])


def _last(terms) -> str:
    return "a number" if not terms[-1].sides else "dice"


def _too_many_parts(form: Form, text: str, field: str, where: str):
    raise RulesError(
        form.code,
        f"{form.parts_said or f'{shown(text.strip())} is not {form.what}'} (got {shown(text)}{where}).",
        field,
    )


def _expr(terms, written: str, named, form: Form, text: str, field: str) -> Expr:
    expr = Expr(terms, written.strip().replace("−", "-"), named)
    dice = sum(t.count for t in terms if t.sides)
    if dice > form.dice_max:
        raise RulesError(form.code, f"At most {form.dice_max} dice in {form.what} (got {dice}).", field)
    if form.bonus_max is not None and expr.dice and abs(expr.constant) > form.bonus_max:
        raise RulesError(
            "out_of_range", f"{shown(text.strip())}: the number added to the dice is at most ±{form.bonus_max}.", field
        )
    if form.least is not None and expr.least < form.least:
        raise RulesError(form.code, f"{form.least_said} (got {shown(text)}).", field)
    if form.damage:
        check_damage_range(expr.most, text, field)
    return expr


# --- writing, rolling, odds -----------------------------------------------------------------------------------


def render(expr: Expr) -> str:
    """The expression in one spelling: ``1d6×4+2``, ``2d6-1``, ``12``; parsing it gives the same terms back.

    A zero added to dice is left out (``d6+0`` rolls as ``d6``).
    """
    out = []
    for term in expr.terms:
        if not term.sides and term.count == 0 and len(expr.terms) > 1:
            continue
        body = f"{term.count}d{term.sides}" if term.sides else str(term.count)
        if term.times != 1:
            body += f"×{term.times}"
        out.append(("-" if term.sign < 0 else "+" if out else "") + body)
    return "".join(out) or "0"


class Rolled(NamedTuple):
    """One roll of an expression: its total (after the form's floor, if any), the faces in order, and the working
    (``(3 + 5) × 4 + 2``)."""

    total: int
    faces: tuple[int, ...]
    working: str


def roll(dice: DiceSource, expr: Expr, purpose: str, floor: int | None = None) -> Rolled:
    """Throw ``expr``'s dice on ``dice`` for ``purpose``, group by group as written; ``floor``: the least total.

    >>> from py_rules.dice import TypedDice
    >>> roll(TypedDice([3, 5]), parse("2d6×4-1", _TEST), "damage", floor=0)
    Rolled(total=31, faces=(3, 5), working='(3 + 5) × 4 - 1')
    """
    from py_rules.dice import d

    total, faces, said = 0, [], []
    for term in expr.terms:
        if term.sides:
            rolled = dice.roll_many(term.count, d(term.sides), purpose)
            faces += rolled
            value = sum(rolled) * term.times
            piece = f"({' + '.join(map(str, rolled))})" + (f" × {term.times}" if term.times != 1 else "")
        else:
            value = term.count * term.times
            piece = str(term.count)
        total += term.sign * value
        said.append(("- " if term.sign < 0 else "+ " if said else "") + piece)
    if floor is not None:
        total = max(floor, total)
    return Rolled(total, tuple(faces), " ".join(said))


@lru_cache(maxsize=256)
def distribution(expr: Expr, floor: int | None = None):
    """The exact distribution of ``expr``'s total (a :class:`py_rules.odds.Dist`), with ``floor`` the least.

    >>> distribution(parse("2d6", _TEST)).probability(7)
    Fraction(1, 6)
    """
    from py_rules.odds import Dist, uniform

    total = Dist({0: 1})
    for term in expr.terms:
        if term.sides:
            group = uniform(range(1, term.sides + 1)).repeat(term.count)
            total = total + group.map(lambda v, t=term: t.sign * v * t.times)
        else:
            total = total.map(lambda v, t=term: v + t.sign * t.count * t.times)
    return total if floor is None else total.map(lambda v: max(floor, v))


_TEST = Form(
    "test", "a dice expression", "Write dice like 2d6+1.", "bad_expression", tuple(range(1, 101)), multiply=True
)
_TEST_LOSS = Form("test.loss", "a loss", "Write X/Y.", "bad_sanity_loss", tuple(range(1, 101)), parts=(2, 2))
