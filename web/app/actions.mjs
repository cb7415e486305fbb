// The campaigns' actions, outside components: the list, create, duplicate, delete, rename, open (checked, upgraded,
// a damaged one shown as such), repair, another tab's change, and every change of a campaign with its log entries
// (changeCampaign / writeChange: one transaction, other tabs told, what changed dispatched). Beside it, by job:
// file_actions.mjs (export, import), operation_actions.mjs (engine calls on characters), log_actions.mjs (undo,
// redo), encounter_actions.mjs, backup_actions.mjs.
import { CAMPAIGN_SCHEMA, copyCampaign, newCampaign, newId, StaleError } from "../store/records.mjs";
import { makeEntry } from "../store/entries.mjs";
import { changeWords } from "./log_reads.mjs";
import { undoScope } from "./undo_scope.mjs";
import { navigate, paths } from "./router.mjs";
import { inQueue } from "./queue.mjs";
import { describeProblem, recordProblems } from "../store/record_check.mjs";
import { forgetOldChoices, forumChoices } from "./forum_choices.mjs";
import { forgetOldDice } from "./dice_mode.mjs";
import { markTold } from "./refusals.mjs";
import {
  checkListed,
  engineVerdict,
  isRefusal,
  knownProblems,
  noteRefused,
  refusalWords,
  withVerdicts,
} from "./stored_check.mjs";

/** The storage, once it is open (IndexedDB or memory): ``services.storage`` is a promise of it. */
export const storageOf = (app) => app.services.storage;

async function noteStorage(app) {
  const storage = await storageOf(app);
  app.dispatch({ type: "storage", kind: storage.kind, problem: storage.problem });
}

export function snack(app, text, extra = {}) {
  app.dispatch({ type: "snack", snack: { text, ...extra } });
}

/** Home's list: each campaign's summary, one the engine refused in this tab listed as damaged; the campaigns not yet
 * checked by the engine are checked in the background, and the list follows (stored_check.mjs). */
export async function loadCampaigns(app) {
  const list = withVerdicts(await (await storageOf(app)).list());
  list.sort((a, b) => String(b.updated).localeCompare(String(a.updated)));
  app.dispatch({ type: "campaigns", campaigns: list });
  checkListed(app, list, () => loadCampaigns(app));
}

export async function added(app, record, message, staged = null) {
  let stored = record;
  const storage = await storageOf(app);
  try {
    stored = await storage.add(record, staged);
  } catch (error) {
    if (staged) storage.dropStaged?.(staged); // the campaign was not written: nor is its log
    if (error.name === "ReadOnlyError") {
      snack(app, error.message, { timeout: 15_000 });
      return null;
    }
    if (error.name !== "StorageFullError") throw error;
    stored = error.record;
  }
  await noteStorage(app);
  app.services.channel.announce("campaign-changed", stored.id, stored.revision);
  await loadCampaigns(app);
  if (message) snack(app, message);
  return stored;
}

export async function createCampaign(app, name, game) {
  const record = await added(app, newCampaign(name.trim(), game));
  if (record) navigate(paths.party(record.id));
}

export async function duplicateCampaign(app, id) {
  const storage = await storageOf(app);
  const record = await storage.get(id);
  if (record)
    await added(
      app,
      { ...copyCampaign(record, `${record.name} (copy)`.slice(0, 80)), log: await storage.logAll(id) },
      `“${record.name}” duplicated.`,
    );
}

export async function deleteCampaign(app, id) {
  const storage = await storageOf(app);
  const found = await storage.get(id);
  if (!found) return;
  const record = { ...found, log: await storage.logAll(id) };
  try {
    await storage.remove(id);
  } catch (error) {
    if (error.name !== "ReadOnlyError") throw error;
    snack(app, error.message, { timeout: 15_000 });
    return;
  }
  app.services.channel.announce("campaign-removed", id);
  await loadCampaigns(app);
  snack(app, `“${record.name}” deleted.`, {
    actionLabel: "Undo",
    onAction: () => added(app, record, `“${record.name}” is back.`),
  });
}

export async function renameCampaign(app, id, name) {
  const record = await (await storageOf(app)).get(id);
  if (record) await changeCampaign(app, record, (next) => ({ ...next, name: name.trim() }), ["name"]);
}

/**
 * A stored record of an older campaign schema goes through the same restore path as an import
 * (campaign.validate migrates it) and is written back once, in one transaction. Returns the record, or
 * {problems} when it cannot be read.
 */
async function upgraded(app, record) {
  if (record.schema === CAMPAIGN_SCHEMA) return record;
  let verdict;
  try {
    verdict = (await app.services.engine.call("campaign.validate", { campaign: record })).details;
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return noteRefused(record, [refusalWords(record, error)]); // refused whole (the door: half a character, …)
  }
  if (!verdict.valid)
    return noteRefused(
      record,
      verdict.problems.map((each) => describeProblem(record, each)),
    );
  const { log = [], ...campaign } = verdict.campaign; // its log moves to the log stores in the same transaction
  return writeChange(app, record, () => ({ ...campaign, log: [], id: record.id }), ["schema"], log);
}

