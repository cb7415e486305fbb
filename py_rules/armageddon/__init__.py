"""Armageddon, Classic Unisystem (seed 000; RULES.md part 1): d10 + Attribute + Skill against 9."""
