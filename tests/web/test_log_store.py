"""The campaign log as stored (TABLE.md, Kept safe): a change and its log entries land in ONE
transaction or not at all; the log pages newest first, filters and searches without loading sheets; a
campaign file's log moves into the log stores and back out on export; a version-1 database is migrated.
Driven through the page's own storage module in real IndexedDB."""

from tests.web.helpers import boot

ENTRY = """(id, who, headline, kind = "roll", extra = {}) => ({
    id, at: "2026-12-01T20:15:03Z", op: "coc.skill_roll", args: {}, who, encounter: null,
    result: { text: [headline], label: headline }, before: {}, after: {}, kind, ...extra })"""

SCRIPT = (
    """async ([memory]) => {
    const { openStorage } = await import("./src/store/storage.mjs");
    const { MemoryStorage } = await import("./src/store/memory_storage.mjs");
    const { newCampaign, StaleError, withParts } = await import("./src/store/records.mjs");
    const { entryAfter } = await import("./src/store/changes.mjs");
    const entry = %s;
    const storage = memory ? new MemoryStorage("test") : await openStorage();
    const campaign = { ...newCampaign("Log test", "coc"), characters: [
        { id: "ch-a", kind: "pc", sheet: { name: "Ann", hp: 10 } }, { id: "ch-b", kind: "npc", sheet: { name: "Ghoul", hp: 13 } }] };
    campaign.log = [entry("e1", ["ch-a"], "Ann: Spot Hidden"), entry("e2", ["ch-b"], "Ghoul: Claw"),
                    entry("e3", ["ch-a", "ch-b"], "Ann shoots the Ghoul")];
    const added = await storage.add(campaign);
    const out = { keptOutOfRecord: added.log.length === 0 && (await storage.get(campaign.id)).log.length === 0 };
    out.count = await storage.logCount(campaign.id);
    const ids = (rows) => rows.map((row) => row.id);
    out.newest = ids(await storage.logPage(campaign.id, { limit: 2 }));
    out.older = ids(await storage.logPage(campaign.id, { limit: 2, beforeSeq: 2 }));
    // a copy of the campaign (same character and entry ids) never shows in this one's filtered pages
    const twin = await storage.add({ ...campaign, id: campaign.id + "-copy", log: campaign.log.map((each) => ({ ...each, result: { text: ["copy"] } })) });
    out.byWho = ids(await storage.logPage(campaign.id, { who: "ch-b" }));
    out.byWhoOlder = ids(await storage.logPage(campaign.id, { who: "ch-a", beforeSeq: 3 }));
    out.twinByWho = (await storage.logPage(twin.id, { who: "ch-a", beforeSeq: 3 })).map((row) => row.headline);
    out.byTitle = ids(await storage.logPage(campaign.id, { search: "skill", titles: (op) => (op === "coc.skill_roll" ? "Skill roll" : "") }));
    await storage.remove(twin.id);
    out.search = ids(await storage.logPage(campaign.id, { search: "spot" }));
    out.searchNames = ids(await storage.logPage(campaign.id, { search: "ghoul ann", names: (id) => id }));

    // a change with its entry: both land; the undo stack holds the change
    const change = entry("e4", ["ch-b"], "Ghoul takes 5 damage", "change", { before: { "ch-b": { name: "Ghoul", hp: 13 } }, after: { "ch-b": { name: "Ghoul", hp: 8 } } });
    const { record, rows } = await storage.commit(added, (next) => withParts(next, { "ch-b": { name: "Ghoul", hp: 8 } }), ["character:ch-b"], [change]);
    out.committed = [record.revision, record.characters[1].sheet.hp, rows.map((row) => row.seq)];
    out.history = await storage.history(campaign.id);

    // a stale write of the same character: refused, and its entry is NOT in the log
    let refused = null;
    try {
        await storage.commit(added, (next) => withParts(next, { "ch-b": { name: "Ghoul", hp: 1 } }), ["character:ch-b"], [entry("e5", ["ch-b"], "lost")]);
    } catch (error) { refused = error instanceof StaleError; }
    out.refused = refused;
    out.afterRefusal = [await storage.logCount(campaign.id), (await storage.get(campaign.id)).characters[1].sheet.hp];
    out.undo = await storage.commit(record, null, [], [entry("e6", ["ch-b"], "", "undo", { op: "log.undo", args: { entry: "e4" }, result: null })]).then(({ rows }) => rows[0].headline);
    out.historyAfterUndo = await storage.history(campaign.id);
    out.all = (await storage.logAll(campaign.id)).map((each) => each.id);
    const stored = await storage.logEntry(campaign.id, "e4"); // given whole after it, kept as what changed
    out.entry = [stored.after === undefined, stored.changes, entryAfter(stored)];
    await storage.remove(campaign.id);
    out.removed = [await storage.logCount(campaign.id), (await storage.logPage(campaign.id)).length];
    return out;
}"""
    % ENTRY
)


