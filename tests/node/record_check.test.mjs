// node --test tests/node: web/store/record_check.mjs, a stored campaign record's shape checked before any screen
// reads it (a damaged record is a message, not a blank screen), and the engine's problems in plain words.
import assert from "node:assert/strict";
import test from "node:test";
import { CAMPAIGN_SCHEMA, describeProblem, problemSentence, recordProblems } from "../../web/store/record_check.mjs";
import { newCampaign } from "../../web/store/records.mjs";

const sheet = (name) => ({ name, hp: 10 });
const campaign = (extra = {}) => ({
  ...newCampaign("Night at the Opera", "coc"),
  characters: [
    { id: "ch-1", kind: "pc", sheet: sheet("Jack") },
    { id: "ch-2", kind: "npc", sheet: sheet("Ann") },
  ],
  encounters: [{ id: "en-1", name: "The cellar", round: 1, turn: 0, combatants: [{ id: "cb-1" }] }],
  ...extra,
});

test("a new campaign and one with characters and an encounter have no problems", () => {
  assert.deepEqual(recordProblems(newCampaign("Empty", "armageddon")), []);
  assert.deepEqual(recordProblems(campaign()), []);
});

test("what is not a campaign at all says so", () => {
  for (const record of [null, undefined, 3, "text", [], true])
    assert.deepEqual(recordProblems(record), ["the saved record is not a campaign"]);
});

test("each damaged part the screens read is named in plain words", () => {
  const cases = [
    [{ id: "" }, "it has no id"],
    [{ name: "  " }, "it has no name"],
    [{ game: "chess" }, "its game is not one this app knows"],
    [{ updated: "yesterday" }, "the time of its last change is damaged"],
    [{ revision: -1 }, "its revision number is damaged"],
    [{ revision: 1.5 }, "its revision number is damaged"],
    [{ settings: [] }, "its house rules are not a list of settings"],
    [{ forum: "bbcode" }, "its forum choices are damaged"],
    [{ characters: {} }, "its list of characters is not a list"],
    [{ encounters: "none" }, "its list of encounters is not a list"],
  ];
  for (const [damage, words] of cases)
    assert.deepEqual(recordProblems(campaign(damage)), [words], JSON.stringify(damage));
});

test("a damaged character or encounter is named by its name, else by its place", () => {
  const characters = [
    { id: "ch-1", kind: "pc", sheet: sheet("Jack") },
    { id: "ch-1", kind: "pc", sheet: sheet("Jack again") },
    { kind: "pc", sheet: sheet("Nobody") },
    { id: "ch-4", kind: "pc" },
    { id: "ch-5", kind: "boss", sheet: sheet("Odd") },
    "a string",
  ];
  assert.deepEqual(recordProblems(campaign({ characters })), [
    "character “Jack again” appears twice",
    "character “Nobody” has no id",
    "character number 4 has no sheet",
    "character “Odd” is neither a player character nor an NPC",
    "character number 6 is not a character",
  ]);
  const encounters = [
    { id: "en-1", name: "Cellar", round: 1, turn: 0, combatants: [{}] },
    { id: "en-2", name: "Roof", round: "one", turn: 0, combatants: [] },
    { name: "Attic" },
  ];
  assert.deepEqual(recordProblems(campaign({ encounters })), [
    "encounter “Cellar” has a damaged list of combatants",
    "encounter “Roof” has a damaged round or turn",
    "encounter “Attic” is not an encounter",
  ]);
});

test("a record of an older schema is not checked as the current one: opening it migrates it in the engine", () => {
  assert.notEqual(CAMPAIGN_SCHEMA, "rules-companion.campaign/0");
  assert.deepEqual(recordProblems(campaign({ schema: "rules-companion.campaign/0", game: "old", updated: 0 })), []);
  assert.deepEqual(recordProblems(campaign({ schema: "rules-companion.campaign/0", id: 7 })), ["it has no id"]);
});

test("a record of version 1 has the current shape and is checked as one before the engine migrates it", () => {
  assert.equal(CAMPAIGN_SCHEMA, "rules-companion.campaign/2");
  const older = (fields) => campaign({ schema: "rules-companion.campaign/1", ...fields });
  assert.deepEqual(recordProblems(older({})), []);
  assert.deepEqual(recordProblems(older({ game: "chess" })), ["its game is not one this app knows"]);
});

test("the first problems make one sentence, the rest counted", () => {
  assert.equal(problemSentence(["it has no id"]), "It has no id.");
  assert.equal(problemSentence(["a", "b", "c", "d", "e"]), "A; b; c; and 2 more.");
  assert.equal(problemSentence(["a", "b"], 1), "A; and 1 more.");
});

test("an engine problem says who or what it is about, never its path", () => {
  const record = campaign();
  const said = (path) => describeProblem(record, { path, message: "is out of range" });
  assert.equal(said("characters.0.sheet.abilities.Endurance"), "Character “Jack” — Endurance: is out of range");
  assert.equal(said("characters.1.sheet.essence_channeling"), "Character “Ann” — Essence channeling: is out of range");
  assert.equal(said("characters.9.sheet"), "Character number 10: is out of range");
  assert.equal(said("encounters.0.turn"), "Encounter “The cellar”: is out of range");
  assert.equal(said("settings.armageddon.x"), "A house rule: is out of range");
  assert.equal(said("settings"), "The house rules: is out of range");
  assert.equal(said("name"), "is out of range");
  const log = [{ id: "e-1", before: { "ch-1": sheet("Jack") }, changes: { "ch-1": { hp: [3] } } }];
  const logged = (path) => describeProblem({ ...record, log }, { path, message: "is out of range" });
  assert.equal(logged("log.0.before.ch-1.hp"), "Log entry 1, “Jack”'s sheet before it — Hp: is out of range");
  assert.equal(logged("log.0.changes.ch-1.hp"), "Log entry 1, “Jack”'s sheet after it — Hp: is out of range");
  assert.equal(logged("log.0.after.ch-9"), "Log entry 1, a character's sheet after it: is out of range");
  assert.equal(logged("log.3"), "Log entry 4: is out of range");
});
