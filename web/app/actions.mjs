// Everything that changes the app's state lives here, outside components: each action reads storage or the
// engine, writes in one transaction, tells other tabs, and dispatches what changed.
import { CAMPAIGN_SCHEMA, copyCampaign, newCampaign, newId, StaleError, summary, withParts } from "../store/records.mjs";
import { makeEntry } from "../store/entries.mjs";
import { compactEntry } from "../store/changes.mjs";
import { changeWords } from "./log_reads.mjs";
import { campaignBlob, campaignFileBound, campaignFileName, canShareFile, download, notACampaign, parseJsonText, readFileBytes, shareFile } from "../store/files.mjs";
import { settingArgs } from "./engine.mjs";
import { navigate, paths } from "./router.mjs";
import { inQueue } from "./queue.mjs";
import { describeProblem, recordProblems } from "../store/record_check.mjs";
import { isBackup, noteExported } from "../store/backup.mjs";
import { forgetOldChoices, forumChoices } from "./forum_choices.mjs";
import { markTold } from "./refusals.mjs";
import { checkListed, engineVerdict, isRefusal, knownProblems, noteRefused, refusalWords, withVerdicts } from "./stored_check.mjs";

/** The storage, once it is open (IndexedDB or memory): ``services.storage`` is a promise of it. */
const storageOf = (app) => app.services.storage;

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
  if (record) await added(app, { ...copyCampaign(record, `${record.name} (copy)`.slice(0, 80)), log: await storage.logAll(id) }, `“${record.name}” duplicated.`);
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

export async function exportCampaign(app, id, { share = false } = {}) {
  const storage = await storageOf(app);
  const found = await storage.get(id);
  if (!found) return;
  const record = { ...found, log: await storage.logAll(id) };
  const { blob, compressed } = await campaignBlob(record);
  const name = campaignFileName(record, compressed);
  if (share && canShareFile(blob, name)) {
    try { await shareFile(blob, name, record.name); noteExported([id]); app.dispatch({ type: "exported" }); return; } catch (error) { if (error.name === "AbortError") return; }
  }
  download(blob, name);
  noteExported([id]);
  app.dispatch({ type: "exported" });
}

/**
 * The engine's verdict on a campaign file, from its JSON ``text`` (the file as read; for a campaign of a backup its
 * JSON): the whole file is parsed and checked once in the engine (campaign.check_file, issue 19: the text travels
 * beside the request, a 10,000-entry log is tens of MB), every sheet in the log by the game as the characters are.
 * The answer leaves out a log that is the file's own: the page keeps ``data.log`` (its own reading of the same text)
 * with the entries of an older file (each sheet whole before and after) in the current shape (store/changes.mjs).
 * Returns {campaign} or {problems}.
 */
export async function checkCampaignFile(app, data, progress = null, text = null, verdict = null, compacted = null) {
  const log = data && typeof data === "object" && Array.isArray(data.log) ? data.log : [];
  if (!verdict) {
    if (log.length) progress?.(`Checking the file: ${log.length.toLocaleString()} log entries…`);
    verdict = await fileVerdict(app, text ?? JSON.stringify(data));
  }
  if (!verdict.valid) return { problems: verdict.problems.length ? verdict.problems : [{ path: "(file)", message: "This file is not a campaign." }] };
  if (verdict.log !== "file") return { campaign: verdict.campaign };
  return { campaign: { ...verdict.campaign, log: compacted ?? log.map(compactEntry) } };
}

/** Least entries worth writing ahead of the check (stageAhead): below it the log is written with its campaign. */
const STAGE_FROM = 1_000;

/**
 * A long log written to IndexedDB while the engine checks the file it came from (issue 19: the check and the writing
 * of 10,000 entries take seconds each, and run side by side): under the file's campaign id when no campaign here
 * has it, else under the id a copy would get ("Keep both"). Nothing shows it until its campaign is written after
 * the check (storage add with ``staged``); a refused file, Replace or Cancel take it back (dropStaged). Returns the
 * staged handle or null, and ``compacted``: the entries in the current shape, the very list the campaign keeps.
 */
async function stageAhead(storage, data) {
  const log = data && typeof data === "object" && Array.isArray(data.log) ? data.log : [];
  if (log.length < STAGE_FROM || typeof storage.stageLog !== "function" || typeof data.id !== "string" || !data.id) return { staged: null, compacted: null };
  let compacted;
  try {
    compacted = log.map(compactEntry);
  } catch {
    return { staged: null, compacted: null }; // not entries at all: the check says why
  }
  const here = await storage.get(data.id).catch(() => null);
  return { staged: storage.stageLog(here ? newId("c") : data.id, compacted), compacted };
}

