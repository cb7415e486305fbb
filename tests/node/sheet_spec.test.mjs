// The page's forms read each game's sheet from the engine's declaration (web/games/sheet_spec.mjs reading the
// catalog's ``sheets``): the guided form's sections, first values and bounds, each row's bounds, the weapons fields.
// Run: node --test tests/node/  (tests/test_page_modules_node.py runs it with pytest).
import assert from "node:assert/strict";
import { test } from "node:test";

import { indexCatalog } from "../../web/app/engine.mjs";
import {
  derivedRows,
  draftOf,
  entryFields,
  fieldAt,
  limitsOf,
  noteFields,
  playsAs,
  redraft,
  resolveGame,
  sectionsOf,
} from "../../web/games/sheet_spec.mjs";
import { GAMES } from "../../web/games/index.mjs";
import { loadEngineCatalog } from "./engine.mjs";

/** The engine's own catalog, as build.py writes it to dist/catalog.json (py_rules from this checkout). */
const engineCatalog = loadEngineCatalog();
const catalog = indexCatalog(engineCatalog);

/** The games whose sheets are declared so far (each game's py_rules/<game>/sheet.py); each is read from it. */
const DECLARED = ["armageddon", "semiautomagic", "coc"];

test("the games with a declared sheet are the page's games, and the catalog has each", () => {
  for (const id of DECLARED) assert.ok(GAMES.some((game) => game.id === id) && catalog.sheet(id), id);
  // each game declared here; others (declared on their own branches) may join the catalog
  for (const id of DECLARED)
    assert.ok(
      engineCatalog.sheets.some((sheet) => sheet.game === id),
      id,
    );
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
    assert.deepEqual(
      sections.flatMap((section) => section.fields.map((field) => field.path)),
      declared.map((field) => field.path),
    );
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
    assert.deepEqual(
      field.path.split(".").reduce((node, key) => node?.[key], draft),
      field.default,
      field.path,
    );
  }
});

test("a game resolved with its declaration takes every row's, skill's and weapon field's bounds from it", () => {
  const spec = catalog.sheet("armageddon");
  const game = resolveGame(
    GAMES.find((each) => each.id === "armageddon"),
    spec,
  );
  const sheet = {
    attributes: { Strength: 2, Dexterity: 2, Constitution: 3, Intelligence: 3, Perception: 3, Willpower: 3 },
    skills: { Handguns: 3 },
  };
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
  assert.deepEqual(
    entryFields(spec, "weapons", ["damage_type"])[0].choices.map(([id]) => id),
    fieldAt(spec, "weapons.*.damage_type").choices,
  );
  assert.equal(resolveGame(GAMES[0], spec), game, "resolved once per declaration");
});

test("the derived panel lists the declared derived values in their words", () => {
  const spec = catalog.sheet("armageddon");
  const rows = derivedRows(
    spec,
    { life_points: 30, speed: 10, lifting_capacity: 100 },
    { lifting_capacity: (lb) => `${lb} lb` },
  );
  assert.deepEqual(rows, [
    ["Life Points", 30],
    ["Speed", 10],
    ["Lifting capacity", "100 lb"],
  ]);
});

test("a derived value the sheet's kind has not is no row, or the game's words for its absence", () => {
  const spec = catalog.sheet("semiautomagic");
  const object = { toughness: 8, min_toughness: 2, will: null, emp_toughness: 6 };
  const bare = derivedRows(spec, object);
  assert.deepEqual(
    bare.map(([label]) => label),
    ["Toughness", "Minimum Toughness", "EMP Toughness"],
  );
  const game = resolveGame(
    GAMES.find((each) => each.id === "semiautomagic"),
    spec,
  );
  const worded = game.creation.derived({ details: { derived: object } }, spec);
  assert.deepEqual(
    worded.find(([label]) => label === "Will"),
    ["Will", "none (an object)"],
  );
  for (const [label, value] of worded) assert.doesNotMatch(`${label} ${value}`, /\b(null|undefined|NaN)\b/);
});

const coc = () =>
  resolveGame(
    GAMES.find((each) => each.id === "coc"),
    catalog.sheet("coc"),
  );
const CREATURE = {
  kind: "creature",
  name: "Thing",
  characteristics: { STR: 140, CON: 80, SIZ: 120, DEX: 40, INT: 30, POW: 50 },
  skills: { Dodge: 20 },
  san: 50,
  mov: 6,
  san_loss: "1/1D8",
  derived: { mov: 6, mov_from: "sheet" },
};

test("Call of Cthulhu's rows take the declared bound: a characteristic up to the engine's 500, not a copy of 99", () => {
  const spec = catalog.sheet("coc");
  const game = coc();
  const rows = game.groups(CREATURE).flatMap((group) => group.rows);
  const str = rows.find((row) => row.path === "characteristics.STR");
  assert.equal(str.max, fieldAt(spec, "characteristics.STR").maximum);
  assert.ok(str.max >= 140, "a creature's STR 140 can be saved again");
  assert.equal(rows.find((row) => row.path === "skills.Dodge").max, fieldAt(spec, "skills.*").maximum);
  // a creature's sheet without APP, EDU or Luck has no row for them (nothing to roll)
  assert.deepEqual(
    rows.filter((row) => ["characteristics.APP", "characteristics.EDU", "luck"].includes(row.path)),
    [],
  );
  assert.ok(!game.card(CREATURE).bars.some((bar) => bar.label === "Luck"));
  assert.deepEqual(
    game.weapons.fields.map((field) => field.key),
    ["name", "skill", "damage", "db", "impale", "range", "attacks", "ammo", "malfunction"],
  );
  assert.deepEqual(
    game.weapons.fields.find((field) => field.key === "skill").choices.map(([id]) => id),
    fieldAt(spec, "weapons.*.skill").choices,
  );
  assert.equal(game.weapons.armour.max, fieldAt(spec, "armour").maximum);
});

