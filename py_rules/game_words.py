"""What a player reads about a declared field, in the game's own words (TABLE.md, Words and Rules).

Declarations keep their developer help (it cites the seed or the rules notes' section it comes from). For the catalog,
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
makes an operation do so (:mod:`py_rules.systems` applies it to every operation). The words that know no game
(``counted``, ``field_words``, ``humanize``) are :mod:`py_rules.words`.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from functools import cache
from types import SimpleNamespace
from typing import Any

from py_rules import sources
from py_rules.trace import Step
from py_rules.words import humanize

__all__ = (
    "words_of",
    "choice_label",
    "describe",
    "catalog_operation",
    "catalog_system",
    "house_rule_steps",
    "named_house_rules",
)

_EMPTY = SimpleNamespace(SETTINGS={}, CHOICES={}, HELP={})


@cache
def words_of(system: str):
    """``py_rules.<system>.words`` (its SETTINGS, CHOICES, HELP), or empty tables."""
    try:
        module = importlib.import_module(f"py_rules.{system}.words")
    except ModuleNotFoundError:
        return _EMPTY
    return SimpleNamespace(**{name: getattr(module, name, {}) for name in ("SETTINGS", "CHOICES", "HELP")})


def _lookup(table: dict, op_id: str, name: str):
    return table.get(f"{op_id}:{name}", table.get(name)) if table else None


def choice_label(system: str, param, value: Any, op_id: str = "") -> str:
    """Plain words for ``value`` of the choice field ``param``."""
    words = words_of(system)
    labels = (
        (words.SETTINGS.get(param.name, (None, {}))[1] if param.setting else None)
        or _lookup(words.CHOICES, op_id, param.name)
        or {}
    )
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
    data["params"] = [
        {**entry, **describe(param, op.system, op.id)}
        for entry, param in zip(data["params"], op.all_params, strict=True)
    ]
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
    steps = []
    for param in op.params:
        if param.setting and param.name in args and args[param.name] != param.default:
            source = "; ".join(sources.split(param.help)[1])
            steps.append(
                Step(
                    f"House rule in effect: {param.label} — {_value_words(op.system, param, args[param.name])}.", source
                )
            )
    return steps


def named_house_rules(op):
    """``op`` whose ``run`` puts :func:`house_rule_steps` first in its result's steps (``op`` itself when it
    declares no setting): every way into an operation names the house rules it ran with."""
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