/** The most bytes a chosen file may hold once opened (files.mjs campaignFileBound: from the catalog, where the engine
 * declares the longest file it checks); null where the catalog cannot be read (then the engine's own bound refuses a
 * file too long, after it was read). */
export async function fileBound(app) {
  try {
    return campaignFileBound(await app.services.engine.catalog());
  } catch {
    return null;
  }
}

/** campaign.check_file's details for a file's ``text``; a text the engine cannot read at all (not JSON it accepts,
 * nested too deep, too long) is one problem about the whole file. */
async function fileVerdict(app, text) {
  try {
    return (await app.services.engine.call("campaign.check_file", {}, { text })).details;
  } catch (error) {
    if (error.field !== "text") throw error;
    return { valid: false, problems: [{ path: "(file)", message: error.message }] };
  }
}

/** Read, validate in the engine, then write: on any problem nothing is stored and the problems are returned.
 * ``progress(text)`` hears that a long log is being checked. The engine starts on the file's text at once, while the
 * page reads the same text (both are long for a long campaign; they run side by side). */
export async function importCampaign(app, file, progress = null) {
  const read = await readFileBytes(file, { limit: await fileBound(app) });
  if (read.problems.length) return read.problems;
  const early = fileVerdict(app, read.bytes).catch((error) => ({ error })); // its bytes: no text to convert in Python
  await new Promise((resolve) => setTimeout(resolve, 0)); // the file is on its way to the engine before the page reads it
  let whole;
  try {
    whole = new TextDecoder().decode(read.bytes); // as file.text() reads it
  } catch {
    return [{ path: "(file)", message: "This file is too long for this browser to read as text: it is not a campaign this app can open." }];
  }
  const { data, text, problems } = parseJsonText(whole);
  if (problems.length) return problems;
  if (isBackup(data)) return [{ path: "(file)", message: "This file is a backup of every campaign: open it with Restore, under Back up." }];
  const notOne = notACampaign(data); // null, a number, a list: nothing a campaign could be read from
  if (notOne) return [{ path: "(file)", message: notOne }];
  if (data.log?.length) progress?.(`Checking the file: ${data.log.length.toLocaleString()} log entries…`);
  const storage = await storageOf(app);
  const { staged, compacted } = await stageAhead(storage, data);
  let checked;
  try {
    let verdict = await early;
    if (verdict.error) throw verdict.error;
    if (text !== whole) verdict = null; // a campaign quoted as one text: its own text is checked
    checked = await checkCampaignFile(app, data, progress, text, verdict, compacted);
  } catch (error) {
    storage.dropStaged?.(staged);
    return [{ path: error.field || "(file)", message: error.message }];
  }
  if (checked.problems) {
    storage.dropStaged?.(staged);
    return checked.problems.map((each) => ({ ...each, text: describeProblem(data, each) }));
  }
  const campaign = checked.campaign;
  const here = await storage.get(campaign.id);
  if (here) return { clash: { campaign, here: summary(here), staged } }; // the page asks: replace it, or keep both
  if (staged && staged.id !== campaign.id) storage.dropStaged(staged); // written for a copy, and none is needed now
  return { imported: await added(app, campaign, `“${campaign.name}” imported.`, staged?.id === campaign.id ? staged : null) };
}

/** The file's campaign was set aside (Cancel on the question "keep both or replace"): its log staged ahead goes. */
export async function dropImport(app, clash) {
  if (clash?.staged) (await storageOf(app)).dropStaged?.(clash.staged);
}

/** A checked campaign file whose campaign is already here, as the user chose: ``"copy"`` keeps both (the file's
 * as a new campaign named "… (imported <date>)"), ``"replace"`` puts the file's campaign, log and undo history in
 * place of the one here, in one transaction (Undo for a few seconds puts the old one back). */
export async function importClash(app, campaign, how, staged = null) {
  const storage = await storageOf(app);
  if (how === "copy") {
    const name = `${campaign.name} (imported ${new Date().toISOString().slice(0, 10)})`.slice(0, 80);
    const ahead = staged && staged.id !== campaign.id ? staged : null; // written ahead under the id a copy gets
    const copy = { ...copyCampaign(campaign, name), log: campaign.log || [], ...(ahead ? { id: ahead.id } : {}) };
    return { imported: await added(app, copy, `“${campaign.name}” imported as “${name}”.`, ahead) };
  }
  if (staged) storage.dropStaged?.(staged);
  const found = await storage.get(campaign.id);
  const old = found && { ...found, log: await storage.logAll(campaign.id) };
  let stored;
  try {
    stored = await storage.replace(campaign);
  } catch (error) {
    if (error.name !== "ReadOnlyError" && error.name !== "StorageFullError") throw error;
    snack(app, `Nothing was replaced: ${error.message}`, { timeout: 15_000 });
    return { problems: [] };
  }
  if (app.state.campaign?.id === campaign.id || app.state.damaged?.id === campaign.id) app.dispatch({ type: "campaign", campaign: null });
  app.services.channel.announce("campaign-changed", stored.id, stored.revision);
  await loadCampaigns(app);
  snack(app, `“${campaign.name}” replaced by the file's.`, old ? {
    actionLabel: "Undo",
    onAction: async () => { await storage.replace(old); await loadCampaigns(app); snack(app, `“${old.name}” is back as it was.`); },
  } : {});
  return { imported: stored };
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
  if (!verdict.valid) return noteRefused(record, verdict.problems.map((each) => describeProblem(record, each)));
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
  const nameOf = (cid) => characters.find((each) => each.id === cid)?.sheet?.name;
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
  return changeCampaign(app, campaign, (next) => ({ ...next, characters: [...next.characters, character] }), []).then(() => character);
}

