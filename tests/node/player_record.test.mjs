// node --test tests/node: a player's record of a game held elsewhere (web/player/record.mjs, moves.mjs, requests.mjs):
// joining makes one record per seat, a roll becomes a proposal without sheets, an update replaces the sheet one way,
// only the player's moves are offered, and a roll request opens the drawer filled in.
import assert from "node:assert/strict";
import test from "node:test";
import {
  bundleText,
  isPlayer,
  joinedRecord,
  makeProposal,
  openRequests,
  playerTitle,
  refusals,
  sameSeat,
  withProposal,
  withUpdate,
} from "../../web/player/record.mjs";
import { PLAYER_OPS, playerMay, playerOps } from "../../web/player/moves.mjs";
import { proposalWords, requestSpec } from "../../web/player/requests.mjs";
import { recordProblems } from "../../web/store/record_check.mjs";
import { summary } from "../../web/store/records.mjs";

const KEY = "k".repeat(43);
const invitation = (extra = {}) => ({
  v: 1,
  campaign: {
    id: "c-gm",
    name: "Masks",
    game: "coc",
    settings: { push_after_fumble: true },
    forum: { format: "markdown" },
  },
  seat: { id: "s-1", character: "ch-ann", player: "Pat", key: KEY },
  character: { id: "ch-ann", name: "Ann", sheet: { name: "Ann", san: 50, skills: { "Spot Hidden": 55 } } },
  seq: 0,
  ...extra,
});
const AT = "2026-12-07T09:00:00.000Z";
const result = {
  dice: [
    { die: "units d10", face: 3 },
    { die: "tens d10", face: 90 },
  ],
  dice_source: "digital",
  level_name: "Failure",
  target: 55,
  total: 93,
  modifiers: [{ label: "Bonus die", value: 1 }],
  steps: [{ rule: "Rolling Dice", text: "93 vs Spot Hidden 55: Failure" }],
};
const declared = {
  "coc.skill_roll": {
    title: "Skill roll",
    params: [
      { name: "investigator", state_key: "coc.investigator", required: true },
      { name: "skill" },
      { name: "difficulty" },
      { name: "bonus" },
      { name: "penalty" },
      { name: "push_after_fumble", setting: true },
    ],
  },
  "coc.sanity_roll": {
    title: "Sanity roll",
    params: [
      { name: "investigator", state_key: "coc.investigator", required: true },
      { name: "source", state_key: "coc.source" },
      { name: "loss" },
      { name: "bonus" },
      { name: "penalty" },
    ],
  },
};
const catalog = { op: (id) => declared[id], raw: {} };

const joined = () => joinedRecord(invitation(), null, { id: "c-local", at: AT });

test("an invitation makes a player's record the sheet screen and the record check read as any campaign", () => {
  const record = joined();
  assert.equal(isPlayer(record), true);
  assert.equal(isPlayer({ id: "c", characters: [] }), false);
  assert.deepEqual(recordProblems(record), []);
  assert.equal(record.id, "c-local");
  assert.deepEqual(record.characters, [{ id: "ch-ann", kind: "pc", sheet: invitation().character.sheet }]);
  assert.deepEqual(record.settings, { push_after_fumble: true });
  assert.deepEqual(record.joined, {
    campaign: "c-gm",
    seat: "s-1",
    player: "Pat",
    key: KEY,
    seq: 0,
    outbox: [],
    requests: [],
    decisions: [],
    turn: null,
  });
  assert.equal(playerTitle(record), "Ann in Masks (player)");
  const listed = summary(record);
  assert.equal(listed.playing, "Ann");
  assert.deepEqual(listed.joined, { campaign: "c-gm", seat: "s-1" });
});

test("joining the same seat again finds its record and refreshes it, keeping what waits and the id", () => {
  const first = withProposal(joined(), { id: "p-1" });
  const listed = [summary({ ...first, id: "c-other", joined: { ...first.joined, seat: "s-2" } }), summary(first)];
  assert.equal(sameSeat(listed, invitation()).id, "c-local");
  assert.equal(sameSeat(listed, invitation({ seat: { ...invitation().seat, id: "s-9" } })), null);
  const again = joinedRecord(invitation({ campaign: { ...invitation().campaign, name: "Masks II" } }), first, {
    id: "c-new",
    at: AT,
  });
  assert.equal(again.id, "c-local");
  assert.equal(again.name, "Masks II");
  assert.deepEqual(again.joined.outbox, [{ id: "p-1" }]);
});

test("an older invitation never writes over a newer update's sheet", () => {
  const updated = { ...joined(), characters: [{ id: "ch-ann", kind: "pc", sheet: { name: "Ann", san: 40 } }] };
  updated.joined = { ...updated.joined, seq: 3 };
  const again = joinedRecord(invitation(), updated, { id: "x", at: AT });
  assert.equal(again.characters[0].sheet.san, 40);
  assert.equal(again.joined.seq, 3);
});

