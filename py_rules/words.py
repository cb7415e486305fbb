"""What a player reads about a declared field, in the game's own words (issue 8, Words; TABLE.md, Words and Rules).

Declarations keep their developer help (it cites the seed or RULES.md section it comes from). For the catalog,
:func:`describe` turns one into:

* ``help`` — plain words: the citations taken out (:func:`py_rules.sources.plain`), or the game's own wording
  where its ``words`` module has one (every house-rule setting says what each of its options changes);
* ``rule`` — the human name of the cited rule ("Rolling Dice — Call of Cthulhu house rules");
* ``source`` — the developer citations, as they were;
* ``choice_labels`` — plain words for each choice, in the order of ``choices``.

A game's plain words live in ``py_rules/<game>/words.py`` (imported with the game): ``SETTINGS`` maps a setting to
``(help, {value: label})``, ``CHOICES`` maps a field name (or ``"<op id>:<field>"``) to ``{value: label}`` and
``HELP`` maps a field name (or ``"<op id>:<field>"``) to its plain help where the automatic one reads badly.

:func:`house_rule_steps` names every non-default setting a result ran with, for its trace; :func:`named_house_rules`
makes an operation do so (:mod:`py_rules.systems` applies it to every operation).
"""

from __future__ import annotations

import importlib
from functools import cache
from types import SimpleNamespace
from typing import Any

from py_rules import sources

__all__ = ("is_whole_number", "catalog_operation", "catalog_system", "describe", "choice_label", "humanize", "house_rule_steps",
           "named_house_rules", "words_of", "field_words", "listed", "counted", "passes")

_EMPTY = SimpleNamespace(SETTINGS={}, CHOICES={}, HELP={})


@cache
def words_of(system: str):
    """``py_rules.<system>.words`` (its SETTINGS, CHOICES, HELP), or empty tables."""
    try:
        module = importlib.import_module(f"py_rules.{system}.words")
    except ModuleNotFoundError:
        return _EMPTY
    return SimpleNamespace(**{name: getattr(module, name, {}) for name in ("SETTINGS", "CHOICES", "HELP")})


def humanize(value: Any) -> str:
    """A choice value as words when nobody wrote better ones: ``"knocked_down"`` → ``"Knocked down"``.

    >>> humanize("very_strenuous"), humanize("Spot Hidden"), humanize("1d6"), humanize("")
    ('Very strenuous', 'Spot Hidden', '1d6', '(none)')
    """
    text = str(value).replace("_", " ").strip()
    if not text:
        return "(none)"
    if text.islower() and not text[0].isdigit() and not (text[0] == "d" and text[1:2].isdigit()):
        return text[0].upper() + text[1:]
    return text


_NAMED_BY_KEY = {"attributes", "characteristics", "skills", "abilities", "conditions", "lost_attributes"}
"""Parts of a sheet whose keys are already names a player knows ("STR", "Spot Hidden"): the key alone is said."""


def is_whole_number(text: str) -> bool:
    """Plain ASCII digits, at most 18 of them: a list index in a path or a format's version. ``str.isdigit``
    alone also takes "²" and a key of thousands of digits, both of which ``int`` refuses.

    >>> is_whole_number("12"), is_whole_number("²"), is_whole_number(""), is_whole_number("1" * 5000)
    (True, False, False, False)
    """
    return len(text) <= 18 and text.isascii() and text.isdigit()


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def field_words(path: str, names: dict | None = None) -> str:
    """A place in a sheet, said in words instead of its path (a message never shows ``items.0.weight``).

    ``names`` maps a key to its words where humanizing it reads badly.

    >>> [field_words(p) for p in ("essence_channeling", "characteristics.STR", "items.0", "items.0.weight",
    ...                           "defence.worn_armour", "skills.Spot Hidden.level", "combatants.2")]
    ['Essence channeling', 'STR', 'Item 1', 'Weight of item 1', 'Worn armour (defence)', 'Level of Spot Hidden', 'Combatant 3']
    """
    names = names or {}
    said: list[tuple[str, bool]] = []  # (words, whether they name one thing: an item, a skill)
    parent = ""
    for part in str(path).split("."):
        if is_whole_number(part) and said:
            said[-1] = (f"{_singular(said[-1][0])} {int(part) + 1}", True)
        elif parent in _NAMED_BY_KEY and said:
            said[-1] = (part, True)
        else:
            said.append((names.get(part) or humanize(part).lower(), False))
        parent = part
    if not said:
        return ""
    head = said[-1][0]
    if len(said) > 1:
        owner, one_thing = said[-2]
        head = f"{head} of {owner}" if one_thing else f"{head} ({owner})"
    return head[:1].upper() + head[1:]


_IRREGULAR = {"dice": "die", "penalties": "penalty", "successes": "success", "times": "time", "entries": "entry"}


