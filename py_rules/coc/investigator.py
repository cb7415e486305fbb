"""The investigator (or NPC) as JSON state (C1; rules/coc.md §3.2, §3.9–§3.11).

:func:`from_dict` validates strictly and returns a normalized copy (derived
values recomputed under ``"derived"``); rules never mutate their input, they
work on :func:`copy_state` and return the new state. Skills not listed on the
sheet have their base value (rules/coc.md §3.2).
"""

from __future__ import annotations

import copy

from py_rules import dice_expr
from py_rules.coc.condition_registry import NAMES
from py_rules.coc.creation_record import FIELD as CREATION_FIELD, read_record as read_creation_record
from py_rules.coc.tables import (
    ARMOUR_MAX,
    CHARACTERISTIC_MAX,
    CHARACTERISTICS,
    DAMAGE_BONUS_STEP,
    DAMAGE_BONUS_TABLE,
    DICE_FORM,
    DODGE,
    LUCK_MAX,
    MOV_AGE_PENALTY,
    MYTHOS,
    SANITY_CEILING,
    SCHEMA,
    SKILL_BASES,
    SKILL_BASES_FROM,
    SKILL_FAMILIES,
    SKILL_MAX,
    SKILL_NAMES,
)
from py_rules.coc.weapons import parse_weapons
from py_rules.errors import RulesError
from py_rules.limits import DAMAGE_MAX, sheet_text as _text, shown as _shown
from py_rules.text import check_sheet as check_texts
from py_rules.words import field_words, listed

__all__ = (
    "CONDITIONS", "EXAMPLE", "EXAMPLE_OPPONENT", "from_dict", "normalize", "copy_state", "skill_name", "skill_value",
    "characteristic", "hp_max", "mp_max", "san_max", "damage_bonus_and_build", "mov", "derived", "who",
)

CONDITIONS = NAMES
"""Boolean conditions (seed 003 Hit points, Wounds, and Healing; Sanity), declared in :mod:`.condition_registry`."""

_COUNTERS = {
    # name: (lowest, highest or None)
    "damage_this_round": (0, None),      # rules/coc.md §3.9: per-round accumulator for the seed's per-turn rules
    "defences_this_round": (0, None),    # rules/coc.md §3.12 D11: dodged / fought back this round
    "temporary_insanity_hours": (0, None),  # seed 003 Going Mad: 1D10 hours
    "days_toward_week": (0, 6),          # seed 003: major-wound healing roll each week
    "hour_of_day": (0, 23),
    "san_at_start_of_day": (0, SANITY_CEILING),
}
_COUNTER_MAX = 1_000_000_000
"""Highest value of an open-ended counter (hours of insanity, damage this round …)."""
_DICE_MAX = 10
"""Most bonus or penalty dice a recorded roll holds: a form's 5 plus those the rules add (surprise,
outnumbered, the manoeuvre's Build penalty); at most 2 of them count (seed 003, Bonus Dice)."""
_HEALS_MAX = 50
_TEXT_MAX = 200
_FLAGS = ("first_aid_given", "medicine_given")
_NOTES_MAX = 2000
"""Longest notes text (backstory, possessions, anything the sheet does not model)."""
_OCCUPATION_MAX = 80
_KEYS = {"schema", "name", "age", "occupation", "notes", "armour", "weapons", "characteristics", "luck", "skills", "hp", "mp", "san", "conditions",
         "scheduled_heals", "last_roll", "derived", *_COUNTERS, *_FLAGS,
         CREATION_FIELD}

EXAMPLE = {
    "schema": SCHEMA,
    "name": "Harvey Walters",
    "age": 42,
    "characteristics": {"STR": 45, "CON": 60, "SIZ": 65, "DEX": 60, "APP": 50, "INT": 85, "POW": 60, "EDU": 80},
    "luck": 50,
    "skills": {"Fighting (Brawl)": 40, "Firearms (Handgun)": 45, "Dodge": 40, "First Aid": 50,
               "Medicine": 30, "Spot Hidden": 55, "Stealth": 30, "Throw": 30, "Psychology": 50,
               "Cthulhu Mythos": 5},
}
"""A sample investigator the form pre-fills (current HP/SAN default to their start values)."""

