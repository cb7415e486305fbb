"""How a result reads, whatever it is written as: its title, its headline, its dice as thrown, its modifiers, and the
result as players read it (STYLE.md A1 stringifiers).

Computing and rendering are separate: these work on the JSON form of a :class:`py_rules.trace.Result`, so a logged
result reads the same later. The line model (:mod:`.lines`) is built from them.
"""

from __future__ import annotations

from py_rules.trace import signed

__all__ = ("signed", "title_of", "headline", "lead", "throw_text", "dice_text", "modifier_text", "for_players")


_UNITS_DIE, _TENS_DIE = "units d10", "tens d10"
"""How a percentile roll's two dice are named in a trace (:mod:`py_rules.coc.percentile`)."""


def _percentile(result: dict) -> bool:
    """Whether ``result``'s total is a Call of Cthulhu percentile roll: a units die and a tens die of its dice read
    as its total (00 and 0 read 100). A total that is something else (HP after a round) is not "rolled"."""
    if result.get("system") != "coc" or not isinstance(result.get("total"), int):
        return False
    units, read = None, set()
    for throw in result.get("dice") or []:
        if not isinstance(throw, dict) or not isinstance(throw.get("face"), int):
            continue
        if throw.get("die") == _UNITS_DIE:
            units = throw["face"]
        elif throw.get("die") == _TENS_DIE and units is not None:
            read.add(units + throw["face"] or 100)
    return result["total"] in read


def title_of(result: dict) -> str:
    """The result's label, else its operation's title, else its kind."""
    if result.get("label"):
        return str(result["label"])
    op_id = result.get("op")
    if isinstance(op_id, str):
        from py_rules.systems import SYSTEM_IDS, operations_of  # the op has run: its rules are loaded already

        system_id = op_id.partition(".")[0]
        found = operations_of(system_id).get(op_id) if system_id in SYSTEM_IDS else None
        if found is not None:  # else an entry from an operation this engine no longer has
            return found.title
    return str(result.get("kind") or "Result")


def headline(result: dict) -> str:
    """What the result says first: its own ``headline`` when it has one (time passing says each Survival Test
    it ran with its outcome, damage its CON roll), else the total against its target with the level (empty when
    nothing was rolled against a target).

    >>> headline({"headline": "Survival Test 2: 7 vs 9 — failed", "total": 7, "target": 9, "success": False})
    'Survival Test 2: 7 vs 9 — failed'

    A Call of Cthulhu percentile roll says it as the Keeper does:

    >>> headline({"system": "coc", "total": 27, "target": 60, "success": True, "level_name": "Regular success",
    ...           "dice": [{"die": "units d10", "face": 7, "purpose": "Spot Hidden roll: units die"},
    ...                    {"die": "tens d10", "face": 20, "purpose": "Spot Hidden roll: tens die 1"}]})
    'Rolled 27 against 60 — Regular success'
    """
    own = result.get("headline")
    if isinstance(own, str) and own.strip():
        return own
    if _percentile(result) and result.get("total") is not None:
        text = f"Rolled {result['total']}"
        if result.get("target") is not None:
            text += f" against {result['target']}"
        level = str(result.get("level_name") or "")
        if not level and result.get("success") is not None:
            level = "success" if result["success"] else "failure"
        return f"{text} — {level}" if level else text
    parts = []
    if result.get("total") is not None:
        text = f"Total {result['total']}"
        if result.get("target") is not None:
            text += f" vs {result['target']}"
        parts.append(text)
    if result.get("success") is not None:
        parts.append("success" if result["success"] else "failure")
    level = str(result.get("level_name") or "")
    if level and level.lower() not in ("success", "failure"):  # "failure — Failure" says nothing twice
        parts.append(level)
    return ": ".join(parts[:2]) + (f" — {parts[2]}" if len(parts) > 2 else "") if parts else ""


def lead(result: dict) -> tuple[str, list[str]]:
    """The line a result leads with and the events left to tell: its headline, or for a result with none
    (a state change) its first event."""
    head, events = headline(result), list(result.get("events") or [])
    if not head and events:  # nothing rolled against a target: what changed is the news
        head = events.pop(0)
    return head, events


