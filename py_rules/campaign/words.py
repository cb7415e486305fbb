"""Campaign fields in plain words (issue 8, Words): the games by their names."""

CHOICES = {"game": {"armageddon": "Armageddon", "semiautomagic": "Semiautomagic", "coc": "Call of Cthulhu"}}
