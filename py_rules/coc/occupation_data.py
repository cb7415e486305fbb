"""The occupations the app ships and the occupation a form sends (C23; rules/coc.md §3.2a): "An occupation in the
app is a name, a formula, a skill list and a Credit Rating range, typed by the table or picked from a few generic ones
with values of our own". The shapes and the reading of a skill list are :mod:`py_rules.coc.occupations`.
"""

from __future__ import annotations

from py_rules.coc.occupations import FORMULA_WORDS, FORMULAS, NAME_MAX, Entry, Occupation, parse_skill_list
from py_rules.errors import RulesError
from py_rules.limits import shown

__all__ = ("OCCUPATIONS", "parse_occupation")


def _fail(code: str, message: str, path: str | None = None) -> RulesError:
    return RulesError(code, message, path)


def _skill(name: str) -> Entry:
    return Entry("skill", (name,))


def _family(name: str, count: int = 1) -> Entry:
    return Entry("family", (name,), count)


OCCUPATIONS = (
    # Generic occupations with lists and ranges of our own (rules/coc.md §3.2a: "a few generic ones with values of
    # our own"); a table types the book's or its own.
    Occupation(
        "Scholar",
        ("EDU4",),
        (
            _skill("Library Use"),
            _skill("History"),
            _family("Language (Other)"),
            _skill("Language (Own)"),
            _skill("Psychology"),
            Entry("one_of", ("Archaeology", "Anthropology", "Occult")),
            _skill("Spot Hidden"),
            Entry("any", count=1),
        ),
        (10, 45),
    ),
    Occupation(
        "Private eye",
        ("EDU2_DEX2", "EDU2_STR2"),
        (
            _skill("Spot Hidden"),
            _skill("Listen"),
            _skill("Stealth"),
            _skill("Law"),
            _skill("Psychology"),
            _family("Firearms"),
            Entry("one_of", ("Fast Talk", "Intimidate", "Persuade")),
            Entry("any", count=1),
        ),
        (15, 45),
    ),
    Occupation(
        "Doctor",
        ("EDU4",),
        (
            _skill("Medicine"),
            _skill("First Aid"),
            _family("Science"),
            _skill("Psychology"),
            _family("Language (Other)"),
            _skill("Spot Hidden"),
            Entry("any", count=2),
        ),
        (30, 75),
    ),
    Occupation(
        "Reporter",
        ("EDU4",),
        (
            _skill("Library Use"),
            _skill("Spot Hidden"),
            _skill("Listen"),
            _skill("Psychology"),
            _skill("History"),
            Entry("one_of", ("Charm", "Fast Talk", "Persuade")),
            _family("Art/Craft"),
            Entry("any", count=1),
        ),
        (10, 35),
    ),
    Occupation(
        "Performer",
        ("EDU2_APP2",),
        (
            _family("Art/Craft"),
            _skill("Charm"),
            _skill("Disguise"),
            _skill("Listen"),
            _skill("Psychology"),
            Entry("one_of", ("Fast Talk", "Persuade")),
            Entry("any", count=2),
        ),
        (5, 60),
    ),
    Occupation(
        "Labourer",
        ("EDU2_STR2",),
        (
            _skill("Climb"),
            _skill("Drive Auto"),
            _skill("Mechanical Repair"),
            _skill("Electrical Repair"),
            _family("Fighting"),
            _skill("Throw"),
            _skill("Jump"),
            Entry("any", count=1),
        ),
        (5, 20),
    ),
    Occupation(
        "Mystic",
        ("EDU2_POW2", "EDU2_APP2"),
        (
            _skill("Occult"),
            _skill("History"),
            _skill("Library Use"),
            _skill("Psychology"),
            Entry("one_of", ("Charm", "Persuade")),
            _skill("Listen"),
            Entry("any", count=2),
        ),
        (5, 40),
    ),
)
"""The occupations the app ships: names, lists and ranges of our own (no text of the book)."""

_BY_NAME = {occupation.name.lower(): occupation for occupation in OCCUPATIONS}
_KEYS = ("name", "formulas", "skills", "credit_rating")


def parse_occupation(value) -> Occupation:
    """An occupation as a form sends it: ``{"name": …}`` for a shipped one, or a typed one with its ``formulas``
    (keys of :data:`FORMULAS`), ``skills`` (text or entries, :func:`parse_skill_list`) and ``credit_rating``
    ``[lowest, highest]``."""
    if not isinstance(value, dict):
        raise _fail("wrong_type", "The occupation must be an object with its name.", None)
    for key in value:
        if key not in _KEYS:
            raise _fail("unknown_field", f"An occupation has no field {shown(key)}.", str(key)[:80])
    name = value.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX:
        raise _fail("wrong_type", f"The occupation's name must be text of 1–{NAME_MAX} characters.", "name")
    name = " ".join(name.split())
    if set(value) == {"name"}:
        found = _BY_NAME.get(name.lower())
        if found is None:
            offered = ", ".join(occupation.name for occupation in OCCUPATIONS)
            raise _fail(
                "bad_choice",
                f"No occupation {shown(name)} ships with the app ({offered}); type its "
                "formula, skills and Credit Rating range instead.",
                "name",
            )
        return found
    for key in _KEYS[1:]:
        if key not in value:
            raise _fail("missing_field", f"A typed occupation gives its {key.replace('_', ' ')}.", key)
    formulas = value["formulas"]
    if not isinstance(formulas, list) or not formulas or not all(isinstance(f, str) for f in formulas):
        raise _fail("wrong_type", 'The formulas must be a list such as ["EDU4"].', "formulas")
    if len(formulas) > len(FORMULAS) or any(f not in FORMULAS for f in formulas):
        words = "; ".join(f"{key} ({words})" for key, words in FORMULA_WORDS.items())
        raise _fail("bad_choice", f"Each formula is one of: {words}.", "formulas")
    credit = value["credit_rating"]
    if (
        not isinstance(credit, list)
        or len(credit) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in credit)
    ):
        raise _fail(
            "wrong_type", "The Credit Rating range must be two whole numbers, lowest and highest.", "credit_rating"
        )
    low, high = credit
    if not 0 <= low <= high <= 99:
        raise _fail(
            "out_of_range",
            f"The Credit Rating range must run from a lowest to a highest between 0 and 99 (got {low}–{high}).",
            "credit_rating",
        )
    return Occupation(name, tuple(dict.fromkeys(formulas)), parse_skill_list(value["skills"]), (low, high), True)
