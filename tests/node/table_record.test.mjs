// node --test tests/node: web/store/table_record.mjs, the game master's table as the campaign record keeps it (seats,
// roll requests, decisions by proposal id, update numbers), and web/app/table_words.mjs, the same in words; the
// table's shape in web/store/record_check.mjs.
import assert from "node:assert/strict";
import test from "node:test";
import {
  base64url,
  inviteFileName,
  makeSeat,
  newSeatKey,
  nextSeq,
  openRequests,
  seatOf,
  tableOf,
  targetsOf,
  turnOf,
  unsentDecisions,
  withDecisions,
  withoutSeat,
  withRequest,
  withSeat,
  withUpdateMade,
} from "../../web/store/table_record.mjs";
import { decisionLine, problemWords, requestableOps, requestFields, requestLabel } from "../../web/app/table_words.mjs";
import { recordProblems } from "../../web/store/record_check.mjs";
import { newCampaign } from "../../web/store/records.mjs";

const seat = (id, character) => makeSeat({ id, character, key: "k".repeat(43), made: "2026-12-07T09:00:00Z" });
const twoSeats = () => withSeat(withSeat(tableOf({}), seat("s-1", "ch-1")), seat("s-2", "ch-2"));
const decision = (proposal, seatId, status = "accepted", at = "2026-12-07T09:10:00Z") => ({
  proposal,
  seat: seatId,
  status,
  reason: status === "refused" ? "Harvey is dead." : null,
  differs: [],
  entry: null,
  at,
});

test("a campaign without a table reads as an empty one, and a damaged part as empty", () => {
  assert.deepEqual(tableOf(newCampaign("Empty", "coc")), { seats: [], requests: [], decisions: {}, seq: {} });
  assert.deepEqual(tableOf({ table: { seats: "x", seq: [] } }).seats, []);
});

