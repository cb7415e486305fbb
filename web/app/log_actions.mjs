// The campaign log's actions (issue 11; TABLE.md, Log): a change and its log entries in one transaction,
// and Undo / Redo of the last change. Undo writes back the sheets (and encounter) the entry kept as they
// were before; it never runs an inverse rule (STYLE.md Part C).
import { changeCampaign, loadHistory, snack } from "./actions.mjs";
import { makeEntry } from "../store/entries.mjs";
import { withParts } from "../store/records.mjs";

export { makeEntry };

/**
 * Write ``sheets`` ({character id: sheet}) and ``encounters`` ({encounter id: state, or null to remove}) into
 * the open campaign and append ``entries`` (made by ``makeEntry``), all in ONE transaction. Returns the record.
 */
export function commit(app, { sheets = {}, encounters = {}, entries = [] }) {
  const campaign = app.state.campaign;
  const keys = [...Object.keys(sheets).map((id) => `character:${id}`), ...Object.keys(encounters).map((id) => `encounter:${id}`)];
  return changeCampaign(app, campaign, keys.length ? (next) => withParts(next, sheets, encounters) : null, keys, entries);
}

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Undo the last change: its sheets and encounter go back exactly as they were; the log says so. */
export const undoLast = (app) => travel(app, "undo");

/** Redo the last undone change (offered until something new changes). */
export const redoLast = (app) => travel(app, "redo");

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
  const undoing = kind === "undo";
  const [from, to] = undoing ? [target.after, target.before] : [target.before, target.after];
  const encounterFrom = (undoing ? target.encounter_after : target.encounter_before) ?? null;
  const encounterTo = (undoing ? target.encounter_before : target.encounter_after) ?? null;
  const encounterId = (encounterTo || encounterFrom)?.id;
  const moved = Object.keys(from).filter((cid) => !same(campaign.characters.find((each) => each.id === cid)?.sheet, from[cid]));
  const encounterMoved = encounterId && !same((campaign.encounters || []).find((each) => each.id === encounterId), encounterFrom);
  if (moved.length || encounterMoved) {
    const names = moved.map((cid) => campaign.characters.find((each) => each.id === cid)?.sheet.name || "a character who left");
    snack(app, `Cannot ${kind}: ${names.length ? names.join(", ") : "the encounter"} changed since. Nothing was changed.`);
    await loadHistory(app, campaign.id);
    return null;
  }
  const entry = makeEntry({
    op: `log.${kind}`, args: { entry: id }, result: null, who: target.who, encounter: target.encounter ?? null,
    before: from, after: to, kind,
    ...(encounterId ? { encounter_before: encounterFrom, encounter_after: encounterTo } : {}),
  });
  const record = await commit(app, { sheets: to, encounters: encounterId ? { [encounterId]: encounterTo } : {}, entries: [entry] });
  return { record, entry };
}
