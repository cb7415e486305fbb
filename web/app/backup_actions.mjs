// "Back up everything" and "Restore" (against Safari): every campaign of this device into one file, and back. Restore
// checks each campaign of the file exactly as an import does (campaign.check_file: the whole campaign, its log too);
// one that fails is not restored and is listed with its problems; one not on this device is added; one already
// here is left as it is until the user chooses, per campaign, to keep both or replace it.
import { added, loadCampaigns } from "./actions.mjs";
import { checkCampaignFile, fileBound } from "./file_actions.mjs";
import { download, jsonFileBlob, readJsonFile } from "../store/files.mjs";
import { backupCampaigns, backupFileName, backupRecord, noteExported } from "../store/backup.mjs";
import { describeProblem } from "../store/record_check.mjs";
import { summary } from "../store/records.mjs";

/** Write every campaign, with its log, into one file; returns how many. */
export async function backUpEverything(app) {
  const storage = await app.services.storage; // a promise until IndexedDB is open
  const campaigns = [];
  for (const listed of await storage.list()) {
    const found = listed?.id ? await storage.get(listed.id) : null;
    if (found) campaigns.push({ ...found, log: await storage.logAll(found.id) });
  }
  const made = new Date();
  const { blob, compressed } = await jsonFileBlob(backupRecord(campaigns, made), campaigns.length > 3 ? 0 : 2);
  download(blob, backupFileName(made, compressed));
  noteExported(
    campaigns.map((each) => each.id),
    made,
  );
  app.dispatch({ type: "exported" });
  return campaigns.length;
}

const nameOf = (campaign, index) =>
  typeof campaign?.name === "string" && campaign.name.trim() ? campaign.name : `Campaign ${index + 1} of the file`;

/**
 * Read a backup and restore what can be: ``{problem}`` when the file is not a backup, else ``{restored: [names],
 * refused: [{name, problems: [sentences]}], clashes: [{campaign, here}]}``. ``progress(text)`` hears how far it is.
 */
export async function restoreBackup(app, file, progress = null) {
  const { data, problems } = await readJsonFile(file, { limit: await fileBound(app) });
  if (problems.length) return { problem: problems[0].message };
  const { campaigns, problem } = backupCampaigns(data);
  if (problem) return { problem };
  const storage = await app.services.storage; // a promise until IndexedDB is open
  const checked = [];
  const refused = [];
  for (const [index, campaign] of campaigns.entries()) {
    progress?.(`Checking ${index + 1} of ${campaigns.length}: ${nameOf(campaign, index)}…`);
    let verdict;
    try {
      verdict = await checkCampaignFile(app, campaign, null);
    } catch (error) {
      verdict = { problems: [{ path: "(file)", message: error.message }] };
    }
    if (verdict.problems)
      refused.push({
        name: nameOf(campaign, index),
        problems: verdict.problems.map((each) => describeProblem(campaign, each)),
      });
    else checked.push(verdict.campaign);
  }
  const restored = [];
  const clashes = [];
  for (const campaign of checked) {
    const here = await storage.get(campaign.id);
    if (here) clashes.push({ campaign, here: summary(here) });
    else if (await added(app, campaign, `“${campaign.name}” restored.`)) restored.push(campaign.name);
  }
  await loadCampaigns(app);
  return { restored, refused, clashes };
}
