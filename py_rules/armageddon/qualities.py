"""Qualities and Drawbacks of an Armageddon character: named entries with a level and their points, and the effects
the rules reference (rules/armageddon.md §1.4: Hard to Kill and Increased Essence raise the pools; seed 000, Essence: Essence
Channeling sets how fast Essence comes back; seed 000, Fear Tests: the Gifted take the Gifted's Fear Test).

Classic Unisystem keeps Qualities and Drawbacks as items of the character, each with a name and its cost in points,
and a level where the Quality has several (the Foundry Unisystem systems store ``system.cost``; see
py_rules/interchange/foundry_unisystem_items.py). Any other Quality or Drawback is kept as a named entry with its
level and points and has no effect in the engine; the sheet says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from py_rules.errors import RulesError

__all__ = (
    "EFFECTS",
    "Effect",
    "effect_of",
    "pool_bonuses",
    "survival_bonus",
    "channeling_of",
    "is_gifted",
    "without_effect",
    "check_levels",
)


@dataclass(frozen=True)
class Effect:
    """What a Quality does in the rules, per level: pool bonuses, a Survival Test bonus, or what it sets."""

    name: str
    words: str
    source: str
    levels: tuple[int, int] = (1, 1)
    per_level: tuple[tuple[str, int], ...] = ()
    survival_per_level: int = 0
    sets: str = ""


EFFECTS = (
    Effect(
        "Hard to Kill",
        "+3 Life Points and +1 to Survival Tests per level",
        "rules/armageddon.md §1.4 (Classic Unisystem "
        "books: Hard to Kill, 1–5 levels; the Foundry Unisystem systems add 3 LP per level)",
        levels=(1, 5),
        per_level=(("life_points", 3),),
        survival_per_level=1,
    ),
    Effect(
        "Increased Essence",
        "+1 Essence Point per level",
        "rules/armageddon.md §1.4 (as the Foundry Unisystem systems keep it: Increased Essence 3 adds 3 Essence)",
        levels=(1, 30),
        per_level=(("essence", 1),),
    ),
    Effect(
        "Essence Channeling",
        "regains its level in Essence per minute",
        "seed 000, Essence",
        levels=(1, 10),
        sets="essence_channeling",
    ),
    Effect(
        "The Gifted",
        "a Gifted character: the Gifted's Fear Test, Essence Channeling allowed",
        "seed 000, Fear Tests",
        sets="kind",
    ),
)
"""The Qualities whose effects the engine applies, as data."""

_BY_NAME = {effect.name.casefold(): effect for effect in EFFECTS}
_ALIASES = {"gifted": "the gifted"}


def effect_of(name: str) -> Effect | None:
    """The effect of the Quality called ``name`` (any case; "Gifted" is "The Gifted"), or None."""
    key = name.strip().casefold()
    return _BY_NAME.get(_ALIASES.get(key, key))


def _qualities(entries: list) -> list[tuple[Effect, dict]]:
    return [
        (effect, entry)
        for entry in entries
        if entry["kind"] == "quality"
        for effect in (effect_of(entry["name"]),)
        if effect is not None
    ]


def pool_bonuses(entries: list) -> dict:
    """The pools' bonuses from the Qualities listed: {"life_points": 6, …} (only those with an effect)."""
    out: dict = {}
    for effect, entry in _qualities(entries):
        for pool, per in effect.per_level:
            out[pool] = out.get(pool, 0) + per * entry["level"]
    return out


def survival_bonus(entries: list) -> tuple[int, str]:
    """(bonus to Survival Tests, the Quality's words) from Hard to Kill; (0, "") without it."""
    for effect, entry in _qualities(entries):
        if effect.survival_per_level:
            return effect.survival_per_level * entry["level"], f"{effect.name} {entry['level']}"
    return 0, ""


def channeling_of(entries: list) -> int | None:
    """Essence Channeling's level when the Quality is listed, else None."""
    for effect, entry in _qualities(entries):
        if effect.sets == "essence_channeling":
            return entry["level"]
    return None


def is_gifted(entries: list) -> bool:
    return any(effect.sets == "kind" for effect, _ in _qualities(entries))


def without_effect(entries: list) -> list[str]:
    """The names of the entries the engine keeps with no effect (said on the sheet)."""
    return [entry["name"] for entry in entries if entry["kind"] == "drawback" or effect_of(entry["name"]) is None]


def check_levels(entries: list) -> None:
    """Each Quality with an effect within its levels, and listed once."""
    seen = set()
    for index, entry in enumerate(entries):
        effect = effect_of(entry["name"]) if entry["kind"] == "quality" else None
        if effect is None:
            continue
        low, high = effect.levels
        if effect.name in seen:
            raise RulesError(
                "not_allowed",
                f"{effect.name} is listed twice: give it one entry with its level.",
                f"qualities.{index}.name",
            )
        seen.add(effect.name)
        if not low <= entry["level"] <= high:
            raise RulesError(
                "out_of_range",
                f"{effect.name} has levels {low} to {high} (got {entry['level']}).",
                f"qualities.{index}.level",
            )
