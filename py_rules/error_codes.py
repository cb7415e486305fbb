"""Every code an error of the door can carry, declared once with what it means in plain words.

An answer that is not ``ok`` holds ``{"code", "message", "field"}`` (README, One JSON door): the message is for
people, the code for programs. A program may compare codes; this table is the whole list it can meet, published in
the catalog as ``errors: [{code, meaning}]``. :class:`py_rules.errors.RulesError` refuses a code that is not here,
so a misspelt code fails the tests instead of reaching the page.

The page gives three codes of its own (``web/error_codes.mjs`` names every code the page compares); they are
declared here too, so one list says everything a caller of the page can meet.
"""

from __future__ import annotations

__all__ = ("ERROR_CODES", "PAGE_CODES", "catalog_errors")

ERROR_CODES: dict[str, str] = {
    # The request and its fields (py_rules/api.py, py_rules/params.py, each game's sheet check)
    "bad_request": "The request is not an object with an operation, or its text was sent twice.",
    "bad_json": "The request, or a field that must hold JSON, is not valid JSON.",
    "unknown_operation": "No operation has the id the request names.",
    "unknown_field": "A field, or a key inside a sheet, that the operation or the sheet does not have.",
    "missing_field": "A field the operation or the sheet needs was left out or left empty.",
    "wrong_type": "A field holds the wrong kind of value (text where a number belongs, a list where an object does).",
    "out_of_range": "A number or a length outside what the field allows.",
    "bad_choice": "A value that is not one of the field's choices.",
    "bad_text": "Text holding a character that is not valid Unicode or not allowed in a name.",
    "bad_dice": "A typed die face that the die cannot show.",
    "dice_unused": "More dice faces were typed than the roll needed.",
    "needs_die": "Typed dice ran out: the rules need one more die, named in the answer (not a mistake).",
    "bad_modifier": "A modifier that is not a signed number such as +1 or −2.",
    "bad_dice_expression": "Call of Cthulhu damage or a number written in a way the dice reader cannot read.",
    "bad_expression": "Armageddon damage not written as NdX×M+K (d4x2, 2d6+3) or a number.",
    "bad_damage": "Semiautomagic damage not written as a number or dice (9, 2d6+3).",
    "bad_sanity_loss": "A Sanity loss not written as X/Y with numbers or dice.",
    "bad_time": "A date and time not written as ISO 8601 (2026-12-01T20:15:03Z).",
    "bad_input": "A value the operation cannot use as given, said in the message.",
    # Limits: what the door accepts at all (py_rules/limits.py)
    "too_large": "The request or the text sent with it is longer than the door accepts.",
    "too_deep": "JSON nested deeper than the field allows.",
    "too_complex": "A roll with too many possible dice to work out its exact odds.",
    "too_many_rolls": "More dice in one roll than the engine throws (a roll-off that tied too often).",
    "no_odds": "The operation's outcome is not a roll to weigh, so it has no odds.",
    # Sheets, campaigns and files
    "bad_schema": "A sheet that is not of this game (its schema names another).",
    "newer_schema": "A sheet saved by a newer version of the app.",
    "schema": "A Semiautomagic sheet that is not a creature or an object.",
    "schema_version": "A Semiautomagic sheet saved by another version of the app.",
    "bad_investigator": "A Call of Cthulhu investigator sheet that is not well formed.",
    "duplicate_skill": "A skill listed twice on one sheet.",
    "unknown_skill": "A skill not in the game's skill list.",
    "unknown_condition": "A condition the game does not have.",
    "unknown_ability": "A Semiautomagic ability the game does not have.",
    "unknown_defence": "A Semiautomagic defence the game does not have.",
    "unknown_movement": "A Semiautomagic movement kind the game does not have.",
    "unknown_damage_type": "A Semiautomagic damage type the game does not have.",
    "unknown_weapon": "A weapon that is not on the character's sheet.",
    "unknown_game": "A game this app does not know.",
    "unknown_setting": "A house rule that the campaign's game does not have.",
    "bad_table": "A rule table (the Fear Table) with no row for the result.",
    "bad_entry": "A log entry that is not well formed.",
    "bad_encounter": "An encounter that is not well formed.",
    "cannot_repair": "A damaged campaign that the repair cannot mend; export it as it is.",
    # The table: proposals between devices (py_rules/table/)
    "bad_table_record": "A seat, proposal, roll request, decision, update or invitation that is not well formed.",
    # What the rules refuse (the message says which rule)
    "rule_violation": "The rules do not allow this now.",
    "not_allowed": "The rules, or a house rule, do not allow this for this character.",
    "refused": "A step of the encounter that the rules refused (the message is the rule's).",
    "ended": "The encounter has ended.",
    "no_order_rule": "The game has no order rule: the game master sets the order.",
    "no_change": "The character already is (or already is not) what was asked.",
    "not_present": "A condition or status to take off that the character does not have.",
    "implied": "A condition that comes from another one: take that one off instead.",
    "dead": "The character is dead: they roll nothing and heal no more.",
    "dying": "The character is dying: play it out round by round, or stabilise them first.",
    "death_pending": "The character dies within minutes unless resuscitated.",
    "soul_coma": "A body in a Soul Coma is checked hour by hour, not day by day.",
    "not_dying": "The character is not dying, so there is nothing to stabilise.",
    "not_dead": "The creature is not dead, so there is nothing to resuscitate.",
    "too_late": "Too long dead for resuscitation.",
    "needs_resuscitation": "First Aid is not enough: the character needs resuscitation.",
    "already_treated": "First Aid was already given for this injury.",
    "not_injured": "The character has no injury to treat.",
    "not_owed": "The character owes no such test now.",
    "not_confused": "The creature is not Confused.",
    "not_staggered": "The creature is not Staggered.",
    "not_sleeping": "The creature is not Sleeping.",
    "not_in_soul_coma": "The creature is not in a Soul Coma.",
    "not_an_object": "A living creature heals; only objects are repaired.",
    # Faults: the engine failed, or the page could not reach it
    "internal": "The engine failed on this request (a fault to report, with the message).",
}
"""Every error code → what it means, in plain words."""

PAGE_CODES: dict[str, str] = {
    "stopped": "The page stopped a call that ran past its deadline and started the engine again; nothing was lost.",
    "not_ready": "The page's engine is still starting.",
}
"""Codes only the page gives (web/rpc.mjs), never the engine."""

ERROR_CODES.update(PAGE_CODES)


def catalog_errors() -> list[dict]:
    """The catalog's ``errors``: every code with its meaning, in the order declared.

    >>> catalog_errors()[0]
    {'code': 'bad_request', 'meaning': 'The request is not an object with an operation, or its text was sent twice.'}
    """
    return [{"code": code, "meaning": meaning} for code, meaning in ERROR_CODES.items()]
