// node --test tests/node: web/games/healing.mjs, a healing move opened from either end: from the healer the patient
// is picked (and bound to the move's sheet parameter); from the patient, only a healer who can act is offered, named
// with the skill they would roll.
import assert from "node:assert/strict";
import test from "node:test";
import { healerSkill, healingSpec, heals, parties, pickable } from "../../web/games/healing.mjs";
import { actions } from "../../web/games/coc_moves.mjs";

const firstAid = actions().find((each) => each.key === "first_aid");
const person = (id, name, skill) => ({
  id,
  sheet: { name, skills: skill === undefined ? {} : { "First Aid": skill } },
});
const others = [person("a", "Ada", 60), person("b", "Bram", 30), person("c", "Cole")];

test("from the patient, only those who can act are offered as healers, with their skill", () => {
  const able = new Map([
    ["a", true],
    ["b", false], // dead
  ]); // c not answered yet: not offered
  assert.deepEqual(pickable(firstAid.heal, "patient", others, able), [["a", "Ada — First Aid 60"]]);
  assert.deepEqual(pickable(firstAid.heal, "patient", others, new Map([["c", true]])), [["c", "Cole — First Aid —"]]);
});

test("from the healer, anyone else may be the patient", () => {
  assert.deepEqual(
    pickable(firstAid.heal, "healer", others, new Map([["b", false]])).map(([id]) => id),
    ["a", "b", "c"],
  );
});

test("from the healer the patient picked fills the move's sheet parameter, and the healer's skill the field", () => {
  const spec = healingSpec(firstAid, "healer");
  assert.equal(spec.bindTarget, "investigator");
  assert.equal(spec.pick.label, "Patient");
  assert.equal(spec.needsPick, true);
  assert.deepEqual(spec.defaults({}, others[0].sheet), { skill: 60 });
  assert.deepEqual(parties("healer", "a", "b"), { healer: "a", patient: "b" });
  assert.deepEqual(parties("patient", "a", "b"), { healer: "b", patient: "a" });
  const fromPatient = healingSpec(firstAid, "patient");
  assert.equal(fromPatient.bindTarget, undefined);
  assert.equal(fromPatient.pick.label, "Medic");
});

test("a skill of 0 is said as 0, a missing one as a dash", () => {
  const heal = heals("Medicine", (sheet) => sheet.level);
  assert.equal(healerSkill(heal, { level: 0 }), "Medicine 0");
  assert.equal(healerSkill(heal, {}), "Medicine —");
  assert.equal(healerSkill(heal, null), "Medicine —");
});
