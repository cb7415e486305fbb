"""A fight on the encounter screen, for each game (TABLE.md, Encounter): three combatants (two characters of the
party and a quick NPC), ordered by the game's rule (Semiautomagic: the GM's, moved by keyboard); an attack on a
target picked by touch, damage that starts dying (CoC: a major wound), a condition with a duration; two rounds
whose end runs the rules with typed dice; the order, round counter, timers and log entries checked; the last
change undone (both sheets back exactly); a reload that carries on from the same round and turn; two entries
written as a forum post in Markdown (the attack and the step that ended round 2, one entry telling its dying roll) and
compared with a golden text, and the Log screen's forum post of the last two entries in the campaign's format.

The party is put straight into storage, the sheets those the guided form makes from the same numbers and skills
(tests/web/guided_sheets.py); the encounter is made on the screen. One game's fight carries on after a real reload,
which boots the engine again; the others' after the campaign is read again from storage (helpers.let_go)."""

import json
import uuid

import pytest
from playwright.sync_api import expect

from py_rules.api import call
from tests.web.guided_sheets import armageddon_character, investigator, semiautomagic_creature
from tests.web.helpers import campaign_record, let_go, open_stored, roll, stored_campaigns, stored_log, wait_until
from tests.web.test_interchange import stub_clipboard, written

pytestmark = pytest.mark.shared_app  # one booted page for the module, emptied before each test (conftest.py, app)

