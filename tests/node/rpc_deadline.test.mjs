// The engine's deadline (web/rpc.mjs, web/app/engine.mjs): a call still running at its operation's deadline is
// stopped, the worker replaced by a fresh one, and the calls waiting behind it are answered by that one.
// Run: node --test tests/node/  (tests/test_node_modules.py runs it with pytest).
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { CallLine, Engine, STOPPED } from "../../web/rpc.mjs";
import { EngineError, engineClient, limitOf } from "../../web/app/engine.mjs";

/** Timers on a clock moved by hand: ``advance(ms)`` runs what falls due, in order. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const due = new Map();
  return {
    setTimeout(fn, ms) {
      const id = next++;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(id) {
      due.delete(id);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const [id, timer] = [...due].filter(([, each]) => each.at <= until).sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (!timer) break;
        due.delete(id);
        now = timer.at;
        timer.fn();
      }
      now = until;
    },
    get pending() {
      return due.size;
    },
  };
}

test("the call at the front runs on its own clock; the one behind starts its clock only when it reaches the front", () => {
  const timers = manualTimers();
  const expired = [];
  const line = new CallLine({ onExpired: (call) => expired.push(call.id), timers });
  line.add({ id: 1, deadlineMs: 100 });
  line.add({ id: 2, deadlineMs: 100 });
  timers.advance(90);
  assert.equal(line.settle(1).id, 1);
  timers.advance(90); // 180 ms since call 2 was sent, 90 since it reached the front
  assert.deepEqual(expired, []);
  timers.advance(10);
  assert.deepEqual(expired, [2]);
  assert.equal(line.size, 0);
});

test("a call past its deadline is reported once and leaves the calls behind it waiting, clock stopped", () => {
  const timers = manualTimers();
  const expired = [];
  const line = new CallLine({ onExpired: (call) => expired.push(call.id), timers });
  for (const id of [1, 2, 3]) line.add({ id, deadlineMs: 50 });
  timers.advance(1000);
  assert.deepEqual(expired, [1]);
  assert.equal(timers.pending, 0);
  assert.deepEqual(
    line.takeAll().map((call) => call.id),
    [2, 3],
  );
  assert.equal(line.settle(1), undefined); // its late answer finds nothing
});

test("a call without a deadline waits as long as it takes, and holds the calls behind it only while it runs", () => {
  const timers = manualTimers();
  const expired = [];
  const line = new CallLine({ onExpired: (call) => expired.push(call.id), timers });
  line.add({ id: 1 });
  line.add({ id: 2, deadlineMs: 20 });
  timers.advance(10_000);
  assert.deepEqual(expired, []);
  line.settle(1);
  timers.advance(20);
  assert.deepEqual(expired, [2]);
});

test("an answer for a call not in the line changes nothing", () => {
  const timers = manualTimers();
  const expired = [];
  const line = new CallLine({ onExpired: (call) => expired.push(call.id), timers });
  line.add({ id: 7, deadlineMs: 30 });
  assert.equal(line.settle(99), undefined);
  timers.advance(29);
  assert.deepEqual(expired, []);
  timers.advance(1);
  assert.deepEqual(expired, [7]);
});

// --- the Engine with a stand-in worker ------------------------------------------------------------------------

class FakeWorker {
  static made = [];
  constructor(url, options) {
    this.url = String(url);
    this.name = options?.name;
    this.posted = [];
    this.terminated = false;
    FakeWorker.made.push(this);
  }
  postMessage(message) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  /** The worker says ``data``, as a message event. */
  say(data) {
    this.onmessage?.({ data });
  }
  calls() {
    return this.posted.filter((message) => message.type === "call");
  }
  answer(id, result) {
    this.say({ type: "response", id, response: JSON.stringify({ ok: true, result }) });
  }
}

const engines = [];
afterEach(() => {
  for (const engine of engines.splice(0)) clearTimeout(engine.timer);
}); // a boot clock left waiting

