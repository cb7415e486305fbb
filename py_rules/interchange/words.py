"""The import's fields in plain words (TABLE.md, Words): formats by their tools' names, games by theirs."""

CHOICES = {
    "format": {
        "auto": "Detect",
        "dholes_house": "The Dhole's House (Call of Cthulhu)",
        "foundry_coc7": "Foundry VTT, Call of Cthulhu 7th Edition",
        "foundry_unisystem": "Foundry VTT, Unisystem (Armageddon)",
    },
    "game": {"any": "Any game", "armageddon": "Armageddon", "semiautomagic": "Semiautomagic", "coc": "Call of Cthulhu"},
}
