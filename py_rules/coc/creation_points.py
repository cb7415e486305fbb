"""Skill points at creation (C23; rules/coc.md §3.2a): the occupation's points by its formula, personal interest
points INT × 2, what is spent and left of each, and each skill as base + occupation points + personal points.

Refused, naming the field: spending more than a budget; occupation points on a skill the occupation does not list
(Credit Rating is always bought with them); any points on Cthulhu Mythos; a skill above the sheet's most or the
table's cap at creation (a house setting, none by default; Credit Rating follows its range instead); and, once the
draft is complete, a Credit Rating outside the occupation's range (while drafting, one still below it is a note).
"""

from __future__ import annotations

from py_rules.coc.age import band_for
from py_rules.coc.investigator import skill_name, skill_value
from py_rules.coc.occupations import CREDIT_RATING, FORMULA_WORDS, Occupation, match_listed, occupation_points
from py_rules.coc.tables import CHARACTERISTICS, MYTHOS, SKILL_MAX
from py_rules.errors import RulesError
from py_rules.limits import shown
from py_rules.trace import Log, Result

__all__ = ("creation_points", "POINTS_FIELDS", "BUDGET_WORDS")

SOURCE = "rules/coc.md §3.2a"
POINTS_FIELDS = ("occupation_points", "personal_points")
BUDGET_WORDS = {"occupation_points": "Occupation points", "personal_points": "Personal interest points"}
_SKILLS_MAX = 120
"""Most skills one draft spends points on (every skill of the list, and specialities)."""
_POINTS_MAX = 999
"""Most points on one skill (no budget comes near it; a skill ends at most at the sheet's highest)."""


def _points(raw, field: str) -> dict:
    """``{skill: points}`` with each skill in the sheet's spelling; a RulesError names the field and the skill."""
    said = BUDGET_WORDS[field]
    if not isinstance(raw, dict):
        raise RulesError("wrong_type", f"{said} must name each skill and its points.", field)
    if len(raw) > _SKILLS_MAX:
        raise RulesError("out_of_range", f"{said}: at most {_SKILLS_MAX} skills (got {len(raw)}).", field)
    out = {}
    for key, value in raw.items():
        try:
            name = skill_name(key)
        except RulesError as error:
            raise _refuse(error.code, field, error.message, key[:200]) from None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _POINTS_MAX:
            raise _refuse(
                "wrong_type",
                field,
                f"{name} must be a whole number from 0 to {_POINTS_MAX} (got {shown(value)}).",
                name,
            )
        if name in out:
            raise _refuse("duplicate_skill", field, f"{name} is named twice.", name)
        if name == MYTHOS and value:
            raise _refuse(
                "not_allowed", field, "Cthulhu Mythos cannot be raised at creation (rules/coc.md §3.2a).", name
            )
        if value:
            out[name] = value
    return out


def _refuse(code: str, field: str, message: str, skill: str | None = None) -> RulesError:
    path = f"{field}.{skill}" if skill else None
    return RulesError(code, f"{BUDGET_WORDS[field]}: {message}", field, path, message)


