"""The combat round tracker's operations: who acts in what order, and each round's one action per combatant (C9,
C10, C16; seed 003, Attack Order, Combat Round Duration; rules/coc.md §3.8, §3.9, §3.14)."""

from __future__ import annotations

from py_rules.coc import combat
from py_rules.coc.investigator import copy_state, normalize, who
from py_rules.coc.params import EXAMPLE_DYING, INVESTIGATOR, LABEL, OPPONENT
from py_rules.coc.wounds import end_round
from py_rules.errors import RulesError
from py_rules.operations import Operation
from py_rules.params import Param
from py_rules.trace import Log, Result

__all__ = ("COMBAT_PARAM", "ATTACK_ORDER", "COMBAT_ROUND")

COMBATANTS_EXAMPLE = [
    {"name": "Harvey Walters", "dex": 60, "firearm_ready": True, "combat_skill": 45},
    {"name": "Cultist", "dex": 55, "firearm_ready": False, "combat_skill": 50},
    {"name": "Ghoul", "dex": 100, "firearm_ready": False, "combat_skill": 40},
    {"name": "Second cultist", "dex": 55, "firearm_ready": False, "combat_skill": 50},
]
"""Two cultists alike in DEX and combat skill: their order is a roll-off (seed 003, Attack Order)."""

COMBAT_PARAM = Param(
    "combat",
    "json",
    "Combat",
    "The combat tracker made by 'Attack order' (schema coc.combat/1): order, round, who "
    "has acted (seed 003, Combat Round Duration).",
    parse=combat.parse_combat,
    state_key="coc.combat",
    example={
        "schema": "coc.combat/1",
        "round": 1,
        "order": [
            {"name": "Ghoul", "dex": 100, "firearm_ready": False, "combat_skill": 40},
            {"name": "Harvey Walters", "dex": 60, "firearm_ready": True, "combat_skill": 45},
        ],
        "acted": [],
    },
)


def _order(dice, *, combatants, label):
    log = Log()
    state = combat.attack_order(dice, combatants, log)
    log.event(f"Round 1: {state['order'][0]['name']} acts first")
    return Result.of(
        log,
        "coc",
        "attack_order",
        label=label,
        details={"order": [p["name"] for p in state["order"]]},
        states={"coc.combat": state},
        state=state,
    )


ATTACK_ORDER = Operation(
    id="coc.attack_order",
    system="coc",
    title="Attack order (start combat)",
    summary="Order everyone by DEX, +50 for a drawn firearm, highest first; ties go to the higher combat skill, then "
    "a 1D100 roll-off. Starts the round tracker (it replaces the shared combat tracker).",
    covers=("C9",),
    params=(
        Param(
            "combatants",
            "json",
            "Combatants",
            "List of {name, dex, firearm_ready, combat_skill} (seed 003, Attack Order).",
            parse=combat.validate_combatants,
            example=COMBATANTS_EXAMPLE,
        ),
        LABEL,
    ),
    run=_order,
    source="seed 003, Attack Order; rules/coc.md §3.8, §3.12 D12",
)


def _round(dice, *, combat, action, name, investigator, opponent, label):
    state = {**combat, "order": [dict(p) for p in combat["order"]], "acted": list(combat["acted"])}
    names = [p["name"] for p in state["order"]]
    log = Log()
    states = {"coc.combat": state}
    if action == "act":
        if name not in names:
            raise RulesError("bad_input", f"{name!r} is not in this combat ({', '.join(names)}).", "name")
        if name in state["acted"]:
            raise RulesError(
                "rule_violation",
                f"{name} has already acted in round {state['round']}: one action per post/round.",
                "name",
            )  # seed 003, Combat Round Duration
        waiting = [n for n in names if n not in state["acted"]]
        if waiting[0] != name:
            log.flag("out_of_order")
            log.step(f"{name} acts before {waiting[0]} (order: {' → '.join(names)})", "seed 003, Attack Order")
        state["acted"].append(name)
        log.step(f"Round {state['round']}: {name} takes one action", "seed 003, Combat Round Duration")
        for key, who_state in (("coc.investigator", investigator), ("coc.opponent", opponent)):
            if who_state is not None and who(who_state) == name and who_state["conditions"]["involuntary_action"]:
                new = copy_state(who_state)
                new["conditions"]["involuntary_action"] = False
                log.step(
                    f"The Keeper controls this action of {name} (fear: screaming, freezing …); the flag is now cleared",
                    "seed 003, Failing a Sanity Roll",
                )
                log.event(f"{name}'s involuntary action is used up")
                states[key] = normalize(new)
        left = [n for n in names if n not in state["acted"]]
        log.event(f"{name} acts" + (f"; next: {left[0]}" if left else "; everyone has acted"))
    else:
        finished = state["round"]
        state["round"] += 1
        state["acted"] = []
        log.step(
            f"Round {finished} ends; round {state['round']} begins in the same order", "seed 003, Combat Round Duration"
        )
        log.event(f"Round {state['round']} begins: {names[0]} acts first")
        for key, who_state in (("coc.investigator", investigator), ("coc.opponent", opponent)):
            if who_state is None:
                continue
            new = copy_state(who_state)
            end_round(dice, new, log)
            states[key] = normalize(new)
    return Result.of(
        log,
        "coc",
        "combat_round",
        label=label,
        details={"round": state["round"], "acted": state["acted"]},
        states=states,
        state=state,
    )


COMBAT_ROUND = Operation(
    id="coc.combat_round",
    system="coc",
    title="Combat round tracker",
    summary="Mark a combatant's one action this round, or end the round: dying characters roll CON, damage-this-round "
    "and defence counters reset.",
    covers=("C10", "C16"),
    params=(
        COMBAT_PARAM,
        Param(
            "action",
            "choice",
            "Action",
            "'act' marks one action for a combatant; 'end_round' closes the round (seed 003, Combat Round Duration).",
            default="act",
            choices=("act", "end_round"),
            example="end_round",
        ),
        Param("name", "text", "Combatant", "Who acts (for 'act').", default=""),
        Param(
            INVESTIGATOR.name,
            "json",
            INVESTIGATOR.label,
            "Optional: the investigator, updated at the end of the "
            "round, or when its action uses up the Keeper's control after a failed Sanity roll.",
            default=None,
            parse=INVESTIGATOR.parse,
            example=EXAMPLE_DYING,
            state_key="coc.investigator",
        ),
        Param(
            OPPONENT.name,
            "json",
            OPPONENT.label,
            "Optional: the opponent, updated like the investigator.",
            default=None,
            parse=OPPONENT.parse,
            example=OPPONENT.example,
            state_key="coc.opponent",
        ),
        LABEL,
    ),
    run=_round,
    source="seed 003, Combat Round Duration; rules/coc.md §3.9 (per-round damage)",
)