export function removeCharacter(app, campaign, id) {
  return changeCampaign(app, campaign, (next) => ({ ...next, characters: next.characters.filter((each) => each.id !== id) }), [`character:${id}`]);
}

/** One of the campaign's forum choices (``what`` "format" or "undone"), kept in its record so it travels with an
 * export; the other keeps its current value (one this browser kept before the record held them, else its default). */
export async function setForumChoice(app, campaign, what, value) {
  const next = await changeCampaign(app, campaign, (record) => ({ ...record, forum: { ...forumChoices(app.state.catalog, record), [what]: value } }), ["forum"]);
  forgetOldChoices(campaign.id);
  return next;
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
export function runOperation(app, opId, args, bind = {}, options = {}) {
  return inQueue(app, app.state.campaign.id, () => runNow(app, opId, args, bind, options));
}

async function runNow(app, opId, args, bind, { encounter = null, label = null, dice = null }) {
  const campaign = app.state.campaign; // read when its turn comes: an earlier tap's change is in it
  const { request, stateKeys, logged, who } = requestFor(app, opId, args, bind);
  // ``dice: "physical"``: a missing die is asked for (a "needs a die" refusal; nothing is stored meanwhile)
  const result = await app.services.engine.call(opId, request, dice ? { dice } : undefined);
  const sheets = Object.fromEntries(Object.entries(result.states || {}).filter(([key]) => stateKeys[key]).map(([key, sheet]) => [stateKeys[key], sheet]));
  const before = Object.fromEntries(Object.keys(sheets).map((id) => [id, campaign.characters.find((each) => each.id === id).sheet]));
  const entry = makeEntry({ op: opId, args: logged, result: label && !result.label ? { ...result, label } : result, who, encounter, before, after: sheets });
  const keys = Object.keys(sheets).map((id) => `character:${id}`);
  await writeChange(app, campaign, keys.length ? (next) => withParts(next, sheets) : null, keys, [entry]);
  return result;
}

/** What Repair would do to damaged campaign ``id`` (campaign.repair: drop only what fails the check):
 * {record, campaign, dropped: [{what, why}]}, or {refused: why it cannot}. Nothing is written. */
export async function repairPreview(app, id) {
  const record = await (await storageOf(app)).get(id);
  if (!record) return { refused: "That campaign is no longer on this device." };
  try {
    const { details } = await app.services.engine.call("campaign.repair", { campaign: { ...record, log: [] }, now: new Date().toISOString() });
    return { record, campaign: details.campaign, dropped: details.dropped };
  } catch (error) {
    return { refused: isRefusal(error) ? refusalWords(record, error) : error.message }; // who and why, not the path
  }
}

/** Write a repair (``repairPreview``'s answer) over the record it was made from, with a log entry listing what
 * was removed, then open the campaign. Refused, changing nothing, if the record changed since. */
export async function repairCampaign(app, { record, campaign, dropped }) {
  const events = dropped.length ? dropped.map((each) => `${each.what} was removed: ${each.why}`) : ["Nothing had to be removed."];
  const entry = makeEntry({ op: "campaign.repair", result: { system: "campaign", kind: "repair", label: `“${campaign.name}” repaired`, events }, who: [] });
  const change = (stored) => {
    if (stored.revision !== record.revision) throw new Error("This campaign changed while the repair was prepared. Open it again to see what Repair would do now.");
    return { ...campaign, id: record.id, log: [] };
  };
  const next = await inQueue(app, record.id, () => writeChange(app, record, change, [], [entry]));
  app.dispatch({ type: "campaign", campaign: next });
  await loadHistory(app, next.id);
  snack(app, `“${next.name}” repaired: ${dropped.length ? `${dropped.length} ${dropped.length === 1 ? "part" : "parts"} removed (listed in its log)` : "nothing removed"}.`);
  return next;
}