test("the guided form is the investigator's declared sections, flat as the create operation takes them; a creature's texts include its Sanity loss", () => {
  const spec = catalog.sheet("coc");
  const game = coc();
  const draft = game.creation.draft();
  assert.equal(draft.STR, fieldAt(spec, "characteristics.STR").default);
  const str = game.creation.sections.flatMap((section) => section.fields).find((field) => field.path === "STR");
  assert.equal(str.max, fieldAt(spec, "characteristics.STR").maximum);
  assert.equal(game.creation.skills.max, fieldAt(spec, "skills.*").maximum);
  const texts = (kind) => noteFields(spec, kind).map((field) => field.path);
  assert.deepEqual(texts("investigator"), ["occupation", "backstory", "possessions", "notes"]);
  assert.deepEqual(texts("creature"), ["san_loss", "notes"]);
  assert.deepEqual(
    noteFields(catalog.sheet("armageddon")).map((field) => field.path),
    ["notes"],
  );
});

test("a Sanity roll against a picked creature takes its stored loss; nobody picked, the loss is typed", () => {
  const game = coc();
  const row = game
    .groups(CREATURE)
    .flatMap((group) => group.rows)
    .find((each) => each.key === "san");
  assert.equal(row.roll.target, "source");
  assert.ok(row.roll.targetOptional);
  assert.deepEqual(row.roll.defaults({}, CREATURE), { loss: "1/1D8" });
  assert.deepEqual(row.roll.defaults({}, { name: "Harvey" }), { loss: "" });
});

test("Call of Cthulhu's items are a declared list: the editor's fields and bounds are the declaration's", () => {
  const spec = catalog.sheet("coc");
  const list = coc().lists.find((each) => each.path === "items");
  for (const field of entryFields(spec, list.path, list.keys, list.extra)) {
    const declared = fieldAt(spec, `items.*.${field.key}`);
    assert.equal(field.label, declared.label);
    assert.equal(field.max, declared.maximum);
    assert.equal(field.maxlength, declared.max_length);
  }
  assert.deepEqual(Object.keys(list.blank), list.keys);
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
  for (const kind of spec.sheet_kinds)
    assert.equal(playsAs(spec, { kind }), spec.cast_kinds.includes(kind) ? "npc" : "pc", kind);
  assert.equal(playsAs(spec, { kind: "robot" }), "npc");
  assert.equal(
    playsAs(catalog.sheet("armageddon"), { kind: "supernatural" }),
    "pc",
    "Armageddon's kind is no kind of sheet",
  );
});

test("Semiautomagic resolved with its declaration: rows, weapons, armour and items take their fields and bounds from it", () => {
  const spec = catalog.sheet("semiautomagic");
  const game = resolveGame(
    GAMES.find((each) => each.id === "semiautomagic"),
    spec,
  );
  const sheet = {
    kind: "creature",
    abilities: { Strength: 3, Dexterity: 3, Endurance: 3, Intelligence: 3, Spirit: 3 },
    skills: { Stealth: 2 },
  };
  const rows = game.groups(sheet).flatMap((group) => group.rows);
  assert.deepEqual(
    rows.map((row) => row.label),
    [...spec.fields.filter((field) => field.group === "Abilities").map((field) => field.label), "Stealth"],
  );
  for (const row of rows) assert.equal(row.max, fieldAt(spec, row.path).maximum, row.path);
  assert.deepEqual(
    game.groups({ kind: "object", abilities: {}, skills: {} }).map((group) => group.title),
    ["Skills"],
  );
  const mobility = game.weapons.armour.fields.find((field) => field.key === "mobility_penalty");
  assert.equal(mobility.max, fieldAt(spec, "armour.mobility_penalty").maximum);
  assert.deepEqual(
    game.weapons.fields.find((field) => field.key === "damage_type").choices,
    fieldAt(spec, "weapons.*.damage_type").choices.map((id, index) => [
      id,
      fieldAt(spec, "weapons.*.damage_type").choice_labels[index],
    ]),
  );
  const items = game.lists.find((list) => list.path === "items");
  assert.equal(
    entryFields(spec, items.path, items.keys).find((field) => field.key === "mobility_penalty").max,
    fieldAt(spec, "items.*.mobility_penalty").maximum,
  );
  assert.equal(game.summary({ damage: "2d6", damage_type: "emp", light_material: false, nonlethal: false }), "2d6 EMP");
  assert.match(
    game.actions()[0].choices({ weapons: [{ name: "Zap", damage: "2d6", damage_type: "emp" }] }).weapon[0][1],
    /Zap: 2d6 EMP/,
  );
});
