"""The page end to end in Debian Chromium (issue 2, Tests a–f)."""

from playwright.sync_api import expect

from tests.web.helpers import field_error, fill, open_op, run, submit


def test_page_reaches_ready_and_lists_the_task_with_covers(app):
    form = open_op(app, "armageddon.task")
    expect(form.locator('[name="attribute"]')).to_be_visible()
    expect(app.locator("#op-select option:checked")).to_contain_text("U4")


def test_task_with_typed_physical_dice_shows_total_levels_and_rule_of_10(app):
    text = run(app, "armageddon.task", {"label": "Ann shoots the ghoul", "attribute_name": "Dexterity", "attribute": 2,
                                        "skill_name": "Handguns", "skill": 3, "dice": "10 7"})
    assert "Ann shoots the ghoul" in text
    assert "Total 17 vs 9: success — 5 Success Levels (Excellent)" in text
    assert "Rule of 10: reroll 7 − 5 = 2 → +2 (die now 12)" in text
    assert "+3 Handguns" in text


def test_task_rule_of_1_chain_is_shown(app):
    text = run(app, "armageddon.task", {"attribute": 2, "skill": 3, "dice": "1 3"})
    assert "Total 3 vs 9: failure" in text
    assert "Rule of 1: reroll 3 − 5 = -2 replaces the die (die now -2)" in text


def test_bad_value_shows_error_next_to_field_and_next_roll_works(app):
    form = open_op(app, "armageddon.task")
    fill(form, {"attribute": -3, "skill": 2, "dice": "5"})
    form.locator("button[type=submit]").click()
    error = field_error(form, "attribute")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Attribute level must be between 0 and 20")
    expect(form.locator('[name="attribute"]')).to_have_attribute("aria-invalid", "true")
    expect(app.locator("#results > li")).to_have_count(0)

    fill(form, {"attribute": 3, "dice": "10 10"})
    form.locator("button[type=submit]").click()
    expect(field_error(form, "dice")).to_contain_text("Die 3 is missing")
    expect(error).to_be_hidden()
    expect(app.locator("#results > li")).to_have_count(0)

    fill(form, {"dice": "6"})
    text = submit(app, form)
    assert "Total 11 vs 9: success — 2 Success Levels (Decent)" in text
    expect(field_error(form, "dice")).to_be_hidden()


def test_label_with_html_is_shown_as_text_and_runs_nothing(app):
    dialogs = []
    app.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    payload = "<img src=x onerror=alert(1)>"
    text = run(app, "armageddon.task", {"label": payload, "attribute": 2, "skill": 1, "dice": "5"})
    assert payload in text
    assert app.locator("#results img").count() == 0
    app.wait_for_timeout(300)
    assert dialogs == []


def test_offline_after_one_visit_reload_boots_and_rolls(page, own_site, foreign_requests):
    _copy, url, server = own_site
    page.goto(url)
    html = page.locator("html")
    expect(html).to_have_attribute("data-offline-ready", "true", timeout=120_000)
    server.shutdown()  # the site is gone, and so is the network
    server.server_close()
    page.context.set_offline(True)
    try:
        for _ in range(2):
            page.reload()
            expect(html).to_have_attribute("data-ready", "true", timeout=120_000)
            text = run(page, "armageddon.task", {"attribute": 2, "skill": 3, "dice": "4"})
            assert "Total 9 vs 9: success — 1 Success Level (Adequate)" in text
    finally:
        page.context.set_offline(False)


def test_api_reference_lists_every_operation_from_the_catalog(page, site_url, foreign_requests, dist_dir):
    import json

    from py_rules import api

    catalog = api.catalog()
    assert json.loads((dist_dir / "catalog.json").read_text()) == catalog  # the page's copy is the engine's
    page.goto(site_url + "reference.html")
    expect(page.locator("article.op-ref")).to_have_count(len(catalog["operations"]))
    task = page.locator('article[id="armageddon.task"]')
    expect(task).to_contain_text("Covers U2, U3, U4, U5")
    expect(task.locator("td").first).to_have_text("label")
