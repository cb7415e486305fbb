// Call of Cthulhu's follow-ups and defences on the page (web/games/coc_moves.mjs, coc_follow_ups.mjs) over the
// engine's real results: a failed First Aid offers the medic's Luck and a push, never a second plain roll (rules/coc.md
// §3.6, §3.10); a firearm is only dodged (§3.8: no fight back, no manoeuvre); a shot that empties a weapon offers Reload.
// Run: node --test tests/node/  (tests/test_page_modules_node.py runs it with pytest).
import assert from "node:assert/strict";
import { after, test } from "node:test";

import { defenceChoices, followUps } from "../../web/games/coc_moves.mjs";
import { refusalFollowUps } from "../../web/games/coc_follow_ups.mjs";
import { engineProcess } from "./engine.mjs";

const engine = engineProcess(); // the door, as the worker calls it, and the parameters' declared examples
after(() => engine.close());
const { door, example } = engine;
const units = (value) => [value % 10, value - (value % 10)]; // the d100's units and tens faces

const harvey = await example("coc.reload", "investigator"); // Harvey Walters with a .38 Revolver
const patient = { ...harvey, hp: 5, conditions: {} };
const medic = { sheet: { ...harvey, name: "Dr Ames", luck: 30 } };

test("a firearm offers only Dodge and no defence; unarmed and a knife offer fight back and manoeuvre", () => {
  const sheet = {
    weapons: [
      { name: ".38 Revolver", skill: "Firearms (Handgun)", ammo: 6 },
      { name: "Knife", skill: "Fighting (Brawl)" },
      { name: "Thrown rock", skill: "Throw" },
    ],
  };
  assert.deepEqual(
    defenceChoices(sheet, ".38 Revolver").map(([value]) => value),
    ["dodge", "none"],
  );
  assert.deepEqual(
    defenceChoices(sheet, "Thrown rock").map(([value]) => value),
    ["dodge", "none"],
  );
  for (const weapon of ["Knife", ""])
    assert.deepEqual(
      defenceChoices(sheet, weapon).map(([value]) => value),
      ["dodge", "fight_back", "manoeuvre", "none"],
    );
  assert.equal(defenceChoices(sheet, "Knife", (value) => value.toUpperCase())[1][1], "FIGHT_BACK");
});

test("a failed First Aid, 56 vs 55, offers the medic's Luck and a push, and the Luck bought works", async () => {
  const answer = await door({ op: "coc.first_aid", args: { investigator: patient, skill: 55, dice: units(56) } });
  assert.equal(answer.ok, true, JSON.stringify(answer));
  const wounded = answer.result.states["coc.investigator"];
  const offered = followUps(answer.result, wounded, medic, {});
  assert.deepEqual(
    offered.map((each) => each.key),
    ["treatment-luck", "treatment-push"],
  );
  const [luck, push] = offered;
  assert.equal(luck.label, "Spend 1 of Dr Ames's Luck → First Aid succeeds");
  assert.equal(luck.target, "medic");
  assert.equal(push.op, "coc.first_aid");
  assert.ok(push.fields.includes("justification") && push.required.includes("justification"));
  const bought = await door({
    op: luck.op,
    args: { ...luck.fixed, investigator: wounded, medic: medic.sheet, dice: [] },
  });
  assert.equal(bought.ok, true, JSON.stringify(bought));
  assert.equal(bought.result.states["coc.investigator"].hp, 6);
  assert.equal(bought.result.states["coc.opponent"].luck, 29);
  const plain = await door({ op: "coc.first_aid", args: { investigator: wounded, skill: 55, dice: units(20) } });
  assert.equal(plain.ok, false);
  assert.equal(plain.error.field, "justification");
});

test("without a medic picked the patient's own Luck is offered; a success offers nothing", async () => {
  const failed = (await door({ op: "coc.first_aid", args: { investigator: patient, skill: 55, dice: units(60) } }))
    .result;
  const [luck] = followUps(failed, failed.states["coc.investigator"], undefined, {});
  assert.equal(luck.label, "Spend 5 of Harvey Walters's Luck → First Aid succeeds");
  assert.equal(luck.target, undefined);
  const healed = (await door({ op: "coc.first_aid", args: { investigator: patient, skill: 55, dice: units(20) } }))
    .result;
  assert.deepEqual(followUps(healed, healed.states["coc.investigator"], medic, {}), []);
});

test("a shot that fires the last round offers Reload of that weapon", async () => {
  const revolver = harvey.weapons[0];
  const shooter = { ...harvey, weapons: [{ ...revolver, loaded: 1 }] };
  const opponent = await example("coc.attack", "opponent");
  const args = { investigator: shooter, opponent, weapon: revolver.name, defence: "dodge" };
  const answer = await door({ op: "coc.attack", args: { ...args, dice: [...units(90), ...units(20)] } });
  assert.equal(answer.ok, true, JSON.stringify(answer));
  const after = answer.result.states["coc.investigator"];
  assert.equal(after.weapons[0].loaded, 0);
  const [reload] = followUps(answer.result, after, { sheet: opponent }, args);
  assert.equal(reload.op, "coc.reload");
  assert.deepEqual(reload.fixed, { weapon: revolver.name });
  const refused = await door({ op: "coc.attack", args: { ...args, investigator: after, dice: [] } });
  assert.equal(refused.error.field, "weapon");
  assert.match(refused.error.message, /Reload/);
});

test("an attack refused for an empty or jammed weapon offers Reload or Clear the jam, on whoever shot", async () => {
  const revolver = harvey.weapons[0];
  const opponent = await example("coc.attack", "opponent");
  const empty = { ...harvey, weapons: [{ ...revolver, loaded: 0 }] };
  const args = { investigator: empty, opponent, weapon: revolver.name, defence: "dodge" };
  const refused = await door({ op: "coc.attack", args: { ...args, dice: [] } });
  assert.equal(refused.ok, false);
  const [reload] = refusalFollowUps(refused.error, "coc.attack", args, empty, opponent);
  assert.equal(reload.label, "Reload .38 Revolver");
  assert.deepEqual(
    [reload.op, reload.fixed, reload.now, reload.bindTarget],
    ["coc.reload", { weapon: revolver.name }, true, undefined],
  );
  const done = await door({ op: "coc.reload", args: { investigator: empty, ...reload.fixed } });
  assert.equal(done.result.states["coc.investigator"].weapons[0].loaded, 6);
  // the opponent shoots with a jammed revolver: the jam is cleared on the opponent's sheet (the target picked)
  const jammed = { ...opponent, weapons: [{ ...revolver, jammed: true }] };
  const theirs = { investigator: harvey, opponent: jammed, attacker: "opponent", weapon: revolver.name };
  const jam = await door({ op: "coc.attack", args: { ...theirs, dice: [] } });
  const [clear] = refusalFollowUps(jam.error, "coc.attack", theirs, harvey, jammed);
  assert.equal(clear.label, "Clear the jam (.38 Revolver)");
  assert.equal(clear.bindTarget, "investigator");
  // any other refusal has no next step to offer
  const other = { field: "defence", message: "Fight back and Manoeuvre answer hand-to-hand attacks" };
  assert.deepEqual(refusalFollowUps(other, "coc.attack", args, empty, opponent), []);
  assert.deepEqual(refusalFollowUps(refused.error, "coc.skill_roll", args, empty, opponent), []);
});
