// The page's forms read each game's sheet from the engine's declaration (web/games/sheet_spec.mjs reading the
// catalog's ``sheets``): the guided form's sections, first values and bounds, each row's bounds, the weapons fields.
// Run: node --test tests/node/  (tests/test_page_modules_node.py runs it with pytest).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";

import { indexCatalog } from "../../web/app/engine.mjs";
import { derivedRows, draftOf, entryFields, fieldAt, limitsOf, playsAs, redraft, resolveGame, sectionsOf } from "../../web/games/sheet_spec.mjs";
import { GAMES } from "../../web/games/index.mjs";

/** The engine's own catalog, as build.py writes it to dist/catalog.json (py_rules from this checkout). */
const engineCatalog = JSON.parse(execFileSync(process.env.PYTHON || "python3",
  ["-c", "import json; from py_rules.api import catalog; print(json.dumps(catalog()))"], { encoding: "utf8" }));
const catalog = indexCatalog(engineCatalog);

/** The games whose sheets are declared so far (each game's py_rules/<game>/sheet.py); each is read from it. */
const DECLARED = ["armageddon", "semiautomagic"];

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

test("each kind of sheet is asked its own fields with its own first values (Semiautomagic: object, vehicle, robot)", () => {
  const spec = catalog.sheet("semiautomagic");
  const pathsOf = (kind) => sectionsOf(spec, kind).flatMap((section) => section.fields.map((field) => field.path));
  for (const kind of spec.sheet_kinds) {
    const asked = spec.fields.filter((field) => field.section && (!field.sheet_kinds || field.sheet_kinds.includes(kind))).map((field) => field.path);
    assert.deepEqual(pathsOf(kind), asked, kind);
    const draft = draftOf(spec, kind);
    assert.equal(draft[spec.kind_field], kind);
    for (const [path, value] of Object.entries(spec.kind_defaults[kind] || {})) assert.equal(path.split(".").reduce((node, key) => node?.[key], draft), value ?? "", `${kind} ${path}`);
  }
  assert.ok(!pathsOf("object").some((path) => path.startsWith("abilities.")), "an object has no abilities");
  assert.ok(pathsOf("object").includes("defence.durability") && pathsOf("robot").includes("abilities.Spirit"));
  const emp = sectionsOf(spec, "object").flatMap((section) => section.fields).find((field) => field.path === "emp_complexity");
  assert.deepEqual(emp.choices[0], ["", "None"], "an object may be no electronic thing at all");
});

test("changing the kind keeps what was typed for the fields the new kind has too, and takes the kind's own defaults", () => {
  const spec = catalog.sheet("semiautomagic");
  const typed = { ...draftOf(spec, "creature"), name: "Tin", skills: { Perception: 2 } };
  typed.abilities.Strength = 5;
  const robot = redraft(spec, typed, "robot");
  assert.equal(robot.kind, "robot");
  assert.equal(robot.abilities.Strength, 5);
  assert.equal(robot.emp_complexity, spec.kind_defaults.robot.emp_complexity);
  assert.deepEqual([robot.name, robot.skills], ["Tin", { Perception: 2 }]);
  const object = redraft(spec, robot, "object");
  assert.equal(object.abilities, undefined);
  assert.equal(object.emp_complexity, robot.emp_complexity, "an object keeps the complexity typed for the robot");
});

test("a sheet brought in from a file joins the cast when the game master runs its kind", () => {
  const spec = catalog.sheet("semiautomagic");
  for (const kind of spec.sheet_kinds) assert.equal(playsAs(spec, { kind }), spec.cast_kinds.includes(kind) ? "npc" : "pc", kind);
  assert.equal(playsAs(spec, { kind: "robot" }), "npc");
  assert.equal(playsAs(catalog.sheet("armageddon"), { kind: "supernatural" }), "pc", "Armageddon's kind is no kind of sheet");
});

test("Semiautomagic resolved with its declaration: rows, weapons, armour and items take their fields and bounds from it", () => {
  const spec = catalog.sheet("semiautomagic");
  const game = resolveGame(GAMES.find((each) => each.id === "semiautomagic"), spec);
  const sheet = { kind: "creature", abilities: { Strength: 3, Dexterity: 3, Endurance: 3, Intelligence: 3, Spirit: 3 }, skills: { Stealth: 2 } };
  const rows = game.groups(sheet).flatMap((group) => group.rows);
  assert.deepEqual(rows.map((row) => row.label), [...spec.fields.filter((field) => field.group === "Abilities").map((field) => field.label), "Stealth"]);
  for (const row of rows) assert.equal(row.max, fieldAt(spec, row.path).maximum, row.path);
  assert.deepEqual(game.groups({ kind: "object", abilities: {}, skills: {} }).map((group) => group.title), ["Skills"]);
  const mobility = game.weapons.armour.fields.find((field) => field.key === "mobility_penalty");
  assert.equal(mobility.max, fieldAt(spec, "armour.mobility_penalty").maximum);
  assert.deepEqual(game.weapons.fields.find((field) => field.key === "damage_type").choices, fieldAt(spec, "weapons.*.damage_type").choices.map((id, index) => [id, fieldAt(spec, "weapons.*.damage_type").choice_labels[index]]));
  const items = game.lists.find((list) => list.path === "items");
  assert.equal(entryFields(spec, items.path, items.keys).find((field) => field.key === "mobility_penalty").max, fieldAt(spec, "items.*.mobility_penalty").maximum);
  assert.equal(game.summary({ damage: "2d6", damage_type: "emp", light_material: false, nonlethal: false }), "2d6 EMP");
  assert.match(game.actions()[0].choices({ weapons: [{ name: "Zap", damage: "2d6", damage_type: "emp" }] }).weapon[0][1], /Zap: 2d6 EMP/);
});
