"""Encounter operations for the JSON door (TABLE.md, Encounter): namespace ``encounter.``.

Every operation but ``encounter.start`` takes the encounter state (:mod:`.state`), the characters' sheets
``{character id: sheet}`` and the campaign's house rules ``{setting: value}`` (each game operation run takes
the settings it declares). The answer is the door's usual result with::

    details = {"encounter": <new state>, "current": <combatant id whose turn it is, or null>,
               "sheets": {character id: new sheet}   # only the sheets that changed
               "effects": [{"op", "args", "result", "who", "combatants", "before", "after", "kind"}, ...],
               "decided": [{"effect": index or null, "label", "line", "combatant"?}, ...]}  # what decided, whose

and ``state`` / ``states["encounter"]`` the new state. Each effect (an initiative roll, a character's end of
round, the Confusion chart at the start of a confused character's turn) is one game operation's full answer, run
through the door's :func:`py_rules.api.run_checked` and shaped as a log entry without its id and time. Those that
decided something (a dying roll with its target and outcome, a condition's time up or left) are also told in
plain words — the effect's own headline led by the character's name — one line each, in ``decided`` and in the
step's ``events`` after its own, so the page logs ONE entry per step. The
dice of every effect come, in order, from the one ``dice`` field. ``encounter.time_check`` says, before time
passes, what it would run that a GM must be asked about (Survival Tests, dying rounds, a death timer:
:mod:`.ops_time`). The fields the operations share are declared in :mod:`.fields`, their examples in
:mod:`.examples`.
"""

from __future__ import annotations

from py_rules.armageddon.tables import ACTIVITIES
from py_rules.dice import NeedsDie
from py_rules.encounter import flow, ops_time
from py_rules.encounter.context import Outcome
from py_rules.encounter.fields import COMBATANT_ID, COMMON, LABEL, SHEETS, SOURCE, TIME_PARAMS
from py_rules.encounter.state import GAMES, parse_encounter
from py_rules.errors import RulesError
from py_rules.operations import Operation, System
from py_rules.params import Param
from py_rules.semiautomagic.fields import EXAMPLE_CONFUSED
from py_rules.trace import Result

__all__ = ("SYSTEM", "OPERATIONS")

SYSTEM = System(
    "encounter",
    "Encounter",
    "GM",
    "TABLE.md, Encounter; each game's rounds (rules/cross-system.md §4)",
    dice_help="every die of every effect, in the order the answer lists them",
)


def _answer(kind: str, out: Outcome, label: str) -> Result:
    enc = out.state
    now = flow.current(enc)
    return Result(
        system="encounter",
        kind=kind,
        label=label or enc["name"],
        steps=out.steps,
        events=out.events,
        details={
            "encounter": enc,
            "current": now["id"] if now else None,
            "sheets": out.sheets,
            "effects": out.effects,
            "decided": out.decided,
        },
        state=enc,
        states={"encounter": enc},
    )


_ROUND_RULES = ("U12", "U16", "U23", "M9", "M15", "M16", "M18", "M19", "M20", "C10", "C16")
"""The games' checklist items an encounter's round runs (rules/armageddon.md §1.17, rules/semiautomagic.md §2.15, rules/coc.md §3.14)."""


def _op(
    kind: str,
    title: str,
    summary: str,
    params: tuple = (),
    *,
    rolls: bool = True,
    action=lambda args: {},
    covers: tuple = (),
) -> Operation:
    """An encounter operation: its own fields become the action given to :func:`flow.step`."""

    def run(*dice, encounter, sheets, settings, label, **args):
        out = flow.step(encounter, {"type": kind, **action(args)}, sheets, settings, dice[0] if dice else None)
        return _answer(kind, out, label)

    return Operation(
        id=f"encounter.{kind}",
        system="encounter",
        title=title,
        summary=summary,
        covers=covers,
        params=COMMON + params + (LABEL,),
        run=run,
        source=SOURCE,
        rolls=rolls,
    )


def _start(*dice, id, name, game, combatants, sheets, label):
    combatants = [] if combatants is None else combatants
    if not isinstance(combatants, list) or len(combatants) > 60:
        raise RulesError("wrong_type", "Combatants must be a list (at most 60).", "combatants")
    state = parse_encounter(flow.new_encounter(id.strip(), name.strip(), game))
    out = Outcome(state)
    sheets = dict(sheets or {})
    for i, spec in enumerate(combatants):
        try:
            more = flow.step(state, {"type": "add", "combatant": spec}, sheets, None, dice[0] if dice else None)
        except NeedsDie:
            raise  # the die the first turn's start asks for (typed dice): named as it is, not as a combatant's fault
        except RulesError as error:
            raise RulesError(error.code, f"Combatant {i + 1}: {error.message}", f"combatants.{i}") from None
        state = more.state
        out.steps += more.steps
        # the first to join has the first turn, whose start may roll (a Confused character's chart)
        out.decided += [
            told | {"effect": None if told["effect"] is None else told["effect"] + len(out.effects)}
            for told in more.decided
        ]
        out.effects += more.effects
        sheets.update(more.sheets)
        out.sheets.update(more.sheets)
    out.state = state
    out.events.append(
        f"{state['name']} begins: round 1"
        + (f", {state['combatants'][0]['name']}'s turn" if state["combatants"] else "")
    )
    out.events += [told["line"] for told in out.decided]
    return _answer("start", out, label)


