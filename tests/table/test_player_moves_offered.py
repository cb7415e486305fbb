"""The moves a player's view offers (web/player/moves.mjs ``PLAYER_OPS``) are ones the game master's app accepts from
a player (py_rules/table/players.py ``PROPOSABLE``): a roll the page lets a player make is never refused for being
the game master's. The page's list is narrower on purpose: taking damage, healing others, time passing and the end of
a scenario are the game master's calls on the table (the page leaves them out of the player's view)."""

import re
from pathlib import Path

from py_rules.table.players import PROPOSABLE

MOVES = Path(__file__).resolve().parents[2] / "web" / "player" / "moves.mjs"


def offered() -> dict[str, list[str]]:
    text = MOVES.read_text()
    block = text[text.index("export const PLAYER_OPS") : text.index("};", text.index("export const PLAYER_OPS"))]
    games = {}
    for game, body in re.findall(r"(\w+): \[([^\]]*)\]", block):
        games[game] = re.findall(r'"([a-z_]+\.[a-z_]+)"', body)
    return games


def test_every_move_a_players_view_offers_is_one_the_game_master_accepts():
    games = offered()
    assert set(games) == set(PROPOSABLE)
    for game, ops in games.items():
        assert ops, game
        assert set(ops) <= set(PROPOSABLE[game]), (game, sorted(set(ops) - set(PROPOSABLE[game])))


def test_the_game_masters_controls_are_not_offered_to_a_player():
    ops = {op for each in offered().values() for op in each}
    for gm_only in ("coc.apply_damage", "coc.advance_time", "coc.dying_round", "coc.first_aid", "coc.medicine"):
        assert gm_only not in ops


def test_a_players_attack_is_offered_only_where_the_game_master_may_roll_its_defence():
    from py_rules.table.players import TWO_SIDED

    text = MOVES.read_text()
    block = text[
        text.index("export const PLAYER_ATTACKS") : text.index("};", text.index("export const PLAYER_ATTACKS"))
    ]
    attacks = dict(re.findall(r'(\w+): \{\s*op: "([a-z_]+\.[a-z_]+)"', block))
    assert attacks, "no attack declared for a player's device"
    games = offered()
    for game, op in attacks.items():
        assert op in TWO_SIDED[game] and op in games[game], (game, op)
    # every game's player may attack, and the roll the device throws for it is one of the game's own a player may make
    assert set(attacks) == set(games)
    rolls = re.findall(r'roll: "([a-z_]+)\.([a-z_]+)"', block)
    assert len(rolls) == len(attacks)
    for game, name in rolls:
        assert f"{game}.{name}" in PROPOSABLE[game], (game, name)