def check(out):
    assert out["keptOutOfRecord"] and out["count"] == 3
    assert out["newest"] == ["e3", "e2"] and out["older"] == ["e1"]
    assert out["byWho"] == ["e3", "e2"] and out["search"] == ["e1"] and out["searchNames"] == ["e3"]
    assert out["byWhoOlder"] == ["e1"] and out["twinByWho"] == ["copy"] and out["byTitle"] == ["e3", "e2", "e1"]
    assert out["committed"] == [1, 8, [4]]
    assert out["history"] == {"done": ["e4"], "undone": []}
    assert out["refused"] is True and out["afterRefusal"] == [4, 8], "a refused change writes neither sheet nor entry"
    assert out["undo"] == "Undone: Ghoul takes 5 damage"
    assert out["historyAfterUndo"] == {"done": [], "undone": ["e4"]}
    assert out["all"] == ["e1", "e2", "e3", "e4", "e6"] and out["entry"] == [
        True,
        {"ch-b": {"hp": [8]}},
        {"ch-b": {"name": "Ghoul", "hp": 8}},
    ]
    assert out["removed"] == [0, 0]


def test_the_log_in_indexeddb_pages_filters_and_lands_with_its_change(page, site_url, foreign_requests):
    boot(page, site_url)
    check(page.evaluate(SCRIPT, [False]))


def test_the_log_in_memory_behaves_the_same(page, site_url, foreign_requests):
    boot(page, site_url)
    check(page.evaluate(SCRIPT, [True]))


def test_a_version_1_database_keeps_its_campaigns_and_their_log_moves_out(page, site_url, foreign_requests):
    """Opened by an older page: version 1 had only campaigns (a log inside each record) and meta."""
    page.add_init_script("""if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        const open = indexedDB.open("rules-companion", 1);
        open.onupgradeneeded = () => { open.result.createObjectStore("campaigns", { keyPath: "id" }); open.result.createObjectStore("meta"); };
        open.onsuccess = () => {
            const tx = open.result.transaction("campaigns", "readwrite");
            tx.objectStore("campaigns").put({ schema: "rules-companion.campaign/2", id: "c-old", name: "Old", game: "coc",
                created: "2026-01-01T00:00:00Z", updated: "2026-01-01T00:00:00Z", revision: 3, settings: {}, characters: [],
                encounters: [], log: [{ id: "e1", at: "2026-01-01T00:00:00Z", op: "coc.luck_roll", args: {}, who: [], encounter: null,
                    result: { text: ["Luck 40: success"] }, before: {}, after: {}, kind: "roll" }] });
            tx.oncomplete = () => open.result.close();
        };
    }""")
    page.goto(site_url)
    page.wait_for_timeout(300)
    boot(page, site_url)
    out = page.evaluate("""async () => {
        const { openStorage } = await import("./src/store/storage.mjs");
        const storage = await openStorage();
        const record = await storage.get("c-old");
        return { revision: record.revision, log: record.log, rows: (await storage.logPage("c-old")).map((row) => row.headline) };
    }""")
    assert out == {"revision": 3, "log": [], "rows": ["Luck 40: success"]}