function engineWithFakeWorker(hooks = {}) {
  FakeWorker.made = [];
  globalThis.Worker = FakeWorker;
  const engine = new Engine({ base: new URL("http://site.test/app/"), ...hooks });
  engines.push(engine);
  const first = FakeWorker.made[0];
  first.say({ type: "ready", version: "1", boot: "snapshot", marks: {}, timeOrigin: 0 });
  return { engine, first };
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const requestOf = (message) => JSON.parse(message.request);

test("a slow call is stopped, a fresh worker booted the same way, and the calls behind it answered by that one", async () => {
  const ready = [];
  const { engine, first } = engineWithFakeWorker({ onReady: (message) => ready.push(message) });
  const heard = [];
  engine.addEventListener("stopped", (event) => heard.push(event.detail));
  const renewed = [];
  engine.addEventListener("renewed", () => renewed.push(true));

  const slow = engine.call(
    "coc.parse_stat_block",
    { text: "…" },
    {},
    { ms: 40, stopped: "“Read a stat block” took longer than 0.04 seconds and was stopped; nothing was lost." },
  );
  const roll = engine.call("coc.skill_roll", { skill: 50 }, {}, { ms: 40 });
  const odds = engine.call("coc.skill_roll", { skill: 60 }, { mode: "odds" }, { ms: 40 });
  assert.deepEqual(
    first.calls().map((message) => requestOf(message).op),
    ["coc.parse_stat_block", "coc.skill_roll", "coc.skill_roll"],
  );

  await pause(30);
  assert.equal(first.terminated, false, "stopped before its deadline");
  await pause(40);
  assert.deepEqual(await slow, {
    ok: false,
    error: {
      code: "stopped",
      message: "“Read a stat block” took longer than 0.04 seconds and was stopped; nothing was lost.",
      field: null,
    },
  });
  assert.equal(first.terminated, true);
  assert.deepEqual(heard, [
    {
      op: "coc.parse_stat_block",
      message: "“Read a stat block” took longer than 0.04 seconds and was stopped; nothing was lost.",
    },
  ]);
  assert.equal(FakeWorker.made.length, 2);
  const fresh = FakeWorker.made[1];
  assert.equal(fresh.name, first.name); // the same boot path (the memory snapshot unless the page said otherwise)

  const later = engine.call("armageddon.task", { attribute: 2 }, {}, { ms: 40 }); // asked while the fresh one boots
  assert.deepEqual(fresh.calls(), [], "nothing is sent before the fresh worker is ready");
  fresh.say({ type: "ready", version: "1", boot: "snapshot", marks: {}, timeOrigin: 0 });
  assert.equal(ready.length, 1, "the first boot's hook is not told again");
  assert.deepEqual(renewed, [true]);
  const sent = fresh.calls();
  assert.deepEqual(
    sent.map((message) => [requestOf(message).op, requestOf(message).mode]),
    [
      ["coc.skill_roll", undefined],
      ["coc.skill_roll", "odds"],
      ["armageddon.task", undefined],
    ],
  );
  assert.deepEqual(
    sent.map((message) => message.id),
    [2, 3, 4],
  ); // the same ids: each answer finds its call
  first.answer(2, { late: true }); // the stopped worker is not heard any more, should a message of it still come
  for (const message of sent) fresh.answer(message.id, { id: message.id });
  assert.deepEqual(
    await Promise.all([roll, odds, later]),
    [2, 3, 4].map((id) => ({ ok: true, result: { id } })),
  );
  assert.equal(fresh.terminated, false);
});

test("the calls re-sent to the fresh worker run on their own deadlines there", async () => {
  const { engine, first } = engineWithFakeWorker();
  const slow = engine.call("coc.parse_stat_block", {}, {}, { ms: 20 });
  const stuckToo = engine.call("coc.parse_stat_block", {}, {}, { ms: 20 });
  await pause(40);
  assert.equal((await slow).error.code, "stopped");
  const fresh = FakeWorker.made[1];
  fresh.say({ type: "ready", version: "1" });
  assert.equal(fresh.calls().length, 1);
  await pause(40);
  assert.deepEqual(await stuckToo, { ok: false, error: { code: "stopped", message: STOPPED, field: null } });
  assert.equal(fresh.terminated, true);
  assert.equal(FakeWorker.made.length, 3);
  assert.ok(first.terminated);
});

test("a fresh worker that cannot boot fails the calls waiting for it with the boot's message and offers Retry", async () => {
  const failures = [];
  const { engine } = engineWithFakeWorker({ onBootError: (text) => failures.push(text) });
  const slow = engine.call("coc.parse_stat_block", {}, {}, { ms: 20 });
  const roll = engine.call("coc.skill_roll", {}, {}, { ms: 20 });
  await pause(40);
  await slow;
  FakeWorker.made[1].say({ type: "boot-error", message: "Python could not start: no memory" });
  await assert.rejects(roll, /Python could not start: no memory Press Retry above\./);
  assert.deepEqual(failures, ["Python could not start: no memory"]);
});

test("a call answered in time is not stopped, and no clock is left running", async () => {
  const { engine, first } = engineWithFakeWorker();
  const quick = engine.call("coc.skill_roll", {}, {}, { ms: 30 });
  first.answer(first.calls()[0].id, { fine: true });
  assert.deepEqual(await quick, { ok: true, result: { fine: true } });
  await pause(50);
  assert.equal(first.terminated, false);
  assert.equal(FakeWorker.made.length, 1);
});

// --- the deadline as the catalog declares it (web/app/engine.mjs) ---------------------------------------------

const CATALOG = {
  deadline_seconds: 5,
  operations: [
    { id: "coc.parse_stat_block", title: "Read a stat block", deadline_seconds: 5 },
    { id: "campaign.check_file", title: "Check a campaign file's text", deadline_seconds: 120 },
  ],
};

test("each call's limit is its operation's deadline from the catalog, named by the operation's title", () => {
  assert.deepEqual(limitOf(CATALOG, "coc.parse_stat_block"), {
    ms: 5000,
    stopped: "“Read a stat block” took longer than 5 seconds and was stopped; nothing was lost.",
  });
  assert.equal(limitOf(CATALOG, "campaign.check_file").ms, 120_000);
  assert.match(
    limitOf(CATALOG, "coc.parse_stat_block", { mode: "odds" }).stopped,
    /^Working out the odds of “Read a stat block”/,
  );
  assert.deepEqual(limitOf(CATALOG, "version"), {
    ms: 5000,
    stopped: "The rules engine took longer than 5 seconds and was stopped; nothing was lost.",
  });
  assert.deepEqual(limitOf(null, "coc.parse_stat_block"), {}); // no catalog: as long as it takes
});

test("a stopped call reaches the screens as an EngineError of code stopped, its message in plain words", async () => {
  const calls = [];
  const fake = {
    call: async (op, _args, _options, limit) => {
      calls.push([op, limit]);
      return { ok: false, error: { code: "stopped", message: limit.stopped, field: null } };
    },
  };
  const client = engineClient(fake, Promise.resolve());
  client.catalog = () => Promise.resolve(CATALOG);
  const error = await client.call("campaign.check_file", {}, { text: "{}" }).catch((caught) => caught);
  assert.ok(error instanceof EngineError);
  assert.equal(error.code, "stopped");
  assert.equal(
    error.message,
    "“Check a campaign file's text” took longer than 120 seconds and was stopped; nothing was lost.",
  );
  assert.equal(calls[0][1].ms, 120_000);
});
