// The campaign log's actions (TABLE.md, Log): a change and its log entries in one transaction,
// and Undo / Redo of the last change. Undo writes back the sheets (and encounter) the entry kept as they
// were before; it never runs an inverse rule (STYLE.md Part C; the step itself, pure: store/undo.mjs).
import { loadHistory, snack, writeChange } from "./actions.mjs";
import { inQueue } from "./queue.mjs";
import { makeEntry } from "../store/entries.mjs";
import { travelStep } from "../store/undo.mjs";
import { withParts } from "../store/records.mjs";
import { describeProblem } from "../store/record_check.mjs";

export { makeEntry };

/**
 * Write ``sheets`` ({character id: sheet}) and ``encounters`` ({encounter id: state, or null to remove}) into
 * the open campaign and append ``entries`` (made by ``makeEntry``), all in ONE transaction. Returns the record.
 */
export function commit(app, parts) {
  return inQueue(app, app.state.campaign.id, () => commitNow(app, parts));
}

/** ``commit`` for an action already running in the campaign's queue (app/queue.mjs). */
export function commitNow(app, { sheets = {}, encounters = {}, entries = [] }) {
  const campaign = app.state.campaign;
  const keys = [
    ...Object.keys(sheets).map((id) => `character:${id}`),
    ...Object.keys(encounters).map((id) => `encounter:${id}`),
  ];
  return writeChange(app, campaign, keys.length ? (next) => withParts(next, sheets, encounters) : null, keys, entries);
}

/** Undo the last change: its sheets and encounter go back exactly as they were; the log says so. */
export const undoLast = (app) => inQueue(app, app.state.campaign.id, () => travel(app, "undo"));

/** Redo the last undone change (offered until something new changes). */
export const redoLast = (app) => inQueue(app, app.state.campaign.id, () => travel(app, "redo"));

/**
 * Why writing ``sheets`` and ``encounters`` into ``campaign`` would leave a campaign that fails the game's own
 * check (campaign.validate: an imported or damaged log entry may hold a sheet that is not valid), in plain words
 * naming the character; null when it passes.
 */
async function refusal(app, campaign, sheets, encounters) {
  const next = withParts(campaign, sheets, encounters);
  const verdict = (await app.services.engine.call("campaign.validate", { campaign: { ...next, log: [] } })).details;
  if (verdict.valid) return null;
  return verdict.problems
    .slice(0, 2)
    .map((each) => describeProblem(next, each))
    .join(" ");
}

async function travel(app, kind) {
  const campaign = app.state.campaign;
  const storage = await app.services.storage;
  const { done, undone } = await storage.history(campaign.id);
  const id = kind === "undo" ? done.at(-1) : undone.at(-1);
  const target = id && (await storage.logEntry(campaign.id, id));
  if (!target) {
    snack(app, kind === "undo" ? "Nothing to undo." : "Nothing to redo.");
    return null;
  }
  const step = travelStep(campaign, target, kind);
  if (step.unreadable) {
    snack(app, `Cannot ${kind}: what the log kept of this change cannot be read. Nothing was changed.`, {
      timeout: 15_000,
    });
    return null;
  }
  if (step.moved) {
    snack(
      app,
      `Cannot ${kind}: ${step.moved.length ? step.moved.join(", ") : "the encounter"} changed since. Nothing was changed.`,
    );
    await loadHistory(app, campaign.id);
    return null;
  }
  const { sheets, encounters, entry } = step;
  const wrong = await refusal(app, campaign, sheets, encounters);
  if (wrong) {
    snack(app, `Cannot ${kind}: what the log kept is not valid for this game. ${wrong} Nothing was changed.`, {
      timeout: 15_000,
    });
    return null;
  }
  const record = await commitNow(app, { sheets, encounters, entries: [entry] });
  return { record, entry };
}