/** A campaign that cannot be shown: the Shell shows what is wrong, with Export and Repair (screens/campaigns/damaged.mjs). */
function showDamaged(app, record, problems) {
  const name = typeof record?.name === "string" && record.name.trim() ? record.name : "This campaign";
  app.dispatch({ type: "damaged", damaged: { id: String(record?.id ?? ""), name, problems } });
}

/**
 * The engine's whole check of an opened record (every sheet, rule and encounter by the game), once per revision:
 * the shape check lets screens render at once; this one follows when Python is ready and turns the screen into
 * the damaged view if the engine refuses the record, whatever its reason (stored_check.mjs engineVerdict); when the
 * engine could not answer (not started, past its deadline) the shape check stands.
 */
async function deepCheck(app, record) {
  const verdict = await engineVerdict(app, record);
  if (!verdict?.problems) return;
  if (app.state.campaign?.id === record.id) showDamaged(app, record, verdict.problems);
  loadCampaigns(app); // Home lists it as damaged too
}

export async function openCampaign(app, id) {
  const current = app.state.campaign;
  if (current?.id === id) return current;
  const stored = await (await storageOf(app)).get(id);
  if (!stored) {
    app.dispatch({ type: "campaign", campaign: null });
    navigate(paths.home());
    snack(app, "That campaign is not on this device (it may have been deleted).");
    return null;
  }
  const problems = recordProblems(stored);
  const known = problems.length ? null : knownProblems(stored); // the engine refused it already in this tab
  const record = problems.length ? { problems } : known ? { problems: known } : await upgraded(app, stored);
  if (record.problems) {
    showDamaged(app, stored, record.problems);
    return null;
  }
  const shown = app.state.campaign; // opened meanwhile by a second call, and perhaps changed since: that one stays
  if (shown?.id === id && (shown.revision ?? 0) >= (record.revision ?? 0)) return shown;
  app.dispatch({ type: "campaign", campaign: record });
  await loadHistory(app, record.id);
  deepCheck(app, record);
  return record;
}

/** Another tab changed or removed a campaign: show its newer version (never write over it). */
export async function onOtherTab(app, { type, id }) {
  await loadCampaigns(app);
  const current = app.state.campaign;
  if (current?.id !== id) return;
  const record = type === "campaign-removed" ? null : await (await storageOf(app)).get(id);
  if (record && recordProblems(record).length) {
    showDamaged(app, record, recordProblems(record));
    return;
  }
  if (record) {
    app.dispatch({ type: "logged" }); // its log may have grown (a roll changes no record)
    await loadHistory(app, record.id);
  }
  // Compared with what is shown now, not before the reads: a change this tab wrote meanwhile is newer than the record
  // read, and showing that record would take the change back off the screen (a dice choice flipped back).
  const shown = app.state.campaign;
  if (shown?.id !== id || (record && record.revision <= shown.revision)) return;
  app.dispatch({ type: "campaign", campaign: record });
  if (!record) navigate(paths.home());
  snack(app, record ? "Updated from another tab." : "This campaign was deleted in another tab.");
}

/** What Undo and Redo would do in campaign ``id``: {undo, redo}, each {id, words, characters, encounter}
 * (log_reads.changeWords; app/undo_scope.mjs: what it touched) or null. */
export async function loadHistory(app, id) {
  const storage = await storageOf(app);
  const { done, undone } = await storage.history(id);
  const characters = app.state.campaign?.id === id ? app.state.campaign.characters : [];
  const nameOf = (cid) => characters.find((each) => each.id === cid)?.sheet?.name;
  const describe = async (entryId) => {
    if (!entryId) return null;
    const entry = await storage.logEntry(id, entryId);
    return entry && { id: entryId, words: changeWords(entry, app.state.catalog, nameOf), ...undoScope(entry) };
  };
  const history = { undo: await describe(done.at(-1)), redo: await describe(undone.at(-1)) };
  if (app.state.campaign?.id === id) app.dispatch({ type: "history", history });
  return history;
}

/**
 * One change of the open campaign and the log ``entries`` it made, as ONE transaction (both land or
 * neither); a stale write is refused and the newer record shown. ``change`` may be null (a roll that changed
 * nothing is only logged).
 */
export function changeCampaign(app, base, change, keys, entries = []) {
  return inQueue(app, base.id, () => writeChange(app, base, change, keys, entries));
}

/** The newest version of ``base`` this tab knows: its own last write, or the one it shows. */
function freshest(app, base) {
  const shown = app.state.campaign;
  return shown?.id === base.id && (shown.revision ?? 0) >= (base.revision ?? 0) ? shown : base;
}