def throw_text(throw: dict) -> str:
    """One die as thrown: ``d10=10 (Rule of 10 reroll)``."""
    return f"{throw['die']}={throw['face']} ({throw['purpose']})"


def _percentile_part(throw: dict) -> tuple[str, str] | None:
    """(what the roll was for, the die in words) for a percentile die: ``tens die 20``; None for any other die."""
    purpose = str(throw.get("purpose") or "")
    if throw.get("die") == _UNITS_DIE:
        return purpose.rsplit(": units die", 1)[0], f"units die {throw['face']}"
    if throw.get("die") == _TENS_DIE:
        return purpose.rsplit(": tens die", 1)[0], f"tens die {throw['face']:02d}"
    return None


def dice_text(dice: list) -> str:
    """Every die in order, as players read it. A percentile roll's dice are said together, each by its name and
    the tens die as it is read (00 to 90): ``Spot Hidden roll: units die 3, tens die 20``; with a bonus or penalty
    die, ``tens dice 00 and 50``.

    >>> dice_text([{"die": "d10", "face": 10, "purpose": "roll"}, {"die": "d10", "face": 4, "purpose": "Rule of 10 reroll"}])
    'd10=10 (roll), d10=4 (Rule of 10 reroll)'
    >>> dice_text([{"die": "units d10", "face": 0, "purpose": "Dodge roll: units die"},
    ...            {"die": "tens d10", "face": 0, "purpose": "Dodge roll: tens die 1"},
    ...            {"die": "tens d10", "face": 50, "purpose": "Dodge roll: tens die 2"},
    ...            {"die": "d3", "face": 2, "purpose": "Brawl damage"}])
    'Dodge roll: units die 0, tens dice 00 and 50; d3=2 (Brawl damage)'
    """
    groups: list[tuple[str | None, list[str]]] = []
    for throw in dice:
        part = _percentile_part(throw)
        if part is None:
            groups.append((None, [throw_text(throw)]))
            continue
        purpose, words = part
        if (
            groups
            and groups[-1][0] == purpose
            and not (words.startswith("units") and any(w.startswith("units") for w in groups[-1][1]))
        ):
            groups[-1][1].append(words)
        else:
            groups.append((purpose, [words]))
    said = []
    for purpose, parts in groups:
        if purpose is None:
            said.append(parts[0])
            continue
        tens = [p.removeprefix("tens die ") for p in parts if p.startswith("tens die ")]
        units = [p for p in parts if p.startswith("units")]
        words = units + (
            [f"tens die {tens[0]}"]
            if len(tens) == 1
            else [f"tens dice {', '.join(tens[:-1])} and {tens[-1]}"]
            if tens
            else []
        )
        said.append(f"{purpose}: {', '.join(words)}" if purpose else ", ".join(words))
    joiner = "; " if any(purpose is not None for purpose, _ in groups) else ", "
    return joiner.join(said)


def modifier_text(modifier: dict) -> str:
    """A modifier's value and label: ``+2 Dexterity``."""
    return f"{signed(modifier['value'])} {modifier['label']}"


def for_players(result: dict) -> dict:
    """A copy of ``result`` as players read it (README, Words): each modifier's and step's ``source`` replaced
    by the rule's name (its ``rule``, or the name of its source for a result logged before names existed),
    texts without citations, each flag in its game's words (:mod:`py_rules.flag_words`)."""
    from py_rules.flag_words import flag_words
    from py_rules.sources import plain, rule_name

    def named(entry: dict, text_key: str) -> dict:
        rule = entry.get("rule")
        return {
            **entry,
            text_key: plain(entry.get(text_key) or ""),
            "source": rule if rule is not None else rule_name(entry.get("source") or ""),
        }

    return {
        **result,
        "modifiers": [named(m, "label") for m in result.get("modifiers") or []],
        "steps": [named(s, "text") for s in result.get("steps") or []],
        "events": [plain(e) for e in result.get("events") or []],
        "flags": [flag_words(f, result.get("system")) for f in result.get("flags") or [] if isinstance(f, str)],
    }
