"""The line model every format is written from: one :class:`Block` per result — who, what, the headline, the dice as
a person reads them (:mod:`.dice_words`) and as thrown, the modifiers and steps with the rule each follows, whether the
dice were physical or digital, what changed, its flags — and the choice of entries a stretch of the log shows.

Each format's writer (:mod:`.formats` lists them) writes these blocks its own way and escapes every text a user typed
(a name, a label, a modifier's label) so it comes out as typed. A forum post leaves the rules, the steps and the flags
out (a forum reader wants what happened, the page keeps the why) and leads with the roll against its target, what
changed listed below it; the page's trace text (:mod:`.trace_text`) keeps every part and leads with the result's own
headline when it has one (time passing says each Survival Test it ran, damage its CON roll).

A stretch (:func:`stretch_blocks`) leaves out the turn bookkeeping of an encounter (whose turn it is, delays,
skips, the order set by hand: a step that decided nothing) and the undo and redo entries themselves; an entry
undone (and not redone) is left out, or shown marked when the campaign chooses (``undone="strike"``).
Where the dice came from: the door's answer to a rolling operation says it (``dice_source``, "physical" for typed
faces, "digital" for the engine's); an entry logged before answers said it is read by its arguments (typed faces are
its ``dice``, the page logs them so).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from py_rules.render.dice_words import dice_lines
from py_rules.render.reading import dice_text, for_players, lead, modifier_text, title_of
from py_rules.render.rolls import rolls_of

__all__ = (
    "Block",
    "Cited",
    "result_block",
    "entry_block",
    "entry_source",
    "stretch_blocks",
    "undone_ids",
    "BOOKKEEPING",
    "DICE_SOURCES",
    "UNDONE_CHOICES",
)

BOOKKEEPING = frozenset(
    {
        "encounter.next",
        "encounter.delay",
        "encounter.skip",
        "encounter.reorder",
        "encounter.update",
        "encounter.add",
        "encounter.remove",
        "encounter.end_round",
    }
)
"""Encounter steps that only move the turn on: shown only when they decided something (a dying roll at the end
of a round, a condition's time up)."""
DICE_SOURCES = ("unknown", "digital", "physical")
UNDONE_CHOICES = ("leave_out", "strike")
"""What an undone entry becomes in a stretch: left out, or shown marked as undone."""


class Cited(NamedTuple):
    """A modifier (``+2 Dexterity``) or a step of the trace, with the name of the rule it follows (may be empty)."""

    text: str
    rule: str = ""


def _as_is(text: str) -> str:
    return text


@dataclass
class Block:
    """One result as every format tells it (each writes the parts it shows). Every text here is as the user or the
    engine wrote it (unescaped)."""

    who: str = ""
    what: str = ""
    headline: str = ""
    dice: list[str] = field(default_factory=list)
    """Each roll as a person reads it; none for an encounter step, whose dice belong to the effects it tells."""
    throws: str = ""
    """Every die in order as thrown (``d10=10 (d10), d10=4 (Rule of 10 reroll)``)."""
    modifiers: list[Cited] = field(default_factory=list)
    steps: list[Cited] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    dice_source: str = "unknown"
    undone: bool = False
    rolls: list[str] = field(default_factory=list)
    """Each roll with its roller, target and level, when the head alone does not say them all (an opposed roll's
    two sides, a combined roll's skills, the roll before Luck was spent)."""
    next_up: str = ""
    """Whose post is next in the encounter (the forum's Attack Order), when the post is asked for it."""
    roll_token: str = ""
    """The roll code the game master pastes into the app to accept the roll (``forum.result``'s ``code``)."""

    @property
    def title(self) -> str:
        return f"{self.who}: {self.what}" if self.who and self.what else self.who or self.what

    def dice_heading(self) -> str:
        return {"physical": "Dice (physical)", "digital": "Dice (digital)"}.get(self.dice_source, "Dice")

    def head(self, escape=_as_is, bold=_as_is) -> str:
        """The block's first line in a format: who in ``bold`` and what they did, then the headline; user text
        through the format's ``escape``."""
        name = f"{bold(escape(self.who))}: {escape(self.what)}" if self.who and self.what else bold(escape(self.title))
        return name + (f" — {escape(self.headline)}" if self.headline else "")

    def details(self) -> list[tuple[str, str]]:
        """The block's detail lines as (lead, text): the dice, the modifiers, then each event (no lead). A format
        writes each lead as it is and escapes each text its own way."""
        lines = [("", roll) for roll in self.rolls]
        lines += [(f"{self.dice_heading()}: ", "; ".join(self.dice))] if self.dice else []
        if self.modifiers:
            lines.append(("Modifiers: ", ", ".join(m.text for m in self.modifiers)))
        return lines + [("", event) for event in self.events]


def _text(value) -> str:
    return value if isinstance(value, str) else "" if value is None else str(value)


def _title(result: dict) -> str:
    try:
        return title_of(result)
    except Exception:  # an unreadable logged result still gets a line
        return "Result"


def _clean(result: dict) -> dict:
    """``result`` with only the parts read, each of the shape read (a stored or imported log is read long after it
    was written)."""

    def texts(key):
        items = result.get(key)
        return [x for x in items if isinstance(x, str)] if isinstance(items, list) else []

    def dicts(key):
        items = result.get(key)
        return [x for x in items if isinstance(x, dict)] if isinstance(items, list) else []

    modifiers = [
        m for m in dicts("modifiers") if isinstance(m.get("value"), int) and not isinstance(m.get("value"), bool)
    ]
    clean = {
        key: result.get(key)
        for key in ("system", "total", "target", "success", "level_name", "label", "op", "kind", "dice_source")
        if key in result
    }
    for key in ("total", "target"):
        if not isinstance(clean.get(key), int) or isinstance(clean.get(key), bool):
            clean.pop(key, None)
    if not isinstance(clean.get("success"), bool):
        clean.pop("success", None)
    for key in ("level_name", "label", "op", "kind", "system", "dice_source"):
        if key in clean and not isinstance(clean[key], str):
            clean.pop(key)
    clean.update(
        dice=dicts("dice"),
        modifiers=[{**m, "label": _text(m.get("label"))} for m in modifiers],
        steps=[{**s, "text": _text(s.get("text"))} for s in dicts("steps")],
        events=texts("events"),
        flags=texts("flags"),
    )
    details = result.get("details")
    clean["details"] = details if isinstance(details, dict) else {}
    return clean


def result_block(result, dice_source: str = "unknown", label: str = "", trace: bool = False) -> Block:
    """The block of one engine answer (or a logged one); ``label`` (who did what) when the result names nobody.

    ``trace``: the block the page's trace is written from, for an answer the door has just made (of the engine's own
    shape, so not cleaned): it leads with the result's own headline when it has one and says the dice only as thrown.
    A forum post leads with the roll against its target, reads its dice as a person says them and names who did what.
    """
    if trace:
        shown = for_players(result)
        head, events = lead(shown)
        return Block(
            headline=head,
            events=events,
            throws=dice_text(shown.get("dice") or []),
            modifiers=_cited(shown["modifiers"], modifier_text),
            steps=_cited(shown["steps"], _step_text),
            flags=shown["flags"],
        )
    result = _clean(result if isinstance(result, dict) else {})
    if label.strip() and not result.get("label"):
        result["label"] = label.strip()
    shown = for_players(result)
    title = _title(result)
    who, _, what = title.partition(": ") if ": " in title else ("", "", title)
    rolls = rolls_of(result["details"])
    if rolls and not result.get("label"):  # the result names who rolled what: the post leads with it
        who, what = rolls[0].who, rolls[0].what if len(rolls) == 1 else title
        title = f"{who}: {what}" if who else what
    head, events = lead(shown)
    effects = shown["details"].get("effects")
    throws = [
        t
        for t in shown["dice"]
        if isinstance(t.get("die"), str)
        and isinstance(t.get("purpose"), str)
        and isinstance(t.get("face"), int)
        and not isinstance(t.get("face"), bool)
    ]
    block = Block(
        who=who,
        what=what,
        headline=head,
        events=events,
        throws=dice_text(throws),
        modifiers=_cited(shown["modifiers"], modifier_text),
        steps=_cited(shown["steps"], _step_text),
        flags=shown["flags"],
        dice=[] if effects else dice_lines(shown, title, [r.who for r in rolls]),
        rolls=_roll_lines(rolls, result.get("total")),
    )  # a step's dice are its effects'
    said = result.get("dice_source") if result.get("dice_source") in DICE_SOURCES else dice_source
    block.dice_source = said if block.dice and said in DICE_SOURCES else "unknown"
    return block


def _roll_lines(rolls, total) -> list[str]:
    """The rolls a post lists under its head: each of several; one alone only for what the head does not say (the
    roll before Luck in full, a push's first roll as its note)."""
    if len(rolls) != 1:
        return [r.line() for r in rolls] if len(rolls) > 1 else []
    [roll] = rolls
    if not roll.note:
        return []
    return [roll.note[0].upper() + roll.note[1:]] if roll.roll == total else [roll.line()]


def _step_text(step: dict) -> str:
    return step["text"]


def _cited(entries: list, text) -> list[Cited]:
    """Modifiers or steps as players read them (:func:`~py_rules.render.reading.for_players`), each with its rule."""
    return [Cited(text(each), each["source"] or "") for each in entries]


def entry_source(entry: dict) -> str:
    """Physical when the entry's arguments hold typed faces, else digital (a roll the engine threw); the result's own
    ``dice_source`` (every rolling answer of the door says it) comes first."""
    args = entry.get("args") if isinstance(entry.get("args"), dict) else {}
    return "physical" if args.get("dice") not in (None, "", []) else "digital"


def entry_block(entry: dict) -> Block | None:
    """The block of one log entry; None for turn bookkeeping that decided nothing."""
    result = entry.get("result") if isinstance(entry.get("result"), dict) else {}
    if entry.get("op") in BOOKKEEPING:
        details = result.get("details") if isinstance(result.get("details"), dict) else {}
        decided = (
            [
                d.get("line")
                for d in details.get("decided") or []
                if isinstance(d, dict) and isinstance(d.get("line"), str)
            ]
            if isinstance(details.get("decided"), list)
            else []
        )
        if not decided:
            return None
        return Block(what=_title(result), headline=decided[0], events=decided[1:])
    return result_block(result, entry_source(entry))


def undone_ids(entries: list) -> set:
    """The ids of the entries undone (and not redone since), by the stretch's own undo and redo entries."""
    undone: set = set()
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        target = (entry.get("args") or {}).get("entry") if isinstance(entry.get("args"), dict) else None
        if entry.get("kind") == "undo":
            undone.add(target)
        elif entry.get("kind") == "redo":
            undone.discard(target)
    return undone


def stretch_blocks(entries: list, undone: str = "leave_out") -> list[Block]:
    """The blocks of a stretch of the log, oldest first: no bookkeeping, no undo or redo entries, an undone entry
    left out (``undone="leave_out"``) or marked (``"strike"``)."""
    if undone not in UNDONE_CHOICES:
        raise ValueError(f"undone must be one of {UNDONE_CHOICES}")
    gone = undone_ids(entries)
    out = []
    for entry in entries:
        if not isinstance(entry, dict) or entry.get("kind") in ("undo", "redo"):
            continue
        is_undone = entry.get("id") in gone
        if is_undone and undone != "strike":
            continue
        block = entry_block(entry)
        if block is None:
            continue
        block.undone = is_undone
        out.append(block)
    return out
