from playwright.sync_api import expect
from tests.web.helpers import new_campaign, new_character, stored_campaigns, stored_log

def test_scratch(app):
    page = app
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": 768, "height": 1024})
    cid = new_campaign(page, "Fight", "coc")
    new_character(page, "coc", "Harvey", {"DEX": 60}, {"Fighting (Brawl)": 60})
    new_character(page, "coc", "Cultist", {"DEX": 50}, {"Dodge": 20})
    page.get_by_role("link", name="Encounter").click()
    page.get_by_label("Name of the encounter").fill("The cellar")
    page.get_by_role("button", name="Start the encounter").click()
    expect(page.locator("#encounter-title")).to_have_text("The cellar")
    page.locator("[data-add]").first.click()
    page.wait_for_timeout(1500)
    print(errors, page.locator("body").inner_text()[-300:])
    page.locator("[data-add]").first.click()
    expect(page.locator(".combatant")).to_have_count(2)
    page.get_by_label("NPC name").fill("Ghoul")
    page.get_by_label("Give them a sheet").uncheck()
    page.get_by_role("button", name="Add the NPC").click()
    expect(page.locator(".combatant")).to_have_count(3)
    page.locator('[data-step="order"]').click()
    page.wait_for_timeout(1500)
    page.screenshot(path="/tmp/encscratch/a.png", full_page=True)
    print(page.locator(".combatants").inner_text())
    print(errors)
