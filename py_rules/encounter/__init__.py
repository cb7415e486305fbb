"""Encounters (TABLE.md, Encounter): the state as JSON (``state``), each game's part as data over its
existing operations (``games``), the pure step (``flow``) and the door's ``encounter.*`` operations
(``operations``)."""