test("a roll becomes a proposal without sheets, house rules or typed dice, with the faces and what was seen", () => {
  const record = joined();
  const proposal = makeProposal({
    joined: record.joined,
    op: "coc.skill_roll",
    args: { skill: "Spot Hidden", difficulty: "Regular", push_after_fumble: true, investigator: {}, dice: [3, 9] },
    bind: { investigator: "ch-ann" },
    result,
    sheetParams: ["investigator"],
    settingParams: ["push_after_fumble"],
    id: "p-1",
    at: AT,
    request: "r-1",
  });
  assert.deepEqual(proposal, {
    v: 1,
    id: "p-1",
    campaign: "c-gm",
    seat: "s-1",
    character: "ch-ann",
    op: "coc.skill_roll",
    args: { skill: "Spot Hidden", difficulty: "Regular" },
    bind: { investigator: "ch-ann" },
    dice: [3, 90],
    dice_source: "digital",
    at: AT,
    request: "r-1",
    seq: 0,
    saw: {
      outcome: "Failure",
      steps: [
        ["Target", 55],
        ["Total", 93],
        ["Bonus die", 1],
      ],
    },
  });
  const waiting = withProposal(record, proposal);
  assert.deepEqual(waiting.joined.outbox, [proposal]);
  assert.deepEqual(record.joined.outbox, [], "the record given is not changed");
  assert.deepEqual(recordProblems(waiting), []);
  assert.equal(proposalWords(catalog, proposal), "Skill roll: Spot Hidden — Failure");
});

test("an update replaces the sheet one way, takes the decided proposals out and keeps the refusals' words", () => {
  let record = joined();
  for (const id of ["p-1", "p-2", "p-3"])
    record = withProposal(record, {
      id,
      op: "coc.skill_roll",
      args: { skill: "Spot Hidden" },
      saw: { outcome: "Failure" },
    });
  const update = {
    v: 1,
    campaign: "c-gm",
    seat: "s-1",
    seq: 1,
    character: { id: "ch-ann", name: "Ann", sheet: { name: "Ann", san: 45 } },
    decisions: [
      { proposal: "p-1", status: "accepted", reason: null },
      { proposal: "p-2", status: "refused", reason: "Ann is dead: the dead roll nothing." },
    ],
    requests: [{ id: "r-1", op: "coc.sanity_roll", args: { loss: "1/1D6" }, label: "Sanity, all of you" }],
    turn: null,
  };
  const { record: next, waiting } = withUpdate(record, update, AT);
  assert.deepEqual(next.characters[0].sheet, { name: "Ann", san: 45 });
  assert.deepEqual(
    waiting.map((each) => each.id),
    ["p-3"],
  );
  assert.deepEqual(
    next.joined.outbox.map((each) => each.id),
    ["p-3"],
  );
  assert.equal(next.joined.seq, 1);
  assert.deepEqual(
    refusals(next).map((each) => [each.proposal, each.reason, each.args.skill]),
    [["p-2", "Ann is dead: the dead roll nothing.", "Spot Hidden"]],
  );
  assert.deepEqual(
    openRequests(next).map((each) => each.id),
    ["r-1"],
  );
  assert.deepEqual(withUpdate(next, update, AT), { stale: true }, "the same update twice is stale");
  assert.deepEqual(withUpdate(next, { ...update, seq: 0 }, AT), { stale: true });
  const answered = withProposal(next, { id: "p-4", request: "r-1" });
  assert.deepEqual(openRequests(answered), [], "a request answered waits no more");
});

test("a player's moves are the declared ones: the game master's controls are not among them", () => {
  const ops = playerOps(catalog);
  for (const op of ["coc.skill_roll", "coc.sanity_roll", "coc.push_roll", "coc.spend_luck", "coc.attack"])
    assert.equal(playerMay(ops, { op }), true, op);
  for (const op of [
    "coc.apply_damage",
    "coc.advance_time",
    "coc.dying_round",
    "coc.first_aid",
    "coc.medicine",
    "coc.set_condition",
    "coc.development_phase",
    "armageddon.apply_damage",
    "semiautomagic.advance_days",
  ])
    assert.equal(playerMay(ops, { op }), false, op);
  assert.equal(playerMay(ops, null), false);
  assert.ok(Object.keys(PLAYER_OPS).length === 3);
  const published = playerOps({ raw: { table: { player_ops: ["coc.skill_roll"] } } });
  assert.deepEqual([...published], ["coc.skill_roll"], "the catalog's own list wins when it publishes one");
});

test("a roll request opens the drawer filled in with its operation and arguments, bound to the player", () => {
  const spec = requestSpec(catalog, { id: "r-1", op: "coc.sanity_roll", args: { loss: "1/1D6" }, label: "Sanity" });
  assert.deepEqual(spec, {
    key: "request-r-1",
    title: "Sanity",
    op: "coc.sanity_roll",
    bind: "investigator",
    fields: ["loss", "bonus", "penalty"],
    defaults: { loss: "1/1D6" },
    required: ["loss"],
    request: "r-1",
  });
  const skill = requestSpec(catalog, { id: "r-2", op: "coc.skill_roll", args: { skill: "Spot Hidden", bonus: 1 } });
  assert.deepEqual(skill.fields, ["skill", "difficulty", "bonus", "penalty"]);
  assert.deepEqual(skill.defaults, { skill: "Spot Hidden", bonus: 1 });
  assert.equal(skill.title, "Skill roll");
  assert.equal(requestSpec(catalog, { id: "r-3", op: "chess.move", args: {} }), null);
});

test("a damaged player's record is said in words before any screen reads it", () => {
  const record = joined();
  assert.deepEqual(recordProblems({ ...record, joined: "yes" }), ["its game joined is damaged"]);
  assert.ok(recordProblems({ ...record, joined: { ...record.joined, key: "" } })[0].includes("seat or key"));
  assert.ok(recordProblems({ ...record, joined: { ...record.joined, outbox: [{}] } })[0].includes("waiting"));
  assert.ok(recordProblems({ ...record, characters: [] }).some((each) => each.includes("exactly one character")));
});

test("a file of rolls is their codes, one a line", () => {
  assert.equal(bundleText(["RC1P.a.b", "RC1P.c.d"]), "RC1P.a.b\nRC1P.c.d\n");
});
