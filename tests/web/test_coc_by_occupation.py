"""A Call of Cthulhu investigator made by occupation (rules/coc.md §3.2a) in the guided form: the characteristics
rolled with their dice shown beside each, an occupation picked and its formula taken, occupation and personal
interest points spent to the last point (the budgets are the engine's, updated as the points are typed), saved;
the sheet shows each skill's value and the dice kept."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.helpers import new_campaign, open_sheet, stored_campaigns

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "coc-occupation"
BASES = {
    "Spot Hidden": 25,
    "Listen": 20,
    "Stealth": 20,
    "Law": 5,
    "Psychology": 10,
    "Credit Rating": 0,
    "Library Use": 20,
    "Drive Auto": 20,
    "Ride": 5,
}


def shoot(page, name):
    """Full-page screenshots at a phone's, a tablet's and a tablet's landscape size (test-results/coc-occupation/)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in ((390, 844), (768, 1024), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"{name}-{width}x{height}.png"), full_page=True)
    page.set_viewport_size({"width": 1024, "height": 768})


def spread(total, skills, most=55):
    """``total`` points over ``skills``, at most ``most`` each, in order."""
    out = {}
    for skill in skills:
        out[skill] = min(most, total - sum(out.values()))
    assert sum(out.values()) == total
    return out


def budget(form, field):
    return form.locator(f'[data-budget="{field}"] dd')


