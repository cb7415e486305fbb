"""Semiautomagic (seed 002; rules/semiautomagic.md): d6 checks against a DC, Toughness, wounds, conditions."""