GAMES = {
    "armageddon": {
        # Jack: Dexterity 3, Brawling 2; Ann as the form makes her with nothing typed
        "party": [
            lambda: armageddon_character("Jack", {"Brawling": 2}, Dexterity=3),
            lambda: armageddon_character("Ann"),
        ],
        "npc": ("Zombie", {"npc-dexterity": "1"}),
        "npc_sheet": True,  # an NPC with a sheet of its own
        "order_faces": "5 4 2",  # Initiative d10 for Jack, Ann, Zombie (in the order they joined)
        "order": [("Jack", "Initiative 8"), ("Ann", "Initiative 6"), ("Zombie", "Initiative 3")],
        # the Attack: d10 6 + Dexterity 3 + Brawling 2 = 11 (2 Success Levels); Ann's dodge 3 + 2 − 2 fails;
        # Jack's punch d4 3 × Strength 2 + 2 Success Levels = 8
        "attack": {
            "faces": "6 3 3",
            "fields": {},
            "shows": "Total 11 vs 9: success — hit: 8 damage",
            "then": "Ann loses 8 LP (26 → 18)",
        },
        "hurt_round": 1,
        "hurt": (
            "damage",
            {"amount": "32"},
            "5 9",
            "Ann loses 32 LP (18 → -14)",
        ),  # Consciousness Test 5, Survival Test 9: dying
        "condition": None,
        "round_faces": {1: None, 2: None},
        "timers": [
            ("Ann", "next Survival Test in 60 s"),
            ("Ann", "next Survival Test in 55 s"),
            ("Ann", "next Survival Test in 50 s"),
        ],
        "round_op": "armageddon.advance_time",
        "round_2_says": None,  # Ann's next Survival Test is 50 s away
        "post": ("armageddon.attack", "armageddon.apply_damage"),  # the attack, the blow that starts dying
        "golden": (  # the forum's Markdown: dice as a person reads them, said physical (typed)
            "**Jack**: Attack → Ann — Total 11 vs 9: success — hit: 8 damage\n"
            "- Jack: attack with Punch (Brawling), rolled 11 against 9 — 2 Success Levels (Decent)\n"
            "- Ann: dodge (Dodge), rolled 3 against 9 — 0 Success Levels (Failure)\n"
            "- Dice (physical): 1d10: 6 (attack); 1d10: 3 (defence); 1d4: 3 (Punch damage)\n"
            "- Modifiers: +3 Jack: attack with Punch: Dexterity, +2 Jack: attack with Punch: Brawling, "
            "+2 Ann: dodge (Dodge): Dexterity, -2 Ann: dodge (Dodge): unskilled (Dodge 0)\n"
            "- Jack hits Ann with Punch for 8 damage.\n"
            "- Ann loses 8 LP (26 → 18).\n\n"
            "**Ann takes 32 LP damage** — Ann loses 32 LP (18 → -14).\n"
            "- Dice (physical): 1d10: 5 (Consciousness Test (LP)); 1d10: 9 (Survival Test no. 1)\n"
            "- Modifiers: +2 Consciousness Test (LP): Constitution, +2 Consciousness Test (LP): Willpower, "
            "-14 Consciousness Test (LP): -14 LP (−1 per LP below 0), +2 Survival Test no. 1: Constitution, "
            "+2 Survival Test no. 1: Willpower, -1 Survival Test no. 1: -14 LP (−1 per 10 below 0)\n"
            "- Ann is knocked down.\n"
            "- Ann is stunned and semi-conscious.\n"
            "- Ann falls unconscious (Consciousness Test -5).\n"
            "- Ann is dying (−10 LP or less): Survival Test now and every minute.\n"
            "- Ann survives this minute (Survival Test 12); the next test is due in 1 minute unless First Aid stabilises them.\n"
        ),
    },
    "semiautomagic": {
        "party": [
            lambda: semiautomagic_creature("Mira", {"Weapon Skill": 2}),
            lambda: semiautomagic_creature("Grub", {"Reflex": 1}),
        ],
        "npc": ("Imp", {}),
        "order_faces": None,  # the GM's order: the Imp moved to the top by keyboard
        "order": [("Imp", "Place 1"), ("Mira", "Place 2"), ("Grub", "Place 3")],
        "attack": {"faces": "5", "fields": {}, "shows": "Total 7 vs 4: success — hit"},
        "hurt_round": 1,
        "hurt": ("damage", {"damage": "9"}, None, "Grub starts dying"),
        "condition": (
            "Mira",
            {"condition": "Staggered", "duration": "2", "unit": "rounds"},
            "3",
            "Staggered (2 rounds left)",
        ),
        # Staggered d6 for Mira (round 1 only), then Grub's d10 to stabilise and d6 endurance check; in round 2 a 10 stabilises him, a d4 for the hours until he wakes
        "round_faces": {1: "3 3 4", 2: "10 2"},
        "timers": [
            ("Mira", "Staggered (2 rounds left)"),
            ("Mira", "Staggered (1 round left)"),
            ("Mira", "No conditions"),
        ],
        "round_op": "semiautomagic.advance_rounds",
        "round_2_says": "Grub: Dying: d10 10 — stabilised",
        "golden": (
            "**Mira**: Attack → Grub — Total 7 vs 4: success — hit\n"
            "- Dice (physical): 1d6: 5 (attack roll)\n"
            "- Modifiers: +2 Weapon Skill bonus\n\n"
            "**The cellar** — Mira: Staggered ends (its time is up)\n"  # the step that ended round 2: what it decided,
            "- Grub: Dying: d10 10 — stabilised; Unconscious: 2 hours left\n"  # not whose turn it is now
        ),
    },
    "coc": {
        "party": [
            lambda: investigator("Harvey", {"Fighting (Brawl)": 60}, DEX=60),
            lambda: investigator("Cultist", {"Dodge": 20}, DEX=50),
        ],
        "npc": ("Ghoul", {"npc-dex": "40", "npc-combat_skill": "30"}),
        "order_faces": None,  # DEX 60, 50, 40: no tie, no roll-off
        "order": [("Harvey", "Initiative 60"), ("Cultist", "Initiative 50"), ("Ghoul", "Initiative 40")],
        "attack": {"faces": "0 30 0 90 2", "fields": {}, "shows": "Cultist loses 2 HP (10 → 8)"},
        "hurt_round": 2,
        "hurt": ("damage", {"amount": "8"}, None, "dying"),  # damage this round 8 > 10 / 2: a major wound, at 0 HP
        "condition": None,  # its conditions (prone, unconscious) have no duration: its timers are the dying rolls
        "round_faces": {1: None, 2: "5 40"},  # the dying CON roll at the end of round 2
        "round_2": (
            "Harvey",
            "damage",
            {"amount": "1"},
            "Harvey loses 1 HP",
        ),  # the ghoul's claw: reset at the round's end
        "timers": [("Cultist", "No conditions"), ("Cultist", "No conditions"), ("Cultist", "major wound")],
        "round_op": "coc.advance_time",
        "round_2_says": "Cultist: CON roll (dying) 45 vs 50 — Regular success: clings to life",
        "golden": (
            "**Harvey**: Attack → Cultist — Rolled 30 against 60 — Hard success\n"
            "- Harvey: attacks with Fighting (Brawl), rolled 30 against 60 — Hard success\n"
            "- Cultist: dodges with Dodge, rolled 90 against 20 — Failure\n"
            "- Dice (physical): Fighting (Brawl) roll (Harvey), d100: 30 (tens 30, units 0); Dodge roll (Cultist), "
            "d100: 90 (tens 90, units 0); 1d3: 2 (Unarmed damage)\n"
            "- Harvey hits Cultist for 2\n"
            "- Cultist loses 2 HP (10 → 8)\n"
            "- Harvey ticks Fighting (Brawl) for improvement\n\n"
            "**The cellar** — Cultist: CON roll (dying) 45 vs 50 — Regular success: clings to life\n"  # the step that ended round 2
        ),
    },
}