/** ``changeCampaign`` without the queue, for an action already running in it (the base refreshed first). */
export async function writeChange(app, stale, change, keys, entries = []) {
  const base = freshest(app, stale);
  let next;
  try {
    next = (await (await storageOf(app)).commit(base, change, keys, entries)).record;
  } catch (error) {
    if (error instanceof StaleError) {
      app.dispatch({ type: "campaign", campaign: error.current });
      await loadCampaigns(app);
      snack(app, error.message);
      throw markTold(error); // said: a caller that does not catch it leaves no uncaught error (start.mjs)
    }
    if (error.name !== "StorageFullError") throw error;
    next = error.record;
  }
  await noteStorage(app);
  app.services.channel.announce("campaign-changed", next.id, next.revision);
  if (app.state.campaign?.id === next.id) app.dispatch({ type: "campaign", campaign: next });
  if (entries.length) {
    app.dispatch({ type: "logged" });
    if (entries.some((entry) => entry.kind !== "roll")) await loadHistory(app, next.id);
  }
  loadCampaigns(app);
  return next;
}

export function addCharacter(app, campaign, sheet, kind = "pc") {
  const character = { id: newId("ch"), kind, sheet };
  return changeCampaign(app, campaign, (next) => ({ ...next, characters: [...next.characters, character] }), []).then(
    () => character,
  );
}

export function removeCharacter(app, campaign, id) {
  return changeCampaign(
    app,
    campaign,
    (next) => ({ ...next, characters: next.characters.filter((each) => each.id !== id) }),
    [`character:${id}`],
  );
}

/** One of the campaign's forum choices (``what`` "format" or "undone"), kept in its record so it travels with an
 * export; the other keeps its current value (one this browser kept before the record held them, else its default). */
export async function setForumChoice(app, campaign, what, value) {
  const next = await changeCampaign(
    app,
    campaign,
    (record) => ({ ...record, forum: { ...forumChoices(app.state.catalog, record), [what]: value } }),
    ["forum"],
  );
  forgetOldChoices(campaign.id);
  return next;
}

/** The campaign's dice (app/dice_mode.mjs), kept in its record: the drawer and the encounter read this one choice. */
export async function setDiceMode(app, campaign, mode) {
  const next = await changeCampaign(app, campaign, (record) => ({ ...record, dice: mode }), ["dice"]);
  forgetOldDice(campaign.id);
  return next;
}

export function setSetting(app, campaign, name, value, defaultValue) {
  return changeCampaign(
    app,
    campaign,
    (next) => {
      const settings = { ...next.settings };
      if (JSON.stringify(value) === JSON.stringify(defaultValue)) delete settings[name];
      else settings[name] = value;
      return { ...next, settings };
    },
    ["settings"],
  );
}

/** What Repair would do to damaged campaign ``id`` (campaign.repair: drop only what fails the check):
 * {record, campaign, dropped: [{what, why}]}, or {refused: why it cannot}. Nothing is written. */
export async function repairPreview(app, id) {
  const record = await (await storageOf(app)).get(id);
  if (!record) return { refused: "That campaign is no longer on this device." };
  try {
    const { details } = await app.services.engine.call("campaign.repair", {
      campaign: { ...record, log: [] },
      now: new Date().toISOString(),
    });
    return { record, campaign: details.campaign, dropped: details.dropped };
  } catch (error) {
    return { refused: isRefusal(error) ? refusalWords(record, error) : error.message }; // who and why, not the path
  }
}

/** Write a repair (``repairPreview``'s answer) over the record it was made from, with a log entry listing what
 * was removed, then open the campaign. Refused, changing nothing, if the record changed since. */
export async function repairCampaign(app, { record, campaign, dropped }) {
  const events = dropped.length
    ? dropped.map((each) => `${each.what} was removed: ${each.why}`)
    : ["Nothing had to be removed."];
  const entry = makeEntry({
    op: "campaign.repair",
    result: { system: "campaign", kind: "repair", label: `“${campaign.name}” repaired`, events },
    who: [],
  });
  const change = (stored) => {
    if (stored.revision !== record.revision)
      throw new Error(
        "This campaign changed while the repair was prepared. Open it again to see what Repair would do now.",
      );
    return { ...campaign, id: record.id, log: [] };
  };
  const next = await inQueue(app, record.id, () => writeChange(app, record, change, [], [entry]));
  app.dispatch({ type: "campaign", campaign: next });
  await loadHistory(app, next.id);
  snack(
    app,
    `“${next.name}” repaired: ${dropped.length ? `${dropped.length} ${dropped.length === 1 ? "part" : "parts"} removed (listed in its log)` : "nothing removed"}.`,
  );
  return next;
}
