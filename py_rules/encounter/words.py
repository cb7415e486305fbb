"""The encounter's fields in plain words (TABLE.md, Words; :mod:`py_rules.words`)."""

HELP = {
    "encounter.start:combatants": "Who takes part: characters from the party, or quick NPCs with the few numbers the "
    "order needs (Armageddon: Dexterity; Call of Cthulhu: DEX and the combat skill, and "
    "whether a firearm is ready; Semiautomagic: none).",
    "encounter.add:combatant": "A character from the party, or a quick NPC with a name and its numbers; whether a "
    "firearm is ready (Call of Cthulhu) and the activity (Armageddon) are optional.",
}

CHOICES = {
    "encounter.sheet_time_check:move": {
        "armageddon.advance_time": "Armageddon: Time passes",
        "armageddon.advance_days": "Armageddon: Days pass",
        "semiautomagic.advance_rounds": "Semiautomagic: Next round",
        "semiautomagic.advance_hours": "Semiautomagic: Hours pass",
        "semiautomagic.advance_days": "Semiautomagic: Days of rest",
        "coc.advance_time": "Call of Cthulhu: Time passes",
    },
}
"""The time moves ``encounter.sheet_time_check`` asks about, by the labels the sheets give them."""
