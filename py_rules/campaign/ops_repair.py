"""The campaign operation that repairs a stored campaign which no longer passes the check, dropping only what fails
it and listing each piece with why (TABLE.md, Kept safe; the rules of the repair: :mod:`.repair`)."""

from __future__ import annotations

from py_rules.campaign.migrations import UNKNOWN_TIME
from py_rules.campaign.ops_common import EXAMPLE, FILE_CHARS
from py_rules.campaign.problems import LIMITS, timestamp_problem
from py_rules.campaign.repair import repair
from py_rules.errors import RulesError
from py_rules.operations import FILE_DEADLINE_SECONDS, Operation
from py_rules.params import Param
from py_rules.trace import Result, Step

__all__ = ("REPAIR",)


def _now(value: str) -> str:
    """The time of a repair (the page's clock: the engine reads none); empty: unknown, as for the old page's values."""
    if not value.strip():
        return UNKNOWN_TIME
    wrong = timestamp_problem(value)
    if wrong:
        raise RulesError(
            "bad_time", f"The time of the repair must be a date and time such as 2026-12-01T20:15:03Z ({wrong})", "now"
        )
    return value


def _repair(*, campaign, now) -> Result:
    fixed = repair(campaign, _now(now))
    dropped = fixed["dropped"]
    count = len(dropped)
    headline = (
        "The campaign was already valid; nothing was dropped."
        if not count
        else f"The campaign was repaired: {count} piece{'s' if count != 1 else ''} dropped or replaced."
    )
    return Result(
        "campaign",
        "repair",
        label=fixed["campaign"]["name"],
        events=[headline],
        steps=[Step(f"{d['what']}: {d['why']}") for d in dropped],
        details=fixed,
    )


REPAIR = Operation(
    id="campaign.repair",
    system="campaign",
    title="Repair a campaign",
    summary="Mends a stored campaign that no longer passes the check: keeps everything that passes it and drops "
    "only what does not (a character, an encounter or a house rule with a problem); a bad name, time or revision "
    "gets a safe value. Lists what was dropped and why. A campaign whose game or id is not usable cannot be "
    "repaired.",
    covers=(),
    params=(
        Param(
            "campaign",
            "json",
            "Campaign",
            "The stored campaign (its log may be left out: an empty list).",
            example=EXAMPLE,
            max_length=FILE_CHARS,
            max_depth=LIMITS["depth"] + 1,
            as_written=True,
            mends_text=True,
        ),
        Param(
            "now",
            "text",
            "Time",
            "When it is repaired, as a date and time (2026-12-01T20:15:03Z): a bad "
            "creation or change time becomes this; empty: unknown.",
            default="",
            max_length=40,
        ),
    ),
    run=_repair,
    deadline_seconds=FILE_DEADLINE_SECONDS,
    source="TABLE.md, Kept safe",
    rolls=False,
)
