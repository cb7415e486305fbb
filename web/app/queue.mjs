// One tab's actions on one campaign run one after another (fast taps apply in order). An action
// reads the campaign when its turn comes, not when it was tapped, so two quick Damage taps are two hits on
// the sheet as it then is, and "changed in another tab" is only said when another tab did change it.
// Only the outermost action queues (app/actions.mjs, file_actions.mjs, operation_actions.mjs, log_actions.mjs,
// encounter_actions.mjs); what it calls inside runs unqueued, so a queued action never waits for itself.

import { holdInput } from "../unsaved.mjs";

const tails = new WeakMap(); // app → Map(campaign id → the promise of its last queued action)

/** Run ``task()`` after every earlier queued action of campaign ``id`` in this tab has settled; its result. */
export function inQueue(app, id, task) {
  const queues = tails.get(app) || tails.set(app, new Map()).get(app);
  const before = queues.get(id) || Promise.resolve();
  const release = holdInput("a change being saved"); // a new version's reload waits for it (sw_client.mjs)
  const run = before.then(task);
  run.then(release, release);
  const tail = run.catch(() => {});
  queues.set(id, tail);
  tail.then(() => {
    if (queues.get(id) === tail) queues.delete(id);
  });
  return run;
}

/** Whether campaign ``id`` has an action queued or running in this tab. */
export function isBusy(app, id) {
  return Boolean(tails.get(app)?.has(id));
}
