// The page's forms read each game's sheet from the engine's declaration (web/games/sheet_spec.mjs reading the
// catalog's ``sheets``): the guided form's sections, first values and bounds, each row's bounds, the weapons fields.
// Run: node --test tests/node/  (tests/test_page_modules_node.py runs it with pytest).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";

import { indexCatalog } from "../../web/app/engine.mjs";
import { derivedRows, draftOf, entryFields, fieldAt, limitsOf, resolveGame, sectionsOf } from "../../web/games/sheet_spec.mjs";
import { GAMES } from "../../web/games/index.mjs";

/** The engine's own catalog, as build.py writes it to dist/catalog.json (py_rules from this checkout). */
const engineCatalog = JSON.parse(execFileSync(process.env.PYTHON || "python3",
  ["-c", "import json; from py_rules.api import catalog; print(json.dumps(catalog()))"], { encoding: "utf8" }));
const catalog = indexCatalog(engineCatalog);

/** The games whose sheets are declared so far (each game's py_rules/<game>/sheet.py); each is read from it. */
const DECLARED = ["armageddon"];

test("the games with a declared sheet are the page's games, and the catalog has each", () => {
  for (const id of DECLARED) assert.ok(GAMES.some((game) => game.id === id) && catalog.sheet(id), id);
  assert.deepEqual(engineCatalog.sheets.map((sheet) => sheet.game).sort(), [...DECLARED].sort());
});

test("a concrete path finds its declaration: a map's key, a list's entry, a key holding dots", () => {
  const spec = catalog.sheet("armageddon");
  assert.equal(fieldAt(spec, "skills.Handguns").path, "skills.*");
  assert.equal(fieldAt(spec, "weapons.2.damage").path, "weapons.*.damage");
  assert.equal(fieldAt(spec, "skills.Dr. Who").path, "skills.*");
  assert.equal(fieldAt(spec, "attributes.Luck"), null);
  assert.deepEqual(limitsOf(spec, "nothing.here"), {});
});

test("the guided form's sections hold each sectioned field with the engine's bounds and words, in order", () => {
  for (const spec of engineCatalog.sheets) {
    const sections = sectionsOf(spec);
    const declared = spec.fields.filter((field) => field.section);
    assert.deepEqual(sections.flatMap((section) => section.fields.map((field) => field.path)), declared.map((field) => field.path));
    for (const field of sections.flatMap((section) => section.fields)) {
      const source = spec.fields.find((each) => each.path === field.path);
      assert.equal(field.label, source.label);
      assert.equal(field.min, source.minimum);
      assert.equal(field.max, source.maximum);
    }
  }
});

test("a new sheet's first values are the declared defaults, nested by path", () => {
  const spec = catalog.sheet("armageddon");
  const draft = draftOf(spec);
  for (const field of spec.fields.filter((each) => each.section)) {
    assert.deepEqual(field.path.split(".").reduce((node, key) => node?.[key], draft), field.default, field.path);
  }
});

test("a game resolved with its declaration takes every row's, skill's and weapon field's bounds from it", () => {
  const spec = catalog.sheet("armageddon");
  const game = resolveGame(GAMES.find((each) => each.id === "armageddon"), spec);
  const sheet = { attributes: { Strength: 2, Dexterity: 2, Constitution: 3, Intelligence: 3, Perception: 3, Willpower: 3 }, skills: { Handguns: 3 } };
  for (const row of game.groups(sheet).flatMap((group) => group.rows)) {
    const field = fieldAt(spec, row.path);
    assert.equal(row.max, field.maximum, row.path);
    assert.equal(row.min, field.minimum, row.path);
  }
  assert.equal(game.creation.skills.max, fieldAt(spec, "skills.*").maximum);
  const damage = game.weapons.fields.find((field) => field.key === "damage");
  assert.equal(damage.maxlength, fieldAt(spec, "weapons.*.damage").max_length);
  const value = game.weapons.armour.fields.find((field) => field.key === "value");
  assert.equal(value.max, fieldAt(spec, "armour.value").maximum);
  assert.deepEqual(entryFields(spec, "weapons", ["damage_type"])[0].choices.map(([id]) => id), fieldAt(spec, "weapons.*.damage_type").choices);
  assert.equal(resolveGame(GAMES[0], spec), game, "resolved once per declaration");
});

test("the derived panel lists the declared derived values in their words", () => {
  const spec = catalog.sheet("armageddon");
  const rows = derivedRows(spec, { life_points: 30, speed: 10, lifting_capacity: 100 }, { lifting_capacity: (lb) => `${lb} lb` });
  assert.deepEqual(rows, [["Life Points", 30], ["Speed", 10], ["Lifting capacity", "100 lb"]]);
});
