// The encounter on a tablet, its pure parts: an attack's weapon list names each weapon once (the sheet's own
// "Unarmed" or "Punch" row is not listed a second time: web/games/weapon_choices.mjs, used by each game's moves),
// the Call of Cthulhu and Armageddon attacks keep the weapon last used (drawer/kept_choices.mjs), and what a step
// decided is told on the card of the combatant the engine names (web/screens/encounter/told.mjs).
// Run: node --test tests/node/  (tests/test_page_modules_node.py runs it with pytest).
import assert from "node:assert/strict";
import { test } from "node:test";

import { onceEach, withBareHands } from "../../web/games/weapon_choices.mjs";
import { actions as cocActions, weaponChoices as cocWeapons } from "../../web/games/coc_moves.mjs";
import { weaponChoices as armageddonWeapons } from "../../web/games/armageddon_moves.mjs";
import { keepChoices, keptChoices } from "../../web/drawer/kept_choices.mjs";
import { toldFor } from "../../web/screens/encounter/told.mjs";

const arm = (name, skill = "Fighting (Brawl)") => ({ name, skill, damage: "1D3" });

test("a Call of Cthulhu sheet's own Unarmed row is listed once, the sheet's weapons first", () => {
  const sheet = { weapons: [arm("Unarmed"), arm(".38 Revolver", "Firearms (Handgun)"), arm("Knife")] };
  const names = cocWeapons(sheet).map(([, words]) => words);
  assert.deepEqual(names, ["Unarmed", ".38 Revolver", "Knife"]);
  assert.deepEqual(
    cocWeapons({ weapons: [arm("Knife")] }).map(([value]) => value),
    ["Knife", ""],
  ); // no row of its own: unarmed offered last
  assert.deepEqual(cocWeapons({}), [["", "Unarmed"]]);
});

test("Armageddon offers Punch once, whether or not the sheet lists it", () => {
  const punch = { name: "Punch", damage: "d4 × Strength" };
  const knife = { name: "Knife", damage: "d6 × Strength" };
  assert.deepEqual(
    armageddonWeapons({ weapons: [knife, punch] }).map(([value]) => value),
    ["Knife", "Punch"],
  );
  assert.deepEqual(
    armageddonWeapons({ weapons: [knife] }).map(([value]) => value),
    ["Knife", "Punch"],
  );
});

test("a weapon named twice is listed once, the first row kept", () => {
  assert.deepEqual(
    onceEach([
      ["Knife", "Knife: 1D4"],
      ["knife ", "Knife again"],
      ["Club", "Club"],
    ]),
    [
      ["Knife", "Knife: 1D4"],
      ["Club", "Club"],
    ],
  );
  assert.deepEqual(withBareHands([["Unarmed", "Unarmed"]], ["", "Unarmed"]), [["Unarmed", "Unarmed"]]);
});

test("the Call of Cthulhu attack keeps the weapon last used for the same character in the same encounter", () => {
  const attack = cocActions().find((each) => each.key === "attack");
  assert.deepEqual(attack.keep, ["weapon"]);
  const store = new Map();
  const storage = { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => store.set(key, value) };
  const op = { params: [{ name: "weapon", kind: "text" }] };
  const where = { campaignId: "c1", encounterId: "e1", characterId: "h", op: attack.op };
  keepChoices(where, attack.keep, { weapon: ".38 Revolver" }, storage);
  assert.deepEqual(keptChoices(where, op, attack.keep, storage), { weapon: ".38 Revolver" });
  assert.deepEqual(keptChoices({ ...where, characterId: "r" }, op, attack.keep, storage), {});
});

test("what a step decided is told on the card of the combatant it names, or, in an older entry, leads with", () => {
  const result = {
    details: {
      decided: [
        { line: "Zed: Confusion chart 12: runs", combatant: "k2" },
        { line: "Amy: Dying: d10 3", combatant: "k1" },
        { line: "Zed 2: Dying: d10 5" }, // kept before the engine named the combatant
      ],
    },
  };
  assert.deepEqual(toldFor(result, { id: "k2", name: "Zed" }), ["Zed: Confusion chart 12: runs"]);
  assert.deepEqual(toldFor(result, { id: "k9", name: "Zed 2" }), ["Zed 2: Dying: d10 5"]);
  assert.deepEqual(toldFor(result, { id: "k3", name: "Bo" }), []);
  assert.deepEqual(toldFor(null, { id: "k1", name: "Amy" }), []);
});
