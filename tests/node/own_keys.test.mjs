// node --test tests/node: keys the user gives (campaign, character and encounter ids, game and skill names) are never
// read as an object's inherited keys ("constructor", "toString", "__proto__").
import assert from "node:assert/strict";
import test from "node:test";
import { hasOwn, own, table } from "../../web/store/own.mjs";
import { newCampaign, withParts } from "../../web/store/records.mjs";
import { refusalWords, markTold, wasTold, STORAGE_REFUSED } from "../../web/app/refusals.mjs";
import { StaleError } from "../../web/store/records.mjs";
import { logRow } from "../../web/store/log_rows.mjs";

const INHERITED = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];

test("own and hasOwn answer only an object's own keys", () => {
  for (const key of INHERITED) {
    assert.equal(hasOwn({}, key), false, key);
    assert.equal(own({}, key), undefined, key);
    assert.equal(own(JSON.parse(`{"${key}": 3}`), key), 3, key);
  }
  assert.equal(own(null, "a"), undefined);
});

test("a table answers only the keys it was given, an inherited one included", () => {
  const games = table([
    ["coc", "Call of Cthulhu"],
    ["constructor", "A game named constructor"],
  ]);
  assert.equal(games.coc, "Call of Cthulhu");
  assert.equal(games.constructor, "A game named constructor");
  assert.equal(games.toString, undefined);
  // biome-ignore lint/suspicious/noProto: the test reads a key named "__proto__" on purpose: it must be the table's own
  assert.equal(table([["__proto__", 1]]).__proto__, 1);
  assert.ok(Object.isFrozen(games));
});

test("characters and encounters with inherited names as ids are changed only when named", () => {
  const campaign = {
    ...newCampaign("Ids", "coc"),
    characters: INHERITED.map((id) => ({ id, kind: "pc", sheet: { name: id } })),
    encounters: [
      { id: "toString", name: "A fight" },
      { id: "constructor", name: "Another" },
    ],
  };
  const next = withParts(campaign, JSON.parse('{"valueOf": {"name": "changed"}}'), {});
  assert.deepEqual(
    next.characters.map((each) => each.sheet.name),
    ["constructor", "toString", "__proto__", "hasOwnProperty", "changed"],
  );
  assert.deepEqual(
    next.encounters.map((each) => each.name),
    ["A fight", "Another"],
  );
  const removed = withParts(campaign, {}, { constructor: null });
  assert.deepEqual(
    removed.encounters.map((each) => each.id),
    ["toString"],
  );
});

test("an entry of a kind named like an inherited key is a roll's row, not an undo's", () => {
  const row = logRow({
    id: "e1",
    at: "2026-01-01T00:00:00Z",
    op: "coc.skill_roll",
    kind: "constructor",
    who: [],
    result: { text: ["Spot Hidden: 12"] },
  });
  assert.ok(!row.headline.startsWith("function"), row.headline);
});

test("a refused write has words; other errors are left alone", () => {
  const stale = new StaleError(null);
  assert.match(refusalWords(stale), /changed in another tab/);
  assert.equal(refusalWords(new DOMException("The transaction was aborted", "AbortError")), STORAGE_REFUSED);
  assert.equal(refusalWords(new TypeError("x is undefined")), null, "a bug stays a bug to see");
  assert.equal(refusalWords(Object.assign(new Error("aborted"), { name: "AbortError" })), null, "not the storage's");
  assert.equal(refusalWords("text"), null);
  assert.equal(wasTold(stale), false);
  assert.equal(markTold(stale), stale);
  assert.equal(wasTold(stale), true);
});
