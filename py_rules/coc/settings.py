"""House-rule settings: each rules/coc.md §3.12 difference is a named option (seed default, book option).

:class:`Settings` holds the values the rule functions read; :data:`SETTING_PARAMS`
declares each one once as a form field (``setting=True``) citing its section.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from py_rules.params import Param

__all__ = ("Settings", "SETTING_PARAMS", "settings_params", "settings_from")


@dataclass(frozen=True)
class Settings:
    """The table's choices; every default is the seed's house rule (rules/coc.md §3.12)."""

    push_after_fumble: bool = True
    fumble_basis: str = "needed"
    insanity_threshold: str = "5_or_more"
    zero_hp_always_dying: bool = False
    major_wound_rule: str = "round_more_than_half"
    instant_death_rule: str = "round_all_hp"
    major_wound_healing: str = "seed"
    medicine_timing: str = "after_week"
    first_aid_on_dying: str = "stabilise"
    combat_ties: str = "seed"
    surprise_rule: str = "bonus_die"
    outnumbered_rule: str = "after_first_defence"
    manoeuvre_rule: str = "seed"
    firearms_rule: str = "opposed"
    extreme_damage: str = "normal"
    fumbled_sanity_max_loss: bool = True
    book_insanity: bool = False
    creation_skill_cap: int | None = None
    tick_with_bonus_die: bool = True
    luck_recovery: bool = False
    rate_of_fire: str = "per_round"


SETTING_PARAMS = {
    "push_after_fumble": Param(
        "push_after_fumble",
        "bool",
        "Fumbles may be pushed",
        "rules/coc.md §3.12 D1: seed 003 'Also, you can push if you rolled a fumble (100)' (default on); "
        "off = book, a fumble's consequence stands. The seed may be missing a 'n't'.",
        default=True,
        setting=True,
    ),
    "fumble_basis": Param(
        "fumble_basis",
        "choice",
        "Fumble range basis",
        "rules/coc.md §3.4: 96–100 fumble when the value needed (at the demanded difficulty) is below 50 "
        "('needed', book); 'raw_skill' uses the skill value regardless of difficulty.",
        default="needed",
        choices=("needed", "raw_skill"),
        setting=True,
    ),
    "insanity_threshold": Param(
        "insanity_threshold",
        "choice",
        "Going mad threshold",
        "rules/coc.md §3.12 D2: seed body text 'Losing 5+ Sanity' (default 5_or_more); the heading reads '>5' (more_than_5).",
        default="5_or_more",
        choices=("5_or_more", "more_than_5"),
        setting=True,
    ),
    "zero_hp_always_dying": Param(
        "zero_hp_always_dying",
        "bool",
        "0 HP is always dying",
        "rules/coc.md §3.12 D3: default off = dying only with a major wound (seed 'Major Wound Characters' + book); "
        "on = seed paragraph 1, any 0 HP is a dying state.",
        default=False,
        setting=True,
    ),
    "major_wound_rule": Param(
        "major_wound_rule",
        "choice",
        "Major wound trigger",
        "rules/coc.md §3.12 D4: seed 'Losing more than Half HP in One Turn' = damage this round × 2 > max HP "
        "(round_more_than_half); book = one attack of at least half max HP (attack_half_or_more).",
        default="round_more_than_half",
        choices=("round_more_than_half", "round_half_or_more", "attack_more_than_half", "attack_half_or_more"),
        setting=True,
    ),
    "instant_death_rule": Param(
        "instant_death_rule",
        "choice",
        "Instant death",
        "rules/coc.md §3.12 D5: seed 'Losing All HP in One Turn' = damage this round ≥ max HP (round_all_hp); "
        "book = one attack dealing more than max HP (attack_over_max).",
        default="round_all_hp",
        choices=("round_all_hp", "attack_over_max"),
        setting=True,
    ),
    "major_wound_healing": Param(
        "major_wound_healing",
        "choice",
        "Weekly major-wound healing",
        "rules/coc.md §3.12 D6: seed 1D4, 2D4 on Extreme (seed); book 1D3 / 2D3 (book).",
        default="seed",
        choices=("seed", "book"),
        setting=True,
    ),
    "medicine_timing": Param(
        "medicine_timing",
        "choice",
        "Medicine heals",
        "rules/coc.md §3.12 D7: seed 'Heal 1D3 HP, after a week, with equipment' (after_week); "
        "book: after about an hour of treatment (immediate).",
        default="after_week",
        choices=("after_week", "immediate"),
        setting=True,
    ),
    "first_aid_on_dying": Param(
        "first_aid_on_dying",
        "choice",
        "First Aid on the dying",
        "rules/coc.md §3.12 D8: seed stabilises with no HP (stabilise); book gives 1 temporary HP (temporary_hp).",
        default="stabilise",
        choices=("stabilise", "temporary_hp"),
        setting=True,
    ),
    "combat_ties": Param(
        "combat_ties",
        "choice",
        "Combat draws",
        "rules/coc.md §3.12 D9: seed draw rule for every opposed roll (higher skill, then 1D100 roll-off, lower wins); "
        "book: Fight back / Manoeuvre ties go to the attacker, Dodge ties to the defender.",
        default="seed",
        choices=("seed", "book"),
        setting=True,
    ),
    "surprise_rule": Param(
        "surprise_rule",
        "choice",
        "Surprise attack",
        "rules/coc.md §3.12 D10: seed 'the attacker uses an extra Bonus Die' (bonus_die); book option: automatic hit.",
        default="bonus_die",
        choices=("bonus_die", "automatic_hit"),
        setting=True,
    ),
    "outnumbered_rule": Param(
        "outnumbered_rule",
        "choice",
        "Outnumbered",
        "rules/coc.md §3.12 D11: default book mechanism matching the seed's 'All next melee attacks': once the target "
        "has dodged or fought back this round, further melee attacks get one bonus die (after_first_defence); "
        "option: every melee attack while the target is marked outnumbered (while_marked). Never for firearms.",
        default="after_first_defence",
        choices=("after_first_defence", "while_marked"),
        setting=True,
    ),
    "manoeuvre_rule": Param(
        "manoeuvre_rule",
        "choice",
        "Manoeuvre vs bigger Build",
        "rules/coc.md §3.12 D13: seed impossible if the opponent's Build is more than 3 higher, one penalty die per "
        "point (capped at 2) (seed); book impossible at 3 or more (book).",
        default="seed",
        choices=("seed", "book"),
        setting=True,
    ),
    "firearms_rule": Param(
        "firearms_rule",
        "choice",
        "Firearms",
        "rules/coc.md §3.12 D14: seed 'Combat depends fully on the opposed rolls', Dodge opposes a shot (opposed); "
        "book: the shooter rolls against the range difficulty, no opposed roll (book).",
        default="opposed",
        choices=("opposed", "book"),
        setting=True,
    ),
    "extreme_damage": Param(
        "extreme_damage",
        "choice",
        "Extreme-success damage",
        "rules/coc.md §3.8: the seed says nothing (normal); book option: maximum damage and DB, impaling weapons "
        "(bullets) add one more roll of the weapon dice (book).",
        default="normal",
        choices=("normal", "book"),
        setting=True,
    ),
    "fumbled_sanity_max_loss": Param(
        "fumbled_sanity_max_loss",
        "bool",
        "Fumbled Sanity roll loses the maximum",
        "rules/coc.md §3.11 [BOOK]: a fumbled Sanity roll loses the maximum of the failure loss.",
        default=True,
        setting=True,
    ),
    "book_insanity": Param(
        "book_insanity",
        "bool",
        "Book indefinite/permanent insanity",
        "rules/coc.md §3.11 [BOOK options, not in the seed]: losing a fifth of the day's starting SAN in one day is "
        "indefinite insanity; SAN 0 is permanent insanity.",
        default=False,
        setting=True,
    ),
    "creation_skill_cap": Param(
        "creation_skill_cap",
        "int",
        "Highest skill at creation",
        "rules/coc.md §3.2a: the table's cap on any skill when an investigator is made (some tables use 75); empty "
        "= no cap. Credit Rating follows its occupation's range instead.",
        default=None,
        minimum=1,
        maximum=99,
        setting=True,
    ),
    "tick_with_bonus_die": Param(
        "tick_with_bonus_die",
        "bool",
        "A success with a bonus die earns a tick",
        "rules/coc.md §3.15: whether a skill roll that succeeds with a bonus die (net, after penalty dice cancel) ticks "
        "the skill for improvement is a house setting; default on, as the Foundry CoC7 system does [unverified: the "
        "book's wording].",
        default=True,
        setting=True,
    ),
    "luck_recovery": Param(
        "luck_recovery",
        "bool",
        "Luck recovery in the development phase",
        "rules/coc.md §3.6, §3.15 [BOOK optional]: at the end of a session roll 1D100; above current Luck, gain 1D10 Luck "
        "(max 99). Off by default; on, the development phase rolls it after the skills.",
        default=False,
        setting=True,
    ),
    "rate_of_fire": Param(
        "rate_of_fire",
        "choice",
        "Shots per round",
        "rules/coc.md §3.12 D18 [BOOK]: a firearm fires at most its rate of fire (its attacks per round) in a round, "
        "counted on the shooter's sheet until the round ends ('per_round'); 'keeper': not counted, the Keeper keeps "
        "the count.",
        default="per_round",
        choices=("per_round", "keeper"),
        setting=True,
    ),
}
"""One declared form field per setting, with its citation of the rules notes (rules/coc.md)."""

_DEFAULTS = Settings()
for _f in fields(Settings):  # declarations and dataclass must agree
    assert SETTING_PARAMS[_f.name].default == getattr(_DEFAULTS, _f.name), _f.name


def settings_params(*names: str) -> tuple[Param, ...]:
    """The setting fields ``names`` for an operation's params."""
    return tuple(SETTING_PARAMS[name] for name in names)


def settings_from(args: dict) -> tuple[Settings, dict]:
    """Split validated ``args`` into a :class:`Settings` and the remaining arguments.

    >>> s, rest = settings_from({"combat_ties": "book", "skill": "Dodge"})
    >>> s.combat_ties, rest
    ('book', {'skill': 'Dodge'})
    """
    names = {f.name for f in fields(Settings)}
    chosen = {k: v for k, v in args.items() if k in names}
    rest = {k: v for k, v in args.items() if k not in names}
    return Settings(**chosen), rest
