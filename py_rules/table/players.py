"""What a player may propose from their own device (:mod:`py_rules.table`), declared once as data: the rolls and
changes of a character in play. Everything else is the game master's: the campaign, its log, its encounters and the
table itself, time passing and the rounds it runs (dying, Confusion, healing by the day or the week), conditions set
by the scene, rewards, character creation and the games' reference tables. The game master's app refuses any other
operation, whatever a code says."""

from __future__ import annotations

__all__ = ("PROPOSABLE", "TWO_SIDED", "proposable", "two_sided")

PROPOSABLE: dict[str, tuple[str, ...]] = {
    "coc": (
        "coc.d100",
        "coc.skill_roll",
        "coc.characteristic_roll",
        "coc.luck_roll",
        "coc.push_roll",
        "coc.spend_luck",
        "coc.recover_luck",
        "coc.opposed_roll",
        "coc.combined_roll",
        "coc.development_phase",
        "coc.attack",
        "coc.roll_damage",
        "coc.apply_damage",
        "coc.reload",
        "coc.first_aid",
        "coc.medicine",
        "coc.treatment_luck",
        "coc.sanity_roll",
    ),
    "armageddon": (
        "armageddon.task",
        "armageddon.character_task",
        "armageddon.test",
        "armageddon.resisted",
        "armageddon.roll_damage",
        "armageddon.initiative",
        "armageddon.attack",
        "armageddon.apply_damage",
        "armageddon.consciousness_test",
        "armageddon.survival_test",
        "armageddon.first_aid",
        "armageddon.resuscitate",
        "armageddon.lose_essence",
        "armageddon.essence_checks",
        "armageddon.fear_test",
    ),
    "semiautomagic": (
        "semiautomagic.check",
        "semiautomagic.skill_check",
        "semiautomagic.attack",
        "semiautomagic.defence_roll",
        "semiautomagic.take_action",
        "semiautomagic.apply_damage",
        "semiautomagic.roll_damage",
        "semiautomagic.medicine_stabilise",
        "semiautomagic.resuscitate",
        "semiautomagic.repair",
        "semiautomagic.scatter",
        "semiautomagic.detect_soul_coma",
    ),
}
"""Per game, the operations a player may propose, in the order the page offers them."""


def proposable(game: str, op_id: str) -> bool:
    """Whether a player of a campaign of ``game`` may propose ``op_id``.

    >>> proposable("coc", "coc.skill_roll"), proposable("coc", "log.undo"), proposable("armageddon", "coc.d100")
    (True, False, False)
    """
    return op_id in PROPOSABLE.get(game, ())


TWO_SIDED: dict[str, tuple[str, ...]] = {
    "coc": ("coc.attack", "coc.opposed_roll"),
    "armageddon": ("armageddon.attack", "armageddon.resisted"),
    "semiautomagic": ("semiautomagic.attack",),
}
"""Per game, the operations with another side that rolls too (the target's dodge or fight back, a defence, the
opponent of an opposed roll): a player's device throws only its own side, so a proposal of one of these may leave
the rest of the dice to the game master's app (a proposal's ``gm_dice``, py_rules/table/__init__.py). Each is also in
:data:`PROPOSABLE`."""


def two_sided(game: str, op_id: str) -> bool:
    """Whether ``op_id`` of a campaign of ``game`` has another side whose dice the game master may throw.

    >>> two_sided("coc", "coc.attack"), two_sided("coc", "coc.skill_roll"), two_sided("armageddon", "coc.attack")
    (True, False, False)
    """
    return op_id in TWO_SIDED.get(game, ())
