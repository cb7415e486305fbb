// node --test tests/node: web/odds/odds_client.mjs, latest-wins odds questions: while the player types, each new
// question replaces the one waiting, at most one is in the engine at a time, and only the newest is sent after it.
import assert from "node:assert/strict";
import test from "node:test";
import { OddsClient, isSuperseded } from "../../web/odds/odds_client.mjs";

const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An engine whose answers the test gives, one call at a time (``calls`` keeps what it was asked). */
function engine() {
  const calls = [];
  return {
    calls,
    call(op, args, options) {
      return new Promise((resolve, reject) => calls.push({ op, args, options, resolve, reject }));
    },
  };
}

const outcome = (promise) =>
  promise.then(
    (value) => ({ value }),
    (error) => ({ error }),
  );

test("questions typed in quick succession: only the newest is asked, the others are superseded", async () => {
  const worker = engine();
  const odds = new OddsClient(worker, { delayMs: 10 });
  const first = outcome(odds.ask("coc.skill_odds", { skill: 4 }));
  const second = outcome(odds.ask("coc.skill_odds", { skill: 45 }));
  await later(30);
  assert.equal(worker.calls.length, 1);
  assert.deepEqual(worker.calls[0].args, { skill: 45 });
  assert.deepEqual(worker.calls[0].options, { mode: "odds" });
  worker.calls[0].resolve({ ok: true, result: 0.45 });
  assert.deepEqual(await second, { value: { ok: true, result: 0.45 } });
  const { error } = await first;
  assert.ok(isSuperseded(error), String(error));
});

test("while one question is in the engine, only the newest asked meanwhile follows it, and the stale answer is dropped", async () => {
  const worker = engine();
  const odds = new OddsClient(worker, { delayMs: 1 });
  const first = outcome(odds.ask("op", { n: 1 }));
  await later(10);
  assert.equal(worker.calls.length, 1);
  const second = outcome(odds.ask("op", { n: 2 }));
  const third = outcome(odds.ask("op", { n: 3 }));
  await later(10);
  assert.equal(worker.calls.length, 1, "nothing more is sent while the engine is busy");
  worker.calls[0].resolve({ ok: true, result: "for 1" });
  assert.ok(isSuperseded((await first).error), "its answer came after a newer question");
  assert.ok(isSuperseded((await second).error));
  assert.equal(worker.calls.length, 2);
  assert.deepEqual(worker.calls[1].args, { n: 3 });
  worker.calls[1].resolve({ ok: true, result: "for 3" });
  assert.deepEqual(await third, { value: { ok: true, result: "for 3" } });
});

test("an engine failure rejects its own question and the next question is still asked", async () => {
  const worker = engine();
  const odds = new OddsClient(worker, { delayMs: 1 });
  const failed = outcome(odds.ask("op", { n: 1 }));
  await later(10);
  worker.calls[0].reject(new Error("stopped"));
  assert.equal((await failed).error.message, "stopped");
  const next = outcome(odds.ask("op", { n: 2 }));
  await later(10);
  worker.calls[1].resolve({ ok: true, result: 2 });
  assert.deepEqual(await next, { value: { ok: true, result: 2 } });
});

test("cancel drops the question not yet sent, and nothing is asked", async () => {
  const worker = engine();
  const odds = new OddsClient(worker, { delayMs: 5 });
  const asked = outcome(odds.ask("op", {}));
  odds.cancel();
  await later(20);
  assert.equal(worker.calls.length, 0);
  assert.ok(isSuperseded((await asked).error));
  assert.equal(isSuperseded(new Error("other")), false);
});
