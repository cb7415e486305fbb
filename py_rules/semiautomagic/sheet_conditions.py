"""The conditions part of the Semiautomagic sheet's declaration (:mod:`.sheet`): each condition's timer and the
extra values some carry, the dying DC, Confusion's regained control, the Soul Coma's DC and clock, Tired's modifier
(seed 002, Conditions; rules/semiautomagic.md §2.6, §2.8, §2.10–2.12, §2.14 S3)."""

from __future__ import annotations

from py_rules.semiautomagic import condition_registry as R, tables as T
from py_rules.semiautomagic.sheet_bounds import LIVING, TIMER_MAX
from py_rules.sheet_spec import Field

__all__ = ("condition_fields",)


def condition_fields() -> tuple[Field, ...]:
    """Each condition's timer and the extra fields some carry (seed 002, Conditions; rules/semiautomagic.md §2.6, §2.12)."""
    return (
        Field(
            "conditions",
            "Conditions",
            "map",
            default={},
            sheet_kinds=LIVING,
            max_count=len(R.NAMES),
            source="seed 002, Conditions",
        ),
        Field("conditions.*", "Condition", "record", default={}),
        Field(
            "conditions.*.seconds",
            "Time left (seconds)",
            minimum=0,
            maximum=TIMER_MAX,
            optional=True,
            help="Empty: until it is ended",
        ),
        Field(
            "conditions.Dying.dc",
            "Dying DC",
            minimum=-50,
            maximum=100,
            default=T.DYING_RULES["health"]["start_dc"],
            source="rules/semiautomagic.md §2.6",
        ),
        Field(
            "conditions.Confused.control_seconds",
            "Seconds of control regained",
            minimum=0,
            maximum=TIMER_MAX,
            default=0,
            source="rules/semiautomagic.md §2.11",
        ),
        Field(
            "conditions.Confused.until_morale_removed",
            "Confused until a morale penalty is removed",
            "bool",
            default=False,
            source="rules/semiautomagic.md §2.8",
        ),
        Field(
            "conditions.Soul Coma.dc",
            "Soul Coma DC",
            minimum=-50,
            maximum=1000,
            default=T.SOUL_COMA_START_DC,
            source="rules/semiautomagic.md §2.12",
        ),
        Field(
            "conditions.Soul Coma.seconds_to_check",
            "Seconds to the next Soul Coma check",
            minimum=0,
            maximum=T.HOUR_SECONDS,
            default=T.HOUR_SECONDS,
            source="rules/semiautomagic.md §2.12",
        ),
        Field(
            "conditions.Tired.modifier",
            "Tired modifier",
            minimum=-20,
            maximum=0,
            default=0,
            source="rules/semiautomagic.md §2.14 S3",
        ),
    )
