// Call of Cthulhu's guided form reads what it asks from the sheet's declaration (web/games/coc_creation.mjs over
// py_rules/coc/sheet.py): a creature is asked its printed MOV and its Sanity loss, never APP, EDU, Luck or age; the age
// loss a player spreads is offered over the characteristics the age table names (rules/coc.md §3.2a), starting even;
// the sheet editor offers a creature's MOV with its declared bounds (web/games/sheet_spec.mjs extraNumbers).
// Run: node --test tests/node/  (tests/test_page_modules_node.py runs it with pytest).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";

import { indexCatalog } from "../../web/app/engine.mjs";
import { extraNumbers, fieldAt } from "../../web/games/sheet_spec.mjs";
import { ageSplit, draftFor, flatSections, rekind } from "../../web/games/coc_creation.mjs";
import coc from "../../web/games/coc.mjs";
import { loadEngineCatalog } from "./engine.mjs";

const python = process.env.PYTHON || "python3";
const engine = (code) => JSON.parse(execFileSync(python, ["-c", code], { encoding: "utf8" }));
const spec = indexCatalog(loadEngineCatalog()).sheet("coc");
const bands = engine(
  "import json; from py_rules import api; print(json.dumps(api.handle({'op': 'coc.age_table'})['result']['details']['bands']))",
);

const paths = (sections) => sections.flatMap((section) => section.fields.map((field) => field.path));

test("a creature is asked its MOV and Sanity loss, not what it may leave out; a person the reverse", () => {
  const creature = paths(flatSections(spec, "creature"));
  const person = paths(flatSections(spec, "human"));
  for (const path of ["mov", "san_loss", "STR", "POW", "kind"]) assert.ok(creature.includes(path), path);
  for (const path of ["APP", "EDU", "luck", "age"]) assert.ok(!creature.includes(path), path);
  for (const path of ["APP", "EDU", "luck", "age", "kind"]) assert.ok(person.includes(path), path);
  for (const path of ["mov", "san_loss"]) assert.ok(!person.includes(path), path);
  assert.equal(creature[0], "kind"); // what is made is asked first
});

test("MOV is asked with the declared bounds, optional, and the kind's words are the declaration's", () => {
  const mov = flatSections(spec, "creature")
    .flatMap((section) => section.fields)
    .find((field) => field.path === "mov");
  const declared = fieldAt(spec, "mov");
  assert.deepEqual([mov.min, mov.max, mov.optional], [declared.minimum, declared.maximum, true]);
  const kind = flatSections(spec).flatMap((section) => section.fields)[0];
  assert.deepEqual(
    kind.choices,
    fieldAt(spec, "kind").choices.map((value, index) => [value, fieldAt(spec, "kind").choice_labels[index]]),
  );
});

test("a creature's draft starts with an empty MOV and Sanity loss and no APP, EDU or Luck", () => {
  const draft = draftFor(spec, "creature");
  assert.equal(draft.kind, "creature");
  assert.equal(draft.mov, null);
  assert.equal(draft.san_loss, "");
  for (const key of ["APP", "EDU", "luck", "age"]) assert.ok(!Object.hasOwn(draft, key), key);
  const person = draftFor(spec, "human");
  assert.equal(person.kind, "human");
  for (const key of ["mov", "san_loss"]) assert.ok(!Object.hasOwn(person, key), key);
});

test("changing the kind keeps what both kinds are asked and drops the rest", () => {
  const typed = { ...draftFor(spec, "human"), name: "Thing", STR: 140, APP: 65, occupation: "Scholar" };
  const creature = rekind(spec, { ...typed, skills: { Dodge: 30 } }, "creature");
  assert.deepEqual([creature.name, creature.STR, creature.skills.Dodge], ["Thing", 140, 30]);
  for (const key of ["APP", "occupation"]) assert.ok(!Object.hasOwn(creature, key), key);
  const back = rekind(spec, { ...creature, mov: 12 }, "human");
  assert.equal(back.STR, 140);
  assert.ok(!Object.hasOwn(back, "mov"));
  assert.equal(back.APP, draftFor(spec, "human").APP); // the declared first value again
});

test("the age loss is offered over the characteristics the band names, starting at the even split", () => {
  for (const band of bands) {
    for (const age of [band.low, band.high]) {
      const split = ageSplit(bands, age);
      if (!band.shared_loss) {
        assert.equal(split, null, `age ${age}`);
        continue;
      }
      assert.deepEqual(split.keys, band.shared_by);
      assert.equal(split.total, band.shared_loss);
      assert.equal(
        Object.values(split.even).reduce((a, b) => a + b, 0),
        band.shared_loss,
      );
    }
  }
  assert.deepEqual(ageSplit(bands, 45).keys, ["STR", "CON", "DEX"]);
  assert.deepEqual(ageSplit(bands, 17).keys, ["STR", "SIZ"]);
  assert.equal(ageSplit(bands, 200), null);
  assert.equal(ageSplit(null, 45), null);
});

test("the sheet editor offers a creature's MOV with its declared bounds, and no investigator's", () => {
  const [mov, ...rest] = extraNumbers(spec, coc.editNumbers, "creature");
  assert.equal(rest.length, 0);
  assert.equal(mov.path, "mov");
  assert.deepEqual(
    [mov.min, mov.max, mov.optional],
    [fieldAt(spec, "mov").minimum, fieldAt(spec, "mov").maximum, true],
  );
  assert.deepEqual(extraNumbers(spec, coc.editNumbers, "investigator"), []);
  assert.deepEqual(extraNumbers(spec, ["name", "nothing"], "creature"), []); // only declared numbers
});
