// Everything that changes the app's state lives here, outside components: each action reads storage or the
// engine, writes in one transaction, tells other tabs, and dispatches what changed.
import { CAMPAIGN_SCHEMA, copyCampaign, newCampaign, newId, StaleError, withParts } from "../store/records.mjs";
import { makeEntry } from "../store/entries.mjs";
import { changeWords } from "./log_reads.mjs";
import { campaignBlob, campaignFileName, canShareFile, download, readJsonFile, shareFile } from "../store/files.mjs";
import { settingArgs } from "./engine.mjs";
import { navigate, paths } from "./router.mjs";

/** The storage, once it is open (IndexedDB or memory): ``services.storage`` is a promise of it. */
const storageOf = (app) => app.services.storage;

async function noteStorage(app) {
  const storage = await storageOf(app);
  app.dispatch({ type: "storage", kind: storage.kind, problem: storage.problem });
}

export function snack(app, text, extra = {}) {
  app.dispatch({ type: "snack", snack: { text, ...extra } });
}

export async function loadCampaigns(app) {
  const list = await (await storageOf(app)).list();
  list.sort((a, b) => b.updated.localeCompare(a.updated));
  app.dispatch({ type: "campaigns", campaigns: list });
}

async function added(app, record, message) {
  let stored = record;
  try {
    stored = await (await storageOf(app)).add(record);
  } catch (error) {
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
  navigate(paths.party(record.id));
}

export async function duplicateCampaign(app, id) {
  const storage = await storageOf(app);
  const record = await storage.get(id);
  if (record) await added(app, { ...copyCampaign(record, `${record.name} (copy)`.slice(0, 80)), log: await storage.logAll(id) }, `“${record.name}” duplicated.`);
}

export async function deleteCampaign(app, id) {
  const storage = await storageOf(app);
  const found = await storage.get(id);
  if (!found) return;
  const record = { ...found, log: await storage.logAll(id) };
  await storage.remove(id);
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

export async function exportCampaign(app, id, { share = false } = {}) {
  const storage = await storageOf(app);
  const found = await storage.get(id);
  if (!found) return;
  const record = { ...found, log: await storage.logAll(id) };
  const blob = campaignBlob(record);
  const name = campaignFileName(record);
  if (share && canShareFile(blob, name)) {
    try { await shareFile(blob, name, record.name); return; } catch (error) { if (error.name === "AbortError") return; }
  }
  download(blob, name);
}

/** A log's stretches for ``log.check``: consecutive entries of at most ``budget`` characters of JSON each. */
function logStretches(log, budget = 3_000_000) {
  const stretches = [];
  let current = [];
  let size = 0;
  log.forEach((entry) => {
    const length = JSON.stringify(entry)?.length ?? 4;
    if (current.length && size + length > budget) {
      stretches.push(current);
      current = [];
      size = 0;
    }
    current.push(entry);
    size += length + 1;
  });
  if (current.length) stretches.push(current);
  return stretches;
}

/**
 * The engine's verdict on a campaign file. Its log may be tens of MB (10,000 entries keep their sheets), far over
 * one request: the rest of the file is checked whole, then the log a stretch at a time (``log.check``, with the
 * ids before each stretch). Returns {campaign} or {problems}.
 */
async function checkCampaignFile(app, data, progress) {
  const engine = app.services.engine;
  const log = data && typeof data === "object" && Array.isArray(data.log) ? data.log : null;
  const verdict = (await engine.call("campaign.validate", { campaign: log ? { ...data, log: [] } : data })).details;
  if (!verdict.valid) return { problems: verdict.problems.length ? verdict.problems : [{ path: "(file)", message: "This file is not a campaign." }] };
  if (!log?.length) return { campaign: verdict.campaign };
  let start = 0;
  const earlier = [];
  for (const stretch of logStretches(log)) {
    progress?.(`Checking the log: ${start.toLocaleString()} of ${log.length.toLocaleString()} entries…`);
    const checked = (await engine.call("log.check", { entries: stretch, start, earlier, total: log.length })).details;
    if (!checked.valid) return { problems: checked.problems };
    start += stretch.length;
    for (const entry of stretch) earlier.push(entry.id);
  }
  return { campaign: { ...verdict.campaign, log } };
}

/** Read, validate in the engine, then write: on any problem nothing is stored and the problems are returned.
 * ``progress(text)`` hears how far the check of a long log has come. */
export async function importCampaign(app, file, progress = null) {
  const { data, problems } = await readJsonFile(file);
  if (problems.length) return problems;
  let checked;
  try {
    checked = await checkCampaignFile(app, data, progress);
  } catch (error) {
    return [{ path: error.field || "(file)", message: error.message }];
  }
  if (checked.problems) return checked.problems;
  const campaign = checked.campaign;
  const clash = await (await storageOf(app)).get(campaign.id);
  const record = clash ? { ...copyCampaign(campaign, campaign.name), name: campaign.name } : campaign;
  const stored = await added(app, record, `“${record.name}” imported${clash ? " as a copy (this campaign is already here)" : ""}.`);
  return { imported: stored };
}

/**
 * A stored record of an older campaign schema goes through the same restore path as an import
 * (campaign.validate migrates it) and is written back once, in one transaction.
 */
async function upgraded(app, record) {
  if (!record || record.schema === CAMPAIGN_SCHEMA) return record;
  const verdict = (await app.services.engine.call("campaign.validate", { campaign: record })).details;
  if (!verdict.valid) {
    snack(app, `“${record.name}” was saved by another version and cannot be read: ${verdict.problems[0]?.message}`);
    return null;
  }
  const { log = [], ...campaign } = verdict.campaign; // its log moves to the log stores in the same transaction
  return changeCampaign(app, record, () => ({ ...campaign, log: [], id: record.id }), ["schema"], log);
}

export async function openCampaign(app, id) {
  const current = app.state.campaign;
  if (current?.id === id) return current;
  const record = await upgraded(app, await (await storageOf(app)).get(id));
  app.dispatch({ type: "campaign", campaign: record });
  if (record) await loadHistory(app, record.id);
  if (!record) {
    navigate(paths.home());
    snack(app, "That campaign is not on this device (it may have been deleted).");
  }
  return record;
}

/** Another tab changed or removed a campaign: show its newer version (never write over it). */
export async function onOtherTab(app, { type, id }) {
  await loadCampaigns(app);
  const current = app.state.campaign;
  if (current?.id !== id) return;
  const record = type === "campaign-removed" ? null : await (await storageOf(app)).get(id);
  if (record) {
    app.dispatch({ type: "logged" }); // its log may have grown (a roll changes no record)
    await loadHistory(app, record.id);
  }
  if (record && record.revision <= current.revision) return;
  app.dispatch({ type: "campaign", campaign: record });
  if (!record) navigate(paths.home());
  snack(app, record ? "Updated from another tab." : "This campaign was deleted in another tab.");
}

/** What Undo and Redo would do in campaign ``id``: {undo, redo}, each {id, words} (log_reads.changeWords) or null. */
export async function loadHistory(app, id) {
  const storage = await storageOf(app);
  const { done, undone } = await storage.history(id);
  const characters = app.state.campaign?.id === id ? app.state.campaign.characters : [];
  const nameOf = (cid) => characters.find((each) => each.id === cid)?.sheet.name;
  const describe = async (entryId) => {
    if (!entryId) return null;
    const entry = await storage.logEntry(id, entryId);
    return entry && { id: entryId, words: changeWords(entry, app.state.catalog, nameOf) };
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
export async function changeCampaign(app, base, change, keys, entries = []) {
  let next;
  try {
    next = (await (await storageOf(app)).commit(base, change, keys, entries)).record;
  } catch (error) {
    if (error instanceof StaleError) {
      app.dispatch({ type: "campaign", campaign: error.current });
      await loadCampaigns(app);
      snack(app, error.message);
      throw error;
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
  return changeCampaign(app, campaign, (next) => ({ ...next, characters: [...next.characters, character] }), []).then(() => character);
}

export function removeCharacter(app, campaign, id) {
  return changeCampaign(app, campaign, (next) => ({ ...next, characters: next.characters.filter((each) => each.id !== id) }), [`character:${id}`]);
}

export function setSetting(app, campaign, name, value, defaultValue) {
  return changeCampaign(app, campaign, (next) => {
    const settings = { ...next.settings };
    if (JSON.stringify(value) === JSON.stringify(defaultValue)) delete settings[name];
    else settings[name] = value;
    return { ...next, settings };
  }, ["settings"]);
}

/** The engine request for ``opId``: the campaign's house rules, ``args``, and each bound character's sheet;
 * ``stateKeys`` maps the state keys of a result back to those characters; ``logged`` is the request
 * without the sheets (what the log keeps) and ``who`` the characters bound. */
export function requestFor(app, opId, args, bind = {}) {
  const campaign = app.state.campaign;
  const op = app.state.catalog.op(opId);
  const request = { ...settingArgs(op, campaign?.settings), ...args };
  const logged = { ...request };
  const stateKeys = {};
  const who = [];
  for (const param of op.params) {
    const id = bind[param.name];
    const character = id && campaign.characters.find((each) => each.id === id);
    if (!character) continue;
    request[param.name] = character.sheet;
    who.push(id);
    if (param.state_key) stateKeys[param.state_key] = id;
  }
  return { request, stateKeys, logged, who };
}

/**
 * Run an operation on characters of the open campaign. ``bind`` maps a sheet param name to a character id;
 * the campaign's house rules go with it; every sheet the result changed (``states``) is stored and the result
 * logged (with ``encounter``, the encounter it belongs to, and ``label``, who did what, where the result names
 * nothing), all in one transaction, so an attack changes both sides at once and lands in the log with them.
 * Returns the engine's result.
 */
export async function runOperation(app, opId, args, bind = {}, { encounter = null, label = null } = {}) {
  const campaign = app.state.campaign;
  const { request, stateKeys, logged, who } = requestFor(app, opId, args, bind);
  const result = await app.services.engine.call(opId, request);
  const sheets = Object.fromEntries(Object.entries(result.states || {}).filter(([key]) => stateKeys[key]).map(([key, sheet]) => [stateKeys[key], sheet]));
  const before = Object.fromEntries(Object.keys(sheets).map((id) => [id, campaign.characters.find((each) => each.id === id).sheet]));
  const entry = makeEntry({ op: opId, args: logged, result: label && !result.label ? { ...result, label } : result, who, encounter, before, after: sheets });
  const keys = Object.keys(sheets).map((id) => `character:${id}`);
  await changeCampaign(app, campaign, keys.length ? (next) => withParts(next, sheets) : null, keys, [entry]);
  return result;
}
