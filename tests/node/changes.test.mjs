// node --test tests/node: web/store/changes.mjs, what changed in a sheet (the twin of py_rules/log/changes.py): the
// sheet after an entry is rebuilt from the sheet before and its change record exactly, as JSON text, keys in order.
// The same records against the engine's are checked in tests/log/test_undo_property.py (the page's undo run in Node).
import assert from "node:assert/strict";
import test from "node:test";
import {
  applySheetChanges,
  compactEntry,
  entryAfter,
  sameJson,
  sheetChanges,
  sheetsChanges,
} from "../../web/store/changes.mjs";

const KEYS = ["name", "hp", "skills", "Dodge", "notes", "1", "20", "", "__proto__", "constructor", "x.y", "é"];

/** A small seeded generator (mulberry32), so a failure comes back the same. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rng, list) => list[Math.floor(rng() * list.length)];

/** A random JSON value, as JSON.parse gives it (an own "__proto__" key included). */
function value(rng, depth = 0) {
  const kind = Math.floor(rng() * (depth < 3 ? 9 : 6));
  if (kind === 0) return null;
  if (kind === 1) return rng() < 0.5;
  if (kind === 2) return Math.floor(rng() * 2000) - 1000;
  if (kind === 3) return Math.floor(rng() * 2e6) - 1e6 + 0.25;
  if (kind <= 5) return pick(rng, ["", "a", "Harvey", "é ü", "x".repeat(30)]);
  if (kind === 6) return Array.from({ length: Math.floor(rng() * 4) }, () => value(rng, depth + 1));
  return object(rng, depth, Math.floor(rng() * 6));
}

function object(rng, depth, count) {
  const entries = Array.from({ length: count }, () => [pick(rng, KEYS), value(rng, depth + 1)]);
  return JSON.parse(`{${entries.map(([key, each]) => `${JSON.stringify(key)}:${JSON.stringify(each)}`).join(",")}}`);
}

/** ``old`` with random edits deep inside: keys kept, changed, removed, replaced and added. */
function edit(rng, old, depth = 0) {
  if (old === null || typeof old !== "object" || Array.isArray(old) || rng() < 0.2) return value(rng, depth);
  const out = [];
  for (const key of Object.keys(old)) {
    const roll = rng();
    if (roll < 0.5) out.push([key, old[key]]);
    else if (roll < 0.75) out.push([key, edit(rng, old[key], depth + 1)]);
    else if (roll >= 0.85) out.push([key, value(rng, depth + 1)]);
  }
  for (let i = Math.floor(rng() * 3); i > 0; i -= 1) out.push([pick(rng, KEYS), value(rng, depth + 1)]);
  if (rng() < 0.1) out.reverse();
  return JSON.parse(`{${out.map(([key, each]) => `${JSON.stringify(key)}:${JSON.stringify(each)}`).join(",")}}`);
}

test("a sheet is rebuilt exactly from the sheet before and its change record, whatever the edit", () => {
  const rng = random(19);
  for (let round = 0; round < 2000; round += 1) {
    const before = object(rng, 0, Math.floor(rng() * 8));
    const after = rng() < 0.8 ? edit(rng, before) : value(rng);
    const beforeText = JSON.stringify(before);
    const changes = JSON.parse(JSON.stringify(sheetChanges(before, after))); // as stored: through JSON
    const rebuilt = applySheetChanges(before, changes);
    assert.equal(JSON.stringify(rebuilt), JSON.stringify(after), `round ${round}: ${beforeText}`);
    assert.equal(JSON.stringify(before), beforeText, "applying never changes the sheet before");
  }
});

test("a change record names only what changed: removed [], new [value], an object's own record", () => {
  const before = { name: "Harvey", hp: 11, skills: { Dodge: 30, Climb: 20 }, notes: "x" };
  const after = { name: "Harvey", hp: 6, skills: { Dodge: 30, Climb: 40 } };
  assert.deepEqual(sheetChanges(before, after), { hp: [6], skills: { Climb: [40] }, notes: [] });
  assert.deepEqual(sheetChanges(before, { ...before, luck: 50 }), { luck: [50] });
  assert.deepEqual(sheetChanges(before, before), {});
});

test("lists, other values and keys that would come back in another order are kept whole", () => {
  assert.deepEqual(sheetChanges({ a: [1, 2] }, { a: [1, 3] }), { a: [[1, 3]] });
  assert.deepEqual(sheetChanges(5, { a: 1 }), [{ a: 1 }]);
  assert.deepEqual(sheetChanges({ a: 1 }, null), [null]);
  const reordered = { b: 2, a: 1 };
  assert.deepEqual(sheetChanges({ a: 1, b: 2 }, reordered), [reordered]);
  assert.equal(JSON.stringify(applySheetChanges({ a: 1, b: 2 }, [reordered])), JSON.stringify(reordered));
});

test("a change record that does not fit the sheet before is refused, never half applied", () => {
  assert.throws(() => applySheetChanges({ a: 1 }, { b: [] }), /“b” is not there/);
  assert.throws(() => applySheetChanges({ a: 1 }, { a: 5 }), /not \[\], \[value\] or an object/);
  assert.throws(() => applySheetChanges({ a: 1 }, { a: { b: [1] } }), /not an object to change/);
  assert.throws(() => applySheetChanges("text", { a: [1] }), /Only an object's keys/);
  assert.throws(() => applySheetChanges({}, []), /a list of one value/);
  assert.throws(() => applySheetChanges({}, "x"), /an object or a list of one value/);
});

test("sameJson is equality of JSON texts: the order of keys counts", () => {
  assert.equal(sameJson({ a: 1, b: [1, { c: null }] }, { a: 1, b: [1, { c: null }] }), true);
  assert.equal(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 }), false);
  assert.equal(sameJson([1, 2], [1, 2, 3]), false);
  assert.equal(sameJson(null, {}), false);
});

test("an entry's sheets after it are read from either shape: each sheet whole (an older file) or what changed", () => {
  const before = { "ch-1": { name: "Jack", hp: 10 }, "ch-2": { name: "Ann", hp: 8 } };
  const after = { "ch-1": { name: "Jack", hp: 4 }, "ch-3": { name: "New", hp: 1 } };
  const older = { id: "e-1", op: "coc.apply_damage", before, after, kind: "change", who: ["ch-1"] };
  assert.equal(entryAfter(older), after);
  const current = compactEntry(older);
  assert.deepEqual(
    Object.keys(current),
    ["id", "op", "before", "changes", "kind", "who"],
    "changes takes after's place",
  );
  assert.deepEqual(current.changes, sheetsChanges(before, after));
  assert.deepEqual(current.changes["ch-3"], [after["ch-3"]], "a character not there before is kept whole");
  assert.equal(JSON.stringify(entryAfter(current)), JSON.stringify(after));
  assert.equal(compactEntry(current), current, "an entry already current comes back as it is");
  assert.equal(compactEntry(null), null);
});