def creation_points(
    *,
    characteristics: dict,
    age: int,
    occupation: Occupation,
    formula: str,
    occupation_points_spent: dict,
    personal_points_spent: dict,
    skill_cap: int | None = None,
    complete: bool = True,
    label: str = "",
) -> Result:
    """The budgets, what is spent and left of each, and each skill's value (see the module's docstring)."""
    chars = {key: characteristics[key] for key in CHARACTERISTICS}
    if not formula:
        formula = occupation.formulas[0]
    if formula not in occupation.formulas:
        offered = " or ".join(FORMULA_WORDS[key] for key in occupation.formulas)
        raise RulesError(
            "bad_choice", f"Formula: {occupation.name} offers {offered}, not {FORMULA_WORDS[formula]}.", "formula"
        )
    occ = _points(occupation_points_spent, "occupation_points")
    personal = _points(personal_points_spent, "personal_points")

    listed, unlisted = match_listed(occupation, list(occ))
    if unlisted:
        skills = "; ".join(entry.words() for entry in occupation.entries)
        raise _refuse(
            "not_allowed",
            "occupation_points",
            f"{occupation.name} does not list "
            f"{', '.join(unlisted)} (its skills: {skills}; and Credit Rating). Spend personal interest "
            f"points there instead.",
            unlisted[0],
        )

    occ_total, working = occupation_points(formula, chars)
    personal_total = chars["INT"] * 2
    budgets = {}
    for field, total, spent_map, how in (
        ("occupation_points", occ_total, occ, working),
        ("personal_points", personal_total, personal, f"INT {chars['INT']} × 2 = {personal_total}"),
    ):
        spent = sum(spent_map.values())
        if spent > total:
            raise _refuse("out_of_range", field, f"{spent} spent of {total} ({how}): {spent - total} too many.")
        budgets[field] = {
            "label": BUDGET_WORDS[field],
            "total": total,
            "spent": spent,
            "left": total - spent,
            "working": how,
        }

    state = {"characteristics": chars, "skills": {}, "age": age}
    rows = []
    low, high = occupation.credit_rating
    named = [entry.names[0] for entry in occupation.entries if entry.kind == "skill"]
    for name in dict.fromkeys([*named, CREDIT_RATING, *listed, *personal]):
        base = skill_value(state, name)
        points_here, personal_here = occ.get(name, 0), personal.get(name, 0)
        value = base + points_here + personal_here
        field = "occupation_points" if points_here else "personal_points"
        if not points_here and not personal_here:  # a skill left at its base is the rules' own, never refused
            pass
        elif value > SKILL_MAX:
            raise _refuse(
                "out_of_range",
                field,
                f"{name} would be {value} ({base} + {points_here} + {personal_here}); a skill is at most {SKILL_MAX}.",
                name,
            )
        elif skill_cap is not None and name != CREDIT_RATING and value > skill_cap:
            raise _refuse(
                "out_of_range",
                field,
                f"{name} would be {value}; this table caps a skill at {skill_cap} at creation (a house rule).",
                name,
            )
        rows.append(
            {
                "name": name,
                "base": base,
                "occupation": points_here,
                "personal": personal_here,
                "value": value,
                "listed_as": listed.get(name) or (name if name in named else None),
            }
        )

    credit = next((row["value"] for row in rows if row["name"] == CREDIT_RATING), 0)
    to_do = []
    if credit > high or (complete and credit < low):
        field = "occupation_points" if occ.get(CREDIT_RATING) or not personal.get(CREDIT_RATING) else "personal_points"
        raise _refuse(
            "out_of_range",
            field,
            f"Credit Rating must end between {low} and {high} for {occupation.name} (got {credit}).",
            CREDIT_RATING,
        )
    if credit < low:
        to_do.append(f"Credit Rating is {credit}; {occupation.name} needs {low}–{high}.")

    band = band_for(age) if 15 <= age <= 89 else None
    log = Log()
    log.step(f"{occupation.name}: occupation points {working}", SOURCE)
    log.step(f"Personal interest points: INT {chars['INT']} × 2 = {personal_total}", SOURCE)
    for row in rows:
        if row["occupation"] or row["personal"]:
            log.step(f"{row['name']}: {row['base']} + {row['occupation']} + {row['personal']} = {row['value']}", SOURCE)
    log.step(f"Credit Rating {credit} (range {low}–{high})", SOURCE)
    if skill_cap is not None:
        log.step(f"Cap per skill at creation: {skill_cap} (house rule)", SOURCE)
    spent = budgets["occupation_points"], budgets["personal_points"]
    log.event(
        f"Occupation points {spent[0]['spent']} of {spent[0]['total']} ({spent[0]['left']} left); personal "
        f"interest {spent[1]['spent']} of {spent[1]['total']} ({spent[1]['left']} left)"
    )
    return Result.of(
        log,
        "coc",
        "creation_points",
        label=label,
        details={
            "occupation": occupation.to_dict(),
            "formula": {"key": formula, "words": FORMULA_WORDS[formula]},
            "budgets": budgets,
            "skills": rows,
            "skill_values": {row["name"]: row["value"] for row in rows if row["occupation"] or row["personal"]},
            "credit_rating": {"value": credit, "low": low, "high": high},
            "skill_cap": skill_cap,
            "age_band": band.words() if band else None,
            "to_do": to_do,
        },
    )