RELOADED = "coc"
"""The game whose fight carries on after a real reload (the others' after their campaign is read again from storage:
the encounter is in the same record, read by the same code)."""


def row(page, name):
    return page.locator(".combatant", has=page.locator("h3", has_text=name))


def step(page, button, faces=None):
    """Type the faces for the encounter's own rolls (physical dice), press ``button``, wait for the step."""
    controls = page.locator(".encounter-controls")
    if faces:
        controls.get_by_text("Physical dice", exact=True).click()
        controls.locator('input[name="dice"]').fill(faces)
    happened = page.locator("[data-happened]")
    serial = int(happened.get_attribute("data-happened")) if happened.count() else 0
    button.click()
    error = controls.locator(".dice-field .field-error:not([hidden])")
    expect(page.locator(f'[data-happened="{serial + 1}"]').or_(error)).to_be_visible()
    assert error.is_hidden(), error.inner_text()
    if faces:
        controls.get_by_text("Digital", exact=True).click()


def quick(page, name, key, fields, faces=None, confirm=None):
    """A quick action from a combatant's card through the roll drawer; the result text (``confirm``: the answer
    when the drawer asks first, as it does for damage beyond the pool)."""
    row(page, name).locator(f'[data-action="{key}"]').click()
    text = roll(page, faces=faces, fields=fields, confirm=confirm)
    page.get_by_role("button", name="Close the roll drawer").click()
    return text


def next_turn(page, faces=None):
    step(page, page.locator("[data-next]"), faces)


def turn(page):
    return page.locator(".turn-now").inner_text()


def sheets(page, campaign_id):
    record = [each for each in stored_campaigns(page) if each["id"] == campaign_id][0]
    return {each["sheet"]["name"]: each["sheet"] for each in record["characters"]}, record["encounters"]


