"""The encounter as plain JSON (TABLE.md, Encounter; STYLE.md Part C, improved-initiative's saved encounter).

::

    {"schema": "rules-companion.encounter/1", "id": "enc-1", "game": "coc", "name": "The cellar",
     "round": 1,            # 1, 2, … (a new round starts when the last combatant's turn ends)
     "turn": 0,             # index in "combatants" of whose turn it is (0 when there is nobody)
     "combatants": [        # in turn order
       {"id": "k1", "name": "Harvey Walters",
        "character_id": "c-harvey" | null,   # a campaign character …
        "npc": null | {...},                 # … or a quick NPC with only the numbers the order needs
                                             #   (its game's hooks: npc_fields)
        "initiative": 110 | null,            # the number the order is by (shown on the card); null = unordered
        "order_key": [110, 45, 0],           # what the order compares, highest first (the game's hooks)
        "firearm_ready": false,              # CoC: a drawn firearm (+50 DEX for the order)
        "activity": "normal" | null,         # Armageddon: what they do each Turn (EP drain)
        "delayed": false,                    # gave up this turn, may act later this round
        "skipped": false}],                  # passed over until un-skipped (out of the fight)
     "ended": false}

:func:`validate_encounter` lists every problem (campaign files); :func:`parse_encounter` is the door's
parser (first problem as a RulesError).
"""

from __future__ import annotations

from py_rules.bounded import oversize, problem
from py_rules.encounter.hooks import hooks_of
from py_rules.errors import RulesError
from py_rules.systems import GAME_IDS
from py_rules.text import problem as text_problem
from py_rules.words import field_words

__all__ = (
    "SCHEMA",
    "GAMES",
    "MAX_COMBATANTS",
    "npc_fields",
    "validate_encounter",
    "validate_encounters",
    "parse_encounter",
    "combatant_problems",
    "current",
    "eligible",
)

SCHEMA = "rules-companion.encounter/1"
GAMES = GAME_IDS
MAX_COMBATANTS = 60
MAX_TEXT = 100
MAX_ROUND = 100_000
_NAMES = {
    "schema": "format",
    "id": "id",
    "character_id": "character",
    "npc": "quick NPC",
    "order_key": "order",
    "dex": "DEX",
    "combat_skill": "combat skill",
}
"""Fields of an encounter in words, for messages."""
_KEYS = ("schema", "id", "game", "name", "round", "turn", "combatants", "ended")
_COMBATANT_KEYS = (
    "id",
    "name",
    "character_id",
    "npc",
    "initiative",
    "order_key",
    "firearm_ready",
    "activity",
    "delayed",
    "skipped",
)


def _text(value, path: str, what: str, *, optional: bool = False) -> list[dict]:
    if optional and value is None:
        return []
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        return [problem(path, f"{what} must be text of 1 to {MAX_TEXT} characters.")]
    wrong = text_problem(value)  # a name or an id: one line, no control or direction-turning character
    return [problem(path, f"{what} {wrong}")] if wrong else []


