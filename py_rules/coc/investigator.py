"""The investigator (or NPC) as JSON state (C1; rules/coc.md §3.2, §3.9–§3.11).

Over 400 lines: the one check of a Call of Cthulhu sheet of every kind (investigator, NPC, creature), each field
read through the declaration in turn; the next split is by part of the sheet.


:func:`from_dict` validates strictly and returns a normalized copy (derived
values recomputed under ``"derived"``); rules never mutate their input, they
work on :func:`copy_state` and return the new state. Skills not listed on the
sheet have their base value (rules/coc.md §3.2).
"""

from __future__ import annotations

import copy

from py_rules import dice_expr
from py_rules.coc.creation_record import FIELD as CREATION_FIELD, read_record as read_creation_record
from py_rules.coc.sheet import (
    CONDITIONS,
    COUNTER_MAX,
    COUNTERS,
    CREATURE_OPTIONAL,
    FLAGS,
    ROLL_KINDS,
    SHEET,
    TEXT_MAX,
)
from py_rules.coc.tables import (
    CHARACTERISTICS,
    DAMAGE_BONUS_STEP,
    DAMAGE_BONUS_TABLE,
    DICE_FORM,
    DODGE,
    MOV_AGE_PENALTY,
    MYTHOS,
    NEVER_TICKED,
    SANITY_CEILING,
    SANITY_LOSS_FORM,
    SCHEMA,
    SKILL_BASES,
    SKILL_BASES_FROM,
    SKILL_FAMILIES,
    SKILL_MAX,
    SKILL_NAMES,
)
from py_rules.coc.treatment_record import KEYS as TREATMENTS, read_treatment
from py_rules.coc.weapons import parse_weapons
from py_rules.errors import RulesError
from py_rules.limits import shown as _shown
from py_rules.text import check_sheet as check_texts
from py_rules.words import field_words, listed

__all__ = (
    "CONDITIONS",
    "ROLL_KINDS",
    "EXAMPLE",
    "EXAMPLE_OPPONENT",
    "from_dict",
    "normalize",
    "copy_state",
    "skill_name",
    "skill_value",
    "characteristic",
    "has_characteristic",
    "luck_of",
    "hp_max",
    "mp_max",
    "san_max",
    "damage_bonus_and_build",
    "mov",
    "derived",
    "who",
)

_COUNTERS = {key: (low, high) for key, _words, low, high, _rule in COUNTERS}
_FLAGS = tuple(key for key, _words in FLAGS)
_KEYS = {
    "schema",
    "name",
    "kind",
    "age",
    "occupation",
    "backstory",
    "possessions",
    "notes",
    "armour",
    "weapons",
    "items",
    "characteristics",
    "luck",
    "skills",
    "hp",
    "mp",
    "san",
    "mov",
    "san_loss",
    "conditions",
    "scheduled_heals",
    "last_roll",
    *(key for _name, key in TREATMENTS),
    "ticks",
    "derived",
    *_COUNTERS,
    *_FLAGS,
    CREATION_FIELD,
}
_TEXTS = ("occupation", "backstory", "possessions", "notes")
"""The sheet's texts shown and edited as they are (the occupation trimmed: it is a one-line title)."""