@pytest.mark.parametrize("game", GAMES)
def test_a_fight_of_two_rounds(app, game):
    spec = GAMES[game]
    page = app
    page.set_viewport_size({"width": 1024, "height": 768})
    party = {f"ch-{i}": make() for i, make in enumerate(spec["party"])}
    hero, foe = (sheet["name"] for sheet in party.values())
    campaign_id = f"c-{uuid.uuid4().hex[:12]}"  # a new one each time, as the app makes it: no verdict kept for it
    open_stored(page, campaign_record(campaign_id, f"Fight {game}", game, party), f"#/c/{campaign_id}")
    expect(page.locator(".character-card")).to_have_count(2)
    npc, numbers = spec["npc"]

    # start, add the party by a tap each and a quick NPC by its name and the numbers the order needs
    page.get_by_role("link", name="Encounter").click()
    page.get_by_label("Name of the encounter").fill("The cellar")
    page.get_by_role("button", name="Start the encounter").click()
    expect(page.locator("#encounter-title")).to_have_text("The cellar")
    encounter_id = page.evaluate("location.hash").split("/")[-1]
    for name in (hero, foe):
        page.locator(".party-pick button", has_text=name).click()
        expect(row(page, name)).to_be_visible()
    page.get_by_label("NPC name").fill(npc)
    for field, value in numbers.items():
        page.locator(f'input[name="{field}"]').fill(value)
    page.get_by_label("Give them a sheet").set_checked(spec.get("npc_sheet", False))
    page.get_by_role("button", name="Add the NPC").click()
    expect(page.locator(".combatant")).to_have_count(3)
    expect(row(page, npc).locator(".tag").first).to_have_text("NPC" if spec.get("npc_sheet") else "quick NPC")

    # the order by the game's rule, each combatant's initiative number shown
    if game == "semiautomagic":
        up = row(page, npc).get_by_role("button", name=f"Move {npc} up")
        up.focus()
        page.keyboard.press("Enter")
        expect(page.locator(".combatant h3").nth(1)).to_have_text(npc)
        expect(row(page, npc).get_by_role("button", name=f"Move {npc} up")).to_be_focused()  # focus follows the move
        page.keyboard.press("Enter")
    else:
        step(page, page.locator('[data-step="order"]'), spec["order_faces"])
    expect(page.locator(".combatant h3")).to_have_text([name for name, _ in spec["order"]])
    expect(page.locator(".combatant .initiative")).to_have_text([number for _, number in spec["order"]])
    expect(page.locator('.combatant[aria-current="true"] h3')).to_have_text(hero)

    # the attack: Attack → the target by touch → Roll (three taps), with the target already chosen
    row(page, hero).locator('[data-action="attack"]').click()
    row(page, hero).locator(".target-picker button", has_text=foe).click()
    expect(page.locator(".drawer select[name=opponent] option:checked")).to_have_text(foe)
    attack = spec["attack"]
    assert attack["shows"] in roll(page, faces=attack["faces"], fields=attack["fields"])
    if attack.get("follow"):
        page.locator(".drawer .follow-ups").get_by_role("button", name=attack["follow"]).click()
    if attack.get("then"):
        expect(page.locator(".drawer [data-result]")).to_contain_text(attack["then"])
    # the attack's post ends with whose post is next (the forum's Attack Order): the next in the order after the attacker
    stub_clipboard(page)
    page.locator(".drawer [data-result]").get_by_role("button", name="Copy for the forum (BBCode)").click()
    wait_until(page, "() => (window.__copied || []).length > 0")
    names = [name for name, _ in spec["order"]]
    after = names[(names.index(hero) + 1) % len(names)]
    assert written(page).rstrip().endswith(f"Next to post: [b]{after}[/b]"), written(page)
    page.get_by_role("button", name="Close the roll drawer").click()

    if spec["condition"]:
        who, fields, faces, shows = spec["condition"]
        quick(page, who, "condition", fields, faces)
        expect(row(page, who).locator("[data-conditions]")).to_contain_text(shows)
    key, fields, faces, shows = spec["hurt"]
    rounds_seen = []
    for round_number in (1, 2):
        if spec["hurt_round"] == round_number:
            assert shows in quick(
                page, foe, key, fields, faces, confirm=None if game == "coc" else "Apply"
            )  # beyond LP / at Toughness: asked
        if round_number == 2 and spec.get("round_2"):
            who, action, values, says = spec["round_2"]
            assert says in quick(page, who, action, values)
        if round_number == 1:
            timer_who, first_timer = spec["timers"][0]
            expect(row(page, timer_who)).to_contain_text(first_timer)
        while f"Round {round_number}" in turn(page):
            last = "Round" in turn(page) and page.locator('.combatant[aria-current="true"]').get_attribute(
                "data-combatant"
            ) == page.locator(".combatant").last.get_attribute("data-combatant")
            if last:
                before_end = sheets(page, campaign_id)
            next_turn(page, spec["round_faces"][round_number] if last else None)
        rounds_seen.append(page.locator(".turn-now .round").inner_text())
        timer_who, timer = spec["timers"][round_number]
        expect(row(page, timer_who)).to_contain_text(timer)
    assert rounds_seen == ["Round 2", "Round 3"]

    # the log: ONE "change" entry per step with the encounter before and after; what the end-of-round rules
    # decided is told in the step's events (a dying roll with its outcome), none logged apart
    log = [entry for entry in stored_log(page, campaign_id) if entry["encounter"] == encounter_id]
    ends = [
        entry
        for entry in log
        if entry["op"] == "encounter.next" and entry["encounter_after"]["round"] > entry["encounter_before"]["round"]
    ]
    assert [
        (entry["encounter_before"]["round"], entry["encounter_after"]["round"], entry["kind"]) for entry in ends
    ] == [(1, 2, "change"), (2, 3, "change")]
    assert not [entry for entry in log if entry["op"] == spec["round_op"] or entry["op"].endswith(".initiative")]
    told = ends[-1]["result"]["events"][1:]
    assert (spec["round_2_says"] in " ".join(told)) if spec["round_2_says"] else told == []
    attacks = [entry for entry in log if entry["op"].endswith((".attack", ".roll_damage"))]
    assert attacks and all(entry["encounter"] == encounter_id for entry in attacks)

    # undo the last change (the end of round 2, which changed both sheets): they and the encounter go back exactly
    end = ends[-1]
    names = {each["id"]: each["sheet"]["name"] for each in stored_campaigns(page)[0]["characters"]}
    assert {hero, foe} <= {names[cid] for cid in end["before"]} and set(end["before"]) <= set(end["who"])
    expect(page.locator('[data-history="undo"]')).to_have_text("↶Undo: Next — The cellar")  # says what it undoes
    page.locator('[data-history="undo"]').click()
    expect(page.locator(".turn-now .round")).to_have_text("Round 2")
    after_undo, encounters = sheets(page, campaign_id)
    assert after_undo == before_end[0]
    assert [each for each in encounters if each["id"] == encounter_id][0] == end["encounter_before"]
    expect(page.locator('.combatant[aria-current="true"]')).to_have_attribute(
        "data-combatant", end["encounter_before"]["combatants"][-1]["id"]
    )

    # reload mid-encounter: the same round and turn, and the fight carries on
    shown = turn(page)
    if game == RELOADED:
        page.reload()
    else:  # what a reload reads, read again from storage without booting the engine again
        let_go(page)
        page.goto(page.url.split("#")[0] + f"#/c/{campaign_id}/encounter/{encounter_id}")
    expect(page.locator("#encounter-title")).to_have_text("The cellar")
    expect(page.locator(".turn-now .round")).to_have_text("Round 2")
    assert turn(page) == shown
    next_turn(page, spec["round_faces"][2])
    expect(page.locator(".turn-now .round")).to_have_text("Round 3")

    # two entries as a forum post in Markdown (the engine's forum.stretch), against the golden text
    log = [entry for entry in stored_log(page, campaign_id) if entry["encounter"] == encounter_id]
    first, second = spec.get("post", (None, "encounter.next"))
    two = [
        attacks[0] if first is None else [entry for entry in log if entry["op"] == first][0],
        [entry for entry in log if entry["op"] == second][-1],
    ]
    assert forum_post(two, fmt="markdown") == spec["golden"], forum_post(two, fmt="markdown")

    # the Log screen's post of the encounter is the engine's, in the campaign's format (BBCode until changed)
    page.get_by_role("link", name="Log", exact=True).click()
    page.get_by_text("Copy for a forum post").click()
    page.locator(".forum-export").get_by_text("An encounter", exact=True).click()
    fight = [entry for entry in stored_log(page, campaign_id) if entry["encounter"] == encounter_id]
    expected = forum_answer(fight, f"Fight {game}: The cellar")
    assert expected["count"] >= 3 and "Round 2:" not in expected["text"], expected["text"]  # no turn lines of Next
    expect(
        page.locator(".forum-export label", has_text=f"The post ({expected['count']} entries, BBCode)")
    ).to_be_visible()
    assert page.locator(".forum-preview").input_value() == expected["text"]

    # the Log screen's encounter filter: this encounter's entries only (not a second encounter's), newest first
    page.get_by_role("link", name="Encounter", exact=True).click()
    page.get_by_label("Name of the encounter").fill("The attic")
    page.get_by_role("button", name="Start the encounter").click()
    expect(page.locator("#encounter-title")).to_have_text("The attic")
    page.get_by_role("link", name="Log", exact=True).click()
    ids = [entry["id"] for entry in stored_log(page, campaign_id) if entry["encounter"] == encounter_id]
    expect(page.locator(".log-row").first).to_contain_text("The attic")
    page.get_by_label("Encounter", exact=True).select_option(label="The cellar")
    expect(page.locator(".log-row").first).to_have_attribute("data-entry", ids[-1])
    shown = page.locator(".log-row").evaluate_all("rows => rows.map((row) => row.dataset.entry)")
    assert shown == [i for i in reversed(ids)][: len(shown)]


def forum_answer(entries, title="", fmt="bbcode", undone="leave_out"):
    """The engine's forum post of log entries (forum.stretch through the JSON door, as the page calls it): its
    ``text`` and ``count`` (the entries it tells)."""
    args = {"entries": entries, "title": title, "format": fmt, "undone": undone}
    answer = json.loads(call(json.dumps({"op": "forum.stretch", "args": args})))
    assert answer["ok"], answer
    return answer["result"]["details"]


def forum_post(entries, title="", fmt="bbcode", undone="leave_out"):
    return forum_answer(entries, title, fmt, undone)["text"]
