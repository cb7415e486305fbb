// The campaign log in IndexedDB (TABLE.md, Log), methods of the storage (idb_storage.mjs; ``this`` is the storage). The
// log lives beside the campaign records, not inside them, so a change never rewrites ten thousand entries: store
// "log" holds a light row per entry (list, filters, search), "entries" the full entry (py_rules/log/entry.py) under
// the same key [campaign, seq], "history" the undo/redo stacks. An entry keeps each sheet before it and what changed;
// entries stored before that keep each sheet after it whole, and are read as they are (changes.mjs entryAfter reads
// both). A change of a campaign and its log entries are written in ONE transaction (TABLE.md, Kept safe).
//
// A whole log written at once (an import, a restore, a copy: 10,000 entries) goes to "entries" in blocks: one record
// {campaign, seq, last, entries} holds the entries seq..last (at most ENTRY_BLOCK), so an import puts a few dozen
// records there instead of ten thousand, and an export reads them back as few; each action's entries are one record
// each ({campaign, seq, entry}) as before. Readers take both (storedEntries); where a single record's seq lies inside
// a block, the single record is the one read (it was written later).
//
// Damaged stored records never break a reader: the undo stacks are read through cleanHistory (damaged = empty,
// written over with the next change); a log row that is not a row is a placeholder in ``logPage`` ({damaged: true,
// headline: "A damaged log entry"}), a damaged entry is left out of ``logAll`` and is null from ``logEntry``.
import { unwrap } from "../vendor/idb.mjs";
import { cleanHistory, emptyHistory, historyAfter } from "./history.mjs";
import { entryOf, isRow, logRow, rowMatches, rowsOf, storedRow } from "./log_rows.mjs";
import { compactEntry } from "./changes.mjs";

const LOG_STORES = ["log", "entries", "history"];
/** The stores one action writes: its campaign and its log, in one transaction. */
export const ALL_STORES = ["campaigns", ...LOG_STORES];

/** The key range of one campaign's log rows with seq in [low, high). */
export const seqRange = (campaignId, low = 0, high = Infinity) =>
  IDBKeyRange.bound([campaignId, low], [campaignId, high], false, true);

/** Entries per record of "entries" when a whole log is written at once (about 1 MB for a long campaign's). */
export const ENTRY_BLOCK = 250;

/** Put a whole log (oldest first) after ``lastSeq`` in an open transaction: a light row each, the entries in blocks
 * of ENTRY_BLOCK; returns the rows. An entry of an older shape (each sheet whole after it) is stored as what changed
 * (changes.mjs). */
export function putLog(tx, campaignId, entries, lastSeq) {
  const log = unwrap(tx.objectStore("log")); // ten thousand puts: no promise each (a failure aborts the transaction)
  const rows = rowsOf(entries).map((row, index) => {
    row.campaign = campaignId;
    row.seq = lastSeq + index + 1;
    log.put(row);
    return row;
  });
  for (let start = 0; start < entries.length; start += ENTRY_BLOCK) {
    const block = entries.slice(start, start + ENTRY_BLOCK).map(compactEntry);
    tx.objectStore("entries").put({
      campaign: campaignId,
      seq: lastSeq + start + 1,
      last: lastSeq + start + block.length,
      entries: block,
    });
  }
  return rows;
}

/** The entries of stored records of "entries" (key order) as [seq, entry] in seq order: a block gives each of its
 * entries, a single record its one; a single record's seq inside a block is read from the single record. What is
 * not a record of either shape gives nothing (entryOf then finds a damaged entry damaged). */
export function storedEntries(records) {
  const bySeq = new Map();
  const singles = [];
  for (const record of records) {
    if (Array.isArray(record?.entries) && Number.isFinite(record.seq))
      record.entries.forEach((entry, index) => {
        bySeq.set(record.seq + index, entry);
      });
    else if (record && Number.isFinite(record.seq)) singles.push(record);
  }
  if (!singles.length) return [...bySeq];
  for (const record of singles) bySeq.set(record.seq, record.entry);
  return [...bySeq].sort((a, b) => a[0] - b[0]);
}

export async function lastSeq(tx, campaignId) {
  const cursor = await tx.objectStore("log").openCursor(seqRange(campaignId), "prev");
  return cursor ? cursor.value.seq : 0;
}

