// A campaign log held in memory: the whole log when IndexedDB is unavailable, or the part that did not fit
// on a full disk (written out by overflow.mjs once there is space: ``pending`` hands it over). Same rows and
// entries as the IndexedDB stores (log_rows.mjs), same paging.
import { cleanHistory, emptyHistory, historyAfter } from "./history.mjs";
import { logRow, rowMatches } from "./log_rows.mjs";
import { compactEntry } from "./changes.mjs";

export class MemoryLog {
  constructor() {
    this.logs = new Map(); // campaign id → {rows, entries, history}
  }

  of(campaignId) {
    if (!this.logs.has(campaignId)) this.logs.set(campaignId, { rows: [], entries: [], history: emptyHistory() });
    return this.logs.get(campaignId);
  }

  has(campaignId) {
    return this.logs.has(campaignId);
  }

  /** Append entries after ``lastSeq`` (the stored part's last seq; ``history`` the stored stacks, ``targets`` the
   * stored rows an undo or redo may name, by id); returns the rows written. */
  append(campaignId, entries, lastSeq = 0, history = null, targets = new Map()) {
    const log = this.of(campaignId);
    if (history && !log.rows.length) log.history = cleanHistory(history);
    let seq = Math.max(lastSeq, log.rows.at(-1)?.seq ?? 0);
    return entries.map((entry) => {
      seq += 1;
      const named = entry.args?.entry;
      const target = named ? log.rows.find((row) => row.id === named) || targets.get(named) || null : null;
      const row = { ...logRow(entry, target), campaign: campaignId, seq };
      log.rows.push(row);
      log.entries.push(structuredClone(compactEntry(entry)));
      log.history = historyAfter(log.history, entry);
      return row;
    });
  }

  /** Rows newest first with seq < ``beforeSeq``, filtered, at most ``limit``. */
  page(campaignId, { beforeSeq = null, limit = 50, titles, ...filter } = {}, names) {
    const out = [];
    const rows = this.logs.get(campaignId)?.rows || [];
    for (let i = rows.length - 1; i >= 0 && out.length < limit; i -= 1) {
      const row = rows[i];
      if ((beforeSeq === null || row.seq < beforeSeq) && rowMatches(row, filter, names, titles)) out.push(row);
    }
    return out;
  }

  entries(campaignId) {
    return structuredClone(this.logs.get(campaignId)?.entries || []);
  }
  count(campaignId) {
    return this.logs.get(campaignId)?.rows.length || 0;
  }
  entry(campaignId, id) {
    const entry = this.logs.get(campaignId)?.entries.find((each) => each.id === id);
    return entry ? structuredClone(entry) : null;
  }

  history(campaignId) {
    return this.logs.get(campaignId)?.history || null;
  }

  /** What is held for a campaign, to be written out: {rows, entries, history} (the held objects), or null. */
  pending(campaignId) {
    return this.logs.get(campaignId) || null;
  }
  remove(campaignId) {
    this.logs.delete(campaignId);
  }
}
