// Everything that changes the app's state lives here, outside components: each action reads storage or the
// engine, writes in one transaction, tells other tabs, and dispatches what changed.
import { CAMPAIGN_SCHEMA, copyCampaign, newCampaign, newId, StaleError } from "../store/records.mjs";
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
  const record = await (await storageOf(app)).get(id);
  if (record) await added(app, copyCampaign(record, `${record.name} (copy)`.slice(0, 80)), `“${record.name}” duplicated.`);
}

export async function deleteCampaign(app, id) {
  const record = await (await storageOf(app)).get(id);
  if (!record) return;
  await (await storageOf(app)).remove(id);
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
  const record = await (await storageOf(app)).get(id);
  if (!record) return;
  const blob = campaignBlob(record);
  const name = campaignFileName(record);
  if (share && canShareFile(blob, name)) {
    try { await shareFile(blob, name, record.name); return; } catch (error) { if (error.name === "AbortError") return; }
  }
  download(blob, name);
}

/** Read, validate in the engine, then write: on any problem nothing is stored and the problems are returned. */
export async function importCampaign(app, file) {
  const { data, problems } = await readJsonFile(file);
  if (problems.length) return problems;
  let answer;
  try {
    answer = await app.services.engine.call("campaign.validate", { campaign: data });
  } catch (error) {
    return [{ path: error.field || "(file)", message: error.message }];
  }
  const verdict = answer.details || answer;
  if (!verdict.valid) return verdict.problems.length ? verdict.problems : [{ path: "(file)", message: "This file is not a campaign." }];
  const campaign = verdict.campaign;
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
  return changeCampaign(app, record, () => ({ ...verdict.campaign, id: record.id }), ["schema"]);
}

export async function openCampaign(app, id) {
  const current = app.state.campaign;
  if (current?.id === id) return current;
  const record = await upgraded(app, await (await storageOf(app)).get(id));
  app.dispatch({ type: "campaign", campaign: record });
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
  if (record && record.revision <= current.revision) return;
  app.dispatch({ type: "campaign", campaign: record });
  if (!record) navigate(paths.home());
  snack(app, record ? "Updated from another tab." : "This campaign was deleted in another tab.");
}

/** One change of the open campaign, as one transaction; a stale write is refused and the newer record shown. */
export async function changeCampaign(app, base, change, keys) {
  let next;
  try {
    next = await (await storageOf(app)).update(base, change, keys);
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
  loadCampaigns(app);
  return next;
}

export function addCharacter(app, campaign, sheet, kind = "pc") {
  const character = { id: newId("ch"), kind, sheet };
  return changeCampaign(app, campaign, (next) => ({ ...next, characters: [...next.characters, character] }), []).then(() => character);
}

export function replaceCharacter(app, campaign, id, patch) {
  return changeCampaign(app, campaign, (next) => ({
    ...next, characters: next.characters.map((each) => (each.id === id ? { ...each, ...patch } : each)),
  }), [`character:${id}`]);
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
 * ``stateKeys`` maps the state keys of a result back to those characters. */
export function requestFor(app, opId, args, bind = {}) {
  const campaign = app.state.campaign;
  const op = app.state.catalog.op(opId);
  const request = { ...settingArgs(op, campaign?.settings), ...args };
  const stateKeys = {};
  for (const param of op.params) {
    const id = bind[param.name];
    const character = id && campaign.characters.find((each) => each.id === id);
    if (!character) continue;
    request[param.name] = character.sheet;
    if (param.state_key) stateKeys[param.state_key] = id;
  }
  return { request, stateKeys };
}

/**
 * Run an operation on characters of the open campaign. ``bind`` maps a sheet param name to a character id;
 * the campaign's house rules go with it; every sheet the result changed (``states``) is stored, all in one
 * transaction, so an attack changes both sides at once. Returns the engine's result.
 */
export async function runOperation(app, opId, args, bind = {}) {
  const campaign = app.state.campaign;
  const { request, stateKeys } = requestFor(app, opId, args, bind);
  const result = await app.services.engine.call(opId, request);
  const changed = Object.entries(result.states || {}).filter(([key]) => stateKeys[key]).map(([key, sheet]) => [stateKeys[key], sheet]);
  if (changed.length) {
    const sheets = new Map(changed);
    await changeCampaign(app, campaign, (next) => ({
      ...next, characters: next.characters.map((each) => (sheets.has(each.id) ? { ...each, sheet: sheets.get(each.id) } : each)),
    }), [...sheets.keys()].map((id) => `character:${id}`));
  }
  return result;
}