/** IdbStorage's methods for the log (idb_storage.mjs). */
export const logStore = {
  /** In an open transaction: log ``entries`` after ``seq`` with the undo stacks ``history``; returns the rows. */
  async putEntries(tx, campaignId, entries, seq, history) {
    const rows = [];
    for (const entry of entries) {
      const target = entry.args?.entry ? await this.rowById(tx, campaignId, entry.args.entry) : null;
      seq += 1;
      const row = { ...logRow(entry, target), campaign: campaignId, seq };
      tx.objectStore("log").put(row);
      tx.objectStore("entries").put({ campaign: campaignId, seq, entry: compactEntry(entry) });
      history = historyAfter(history, entry);
      rows.push(row);
    }
    tx.objectStore("history").put(history, campaignId);
    return rows;
  },

  async storedSeq(campaignId) {
    if (!this.has("log")) return 0;
    return lastSeq(this.db.transaction("log"), campaignId);
  },

  async storedHistory(campaignId) {
    return this.has("history") ? cleanHistory(await this.db.get("history", campaignId)) : emptyHistory();
  },

  /** The row of entry ``id`` in a campaign (memory first), or null (none, or a damaged one). */
  async rowById(tx, campaignId, id) {
    const local = this.overflowLog.page(campaignId, { limit: Infinity }).find((row) => row.id === id);
    if (local) return local;
    if (!tx && !this.has("log")) return null;
    try {
      const store = (tx || this.db.transaction("log")).objectStore("log");
      const rows = store.indexNames.contains("id")
        ? await store.index("id").getAll(id)
        : await store.getAll(seqRange(campaignId));
      return rows.find((row) => row?.campaign === campaignId && row.id === id && isRow(row)) || null;
    } catch (error) {
      if (tx) throw error; // not a readable key: the transaction is spoiled, say so
      return null;
    }
  },

  /** Rows newest first: seq below ``beforeSeq``, passing the filters, at most ``limit``; a damaged row is a
   * placeholder ({damaged: true, headline: "A damaged log entry"}, log_rows.storedRow). */
  async logPage(
    campaignId,
    {
      beforeSeq = null,
      limit = 50,
      who = null,
      encounter = null,
      search = "",
      names = () => "",
      titles = () => "",
    } = {},
  ) {
    const filter = { who, encounter, search };
    const out = this.overflowLog.page(campaignId, { beforeSeq, limit, titles, ...filter }, names);
    const below = out.length ? out.at(-1).seq : beforeSeq;
    if (out.length >= limit || !this.has("log")) return out;
    const store = this.db.transaction("log").objectStore("log");
    const high = below ?? Infinity;
    const shown = (value) => storedRow(value, value.campaign, value.seq);
    if (!who && !encounter && !search.trim()) {
      const wanted = limit - out.length;
      const top = below ?? (await lastSeq(store.transaction, campaignId)) + 1;
      const low = Math.max(0, top - wanted);
      const rows = (await store.getAll(seqRange(campaignId, low, top))).reverse();
      if (rows.length < wanted && low > 0) {
        // gaps in seq: walk down for the rest
        for (
          let cursor = await store.openCursor(seqRange(campaignId, 0, low), "prev");
          cursor && rows.length < wanted;
          cursor = await cursor.continue()
        )
          rows.push(cursor.value);
      }
      return [...out, ...rows.map(shown)];
    }
    const indexed = (name) => store.indexNames.contains(name);
    const source =
      who && indexed("who")
        ? store.index("who")
        : encounter && !who && indexed("encounter")
          ? store.index("encounter")
          : store;
    const range = source === store ? seqRange(campaignId, 0, high) : IDBKeyRange.only(who || encounter);
    let cursor;
    try {
      cursor = await source.openCursor(range, "prev");
    } catch {
      return out; // a filter that is not a key (a damaged id) finds nothing
    }
    const from = [campaignId, high];
    if (cursor && source !== store && indexedDB.cmp(cursor.primaryKey, from) >= 0) {
      // an index: jump to this page's start
      cursor = await cursor.continuePrimaryKey(cursor.key, [campaignId, high - 1 / 2]);
    }
    for (; cursor && out.length < limit; cursor = await cursor.continue()) {
      const value = cursor.value;
      if (value.campaign < campaignId) break; // past this campaign's rows (the index orders them by [campaign, seq])
      if (value.campaign !== campaignId || !(value.seq < high)) continue;
      const row = shown(value);
      if (rowMatches(row, filter, names, titles)) out.push(row);
    }
    return out;
  },

  /** The whole log, oldest first (export, Markdown), each entry in the current shape (one stored with
   * its sheets after it whole: given as what changed); a damaged entry is left out. */
  async logAll(campaignId) {
    const stored = this.has("entries") ? await this.db.getAll("entries", seqRange(campaignId)) : [];
    const entries = storedEntries(stored)
      .map(([, entry]) => entryOf(entry))
      .filter(Boolean)
      .map(compactEntry);
    return [...entries, ...this.overflowLog.entries(campaignId)];
  },

  async logCount(campaignId) {
    return (
      (this.has("log") ? await this.db.count("log", seqRange(campaignId)) : 0) + this.overflowLog.count(campaignId)
    );
  },

  /** One full entry by its id (the trace, one tap away), or null (none, or damaged). */
  async logEntry(campaignId, id) {
    const local = this.overflowLog.entry(campaignId, id);
    if (local) return local;
    const row = await this.rowById(null, campaignId, id);
    if (!row || !this.has("entries")) return null;
    const entry = entryOf(await this.storedEntry(campaignId, row.seq));
    return entry && entry.id === id ? entry : null;
  },

  /** The stored entry at ``seq``: its own record's, else the one in the block that holds it (storedEntries). */
  async storedEntry(campaignId, seq) {
    if (!Number.isFinite(seq)) return undefined;
    const own = await this.db.get("entries", [campaignId, seq]);
    if (own && !Array.isArray(own.entries)) return own.entry;
    const cursor = await this.db
      .transaction("entries")
      .store.openCursor(IDBKeyRange.bound([campaignId, 0], [campaignId, seq]), "prev");
    let record = cursor?.value;
    for (let found = cursor, steps = 0; record && !Array.isArray(record.entries) && steps < ENTRY_BLOCK; steps += 1) {
      found = await found.continue(); // past single records above the block (a block is at most ENTRY_BLOCK long)
      record = found?.value;
    }
    if (!Array.isArray(record?.entries)) return undefined;
    return record && record.seq <= seq && seq < record.seq + record.entries.length
      ? record.entries[seq - record.seq]
      : undefined;
  },

  /** The undo / redo stacks: always a clean {done: [ids], undone: [ids]}. */
  async history(campaignId) {
    return this.overflowLog.history(campaignId) || (await this.storedHistory(campaignId));
  },
};
