// node --test tests/node: web/app/queue.mjs, one tab's actions on one campaign run one after another (fast taps apply
// in order, each on the campaign as the one before left it), and a change on its way holds a reload (unsaved.mjs).
import assert from "node:assert/strict";
import test from "node:test";
import { inQueue, isBusy } from "../../web/app/queue.mjs";
import { unsavedInput } from "../../web/unsaved.mjs";

const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test("actions on one campaign run in the order they were asked, a slow one first", async () => {
  const app = {};
  const seen = [];
  const slow = inQueue(app, "c-1", async () => {
    seen.push("slow starts");
    await later(30);
    seen.push("slow ends");
    return 1;
  });
  const fast = inQueue(app, "c-1", async () => {
    seen.push("fast");
    return 2;
  });
  assert.deepEqual(await Promise.all([slow, fast]), [1, 2]);
  assert.deepEqual(seen, ["slow starts", "slow ends", "fast"]);
});

test("each action reads the state its turn finds, not the state when it was asked", async () => {
  const app = {};
  let hp = 10;
  const hit = () =>
    inQueue(app, "c-1", async () => {
      const now = hp;
      await later(5);
      hp = now - 3;
      return hp;
    });
  assert.deepEqual(await Promise.all([hit(), hit(), hit()]), [7, 4, 1]);
});

test("another campaign, or another tab's app, does not wait", async () => {
  const app = {};
  const seen = [];
  const slow = inQueue(app, "c-1", async () => {
    await later(30);
    seen.push("c-1");
  });
  const other = inQueue(app, "c-2", async () => {
    seen.push("c-2");
  });
  const otherApp = inQueue({}, "c-1", async () => {
    seen.push("other app");
  });
  await Promise.all([slow, other, otherApp]);
  assert.deepEqual(seen, ["c-2", "other app", "c-1"]);
});

test("a failed action rejects to its caller and the next one still runs", async () => {
  const app = {};
  const failed = inQueue(app, "c-1", async () => {
    throw new Error("refused");
  });
  const next = inQueue(app, "c-1", async () => "ran");
  await assert.rejects(failed, /refused/);
  assert.equal(await next, "ran");
});

test("a campaign is busy while an action is queued or running, and a change on its way holds a reload", async () => {
  const app = {};
  assert.equal(isBusy(app, "c-1"), false);
  let release;
  const running = inQueue(
    app,
    "c-1",
    () =>
      new Promise((resolve) => {
        release = resolve;
      }),
  );
  assert.equal(isBusy(app, "c-1"), true);
  assert.ok(unsavedInput(null).includes("a change being saved"));
  await later(0); // its turn comes
  release();
  await running;
  await later(0);
  assert.equal(isBusy(app, "c-1"), false);
  assert.equal(unsavedInput(null).includes("a change being saved"), false);
});
