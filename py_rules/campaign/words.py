"""Campaign fields in plain words (TABLE.md, Words): the games by their names, and where a problem of a campaign
file is said the way the page's forms say it ("Character “Jack” — Strength: …"), never by its path. The path
stays in the problem's own ``path`` field, for the page to find the field."""

from __future__ import annotations

from py_rules.words import is_whole_number

CHOICES = {"game": {"armageddon": "Armageddon", "semiautomagic": "Semiautomagic", "coc": "Call of Cthulhu"}}

_NOT_FIELDS = {"schema"}
"""Parts of a sheet that are no field of its form: a problem there is the whole sheet's."""


def field_words(parts: list[str]) -> str | None:
    """The last named part of a path as a form labels it ("attributes.Strength" → "Strength",
    "essence_channeling" → "Essence channeling"); None for none.

    >>> field_words(["attributes", "Strength"]), field_words(["current", "life_points"]), field_words(["0"])
    ('Strength', 'Life points', None)
    """
    named = [part for part in parts if part and not is_whole_number(part)]
    if not named or named[-1] in _NOT_FIELDS:
        return None
    words = named[-1].replace("_", " ")
    return words[:1].upper() + words[1:]


def _name(character, index: int | None) -> str:
    """A character by name (“Jack”), or by number in the party when it has none."""
    sheet = character.get("sheet") if isinstance(character, dict) else None
    name = sheet.get("name") if isinstance(sheet, dict) else None
    if isinstance(name, str) and name.strip():
        return f"“{name.strip()[:60]}”"
    return f"number {index + 1}" if index is not None else ""


def _item(record, head: str, index: str):
    items = record.get(head) if isinstance(record, dict) else None
    return items[int(index)] if isinstance(items, list) and is_whole_number(index) and int(index) < len(items) else None


def where_words(record, path: str) -> str | None:
    """Who or what a problem at ``path`` of campaign ``record`` is about, in the page's words; None for the
    campaign itself (its name, its format, its time).

    >>> campaign = {"characters": [{"id": "c1", "sheet": {"name": "Jack"}}], "encounters": [{"name": "Bar fight"}]}
    >>> where_words(campaign, "characters.0.sheet.attributes.Strength"), where_words(campaign, "characters.0.kind")
    ('Character “Jack” — Strength', 'Character “Jack”')
    >>> where_words(campaign, "encounters.0.round"), where_words(campaign, "settings.combat_ties"), where_words({}, "log.2.at")
    ('Encounter “Bar fight”', 'A house rule', 'Log entry 3')
    >>> where_words(campaign, "schema") is None
    True
    """
    head, _, rest = str(path or "").partition(".")
    index, _, inner = rest.partition(".")
    parts = inner.split(".") if inner else []
    if head == "characters":
        item = _item(record, head, index)
        field = field_words(parts[1:]) if parts[:1] == ["sheet"] else None
        return f"Character {_name(item, int(index) if is_whole_number(index) else 0)}" + (
            f" — {field}" if field else ""
        )
    if head == "encounters":
        item = _item(record, head, index)
        name = item.get("name") if isinstance(item, dict) else None
        number = int(index) + 1 if is_whole_number(index) else 1
        return f"Encounter {f'“{name[:60]}”' if isinstance(name, str) and name.strip() else f'number {number}'}"
    if head == "settings":
        return "A house rule" if index else "The house rules"
    if head == "log":
        where = f"Log entry {int(index) + 1 if is_whole_number(index) else 1}"
        if parts[:1] in (["before"], ["after"], ["changes"]) and len(parts) > 1:
            entry = _item(record, head, index)
            side = "after" if parts[0] == "after" else "before"  # what changed names no one: the sheet before does
            sheets = entry.get(side) if isinstance(entry, dict) else None
            kept = sheets.get(parts[1]) if isinstance(sheets, dict) else None
            known = (
                next(
                    (c for c in (record.get("characters") or []) if isinstance(c, dict) and c.get("id") == parts[1]),
                    None,
                )
                if isinstance(record, dict) and isinstance(record.get("characters"), list)
                else None
            )
            name = _name({"sheet": kept} if isinstance(kept, dict) else known, None) or "a character"
            field = field_words(parts[2:])
            where += f", {name}'s sheet {'before' if parts[0] == 'before' else 'after'} it" + (
                f" — {field}" if field else ""
            )
        return where
    if head == "table":  # the players' seats, roll requests and decisions (py_rules.campaign.table_field)
        return "The table's seats and proposals"
    if head == "states":  # the old page's saved values (campaign.from_legacy)
        return f"The saved value “{rest[:60]}”" if rest else "The saved values"
    return None


def character_where(character, path: str) -> str:
    """Where a problem of one character (``campaign.check_character``: paths inside it, ``sheet.luck``) is."""
    parts = str(path or "").split(".")
    name = _name(character, None)
    field = field_words(parts[1:]) if parts[:1] == ["sheet"] else None
    who = f"Character {name}" if name else "This character"
    return who + (f" — {field}" if field else "")


def problem_text(where: str | None, message: str) -> str:
    """The line a user reads: where, then why; a field the message names already is said once.

    >>> problem_text("Character “Jack” — STR", "STR must be a whole number.")
    'Character “Jack”: STR must be a whole number.'
    >>> problem_text("Character “Jack” — Luck", "Must be 0 to 99."), problem_text(None, "No name.")
    ('Character “Jack” — Luck: Must be 0 to 99.', 'No name.')
    """
    if not where:
        return message
    who, dash, field = where.rpartition(" — ")
    if dash and message.lower().startswith(field.lower()):
        where = who
    return f"{where}: {message}"