def test_an_investigator_made_by_occupation_spends_both_budgets_exactly_and_keeps_the_dice(app):
    new_campaign(app, "Arkham", "coc")
    app.get_by_role("button", name="New investigator").click()
    form = app.locator("form.new-character")
    form.locator('input[name="name"]').fill("Ada")
    form.get_by_role("button", name="Roll the characteristics and Luck (at the age above)").click()
    str_field = form.locator(".field", has=app.locator('input[name="STR"]'))
    expect(str_field.locator(".help")).to_have_text(re.compile(r"^Rolled \(\d \+ \d \+ \d\) × 5 = \d+$"))
    edu_help = form.locator(".field", has=app.locator('input[name="EDU"]')).locator(".help")
    expect(edu_help).to_have_text(re.compile(r"^Rolled \(\d \+ \d \+ 6\) × 5 = \d+$"))
    numbers = {key: int(form.locator(f'input[name="{key}"]').input_value()) for key in ("STR", "EDU", "INT")}
    shown_dice = {
        key: form.locator(".field", has=app.locator(f'input[name="{key}"]')).locator(".help").inner_text()
        for key in ("STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU", "luck")
    }

    form.get_by_label("Spend skill points by occupation (the book's way)").check()
    expect(form.locator(".find-a-skill, #skill-search")).to_have_count(0)  # the points give every value now
    form.get_by_label("Occupation", exact=True).select_option("Private eye")
    form.get_by_label("Skill points formula").select_option(label="EDU × 2 + STR × 2")
    occupation_total = numbers["EDU"] * 2 + numbers["STR"] * 2
    personal_total = numbers["INT"] * 2
    expect(budget(form, "occupation_points")).to_contain_text(f"0 of {occupation_total} spent, {occupation_total} left")
    expect(budget(form, "credit_rating")).to_have_text("15–45 (now 0)")

    occupation = {
        "Credit Rating": 30,
        **spread(occupation_total - 30, ["Spot Hidden", "Listen", "Stealth", "Law", "Psychology"], most=70),
    }
    for skill, points in occupation.items():  # the occupation's skills and Credit Rating are listed already
        form.get_by_label(f"{skill}: occupation points", exact=True).fill(str(points))
    personal = spread(personal_total, ["Library Use", "Drive Auto", "Ride"], most=70)
    for skill, points in personal.items():
        if skill not in occupation:
            form.get_by_label("Spend points on another skill").fill(skill)
            form.get_by_role("button", name="Add the skill").click()
        form.get_by_label(f"{skill}: personal points", exact=True).fill(str(points))
    expect(budget(form, "occupation_points")).to_contain_text(f"{occupation_total} of {occupation_total} spent, 0 left")
    expect(budget(form, "personal_points")).to_contain_text(f"{personal_total} of {personal_total} spent, 0 left")
    expect(budget(form, "credit_rating")).to_have_text("15–45 (now 30)")
    expect(form.get_by_label("Library Use value")).to_have_text(f"= {20 + personal['Library Use']}")
    shoot(app, "by-occupation")

    # one point too many is refused under the budgets, in words, and the numbers come back when it is undone
    form.get_by_label("Law: occupation points", exact=True).fill(str(occupation["Law"] + 1))
    refusal = form.locator(".occupation-points > .field-error")
    expect(refusal).to_have_text(
        re.compile(
            r"^Occupation points: \d+ spent of \d+ \(EDU \d+ × 2 \+ STR \d+ × 2 = \d+\): "
            r"1 too many\.$"
        )
    )
    form.get_by_role("button", name="Create Ada").click()  # refused: nothing is saved while a budget is overspent
    expect(form.locator('[data-refused="occupation"]')).to_contain_text("Skill points: ")
    expect(form).to_be_visible()
    form.get_by_label("Law: occupation points", exact=True).fill(str(occupation["Law"]))
    expect(refusal).to_have_count(0)
    expect(budget(form, "occupation_points")).to_contain_text(f"{occupation_total} of {occupation_total} spent, 0 left")

    form.get_by_role("button", name="Create Ada").click()
    expect(app.locator(".character-card", has_text="Ada")).to_be_visible()
    sheet = next(c["sheet"] for c in stored_campaigns(app)[0]["characters"] if c["sheet"]["name"] == "Ada")
    values = {
        skill: BASES[skill] + occupation.get(skill, 0) + personal.get(skill, 0)
        for skill in {**occupation, **personal}
        if occupation.get(skill) or personal.get(skill)
    }
    assert sheet["skills"] == values
    assert sheet["occupation"] == "Private eye"
    record = sheet["creation"]
    assert record["dice_source"] == "digital" and set(record["rolls"]) == {
        "STR",
        "CON",
        "SIZ",
        "DEX",
        "APP",
        "INT",
        "POW",
        "EDU",
        "Luck",
    }
    assert (
        shown_dice["STR"] == f"Rolled ({' + '.join(map(str, record['rolls']['STR'][0]['dice']))}) × 5 = "
        f"{record['rolls']['STR'][0]['value']}"
    )

    open_sheet(app, "Ada")
    rolled = app.get_by_role("region", name="Rolled at creation")
    str_roll = record["rolls"]["STR"][0]
    expect(rolled).to_contain_text(f"STR: ({' + '.join(map(str, str_roll['dice']))}) × 5 = {str_roll['value']}")
    expect(rolled).to_contain_text(record["age"][0]["text"])
    for skill, value in values.items():
        expect(app.locator(f'[data-row="skill-{skill}"] .row-value')).to_have_text(str(value))
    shoot(app, "sheet")


def test_a_typed_occupation_refuses_points_on_a_skill_it_does_not_list(app):
    new_campaign(app, "Dunwich", "coc")
    app.get_by_role("button", name="New investigator").click()
    form = app.locator("form.new-character")
    form.get_by_label("Spend skill points by occupation (the book's way)").check()
    form.get_by_label("Occupation", exact=True).select_option("typed")
    form.get_by_label("Occupation name").fill("Antiquarian")
    form.get_by_label("Its skills").fill("Appraise, History, Art/Craft (any), any other")
    form.get_by_label("Credit Rating, lowest", exact=True).fill("20")
    expect(form.locator(".occupation-skills")).to_have_text(
        "Antiquarian: Appraise, History, Art/Craft (any), any other; and Credit Rating."
    )
    for skill in ("Ride", "Swim"):
        form.get_by_label("Spend points on another skill").fill(skill)
        form.get_by_role("button", name="Add the skill").click()
        form.get_by_label(f"{skill}: occupation points", exact=True).fill("10")
    refused = form.locator(".points-rows .field-error:not([hidden])")
    expect(refused).to_have_count(1)  # one of the two takes the one "any other" place; the other is refused
    expect(refused).to_contain_text("Antiquarian does not list")
    shoot(app, "typed-refused")
