// node --test tests/node: the weapons a player's device attacks with, per game's sheet (web/player/moves.mjs
// attackWeapons), and the arguments of the roll it throws for the attacker (attackRollArgs).
import assert from "node:assert/strict";
import test from "node:test";
import { attackRollArgs, attackWeapons } from "../../web/player/moves.mjs";

const names = (listed) => listed.map((each) => [each.name, each.skill]);

test("a Call of Cthulhu sheet's weapons roll their own skill, unarmed last (rules/coc.md §3.8)", () => {
  const sheet = {
    weapons: [
      { name: "Small knife", skill: "Fighting (Brawl)" },
      { name: ".38 revolver", skill: "Firearms (Handgun)" },
    ],
  };
  assert.deepEqual(names(attackWeapons(sheet, "coc")), [
    ["Small knife", "Fighting (Brawl)"],
    [".38 revolver", "Firearms (Handgun)"],
    ["", "Fighting (Brawl)"],
  ]);
  assert.deepEqual(attackRollArgs("coc", sheet, attackWeapons(sheet, "coc")[1]), {
    investigator: sheet,
    skill: "Firearms (Handgun)",
  });
});

test("an Armageddon character punches without a weapon, and a sheet's own Punch is offered once", () => {
  assert.deepEqual(names(attackWeapons({}, "armageddon")), [["Punch", "Brawling"]]);
  const sheet = {
    weapons: [
      { name: "Knife", skill: "Hand Weapon" },
      { name: "Knife", skill: "Brawling" },
    ],
  };
  assert.deepEqual(names(attackWeapons(sheet, "armageddon")), [
    ["Knife", "Hand Weapon"],
    ["Punch", "Brawling"],
  ]);
  const own = { weapons: [{ name: "Punch", skill: "Martial Arts" }] };
  assert.deepEqual(names(attackWeapons(own, "armageddon")), [["Punch", "Martial Arts"]]);
  assert.deepEqual(attackRollArgs("armageddon", sheet, attackWeapons(sheet, "armageddon")[0]), {
    character: sheet,
    attribute_name: "Dexterity",
    skill_name: "Hand Weapon",
  });
});

test("a Semiautomagic weapon's kind picks its skill, and no weapon is offered only when the sheet lists none", () => {
  const sheet = {
    weapons: [{ name: "Bow", kind: "ranged" }, { name: "Club" }, { name: "Wand", kind: "spell" }],
  };
  assert.deepEqual(names(attackWeapons(sheet, "semiautomagic")), [
    ["Bow", "Ranged Skill"],
    ["Club", "Weapon Skill"],
    ["Wand", "Magic"],
  ]);
  assert.deepEqual(names(attackWeapons({ weapons: [] }, "semiautomagic")), [["", "Weapon Skill"]]);
  assert.deepEqual(attackRollArgs("semiautomagic", sheet, attackWeapons(sheet, "semiautomagic")[0]), {
    creature: sheet,
    skill: "Ranged Skill",
    dc: 4,
  });
});

test("a game with no attack declared offers no weapon", () => {
  assert.deepEqual(attackWeapons({ weapons: [{ name: "Knife", skill: "Brawl" }] }, "chess"), []);
});
