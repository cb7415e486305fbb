// The campaign file's actions: Export (a file or the share sheet) and Import (read within a bound, checked whole by
// the engine, written in one transaction, or set beside a campaign already here: keep both or replace). A long
// file's log is written while the engine checks it (stageAhead; store/staging.mjs).
import { copyCampaign, newId, summary } from "../store/records.mjs";
import { compactEntry } from "../store/changes.mjs";
import {
  campaignBlob,
  campaignFileBound,
  campaignFileName,
  canShareFile,
  download,
  notACampaign,
  parseJsonText,
  readFileBytes,
  shareFile,
} from "../store/files.mjs";
import { describeProblem } from "../store/record_check.mjs";
import { isBackup, noteExported } from "../store/backup.mjs";
import { added, loadCampaigns, snack, storageOf } from "./actions.mjs";

export async function exportCampaign(app, id, { share = false } = {}) {
  const storage = await storageOf(app);
  const found = await storage.get(id);
  if (!found) return;
  const record = { ...found, log: await storage.logAll(id) };
  const { blob, compressed } = await campaignBlob(record);
  const name = campaignFileName(record, compressed);
  if (share && canShareFile(blob, name)) {
    try {
      await shareFile(blob, name, record.name);
      noteExported([id]);
      app.dispatch({ type: "exported" });
      return;
    } catch (error) {
      if (error.name === "AbortError") return;
    }
  }
  download(blob, name);
  noteExported([id]);
  app.dispatch({ type: "exported" });
}

/**
 * The engine's verdict on a campaign file, from its JSON ``text`` (the file as read; for a campaign of a backup its
 * JSON): the whole file is parsed and checked once in the engine (campaign.check_file: the text travels
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
  if (!verdict.valid)
    return {
      problems: verdict.problems.length
        ? verdict.problems
        : [{ path: "(file)", message: "This file is not a campaign." }],
    };
  if (verdict.log !== "file") return { campaign: verdict.campaign };
  return { campaign: { ...verdict.campaign, log: compacted ?? log.map(compactEntry) } };
}

/** Least entries worth writing ahead of the check (stageAhead): below it the log is written with its campaign. */
const STAGE_FROM = 1_000;

/**
 * A long log written to IndexedDB while the engine checks the file it came from (the check and the writing
 * of 10,000 entries take seconds each, and run side by side): under the file's campaign id when no campaign here
 * has it, else under the id a copy would get ("Keep both"). Nothing shows it until its campaign is written after
 * the check (storage add with ``staged``); a refused file, Replace or Cancel take it back (dropStaged). Returns the
 * staged handle or null, and ``compacted``: the entries in the current shape, the very list the campaign keeps.
 */
async function stageAhead(storage, data) {
  const log = data && typeof data === "object" && Array.isArray(data.log) ? data.log : [];
  if (log.length < STAGE_FROM || typeof storage.stageLog !== "function" || typeof data.id !== "string" || !data.id)
    return { staged: null, compacted: null };
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
    return [
      {
        path: "(file)",
        message: "This file is too long for this browser to read as text: it is not a campaign this app can open.",
      },
    ];
  }
  const { data, text, problems } = parseJsonText(whole);
  if (problems.length) return problems;
  if (isBackup(data))
    return [
      { path: "(file)", message: "This file is a backup of every campaign: open it with Restore, under Back up." },
    ];
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
  return {
    imported: await added(app, campaign, `“${campaign.name}” imported.`, staged?.id === campaign.id ? staged : null),
  };
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
  if (app.state.campaign?.id === campaign.id || app.state.damaged?.id === campaign.id)
    app.dispatch({ type: "campaign", campaign: null });
  app.services.channel.announce("campaign-changed", stored.id, stored.revision);
  await loadCampaigns(app);
  snack(
    app,
    `“${campaign.name}” replaced by the file's.`,
    old
      ? {
          actionLabel: "Undo",
          onAction: async () => {
            await storage.replace(old);
            await loadCampaigns(app);
            snack(app, `“${old.name}” is back as it was.`);
          },
        }
      : {},
  );
  return { imported: stored };
}
