// Everything in one file (campaigns that survive Safari): a backup holds every campaign whole, as an
// export does, and when each campaign was last exported or backed up is kept on this device, so Home can say it.
//
//   {"schema": "rules-companion.backup/1", "made": ISO time, "campaigns": [campaign file, …]}
//
// The file is written like a campaign's (gzip past a megabyte where the browser can, store/files.mjs) and read
// back by Restore, which checks each campaign exactly as an import does before anything is written.

export const BACKUP_SCHEMA = "rules-companion.backup/1";
const EXPORTED_KEY = "rules-companion:exported";

export function isBackup(data) {
  return Boolean(data) && typeof data === "object" && data.schema === BACKUP_SCHEMA;
}

/** The backup's campaigns, or a problem in words when the file is not a backup this app can read. */
export function backupCampaigns(data) {
  if (!isBackup(data))
    return { problem: "This is not a backup made by this app: choose a file made with “Back up everything”." };
  if (!Array.isArray(data.campaigns)) return { problem: "This backup is damaged: it holds no list of campaigns." };
  return { campaigns: data.campaigns };
}

export function backupRecord(campaigns, made = new Date()) {
  return { schema: BACKUP_SCHEMA, made: made.toISOString(), campaigns };
}

export function backupFileName(made = new Date(), compressed = false) {
  return `rules-companion-backup-${made.toISOString().slice(0, 10)}.json${compressed ? ".gz" : ""}`;
}

/** Map(campaign id → ISO time) of the last export or backup of each campaign on this device. A Map: a campaign id
 * is the user's ("constructor", "toString" are ids like any other, never an object's inherited keys). */
export function exportedTimes() {
  try {
    const value = JSON.parse(localStorage.getItem(EXPORTED_KEY) || "{}");
    if (!value || typeof value !== "object" || Array.isArray(value)) return new Map();
    return new Map(Object.entries(value).filter(([, at]) => typeof at === "string"));
  } catch {
    return new Map();
  }
}

export function noteExported(ids, at = new Date()) {
  const times = exportedTimes();
  for (const id of ids) times.set(id, at.toISOString());
  try {
    localStorage.setItem(EXPORTED_KEY, JSON.stringify(Object.fromEntries(times)));
  } catch {
    /* private mode: Home just won't say */
  }
}