EXAMPLE = {
    "schema": SCHEMA,
    "name": "Harvey Walters",
    "age": 42,
    "characteristics": {"STR": 45, "CON": 60, "SIZ": 65, "DEX": 60, "APP": 50, "INT": 85, "POW": 60, "EDU": 80},
    "luck": 50,
    "skills": {
        "Fighting (Brawl)": 40,
        "Firearms (Handgun)": 45,
        "Dodge": 40,
        "First Aid": 50,
        "Medicine": 30,
        "Spot Hidden": 55,
        "Stealth": 30,
        "Throw": 30,
        "Psychology": 50,
        "Cthulhu Mythos": 5,
    },
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


_NAMES = {
    "armour": "Armour points",
    "hp": "HP",
    "mp": "MP",
    "san": "Sanity",
    "luck": "Luck",
    "mov": SHEET.field("mov").label,
    "last_roll": "the last roll",
    "san_at_start_of_day": "Sanity at the start of the day",
    "scheduled_heals": "scheduled heals",
    "luck_spent": "Luck spent",
    "major_wound": "major wound",
    "involuntary_action": "involuntary action",
    "indefinitely_insane": "indefinitely insane",
    "permanently_insane": "permanently insane",
}


def _said(field: str) -> str:
    """A field of the sheet in words (``characteristics.STR`` → ``STR``, ``last_roll.kind`` → ``Kind (the last roll)``)."""
    return field_words(field, _NAMES)


def _int(value, field: str, high: int | None = None, *, declared: str | None = None) -> int:
    """A whole number within the bounds the sheet declares for ``field`` (``declared``: the path to look the bounds
    up by, when ``field`` names another place; ``high``: a bound the rules work out from the sheet, such as HP's
    maximum)."""
    spec = SHEET.field(declared or field)
    low = int(spec.minimum) if spec.minimum is not None else 0
    if high is None:
        high = int(spec.maximum) if spec.maximum is not None else COUNTER_MAX
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise _fail(f"{_said(field)} must be a whole number (got {_shown(value)}).", field, "wrong_type")
    if value < low or value > high:
        raise _fail(f"{_said(field)} must be between {low} and {high} (got {_shown(value)}).", field, "out_of_range")
    return value


def _text(value, field: str, *, declared: str | None = None) -> str:
    """A text of the sheet no longer than its declared bound (its words from the declaration)."""
    return SHEET.read(declared or field, value, label=_said(field))


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
    raise _fail(
        f"Unknown skill {_shown(name)}; the sheet's skills are: {', '.join(SKILL_BASES)}; a speciality of "
        f"{families} is written with its family, e.g. Science (Biology).",
        field,
        "unknown_skill",
    )


def from_dict(data) -> dict:
    """Validate an investigator and return a normalized copy (the input is never changed)."""
    if not isinstance(data, dict):
        raise _fail("The investigator must be a JSON object.", "", "wrong_type")
    check_texts(data)  # every name, key and note: one rule for the text a sheet holds (py_rules.text)
    schema = data.get("schema")
    if schema != SCHEMA:
        if isinstance(schema, str) and schema.startswith("coc.investigator/"):
            raise _fail(
                "This investigator was saved by another version of the app; update the app to read it.",
                "schema",
                "bad_schema",
            )
        raise _fail("This is not a Call of Cthulhu investigator sheet.", "schema", "bad_schema")
    for key in data:
        if key not in _KEYS:
            raise _fail(f"An investigator sheet has no field {key!r}.", str(key), "unknown_field")
    out = {"schema": SCHEMA}
    name = data.get("name", "Investigator")
    if not isinstance(name, str) or not name.strip() or len(name) > SHEET.field("name").max_length:
        raise _fail(f"The name must be text of 1–{SHEET.field('name').max_length} characters.", "name", "wrong_type")
    out["name"] = name.strip()
    out["kind"] = SHEET.read("kind", data.get("kind", "human"))
    creature = out["kind"] == "creature"
    out["age"] = _int(data.get("age", SHEET.field("age").default), "age")
    for key in _TEXTS:
        out[key] = _text(data.get(key, ""), key)
    out["occupation"] = out["occupation"].strip()
    out["armour"] = _int(data.get("armour", 0), "armour")  # rules/coc.md §3.8 [BOOK] armour points
    out["weapons"] = parse_weapons(data.get("weapons", []))  # seed 003, If attacking; rules/coc.md §3.8
    out["items"] = _items(data.get("items", []))

    chars = data.get("characteristics")
    if not isinstance(chars, dict):
        raise _fail(
            "The characteristics must be an object with " + ", ".join(CHARACTERISTICS) + ".",
            "characteristics",
            "wrong_type",
        )
    for key in chars:
        if key not in CHARACTERISTICS:
            raise _fail(
                f"Unknown characteristic {key!r}; use {', '.join(CHARACTERISTICS)}.",
                f"characteristics.{key}",
                "unknown_field",
            )
    out["characteristics"] = {}
    for key in CHARACTERISTICS:
        if key not in chars or chars[key] is None:
            if creature and key in CREATURE_OPTIONAL:
                continue  # a creature without APP or EDU: absent, never 0
            raise _fail(f"The characteristic {key} is missing.", f"characteristics.{key}", "missing_field")
        out["characteristics"][key] = _int(chars[key], f"characteristics.{key}")
    if data.get("luck") is not None:
        out["luck"] = _int(data["luck"], "luck")
    elif not creature:
        raise _fail("Luck (current Luck) is required.", "luck", "missing_field")

    skills = data.get("skills", {})
    if not isinstance(skills, dict):
        raise _fail("The skills must be an object of skill name → value.", "skills", "wrong_type")
    out["skills"] = {}
    for key, value in skills.items():
        field = "skills" if len(key) > TEXT_MAX else f"skills.{key}"
        canonical = skill_name(key, field)
        if canonical.lower() in (name.lower() for name in out["skills"]):  # "Science (biology)" is Science (Biology)
            raise _fail(f"Skill {canonical!r} is listed twice.", f"skills.{key}", "duplicate_skill")
        out["skills"][canonical] = _int(value, f"skills.{key}", declared="skills.*")

    if data.get("mov") is not None:  # a creature's printed MOV wins over the formula (rules/coc.md §3.2)
        out["mov"] = _int(data["mov"], "mov")
    loss = data.get("san_loss")
    if loss is not None and (not isinstance(loss, str) or loss.strip()):
        out["san_loss"] = _san_loss(loss)

    limits = {"hp": hp_max(out), "mp": mp_max(out), "san": san_max(out)}
    starts = {"hp": limits["hp"], "mp": limits["mp"], "san": min(out["characteristics"]["POW"], limits["san"])}
    for key in ("hp", "mp", "san"):
        out[key] = _int(data.get(key, starts[key]), key, limits[key])

    conditions = data.get("conditions", {})
    if not isinstance(conditions, dict):
        raise _fail("The conditions must be an object of condition → true/false.", "conditions", "wrong_type")
    for key, value in conditions.items():
        if key not in CONDITIONS:
            raise _fail(f"Unknown condition {key!r}; use {listed(CONDITIONS)}.", f"conditions.{key}", "unknown_field")
        if not isinstance(value, bool):
            raise _fail(
                f"The condition {_NAMES.get(key, key)} must be true or false.", f"conditions.{key}", "wrong_type"
            )
    out["conditions"] = {key: conditions.get(key, False) for key in CONDITIONS}
    for key in _COUNTERS:
        default = out["san"] if key == "san_at_start_of_day" else 0
        out[key] = _int(data.get(key, default), key)
    for key in _FLAGS:
        value = data.get(key, False)
        if not isinstance(value, bool):
            raise _fail(f"{_said(key)} must be true or false.", key, "wrong_type")
        out[key] = value
    out["scheduled_heals"] = _heals(data.get("scheduled_heals", []))
    out["last_roll"] = _last_roll(data.get("last_roll"))
    for _name, key in TREATMENTS:  # one First Aid and one Medicine attempt per wound (rules/coc.md §3.10)
        out[key] = read_treatment(data.get(key), key)
    out["ticks"] = _ticks(data.get("ticks", []))
    if CREATION_FIELD in data:  # the dice rolled at creation, kept when the sheet has them (rules/coc.md §3.2a)
        out[CREATION_FIELD] = read_creation_record(data[CREATION_FIELD])
    out["derived"] = derived(out)
    return out


def _san_loss(loss) -> str:
    """A creature's Sanity loss as ``X/Y`` (rules/coc.md §3.11), checked as a Sanity roll reads it, spaces taken out."""
    text = _text(loss, "san_loss")
    try:
        dice_expr.parse_parts(text, SANITY_LOSS_FORM, "san_loss")
    except RulesError as error:
        raise RulesError(error.code, f"Sanity loss: {error.message}", "san_loss") from None
    return "".join(text.split()).upper()


def _items(items) -> list:
    """What the sheet lists as carried: each a name, how many and a note (rules/coc.md §3.8 gear is kept as words)."""
    items = SHEET.read("items", items)
    out = []
    for index, item in enumerate(items):
        field = f"items.{index}"
        if not isinstance(item, dict):
            raise _fail("Each item has a name, how many and a note.", field, "wrong_type")
        unknown = sorted(set(item) - {"name", "quantity", "note"})
        if unknown:
            raise _fail(
                f"An item has no field {unknown[0]!r} (it has a name, how many and a note).",
                f"{field}.{unknown[0]}",
                "unknown_field",
            )
        name = _text(item.get("name", ""), f"{field}.name", declared="items.*.name").strip()
        if not name:
            raise _fail(f"Item {index + 1} needs a name.", f"{field}.name", "missing_field")
        out.append(
            {
                "name": name,
                "quantity": _int(item.get("quantity", 1), f"{field}.quantity", declared="items.*.quantity"),
                "note": _text(item.get("note", ""), f"{field}.note", declared="items.*.note").strip(),
            }
        )
    return out


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
    out = {"kind": kind, "name": _text(last.get("name", ""), "last_roll.name")}
    for key in ("value", "roll", "level", "luck_spent", "bonus", "penalty"):
        out[key] = _int(last.get(key, 0), f"last_roll.{key}")
    for key in ("success", "pushed"):
        if not isinstance(last.get(key, False), bool):
            raise _fail(f"{_said('last_roll.' + key)} must be true or false.", f"last_roll.{key}", "wrong_type")
        out[key] = last.get(key, False)
    if last.get("difficulty", "Regular") not in SHEET.field("last_roll.difficulty").choices:
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


def _ticks(ticks) -> list:
    """The skills ticked for improvement (rules/coc.md §3.15), each once, in the order they were ticked."""
    if not isinstance(ticks, list):
        raise _fail("The ticked skills must be a list of skill names.", "ticks", "wrong_type")
    out, seen = [], set()  # a set: linear in the list, however many specialities it names
    for i, name in enumerate(ticks):
        skill = skill_name(name, f"ticks.{i}")
        if skill in NEVER_TICKED:
            raise _fail(f"{skill} is never ticked for improvement.", f"ticks.{i}", "bad_input")
        if skill in seen:
            raise _fail(f"{skill} is ticked twice: a skill holds one tick.", f"ticks.{i}", "duplicate_skill")
        seen.add(skill)
        out.append(skill)
    return out


def _heals(heals) -> list:
    if not isinstance(heals, list):
        raise _fail("The scheduled heals must be a list.", "scheduled_heals", "wrong_type")
    most = SHEET.field("scheduled_heals").max_count
    if len(heals) > most:
        raise _fail(f"At most {most} scheduled heals.", "scheduled_heals", "out_of_range")
    out = []
    for i, heal in enumerate(heals):
        field = f"scheduled_heals.{i}"
        if not isinstance(heal, dict) or set(heal) - {"days", "amount", "source"}:
            raise _fail("Each scheduled heal has days, an amount and a source.", field, "wrong_type")
        out.append(
            {
                "days": _int(heal.get("days", 0), f"{field}.days", declared="scheduled_heals.*.days"),
                "amount": _int(heal.get("amount", 0), f"{field}.amount", declared="scheduled_heals.*.amount"),
                "source": _text(heal.get("source", "healing"), f"{field}.source", declared="scheduled_heals.*.source"),
            }
        )
    return out


def normalize(state: dict) -> dict:
    """Recompute the derived block after a rule changed ``state`` (in place) and return it."""
    state["derived"] = derived(state)
    return state


_PLAIN = (str, int, float, bool, type(None))
"""Values a sheet holds that no rule changes in place (JSON's scalars)."""


def copy_state(state: dict) -> dict:
    """A deep copy to change: operations never mutate their input. A sheet is JSON data (it comes through the door),
    so its dicts and lists are copied and its scalars kept; anything else goes through ``copy.deepcopy``. Four times
    faster than deepcopy of the whole sheet, which every roll of a sheet pays."""
    return _copied(state)


def _copied(value):
    kind = type(value)
    if kind is dict:
        return {key: _copied(item) for key, item in value.items()}
    if kind is list:
        return [_copied(item) for item in value]
    return value if kind in _PLAIN else copy.deepcopy(value)


def who(state: dict) -> str:
    return state.get("name", "Investigator")


def has_characteristic(state: dict, name: str) -> bool:
    """Whether the sheet has ``name`` (a creature's may leave out APP and EDU)."""
    return name in state["characteristics"]


def characteristic(state: dict, name: str, field: str = "characteristic") -> int:
    """The value of characteristic ``name``, or a refusal in words when the sheet leaves it out (a creature)."""
    if name not in state["characteristics"]:
        raise RulesError(
            "rule_violation",
            f"{who(state)} has no {name} to roll: a creature's sheet may leave it out. "
            "Give it a value on the sheet to roll it.",
            field,
        )
    return state["characteristics"][name]


def luck_of(state: dict, field: str = "investigator") -> int:
    """Current Luck, or a refusal in words when the sheet has none (a creature: it neither rolls nor spends Luck)."""
    if state.get("luck") is None:
        raise RulesError(
            "rule_violation",
            f"{who(state)} has no Luck: a creature's sheet may leave it out, and "
            "without it there is no Luck to roll or spend. Give it Luck on the sheet first.",
            field,
        )
    return state["luck"]


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
        # a creature without EDU has no own language to speak of: its base is 0
        return min(SKILL_MAX, state["characteristics"].get(characteristic_name, 0) // divisor)
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
    """rules/coc.md §3.2: 7 if DEX and STR are both below SIZ, 9 if both above, else 8; minus the age penalty. A MOV
    the sheet gives (a creature's printed one) wins over the formula.

    >>> mov(from_dict(EXAMPLE)), mov(from_dict(EXAMPLE_OPPONENT))
    (6, 7)
    """
    if state.get("mov") is not None:
        return state["mov"]
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
        "mov_from": "sheet" if state.get("mov") is not None else "rules",
        "dodge": skill_value(state, DODGE),
    }
