// node --test tests/node: web/app/undo_scope.mjs, where Undo shows and how it names the change: the characters and
// encounter a log entry changed (from the entry made by web/store/entries.mjs), and its label said as a change.
import assert from "node:assert/strict";
import test from "node:test";
import { makeEntry } from "../../web/store/entries.mjs";
import { spokenChange, touches, undoScope } from "../../web/app/undo_scope.mjs";

const sheet = (hp) => ({ name: "x", hp });

test("an attack that wounded the target touches the target's sheet only", () => {
  const entry = makeEntry({ op: "coc.attack", who: ["a", "b"], before: { b: sheet(10) }, after: { b: sheet(4) } });
  const step = undoScope(entry);
  assert.deepEqual(step, { characters: ["b"], encounter: null });
  assert.equal(touches(step, { character: "b" }), true);
  assert.equal(touches(step, { character: "a" }), false);
  assert.equal(touches(step, null), true, "the log shows every change");
});

test("an encounter step touches that encounter, and an encounter holding a changed character", () => {
  const entry = makeEntry({
    op: "encounter.next",
    encounter: "enc1",
    encounter_before: { turn: 0 },
    encounter_after: { turn: 1 },
  });
  const step = undoScope(entry);
  assert.deepEqual(step, { characters: [], encounter: "enc1" });
  assert.equal(touches(step, { encounter: "enc1", characters: [] }), true);
  assert.equal(touches(step, { encounter: "enc2", characters: [] }), false);
  assert.equal(touches(step, { character: "a" }), false);
  const wound = undoScope(makeEntry({ op: "coc.apply_damage", before: { c: sheet(3) }, after: { c: sheet(1) } }));
  assert.equal(touches(wound, { encounter: "enc2", characters: ["c", "d"] }), true);
  assert.equal(touches(wound, { encounter: "enc2", characters: ["d"] }), false);
});

test("a roll logged in an encounter without changing it touches nothing there", () => {
  const step = undoScope(makeEntry({ op: "coc.skill_roll", encounter: "enc1" }));
  assert.deepEqual(step, { characters: [], encounter: null });
  assert.equal(touches(null, { character: "a" }), false);
});

test("a log label is said as a change, in the entry's own words", () => {
  assert.equal(spokenChange("Vincent: Attack → Cultist 2"), "Vincent's attack on Cultist 2");
  assert.equal(spokenChange("Harvey: First Aid → Jack"), "Harvey's First Aid on Jack");
  assert.equal(spokenChange("Harvey: Spot Hidden roll → Ghoul"), "Harvey's Spot Hidden roll on Ghoul");
  assert.equal(spokenChange("Harvey: Opposed roll → Ghoul"), "Harvey's opposed roll on Ghoul");
  assert.equal(spokenChange("Dr. A: B: Attack → C → D"), "Dr. A's B: Attack → C on D");
  for (const plain of ["Harvey: Take damage", "Next — The cellar", "Jack skipped: unconscious", "", "x → y"])
    assert.equal(spokenChange(plain), plain);
  assert.equal(spokenChange(undefined), "");
});