test("a seat's key is 32 random bytes as 43 base64url characters", () => {
  const key = newSeatKey();
  assert.match(key, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(newSeatKey(), key);
  assert.equal(base64url(new Uint8Array([251, 255, 191])), "-_-_");
  const bytes = Uint8Array.from({ length: 32 }, (_, index) => (index * 37 + 11) % 256);
  assert.equal(
    newSeatKey((array) => array.map((_, index) => bytes[index])),
    Buffer.from(bytes).toString("base64url"),
  );
});

test("a seat keeps the player's name trimmed, and none when empty", () => {
  assert.equal(makeSeat({ id: "s", character: "c", player: "  Ann  ", key: "k", made: "t" }).player, "Ann");
  assert.equal("player" in makeSeat({ id: "s", character: "c", player: " ", key: "k", made: "t" }), false);
});

test("a removed seat leaves the open requests and its update number but the decisions stay", () => {
  let table = withRequest(twoSeats(), { id: "r-1", op: "coc.skill_roll", args: {}, seats: ["s-1", "s-2"] });
  table = withDecisions(table, [decision("p-1", "s-1")], [{ id: "p-1", request: "r-1" }]);
  table = withUpdateMade(table, "s-2", 3, []);
  const after = withoutSeat(table, "s-2");
  assert.equal(seatOf(after, "ch-2"), null);
  assert.deepEqual(after.requests[0].seats, ["s-1"]);
  assert.deepEqual(after.seq, {});
  assert.deepEqual(Object.keys(after.decisions), ["p-1"]);
  // a seat that answered stays named on the request it answered
  assert.deepEqual(withoutSeat(table, "s-1").requests[0].seats, ["s-1", "s-2"]);
});

test("decisions are kept by proposal id; a duplicate keeps the first; an accepted answer is noted once", () => {
  let table = withRequest(twoSeats(), { id: "r-1", op: "coc.skill_roll", args: {}, seats: ["s-1", "s-2"] });
  const proposals = [
    { id: "p-1", request: "r-1" },
    { id: "p-2", request: "r-1" },
    { id: "p-3", request: "r-1" },
  ];
  table = withDecisions(
    table,
    [decision("p-1", "s-1"), decision("p-2", "s-2", "refused"), decision("p-3", "s-1")],
    proposals,
  );
  assert.deepEqual(table.requests[0].answers, { "s-1": "p-1" }); // a refused roll is no answer; the first one counts
  assert.deepEqual(
    openRequests(table, "s-2").map((each) => each.id),
    ["r-1"],
  );
  assert.deepEqual(openRequests(table, "s-1"), []);
  assert.equal("answers" in openRequests(table, "s-2")[0], false);
  const again = withDecisions(table, [{ ...decision("p-2", "s-2", "duplicate") }], proposals);
  assert.equal(again.decisions["p-2"].status, "refused");
  assert.deepEqual(again, table);
});

test("each update carries the seat's decisions not sent before, and its number grows by one", () => {
  let table = twoSeats();
  table = withDecisions(
    table,
    [decision("p-2", "s-1", "accepted", "2026-12-07T09:12:00Z"), decision("p-1", "s-1"), decision("p-9", "s-2")],
    [],
  );
  assert.equal(nextSeq(table, "s-1"), 1);
  const unsent = unsentDecisions(table, "s-1");
  assert.deepEqual(
    unsent.map((each) => each.proposal),
    ["p-1", "p-2"],
  );
  table = withUpdateMade(table, "s-1", 1, ["p-1", "p-2"]);
  assert.equal(nextSeq(table, "s-1"), 2);
  assert.deepEqual(unsentDecisions(table, "s-1"), []);
  assert.deepEqual(
    unsentDecisions(table, "s-2").map((each) => each.proposal),
    ["p-9"],
  );
  assert.equal(table.decisions["p-1"].sent, 1);
  assert.equal("sent" in unsent[0], false);
});

test("the decisions an update carries do not depend on the order of the record's keys", () => {
  const decision = (proposal, at) => ({ proposal, seat: "s-1", status: "accepted", at, differs: [], reason: null });
  const one = { "p-b": decision("p-b", "T2"), "p-c": decision("p-c", "T1"), "p-a": decision("p-a", "T2") };
  const other = Object.fromEntries(Object.entries(one).reverse());
  const order = (decisions) => unsentDecisions(tableOf({ table: { decisions } }), "s-1").map((each) => each.proposal);
  assert.deepEqual(order(one), ["p-c", "p-a", "p-b"]);
  assert.deepEqual(order(other), order(one));
});

test("whose turn it is comes from the last encounter not ended", () => {
  const encounter = (name, ended, turn) => ({ name, ended, turn, combatants: [{ name: "Ann" }, { name: "Bob" }] });
  assert.equal(turnOf([]), null);
  assert.deepEqual(turnOf([encounter("Cellar", false, 1), encounter("Old", true, 0)]), {
    encounter: "Cellar",
    whose: "Bob",
  });
});

test("the invitation's file is named by campaign and character", () => {
  assert.equal(
    inviteFileName("Night at the Opera!", "Harvey Walters"),
    "night-at-the-opera-harvey-walters.invite.json",
  );
  assert.equal(inviteFileName("", "Ω"), "campaign-character.invite.json");
});

const skillRoll = {
  id: "coc.skill_roll",
  title: "Skill roll",
  params: [
    { name: "investigator", kind: "json", state_key: "coc.investigator" },
    { name: "skill", kind: "choice" },
    { name: "difficulty", kind: "choice" },
    { name: "bonus", kind: "int" },
    { name: "label", kind: "text" },
    { name: "fumble_basis", kind: "choice", setting: true },
    { name: "dice", kind: "faces" },
  ],
};

test("a request's fields are the roll's own, never the sheet, the house rules or the dice", () => {
  assert.deepEqual(requestFields(skillRoll), ["skill", "difficulty", "bonus"]);
  const catalog = { operations: [skillRoll, { id: "coc.sanity_roll", title: "Sanity roll", params: [] }] };
  assert.deepEqual(
    requestableOps(catalog, "coc").map((op) => op.id),
    ["coc.skill_roll", "coc.sanity_roll"],
  );
  assert.deepEqual(requestableOps(catalog, "chess"), []);
  assert.equal(
    requestLabel(skillRoll, { skill: "Spot Hidden", difficulty: "Hard" }, ["Harvey", "Ann"], true),
    "Skill roll: Spot Hidden, Hard — all of you",
  );
  assert.equal(
    requestLabel({ title: "Sanity roll" }, { loss: "0/1D6" }, ["Ann"], true),
    "Sanity roll: loss 0/1D6 — Ann",
  );
});

test("a problem names its code by the engine's number and its first letters", () => {
  // the first code's own letters hold "RC7Q": only the engine's reader says where a code starts
  const text = "Harvey rolls: RC1P.aRC7Qa.bbbb and then RC1P.cccc.dddd";
  const second = text.indexOf("RC1P.cccc");
  assert.equal(
    problemWords(text, { code_start: second, number: 2, message: "It was altered." }),
    "Code 2 (“RC1P.cccc.dddd…”): It was altered.",
  );
  assert.equal(
    problemWords(text, { code_start: second, message: "It was altered." }),
    "A code (“RC1P.cccc.dddd…”): It was altered.",
  );
  assert.equal(problemWords(text, { code_start: null, message: "No." }), "No.");
});

test("a decision reads as who, what and what became of it", () => {
  const look = {
    proposal: { character: "ch-1", op: "coc.skill_roll", args: { skill: "Spot Hidden" } },
    nameOf: (id) => (id === "ch-1" ? "Harvey" : null),
    opOf: () => skillRoll,
  };
  assert.equal(decisionLine(decision("p", "s"), look), "Harvey: Skill roll: Spot Hidden — accepted");
  assert.equal(
    decisionLine(decision("p", "s", "refused"), look),
    "Harvey: Skill roll: Spot Hidden — refused: Harvey is dead.",
  );
  assert.equal(
    decisionLine(decision("p", "s", "duplicate"), { ...look, earlier: decision("p", "s", "refused") }),
    "Harvey: Skill roll: Spot Hidden — already refused",
  );
  assert.equal(
    decisionLine(decision("p", "s", "duplicate"), look),
    "Harvey: Skill roll: Spot Hidden — already accepted",
  );
});

test("the record's table is checked for the parts the screen reads", () => {
  const record = (table) => ({ ...newCampaign("T", "coc"), table });
  assert.deepEqual(recordProblems(record(twoSeats())), []);
  assert.deepEqual(recordProblems(record(undefined)), []);
  assert.deepEqual(recordProblems(record([])), ["its table of players is damaged"]);
  assert.deepEqual(recordProblems(record({ seats: [{ id: "s" }] })), ["its players' seats are damaged"]);
  assert.deepEqual(recordProblems(record({ requests: [{ id: "r" }] })), ["its roll requests are damaged"]);
  assert.deepEqual(recordProblems(record({ decisions: { p: 3 } })), ["its decisions on players' rolls are damaged"]);
  assert.deepEqual(recordProblems(record({ seq: { s: -1 } })), ["its update numbers are damaged"]);
});

test("an update names whom a player may attack: the running encounter's characters, else the campaign's; ids and names only", () => {
  const sheet = (name) => ({ name, hp: 11, skills: { Dodge: 30 } });
  const campaign = {
    characters: [
      { id: "ch-ann", kind: "pc", sheet: sheet("Ann") },
      { id: "ch-bob", kind: "pc", sheet: sheet("Bob") },
      { id: "ch-ghoul", kind: "npc", sheet: sheet("Ghoul") },
    ],
    encounters: [],
  };
  const seat = { id: "s-ann", character: "ch-ann" };
  assert.deepEqual(targetsOf(campaign, seat), [
    { id: "ch-bob", name: "Bob" },
    { id: "ch-ghoul", name: "Ghoul" },
  ]);
  const fight = {
    name: "The cellar",
    ended: false,
    turn: 0,
    combatants: [
      { id: "k1", name: "Ghoul", character_id: "ch-ghoul" },
      { id: "k2", name: "Rat swarm", character_id: null },
      { id: "k3", name: "Ann", character_id: "ch-ann" },
    ],
  };
  assert.deepEqual(targetsOf({ ...campaign, encounters: [fight] }, seat), [{ id: "ch-ghoul", name: "Ghoul" }]);
  assert.deepEqual(targetsOf({ ...campaign, encounters: [{ ...fight, ended: true }] }, seat).length, 2);
});