def _whole(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def npc_fields(game: str) -> dict:
    """``{field: (lowest, highest)}``: the few numbers a quick NPC of ``game`` needs for the order (its hooks')."""
    return hooks_of(game).npc_fields


def _npc_problems(npc, game: str, path: str) -> list[dict]:
    fields = npc_fields(game)
    if not isinstance(npc, dict):
        return [problem(path, "A quick NPC is a JSON object of its numbers.")]
    out = [problem(f"{path}.{key}", "Not a number this game's order uses.") for key in npc if key not in fields]
    for key, (low, high) in fields.items():
        if not _whole(npc.get(key), low, high):
            out.append(problem(f"{path}.{key}", f"Must be a whole number from {low} to {high}."))
    return out


def combatant_problems(c, game: str, path: str) -> list[dict]:
    if not isinstance(c, dict):
        return [problem(path, "A combatant must be a JSON object.")]
    out = [problem(f"{path}.{key}", "Missing.") for key in _COMBATANT_KEYS if key not in c]
    out += [problem(f"{path}.{key}", "Not a field of a combatant.") for key in c if key not in _COMBATANT_KEYS]
    if out:
        return out
    out += _text(c["id"], f"{path}.id", "The combatant id") + _text(c["name"], f"{path}.name", "The name")
    out += _text(c["character_id"], f"{path}.character_id", "The character id", optional=True)
    if (c["character_id"] is None) == (c["npc"] is None):
        out.append(problem(f"{path}.npc", "A combatant is either a campaign character or a quick NPC."))
    elif c["npc"] is not None:
        out += _npc_problems(c["npc"], game, f"{path}.npc")
    if c["initiative"] is not None and not _whole(c["initiative"], -10_000, 10_000):
        out.append(problem(f"{path}.initiative", "Must be a whole number or null."))
    key = c["order_key"]
    if not isinstance(key, list) or len(key) > 4 or not all(_whole(k, -10_000, 10_000) for k in key):
        out.append(problem(f"{path}.order_key", "Must be a list of at most 4 whole numbers."))
    for flag in ("firearm_ready", "delayed", "skipped"):
        if not isinstance(c[flag], bool):
            out.append(problem(f"{path}.{flag}", "Must be true or false."))
    return out + hooks_of(game).combatant_problems(c, path)


def validate_encounter(enc, path: str = "encounters.0", game: str | None = None) -> list[dict]:
    """Every problem of an encounter state as ``{"path", "message"}`` (empty when valid).

    With ``game`` (the campaign's) the encounter must be of that game: its quick NPCs carry that game's numbers
    and its turn order follows that game's rules (TABLE.md, Encounter).

    >>> validate_encounter({"schema": SCHEMA, "id": "e", "game": "coc", "name": "Cellar", "round": 1, "turn": 0,
    ...                     "combatants": [], "ended": False})
    []
    >>> validate_encounter({"schema": SCHEMA, "id": "e", "game": "chess", "name": "x", "round": 0, "turn": 0,
    ...                     "combatants": [], "ended": False}, "e")
    [{'path': 'e.game', 'message': 'Must be one of: Armageddon, Semiautomagic, Call of Cthulhu.'}]
    >>> validate_encounter({"schema": SCHEMA, "id": "e", "game": "coc", "name": "Cellar", "round": 1, "turn": 0,
    ...                     "combatants": [], "ended": False}, "e", "armageddon")[0]["message"]
    'This encounter is of Call of Cthulhu 7e (house rules); this campaign plays Armageddon (Classic Unisystem).'
    """
    if not isinstance(enc, dict):
        return [problem(path, "An encounter must be a JSON object.")]
    big = oversize(enc, path, max_chars=200_000, max_depth=8)
    if big:
        return big
    out = [problem(f"{path}.{key}", "Missing.") for key in _KEYS if key not in enc]
    out += [problem(f"{path}.{key}", "Not a field of an encounter.") for key in enc if key not in _KEYS]
    if out:
        return out
    if enc["schema"] != SCHEMA:
        out.append(problem(f"{path}.schema", "Not an encounter of this app."))
    if enc["game"] not in GAMES:
        return out + [problem(f"{path}.game", f"Must be one of: {', '.join(hooks_of(g).title for g in GAMES)}.")]
    if game is not None and enc["game"] != game:
        return out + [
            problem(
                f"{path}.game",
                f"This encounter is of {_game_name(enc['game'])}; this campaign plays {_game_name(game)}.",
            )
        ]
    out += _text(enc["id"], f"{path}.id", "The encounter id") + _text(enc["name"], f"{path}.name", "The name")
    if not _whole(enc["round"], 1, MAX_ROUND):
        out.append(problem(f"{path}.round", f"Must be a whole number from 1 to {MAX_ROUND}."))
    if not isinstance(enc["ended"], bool):
        out.append(problem(f"{path}.ended", "Must be true or false."))
    people = enc["combatants"]
    if not isinstance(people, list) or len(people) > MAX_COMBATANTS:
        return out + [problem(f"{path}.combatants", f"Must be a list of at most {MAX_COMBATANTS} combatants.")]
    for i, c in enumerate(people):
        out += combatant_problems(c, enc["game"], f"{path}.combatants.{i}")
    if out:
        return out
    for key, what in (("id", "id"), ("name", "name"), ("character_id", "character")):
        values = [c[key] for c in people if c[key] is not None]
        if len(set(values)) != len(values):
            out.append(problem(f"{path}.combatants", f"Two combatants have the same {what}."))
    if not _whole(enc["turn"], 0, max(0, len(people) - 1)):
        out.append(problem(f"{path}.turn", "Must be the index of a combatant (0 when there is none)."))
    return out


def _game_name(game: str) -> str:
    from py_rules.systems import system_of

    return system_of(game).name


def validate_encounters(encounters, path: str = "encounters", game: str | None = None) -> list[dict]:
    """Every problem of a campaign's encounters: each one's (of the campaign's ``game`` when given), and a
    repeated id.

    >>> validate_encounters([{"id": "e"}], "encounters")[0]["path"]
    'encounters.0.schema'
    """
    if not isinstance(encounters, list) or len(encounters) > 10_000:
        return [problem(path, "The encounters must be a list of at most 10,000.")]
    out, seen = [], set()
    for i, enc in enumerate(encounters):
        found = validate_encounter(enc, f"{path}.{i}", game)
        out += found
        if not found:
            if enc["id"] in seen:
                out.append(problem(f"{path}.{i}.id", f"Another encounter is already called {enc['id']!r}."))
            seen.add(enc["id"])
    return out


def parse_encounter(value) -> dict:
    """The door's parser: the state itself when valid, else a RulesError naming the first problem's field."""
    problems = validate_encounter(value, "encounter")
    if problems:
        first = problems[0]
        where = field_words(first["path"].partition(".")[2], _NAMES)  # the place in words, never its path
        raise RulesError("bad_encounter", f"{where}: {first['message']}" if where else first["message"], first["path"])
    return value


def current(enc: dict) -> dict | None:
    """The combatant whose turn it is, or None in an empty encounter."""
    return enc["combatants"][enc["turn"]] if enc["combatants"] else None


def eligible(c: dict) -> bool:
    """Whether ``c`` takes a turn when it comes round (neither delayed nor skipped)."""
    return not (c["delayed"] or c["skipped"])
