"""py_rules: a pure-Python rules engine for three tabletop games.

Conventions (see README.md, "How it fits together"; the rules reference rules/cross-system.md §0, §4):

* Rules are data (``tables.py`` in each system package) plus small pure functions.
* Every random draw goes through one :class:`py_rules.dice.DiceSource`; typed
  physical dice and test scripts use the same path as digital dice.
* Every resolution returns a :class:`py_rules.trace.Result` that keeps each die
  face in order, each modifier with its label and rule source, the total, the
  level and the flags, so a player can audit it.
* JavaScript reaches the engine through one JSON door: :func:`py_rules.api.call`.
"""

__version__ = "0.1.0"

__all__ = ("__version__",)
