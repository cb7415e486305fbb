"""The development phase through the JSON door (rules/coc.md §3.14 C24; §3.15): each ticked skill's improvement
roll at the end of a scenario."""

from __future__ import annotations

from py_rules.coc import development
from py_rules.coc.params import (
    EXAMPLE_WITH_TICKS,
    INVESTIGATOR,
    LABEL,
    with_states,
)
from py_rules.coc.settings import settings_from, settings_params
from py_rules.operations import Operation

__all__ = ("OPERATIONS",)


def _develop(dice, *, investigator, label, **rest):
    settings, _ = settings_from(rest)
    return with_states(development.development_phase(dice, investigator, label=label, settings=settings))


DEVELOPMENT_PHASE = Operation(
    id="coc.development_phase",
    system="coc",
    title="Development phase (end of a scenario)",
    summary="For each ticked skill roll 1D100: above the skill, or 96 or more, adds 1D10 (at most 99); every tick "
    "is cleared; a skill reaching 90 for the first time gives 2D6 Sanity. With the house rule, Luck recovery too.",
    covers=("C24",),
    params=(INVESTIGATOR.with_example(EXAMPLE_WITH_TICKS), LABEL, *settings_params("luck_recovery")),
    run=_develop,
    source="rules/coc.md §3.15, §3.6 [BOOK]",
)

OPERATIONS = (DEVELOPMENT_PHASE,)
