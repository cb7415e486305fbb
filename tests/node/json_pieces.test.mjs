// node --test tests/node: web/store/json_pieces.mjs, a long JSON text written a piece at a time: the pieces put
// together are exactly JSON.stringify(value), and a long list is never one piece.
import assert from "node:assert/strict";
import test from "node:test";
import { jsonPieces } from "../../web/store/json_pieces.mjs";

const joined = (value) => [...jsonPieces(value)].join("");

const entry = (index) => ({
  id: `e-${index}`,
  op: "coc.apply_damage",
  args: { amount: index % 7 },
  before: { "ch-1": { hp: index } },
  changes: { "ch-1": { hp: [index - 1] } },
  who: ["ch-1"],
  at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
  kind: "change",
});

test("a campaign with a long log is written as JSON.stringify writes it", () => {
  const campaign = {
    schema: "rules-companion.campaign/1",
    id: "c-1",
    name: 'Ünïcode "quoted" \n line',
    log: Array.from({ length: 1234 }, (_, i) => entry(i)),
  };
  assert.equal(joined(campaign), JSON.stringify(campaign));
});

test("a backup's campaigns' logs, three levels down, are written a group of entries at a time", () => {
  const backup = {
    format: "backup",
    campaigns: [
      { id: "c-1", log: Array.from({ length: 1000 }, (_, i) => entry(i)) },
      { id: "c-2", log: [] },
    ],
  };
  const pieces = [...jsonPieces(backup)];
  assert.equal(pieces.join(""), JSON.stringify(backup));
  const longest = Math.max(...pieces.map((piece) => piece.length));
  assert.ok(pieces.length > 5, `${pieces.length} pieces`);
  assert.ok(longest < JSON.stringify(backup).length / 4, "no piece holds the whole log");
});

test("what JSON.stringify leaves out or writes null is left out or written null", () => {
  const odd = {
    kept: 1,
    gone: undefined,
    fn() {},
    [Symbol("s")]: 2,
    sym: Symbol("t"),
    nan: NaN,
    inf: -Infinity,
    date: new Date(0),
    list: Array.from({ length: 450 }, (_, i) => (i % 3 === 0 ? undefined : i % 3 === 1 ? () => i : i)),
    holes: Object.assign(new Array(300), { 5: "five" }),
    nested: { deeper: { deepest: { list: Array(500).fill(null) } } },
    map: new Map([[1, 2]]),
    klass: new (class Point {
      constructor() {
        this.x = 1;
      }
    })(),
    json: { toJSON: () => "as text" },
    "": "empty key",
    __proto__: "own",
  };
  assert.equal(joined(odd), JSON.stringify(odd));
});

test("plain values at the top come out whole", () => {
  for (const value of [null, 0, -1.5, true, "text", [], {}, [1, [2, [3]]], Array(201).fill("x")])
    assert.equal(joined(value), JSON.stringify(value));
});