START = Operation(
    id="encounter.start",
    system="encounter",
    title="Start an encounter",
    summary="A new encounter in round 1, with the combatants listed (party characters by id, quick NPCs by name "
    "and the few numbers the game's order needs); order them next. The first turn's start runs its rules (a "
    "Confused character rolls the Confusion chart).",
    covers=(),
    run=_start,
    source=SOURCE,
    params=(
        Param("id", "text", "Encounter id", "Unique in the campaign."),
        Param("name", "text", "Name", "What the GM calls the scene."),
        Param("game", "choice", "Game", "The campaign's game.", choices=GAMES, default="coc", example="semiautomagic"),
        Param(
            "combatants",
            "json",
            "Combatants",
            "[{character_id} or {name, npc: {numbers}}, …]; Armageddon "
            "npc {dexterity}, Call of Cthulhu npc {dex, combat_skill} (and firearm_ready), Semiautomagic npc {}.",
            default=None,
            example=[{"character_id": "mira"}, {"name": "Guard", "npc": {}}],
        ),
        # Mira, Confused, has the first turn: its start rolls the Confusion chart (seed 002, Confused)
        SHEETS.with_example({"mira": {**EXAMPLE_CONFUSED, "name": "Mira"}}),
        LABEL,
    ),
)


_COMBATANT = Param(
    "combatant",
    "json",
    "Combatant",
    "{character_id} from the party, or {name, npc: {numbers}}; "
    "optional firearm_ready (Call of Cthulhu), activity (Armageddon).",
    example={"name": "Cultist", "npc": {"dexterity": 2}},
)
_WHO = dict(default=None)

OPERATIONS = (
    START,
    _op(
        "add",
        "Add a combatant",
        "Joins at the end, or by its own initiative once the encounter is ordered.",
        (_COMBATANT,),
        action=lambda a: {"combatant": a["combatant"]},
    ),
    _op(
        "add_many",
        "Add several combatants",
        "Each joins as Add a combatant would add them (at the end, or by initiative once ordered), in one step: "
        "the whole cast or party at once.",
        (
            Param(
                "combatants",
                "json",
                "Combatants",
                "A list of combatants, each as Add a combatant takes one: a character of the campaign, or a name "
                "with an NPC's numbers.",
                example=[{"name": "Cultist", "npc": {"dexterity": 2}}, {"name": "Guard", "npc": {"dexterity": 3}}],
            ),
        ),
        action=lambda a: {"combatants": a["combatants"]},
    ),
    _op(
        "remove",
        "Remove a combatant",
        "Leaves the encounter; on their turn, the turn passes on.",
        (COMBATANT_ID,),
        action=lambda a: {"combatant_id": a["combatant_id"]},
    ),
    _op(
        "order",
        "Order by the rules",
        "Armageddon: everyone rolls Initiative. Call of Cthulhu: DEX, +50 with a "
        "drawn firearm, ties to the higher combat skill, then a roll-off. Semiautomagic has no order rule.",
        covers=("U22", "C9"),
    ),
    _op(
        "reorder",
        "Set the order",
        "The GM's order (Semiautomagic's only order); whose turn it is stays.",
        (Param("order", "json", "Order", "Every combatant's id, in the new order.", example=["k2", "k1"]),),
        rolls=False,
        action=lambda a: {"order": a["order"]},
    ),
    _op(
        "update",
        "Change a combatant",
        "Draw or holster a firearm (Call of Cthulhu), change what they are doing each Turn (Armageddon).",
        (
            COMBATANT_ID,
            Param("firearm_ready", "bool", "Firearm drawn", "Call of Cthulhu: +50 DEX for the order.", **_WHO),
            Param(
                "activity",
                "choice",
                "Activity",
                "Armageddon: what they do each Turn (close combat drains EP).",
                choices=ACTIVITIES,
                **_WHO,
            ),
        ),
        rolls=False,
        action=lambda a: {k: a[k] for k in ("combatant_id", "firearm_ready", "activity")},
    ),
    _op(
        "next",
        "Next",
        "The next combatant's turn; after the last, the round ends and its rules run on every sheet.",
        covers=_ROUND_RULES,
    ),
    _op(
        "delay",
        "Delay",
        "Give up the turn for now (passed over this round), or act now (back in before whose turn it is).",
        (COMBATANT_ID, Param("delayed", "bool", "Delay", "Off: the delayed combatant acts now.", default=True)),
        action=lambda a: {"combatant_id": a["combatant_id"], "delayed": a["delayed"]},
    ),
    _op(
        "skip",
        "Skip",
        "Passed over every round until un-skipped (out of the fight); their round rules still run.",
        (COMBATANT_ID, Param("skipped", "bool", "Skip", "Off: takes turns again.", default=True)),
        action=lambda a: {"combatant_id": a["combatant_id"], "skipped": a["skipped"]},
    ),
    _op(
        "end_round",
        "End the round",
        "Ends the round now: dying rolls, timers and conditions run on every sheet.",
        covers=_ROUND_RULES,
    ),
    _op("end", "End the encounter", "The encounter is over; its log stays.", rolls=False),
    _op(
        "skip_time",
        "Time passes",
        "Minutes, hours, days or weeks pass for every sheet given: healing, temporary "
        "insanity, wake-up and condition timers.",
        TIME_PARAMS,
        action=lambda a: {k: a[k] for k in ("unit", "amount", "activity")},
        covers=("U15", "U16", "M11", "M19", "C19", "C22"),
    ),
    ops_time.TIME_CHECK,
    ops_time.SHEET_TIME_CHECK,
)
