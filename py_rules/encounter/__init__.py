"""Encounters (TABLE.md, Encounter): the state as JSON (``state``), the one shape of a game's part
(``hooks``; each game's own in ``py_rules.<game>.encounter_hooks``), the step's context (``context``), the pure
step (``flow``) and the door's ``encounter.*`` operations (``operations``)."""
