// node --test tests/node: the Armageddon Resisted Task's moves (web/games/armageddon_moves.mjs; seed 000, Resisted
// Tasks & Tests): against a character of the campaign his sheet is sent and his Attribute and skill are picked by
// name from it; against someone with no sheet, his name and levels are typed.
import assert from "node:assert/strict";
import test from "node:test";
import { actions, opponentSkills, resisted, resistedTyped } from "../../web/games/armageddon_moves.mjs";

const jack = { name: "Jack", attributes: { Perception: 4, Dexterity: 2 }, skills: { Notice: 2 } };
const ann = { name: "Ann", attributes: { Perception: 3 }, skills: { Stealth: 1, Notice: { level: 3 } } };

test("against a sheet: the opponent is sent and picked by name, no typed levels", () => {
  const spec = resisted("Notice");
  assert.equal(spec.target, "opponent");
  assert.deepEqual(spec.fields, ["a_attribute_name", "b_attribute_name", "b_skill_name", "a_modifiers", "b_modifiers"]);
  assert.deepEqual(spec.defaults, {
    a_attribute_name: "Perception",
    b_attribute_name: "Perception",
    b_skill_name: "Notice",
  });
  assert.deepEqual(spec.choices(jack, ann).b_skill_name, [
    ["Notice", "Notice 3"],
    ["Stealth", "Stealth 1"],
  ]);
  assert.deepEqual(spec.prepare({ a_attribute_name: "Perception" }, jack), { a_attribute: 4, a_skill: 2 });
});

test("an opponent without the skill rolls it unskilled, offered first", () => {
  assert.deepEqual(opponentSkills({ skills: { Stealth: 1 } }, "Notice"), [
    ["Notice", "Notice (unskilled)"],
    ["Stealth", "Stealth 1"],
  ]);
  assert.deepEqual(opponentSkills({}, "Notice"), [["Notice", "Notice (unskilled)"]]);
});

test("against someone with no sheet: name and levels typed, the Attribute level asked for", () => {
  const spec = resistedTyped("Notice");
  assert.equal(spec.target, undefined);
  for (const field of ["b_name", "b_attribute", "b_skill"]) assert.ok(spec.fields.includes(field), field);
  assert.deepEqual(spec.required, ["b_attribute"]);
  const card = actions()
    .find((action) => action.key === "any_resisted")
    .choose.spec("Notice");
  assert.equal(card.opposed.target, "opponent"); // picking a character of the campaign switches to his sheet
  assert.ok(card.fields.includes("b_attribute"));
  assert.doesNotMatch(JSON.stringify(card), /Side [AB]/);
});
