// A roll's kept choices (web/drawer/kept_choices.mjs): what the GM picked in a move's form (Semiautomagic's attack:
// its kind and weapon, rules/semiautomagic.md §2.4) opens the same character's next roll of that move in the same
// encounter, not another character's, another move's or another encounter's; a value the move no longer offers is
// dropped; storage that refuses keeps nothing and breaks nothing.
// Run: node --test tests/node/  (tests/test_page_modules_node.py runs it with pytest).
import assert from "node:assert/strict";
import { test } from "node:test";

import { SCOPES, keepChoices, keptChoices } from "../../web/drawer/kept_choices.mjs";
import { loadEngineCatalog } from "./engine.mjs";

/** The engine's own attack declaration (py_rules from this checkout). */
const attack = loadEngineCatalog().operations.find((op) => op.id === "semiautomagic.attack");

/** A Storage as the page's (getItem/setItem of text). */
function memory() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
  };
}

const ROBIN = { campaignId: "c1", encounterId: "e1", characterId: "robin", op: "semiautomagic.attack" };
const KEEP = ["weapon", "kind"];

test("the attack's kind starts as the weapon's own in the engine's declaration", () => {
  const kind = attack.params.find((param) => param.name === "kind");
  assert.equal(kind.default, "weapon");
  assert.deepEqual(kind.choices, ["weapon", "melee", "ranged", "spell"]);
});

test("a kind the GM picked opens the same character's next attack in the same encounter", () => {
  const storage = memory();
  assert.deepEqual(keptChoices(ROBIN, attack, KEEP, storage), {}); // nothing picked yet: the move's defaults
  keepChoices(ROBIN, KEEP, { weapon: "Bow", kind: "melee", defence: "dodge", modifiers: "" }, storage);
  assert.deepEqual(keptChoices(ROBIN, attack, KEEP, storage), { weapon: "Bow", kind: "melee" });
  // the defence is the defender's and is not kept
  assert.deepEqual(keptChoices(ROBIN, attack, ["defence"], storage), {});
});

test("another character, another move or another encounter starts from the defaults", () => {
  const storage = memory();
  keepChoices(ROBIN, KEEP, { weapon: "Bow", kind: "melee" }, storage);
  assert.deepEqual(keptChoices({ ...ROBIN, characterId: "marian" }, attack, KEEP, storage), {});
  assert.deepEqual(keptChoices({ ...ROBIN, op: "semiautomagic.defence_roll" }, attack, KEEP, storage), {});
  assert.deepEqual(keptChoices({ ...ROBIN, encounterId: "e2" }, attack, KEEP, storage), {});
  assert.deepEqual(keptChoices({ ...ROBIN, campaignId: "c2" }, attack, KEEP, storage), {});
});

test("a later pick replaces the earlier one", () => {
  const storage = memory();
  keepChoices(ROBIN, KEEP, { weapon: "Bow", kind: "melee" }, storage);
  keepChoices(ROBIN, KEEP, { weapon: "Bow", kind: "weapon" }, storage);
  assert.deepEqual(keptChoices(ROBIN, attack, KEEP, storage), { weapon: "Bow", kind: "weapon" });
});

test("a kept value the move no longer offers is dropped", () => {
  const storage = memory();
  keepChoices(ROBIN, KEEP, { weapon: "Bow", kind: "thrown" }, storage);
  assert.deepEqual(keptChoices(ROBIN, attack, KEEP, storage), { weapon: "Bow" });
});

test("only the latest encounters are kept", () => {
  const storage = memory();
  for (let n = 0; n <= SCOPES; n += 1)
    keepChoices({ ...ROBIN, encounterId: `e${n}` }, KEEP, { kind: "ranged" }, storage);
  assert.deepEqual(keptChoices({ ...ROBIN, encounterId: "e0" }, attack, KEEP, storage), {});
  assert.deepEqual(keptChoices({ ...ROBIN, encounterId: `e${SCOPES}` }, attack, KEEP, storage), { kind: "ranged" });
});

test("storage that refuses or holds nonsense keeps nothing and throws nothing", () => {
  const refusing = {
    getItem: () => {
      throw new Error("denied");
    },
    setItem: () => {
      throw new Error("denied");
    },
  };
  keepChoices(ROBIN, KEEP, { kind: "melee" }, refusing);
  assert.deepEqual(keptChoices(ROBIN, attack, KEEP, refusing), {});
  const garbled = memory();
  garbled.setItem("rules-companion:kept:c1", "{not json");
  assert.deepEqual(keptChoices(ROBIN, attack, KEEP, garbled), {});
  keepChoices(ROBIN, KEEP, { kind: "melee" }, garbled);
  assert.deepEqual(keptChoices(ROBIN, attack, KEEP, garbled), { kind: "melee" });
  assert.deepEqual(keptChoices(ROBIN, attack, KEEP, null), {});
});