def counted(number: int, unit: str) -> str:
    """A count as it is spoken: the unit in the plural unless there is one (``unit`` is given in the plural).

    >>> counted(1, "hours"), counted(2, "hours"), counted(0, "rounds"), counted(1, "dice"), counted(1, "Turns")
    ('1 hour', '2 hours', '0 rounds', '1 die', '1 Turn')
    >>> counted(1, "entries"), counted(3, "entries")
    ('1 entry', '3 entries')
    """
    if abs(number) != 1:
        return f"{number} {unit}"
    return f"{number} {_IRREGULAR.get(unit) or (unit[:-1] if unit.endswith('s') else unit)}"


def passes(number: int, unit: str) -> str:
    """Time passing, the verb agreeing: ``1 hour passes``, ``2 hours pass``."""
    return f"{counted(number, unit)} {'passes' if abs(number) == 1 else 'pass'}"


def listed(values) -> str:
    """Values of a list said in words: ``natural_armour, worn_armour`` → ``natural armour, worn armour``."""
    return ", ".join(humanize(v).lower() if str(v).islower() else str(v) for v in values)


def _lookup(table: dict, op_id: str, name: str):
    return table.get(f"{op_id}:{name}", table.get(name)) if table else None


def choice_label(system: str, param, value: Any, op_id: str = "") -> str:
    """Plain words for ``value`` of the choice field ``param``."""
    words = words_of(system)
    labels = (words.SETTINGS.get(param.name, (None, {}))[1] if param.setting else None) or \
        _lookup(words.CHOICES, op_id, param.name) or {}
    return labels.get(value) or humanize(value)


def describe(param, system: str = "", op_id: str = "") -> dict:
    """``help``, ``rule``, ``source`` and ``choice_labels`` of ``param`` (see the module docstring)."""
    words = words_of(system) if system else _EMPTY
    text, citations = sources.split(param.help)
    setting = words.SETTINGS.get(param.name) if param.setting else None
    own = setting[0] if setting else _lookup(words.HELP, op_id, param.name)
    rules = []
    for citation in citations:
        name = sources.rule_name(citation)
        if name and name not in rules:
            rules.append(name)
    return {
        "help": own or text or param.label,
        "rule": "; ".join(rules),
        "source": "; ".join(citations),
        "choice_labels": [choice_label(system, param, c, op_id) for c in param.choices],
    }


def catalog_operation(op) -> dict:
    """``op``'s catalog entry: title and summary in plain words, the cited rule by name (``rule``), and each
    field with :func:`describe`; ``covers`` and ``source`` keep the developer citations."""
    data = op.to_dict()
    data["title"], data["summary"] = sources.plain(data["title"]), sources.plain(data["summary"])
    data["rule"] = sources.rule_name(op.source)
    data["params"] = [{**entry, **describe(param, op.system, op.id)} for entry, param in zip(data["params"], op.all_params)]
    return data


def catalog_system(system) -> dict:
    """A system's catalog entry with the rules it follows by name (``rule``)."""
    return {**system.to_dict(), "rule": sources.rule_name(system.source)}


def _value_words(system: str, param, value: Any) -> str:
    if param.kind == "choice":
        return choice_label(system, param, value)
    if param.kind == "bool":
        return "on" if value else "off"
    if param.kind == "json":
        return "your own table" if value is not None else "the built-in table"
    return "empty" if value is None else str(value)


def house_rule_steps(op, args: dict) -> list:
    """One trace step per house-rule setting of ``op`` that ``args`` set away from its default, in plain words.

    >>> from py_rules.api import operation
    >>> [s.text for s in house_rule_steps(operation("coc.attack"), {"combat_ties": "book", "firearms_rule": "opposed"})]
    ['House rule in effect: Combat draws — Fight back and Manoeuvre draws go to the attacker, Dodge draws to the defender (book).']
    """
    from py_rules.trace import Step

    steps = []
    for param in op.params:
        if param.setting and param.name in args and args[param.name] != param.default:
            source = "; ".join(sources.split(param.help)[1])
            steps.append(Step(f"House rule in effect: {param.label} — {_value_words(op.system, param, args[param.name])}.",
                              source))
    return steps


def named_house_rules(op):
    """``op`` whose ``run`` puts :func:`house_rule_steps` first in its result's steps (``op`` itself when it
    declares no setting): every way into an operation names the house rules it ran with."""
    from dataclasses import replace

    if not any(param.setting for param in op.params):
        return op
    run = op.run

    def run_naming_house_rules(*args, **kwargs):
        result = run(*args, **kwargs)
        named = house_rule_steps(op, kwargs)
        if named:
            result.steps = named + list(result.steps)
        return result

    return replace(op, run=run_naming_house_rules)
