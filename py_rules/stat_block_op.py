"""A game's stat-block reader as an operation of the JSON door (``<game>.parse_stat_block``), declared the same way for
every game: the pasted text and the values the Keeper or Chronicler gives, answered with the reader's whole answer
(``details``), one step per thing read and per part not read, and a headline."""

from __future__ import annotations

from collections.abc import Callable

from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Result, Step

__all__ = ("headline", "stat_block_operation")


def headline(parsed: dict) -> str:
    """One sentence: who was read and how much was not, or what is still needed and why."""
    if parsed["sheet"] is not None:
        left = len(parsed["not_read"])
        return f"{parsed['sheet']['name']} was read" + (
            f"; {left} part{'s' if left != 1 else ''} not understood." if left else "."
        )
    if not parsed["read"]:
        return "Nothing in this text reads as a stat block."
    unclear = parsed.get("not_understood", {})
    needed = [
        f"{key} (printed, not understood)" if key in unclear else f"{key} (left out)" for key in parsed["missing"]
    ]
    return f"Read {len(parsed['read'])} values; still needed: {', '.join(needed) or 'a fix to the values'}."


def stat_block_operation(
    system: str,
    parse: Callable,
    *,
    summary: str,
    example: str,
    text_help: str,
    given_help: str,
    covers: tuple,
    source: str,
) -> Operation:
    """``<system>.parse_stat_block``: ``parse(text, given)`` behind the door; ``text_help`` says what a block of the
    game holds (the paste form shows it under its text box)."""

    def run(*, text, given) -> Result:
        parsed = parse(text, given)
        steps = [Step(words, source) for words in parsed["read"]]
        steps += [Step(f"Not understood: {words}", source) for words in parsed["not_read"]]
        return Result(
            system,
            "parse_stat_block",
            label=parsed["sheet"]["name"] if parsed["sheet"] else "",
            events=[headline(parsed)],
            steps=steps,
            details=parsed,
        )

    return Operation(
        id=f"{system}.parse_stat_block",
        system=system,
        title="Read a stat block",
        summary=summary,
        covers=covers,
        params=(
            Param(
                "text",
                "text",
                "Stat block",
                text_help,
                default="",
                example=example,
                max_length=100_000,
                as_written=True,
            ),
            Param("given", "json", "Values you give", given_help, default={}, example={}),
        ),
        run=run,
        source=source,
        rolls=False,
    )
