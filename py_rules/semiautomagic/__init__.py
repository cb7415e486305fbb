"""Semiautomagic (seed 002; RULES.md part 2): d6 checks against a DC, Toughness, wounds, conditions."""