EXAMPLE_OPPONENT = {
    "schema": SCHEMA,
    "name": "Cultist",
    "characteristics": {"STR": 60, "CON": 55, "SIZ": 70, "DEX": 55, "APP": 40, "INT": 50, "POW": 45, "EDU": 40},
    "luck": 40,
    "skills": {"Fighting (Brawl)": 50, "Firearms (Handgun)": 35, "Dodge": 27},
}
"""A sample opponent (any NPC uses the same schema)."""


def _fail(message: str, field: str, code: str = "bad_investigator") -> RulesError:
    return RulesError(code, message, field)


_NAMES = {"armour": "Armour points", "hp": "HP", "mp": "MP", "san": "Sanity", "luck": "Luck", "last_roll": "the last roll",
          "san_at_start_of_day": "Sanity at the start of the day", "scheduled_heals": "scheduled heals",
          "luck_spent": "Luck spent", "major_wound": "major wound", "involuntary_action": "involuntary action",
          "indefinitely_insane": "indefinitely insane", "permanently_insane": "permanently insane"}


def _said(field: str) -> str:
    """A field of the sheet in words (``characteristics.STR`` → ``STR``, ``last_roll.kind`` → ``Kind (the last roll)``)."""
    return field_words(field, _NAMES)


def _int(value, field: str, low: int, high: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise _fail(f"{_said(field)} must be a whole number (got {_shown(value)}).", field, "wrong_type")
    if high is None:
        high = _COUNTER_MAX
    if value < low or value > high:
        raise _fail(f"{_said(field)} must be between {low} and {high} (got {_shown(value)}).", field, "out_of_range")
    return value



def skill_name(name, field: str = "skill") -> str:
    """The sheet name of ``name`` (aliases such as "Brawl" accepted) or a RulesError.

    >>> skill_name("Brawl"), skill_name("spot hidden")
    ('Fighting (Brawl)', 'Spot Hidden')
    """
    if not isinstance(name, str):
        raise _fail(f"A skill name must be text (got {name!r}).", field, "wrong_type")
    found = SKILL_NAMES.canonical(name)  # a listed skill, an alias, or a family's speciality (rules/coc.md §3.2a)
    if found is not None:
        return found
    families = ", ".join(family.name for family in SKILL_FAMILIES)
    raise _fail(f"Unknown skill {_shown(name)}; the sheet's skills are: {', '.join(SKILL_BASES)}; a speciality of "
                f"{families} is written with its family, e.g. Science (Biology).", field, "unknown_skill")


def from_dict(data) -> dict:
    """Validate an investigator and return a normalized copy (the input is never changed)."""
    if not isinstance(data, dict):
        raise _fail("The investigator must be a JSON object.", "", "wrong_type")
    check_texts(data)  # every name, key and note: one rule for the text a sheet holds (py_rules.text)
    schema = data.get("schema")
    if schema != SCHEMA:
        if isinstance(schema, str) and schema.startswith("coc.investigator/"):
            raise _fail("This investigator was saved by another version of the app; update the app to read it.",
                        "schema", "bad_schema")
        raise _fail("This is not a Call of Cthulhu investigator sheet.", "schema", "bad_schema")
    for key in data:
        if key not in _KEYS:
            raise _fail(f"An investigator sheet has no field {key!r}.", str(key), "unknown_field")
    out = {"schema": SCHEMA}
    name = data.get("name", "Investigator")
    if not isinstance(name, str) or not name.strip() or len(name) > 80:
        raise _fail("The name must be text of 1–80 characters.", "name", "wrong_type")
    out["name"] = name.strip()
    out["age"] = _int(data.get("age", 25), "age", 15, 120)
    out["occupation"] = _text(data.get("occupation", ""), "occupation", _OCCUPATION_MAX).strip()
    out["notes"] = _text(data.get("notes", ""), "notes", _NOTES_MAX)
    out["armour"] = _int(data.get("armour", 0), "armour", 0, ARMOUR_MAX)  # rules/coc.md §3.8 [BOOK] armour points
    out["weapons"] = parse_weapons(data.get("weapons", []))  # seed 003, If attacking; rules/coc.md §3.8

    chars = data.get("characteristics")
    if not isinstance(chars, dict):
        raise _fail("The characteristics must be an object with " + ", ".join(CHARACTERISTICS) + ".", "characteristics", "wrong_type")
    for key in chars:
        if key not in CHARACTERISTICS:
            raise _fail(f"Unknown characteristic {key!r}; use {', '.join(CHARACTERISTICS)}.", f"characteristics.{key}", "unknown_field")
    out["characteristics"] = {}
    for key in CHARACTERISTICS:
        if key not in chars:
            raise _fail(f"The characteristic {key} is missing.", f"characteristics.{key}", "missing_field")
        out["characteristics"][key] = _int(chars[key], f"characteristics.{key}", 0, CHARACTERISTIC_MAX)
    if "luck" not in data:
        raise _fail("Luck (current Luck) is required.", "luck", "missing_field")
    out["luck"] = _int(data["luck"], "luck", 0, LUCK_MAX)

    skills = data.get("skills", {})
    if not isinstance(skills, dict):
        raise _fail("The skills must be an object of skill name → value.", "skills", "wrong_type")
    out["skills"] = {}
    for key, value in skills.items():
        canonical = skill_name(key, "skills" if len(key) > _TEXT_MAX else f"skills.{key}")
        if canonical.lower() in (name.lower() for name in out["skills"]):  # "Science (biology)" is Science (Biology)
            raise _fail(f"Skill {canonical!r} is listed twice.", f"skills.{key}", "duplicate_skill")
        out["skills"][canonical] = _int(value, f"skills.{key}", 0, SKILL_MAX)

    limits = {"hp": hp_max(out), "mp": mp_max(out), "san": san_max(out)}
    starts = {"hp": limits["hp"], "mp": limits["mp"], "san": min(out["characteristics"]["POW"], limits["san"])}
    for key in ("hp", "mp", "san"):
        out[key] = _int(data.get(key, starts[key]), key, 0, limits[key])

    conditions = data.get("conditions", {})
    if not isinstance(conditions, dict):
        raise _fail("The conditions must be an object of condition → true/false.", "conditions", "wrong_type")
    for key, value in conditions.items():
        if key not in CONDITIONS:
            raise _fail(f"Unknown condition {key!r}; use {listed(CONDITIONS)}.", f"conditions.{key}", "unknown_field")
        if not isinstance(value, bool):
            raise _fail(f"The condition {_NAMES.get(key, key)} must be true or false.", f"conditions.{key}", "wrong_type")
    out["conditions"] = {key: conditions.get(key, False) for key in CONDITIONS}
    for key, (low, high) in _COUNTERS.items():
        default = out["san"] if key == "san_at_start_of_day" else 0
        out[key] = _int(data.get(key, default), key, low, high)
    for key in _FLAGS:
        value = data.get(key, False)
        if not isinstance(value, bool):
            raise _fail(f"{_said(key)} must be true or false.", key, "wrong_type")
        out[key] = value
    out["scheduled_heals"] = _heals(data.get("scheduled_heals", []))
    out["last_roll"] = _last_roll(data.get("last_roll"))
    if CREATION_FIELD in data:  # the dice rolled at creation, kept when the sheet has them (rules/coc.md §3.2a)
        out[CREATION_FIELD] = read_creation_record(data[CREATION_FIELD])
    out["derived"] = derived(out)
    return out


ROLL_KINDS = ("skill", "characteristic", "luck", "combined", "opposed", "combat", "sanity", "damage")
"""Kinds of recorded rolls (what may be pushed or take Luck depends on it; rules/coc.md §3.5, §3.6)."""


def _last_roll(last):
    """The recorded last roll, validated so that pushing or spending Luck on it is safe, in canonical
    form: only the keys below survive (whatever else was sent is dropped, never copied into a sheet)."""
    if last is None:
        return None
    if not isinstance(last, dict):
        raise _fail("The last roll must be an object or empty.", "last_roll", "wrong_type")
    kind = last.get("kind")
    if not isinstance(kind, str) or kind not in ROLL_KINDS:
        raise _fail(f"The last roll's kind must be one of: {listed(ROLL_KINDS)}.", "last_roll.kind", "bad_input")
    out = {"kind": kind, "name": _text(last.get("name", ""), "last_roll.name", _TEXT_MAX)}
    for key, low, high in (("value", 0, CHARACTERISTIC_MAX), ("roll", 0, DAMAGE_MAX), ("level", 0, 5),
                           ("luck_spent", 0, LUCK_MAX), ("bonus", 0, _DICE_MAX), ("penalty", 0, _DICE_MAX)):
        out[key] = _int(last.get(key, 0), f"last_roll.{key}", low, high)
    for key in ("success", "pushed"):
        if not isinstance(last.get(key, False), bool):
            raise _fail(f"{_said('last_roll.' + key)} must be true or false.", f"last_roll.{key}", "wrong_type")
        out[key] = last.get(key, False)
    if last.get("difficulty", "Regular") not in ("Regular", "Hard", "Extreme"):
        raise _fail("The last roll's difficulty must be Regular, Hard or Extreme.", "last_roll.difficulty", "bad_input")
    out["difficulty"] = last.get("difficulty", "Regular")
    name = out["name"]
    if kind == "combined":
        names = last.get("names")
        if not isinstance(names, list) or not 2 <= len(names) <= len(SKILL_BASES):
            raise _fail("A combined last roll lists its skill names.", "last_roll.names", "bad_input")
        out["names"] = [skill_name(n, "last_roll.names") for n in names]
        if last.get("mode") not in ("all", "any"):
            raise _fail("The last roll's mode must be all or any.", "last_roll.mode", "bad_input")
        out["mode"] = last["mode"]
    elif kind == "skill" and not name:
        raise _fail("A skill's last roll names its skill.", "last_roll.name", "missing_field")
    elif kind in ("skill", "opposed", "combat") and name:
        out["name"] = skill_name(name, "last_roll.name")
    if kind == "characteristic":
        if not isinstance(last.get("characteristic"), str) or last["characteristic"] not in CHARACTERISTICS:
            raise _fail("The last roll must name a characteristic.", "last_roll.characteristic", "bad_input")
        out["characteristic"] = last["characteristic"]
    return out


def _heals(heals) -> list:
    if not isinstance(heals, list):
        raise _fail("The scheduled heals must be a list.", "scheduled_heals", "wrong_type")
    if len(heals) > _HEALS_MAX:
        raise _fail(f"At most {_HEALS_MAX} scheduled heals.", "scheduled_heals", "out_of_range")
    out = []
    for i, heal in enumerate(heals):
        field = f"scheduled_heals.{i}"
        if not isinstance(heal, dict) or set(heal) - {"days", "amount", "source"}:
            raise _fail("Each scheduled heal has days, an amount and a source.", field, "wrong_type")
        out.append({"days": _int(heal.get("days", 0), f"{field}.days", 0, 365),
                    "amount": _int(heal.get("amount", 0), f"{field}.amount", 0, 100),
                    "source": _text(heal.get("source", "healing"), f"{field}.source", _TEXT_MAX)})
    return out


def normalize(state: dict) -> dict:
    """Recompute the derived block after a rule changed ``state`` (in place) and return it."""
    state["derived"] = derived(state)
    return state


def copy_state(state: dict) -> dict:
    """A deep copy to change: operations never mutate their input."""
    return copy.deepcopy(state)


def who(state: dict) -> str:
    return state.get("name", "Investigator")


def characteristic(state: dict, name: str) -> int:
    return state["characteristics"][name]


def skill_value(state: dict, name: str) -> int:
    """The investigator's value in skill ``name`` (base value if not on the sheet; rules/coc.md §3.2).

    >>> skill_value(from_dict(EXAMPLE), "Listen"), skill_value(from_dict(EXAMPLE_OPPONENT), "Dodge")
    (20, 27)
    """
    canonical = skill_name(name)
    for held in (canonical, *(k for k in state["skills"] if k.lower() == canonical.lower())):
        if held in state["skills"]:
            return state["skills"][held]
    if canonical in SKILL_BASES_FROM:
        characteristic_name, divisor = SKILL_BASES_FROM[canonical]
        return min(SKILL_MAX, state["characteristics"][characteristic_name] // divisor)
    return SKILL_NAMES.base(canonical)  # a speciality not on the sheet: its family's base (rules/coc.md §3.2a)


def hp_max(state: dict) -> int:
    """rules/coc.md §3.2: floor((CON + SIZ) / 10)."""
    c = state["characteristics"]
    return (c["CON"] + c["SIZ"]) // 10


def mp_max(state: dict) -> int:
    """rules/coc.md §3.2: floor(POW / 5)."""
    return state["characteristics"]["POW"] // 5


def san_max(state: dict) -> int:
    """rules/coc.md §3.2: 99 − Cthulhu Mythos."""
    return max(0, SANITY_CEILING - state["skills"].get(MYTHOS, 0))


def damage_bonus_and_build(str_plus_siz: int, table=DAMAGE_BONUS_TABLE) -> tuple[str, int]:
    """Damage Bonus and Build for STR + SIZ from the table (rules/coc.md §3.2).

    >>> [damage_bonus_and_build(x) for x in (64, 65, 110, 125, 205, 524, 525, 605)]
    [('-2', -2), ('-1', -1), ('0', 0), ('+1D4', 1), ('+2D6', 3), ('+5D6', 6), ('+6D6', 7), ('+7D6', 8)]
    """
    for _low, high, bonus, build in table:
        if str_plus_siz <= high:
            return bonus, build
    _low, high, bonus, build = table[-1]
    extra = -(-(str_plus_siz - high) // DAMAGE_BONUS_STEP)
    dice = dice_expr.parse(bonus, DICE_FORM).dice[0].count + extra
    return f"+{dice}D6", build + extra


def mov(state: dict) -> int:
    """rules/coc.md §3.2: 7 if DEX and STR are both below SIZ, 9 if both above, else 8; minus the age penalty.

    >>> mov(from_dict(EXAMPLE)), mov(from_dict(EXAMPLE_OPPONENT))
    (6, 7)
    """
    c = state["characteristics"]
    if c["DEX"] < c["SIZ"] and c["STR"] < c["SIZ"]:
        value = 7
    elif c["DEX"] > c["SIZ"] and c["STR"] > c["SIZ"]:
        value = 9
    else:
        value = 8
    penalty = 0
    for age, minus in MOV_AGE_PENALTY:
        if state.get("age", 25) >= age:
            penalty = minus
    return max(0, value - penalty)


def derived(state: dict) -> dict:
    """Everything derived from the characteristics (shown in the page, recomputed on every read)."""
    c = state["characteristics"]
    bonus, build = damage_bonus_and_build(c["STR"] + c["SIZ"])
    return {
        "hp_max": hp_max(state),
        "mp_max": mp_max(state),
        "san_max": san_max(state),
        "damage_bonus": bonus,
        "build": build,
        "mov": mov(state),
        "dodge": skill_value(state, DODGE),
    }
