// Where campaigns live: IndexedDB through idb, one transaction per action, with a schema version and
// migrations (excalidraw LocalData, STYLE.md Part C). When IndexedDB cannot open (private mode, blocked)
// the same interface keeps campaigns in memory and says so; a full disk (QuotaExceededError) is reported
// and the record stays in memory so nothing typed is lost.
//
// The campaign log (issue 11) lives beside the records, not inside them, so a change never rewrites ten
// thousand entries: store "log" holds a light row per entry (list, filters, search), "entries" the full
// entry (py_rules/log/entry.py) under the same key [campaign, seq], "history" the undo/redo stacks. A change
// of a campaign and its log entries are written in ONE transaction (TABLE.md, Kept safe).
import { openDB } from "../vendor/idb.mjs";
import { StaleError, rebase, summary } from "./records.mjs";
import { emptyHistory, historyAfter, historyOf } from "./history.mjs";
import { logRow, rowMatches, rowsOf } from "./log_rows.mjs";
import { MemoryLog } from "./log_memory.mjs";

const DB_NAME = "rules-companion";
export const DB_VERSION = 2;
const LOG_STORES = ["log", "entries", "history"];
const ALL_STORES = ["campaigns", ...LOG_STORES];

/** Database migrations by version: each creates or reshapes stores; run in order by idb's upgrade. */
const MIGRATIONS = {
  1: (db) => {
    db.createObjectStore("campaigns", { keyPath: "id" });
    db.createObjectStore("meta");
  },
  /** The log leaves the campaign record: rows, entries and undo history of their own. */
  2: async (db, tx) => {
    const log = db.createObjectStore("log", { keyPath: ["campaign", "seq"] });
    log.createIndex("id", "id");
    log.createIndex("who", "who", { multiEntry: true });
    log.createIndex("encounter", "encounter");
    db.createObjectStore("entries", { keyPath: ["campaign", "seq"] });
    db.createObjectStore("history");
    for (let cursor = await tx.objectStore("campaigns").openCursor(); cursor; cursor = await cursor.continue()) {
      const record = cursor.value;
      if (!record.log?.length) continue;
      putLog(tx, record.id, record.log, 0);
      tx.objectStore("history").put(historyOf(record.log), record.id);
      await cursor.update({ ...record, log: [] });
    }
  },
};

/** The key range of one campaign's log rows with seq in [low, high). */
const seqRange = (campaignId, low = 0, high = Infinity) => IDBKeyRange.bound([campaignId, low], [campaignId, high], false, true);

/** Put a whole log (oldest first) after ``lastSeq`` in an open transaction; returns the rows. */
function putLog(tx, campaignId, entries, lastSeq) {
  return rowsOf(entries).map((row, index) => {
    const seq = lastSeq + index + 1;
    const stored = { ...row, campaign: campaignId, seq };
    tx.objectStore("log").put(stored);
    tx.objectStore("entries").put({ campaign: campaignId, seq, entry: entries[index] });
    return stored;
  });
}

async function lastSeq(tx, campaignId) {
  const cursor = await tx.objectStore("log").openCursor(seqRange(campaignId), "prev");
  return cursor ? cursor.value.seq : 0;
}

export class StorageFullError extends Error {
  constructor() {
    super("The device's storage is full: changes are kept only until this tab closes. Export the campaign to keep it.");
    this.name = "StorageFullError";
  }
}

const isQuota = (error) => error?.name === "QuotaExceededError" || /quota/i.test(error?.message || "");
const stripLog = (record) => ({ ...record, log: [] });

/** Open IndexedDB; on failure return the in-memory store with ``problem`` set. */
export async function openStorage() {
  try {
    const db = await openDB(DB_NAME, DB_VERSION, {
      async upgrade(database, oldVersion, newVersion, transaction) {
        for (let version = oldVersion + 1; version <= newVersion; version += 1) await MIGRATIONS[version](database, transaction);
      },
      // a newer version of the app opened in another tab: let it upgrade, this tab reloads into it
      blocking() { db.close(); location.reload(); },
    });
    navigator.storage?.persist?.().catch(() => {});
    return new IdbStorage(db);
  } catch (error) {
    return new MemoryStorage(`Storage is not available in this browser (${error?.message || error}). Campaigns are kept only while this tab is open: export them to keep them.`);
  }
}

class IdbStorage {
  constructor(db) {
    this.db = db;
    this.kind = "indexeddb";
    this.problem = null;
    this.overflow = new Map(); // records that did not fit on a full disk
    this.overflowLog = new MemoryLog(); // and their log entries since
  }

  async list() {
    const stored = await this.db.getAll("campaigns");
    const byId = new Map(stored.map((each) => [each.id, each]));
    for (const [id, record] of this.overflow) byId.set(id, record);
    return [...byId.values()].map(summary);
  }

  async get(id) {
    return this.overflow.get(id) || (await this.db.get("campaigns", id)) || null;
  }

  /** Add a new record (an id already stored is refused); its ``log`` goes to the log stores. */
  async add(record) {
    const bare = stripLog(record);
    return this.write(ALL_STORES, async (tx) => {
      const campaigns = tx.objectStore("campaigns");
      if (await campaigns.get(record.id)) throw new Error("A campaign with this id already exists.");
      await campaigns.add(bare);
      if (record.log?.length) {
        putLog(tx, record.id, record.log, 0);
        tx.objectStore("history").put(historyOf(record.log), record.id);
      }
      return bare;
    }, bare);
  }

  /** One action = one transaction: read the stored record, rebase the change on it, write. */
  async update(base, change, keys) {
    return (await this.commit(base, change, keys, [])).record;
  }

  /**
   * A change of campaign ``base`` (``change`` a pure record → record function touching ``keys``, or null) and
   * the log ``entries`` it made, in ONE transaction: both land or neither does. Returns {record, rows}.
   */
  async commit(base, change, keys, entries) {
    if (this.overflow.has(base.id)) return this.commitInMemory(base, change, keys, entries);
    let next;
    let seqBefore = 0;
    return this.write(ALL_STORES, async (tx) => {
      const stored = await tx.objectStore("campaigns").get(base.id);
      if (!stored) throw new StaleError(null);
      next = change ? rebase(stored, base, change, keys) : stored;
      if (change) tx.objectStore("campaigns").put(next);
      if (!entries.length) return { record: next, rows: [] };
      seqBefore = await lastSeq(tx, base.id);
      let history = (await tx.objectStore("history").get(base.id)) || emptyHistory();
      const rows = [];
      let seq = seqBefore;
      for (const entry of entries) {
        const target = entry.args?.entry ? await this.rowById(tx, base.id, entry.args.entry) : null;
        seq += 1;
        const row = { ...logRow(entry, target), campaign: base.id, seq };
        tx.objectStore("log").put(row);
        tx.objectStore("entries").put({ campaign: base.id, seq, entry });
        history = historyAfter(history, entry);
        rows.push(row);
      }
      tx.objectStore("history").put(history, base.id);
      return { record: next, rows };
    }, () => next && this.keepInMemory(next, entries, seqBefore));
  }

  /** The disk is full: the record and its new entries stay in this tab. */
  keepInMemory(record, entries, seqBefore) {
    this.overflowLog.append(record.id, entries, seqBefore);
    return record;
  }

  async commitInMemory(base, change, keys, entries) {
    const next = change ? rebase(this.overflow.get(base.id), base, change, keys) : this.overflow.get(base.id);
    this.overflow.set(base.id, next);
    const rows = this.overflowLog.append(base.id, entries, await this.storedSeq(base.id), await this.storedHistory(base.id));
    return { record: next, rows };
  }

  async storedSeq(campaignId) {
    const tx = this.db.transaction("log");
    return lastSeq(tx, campaignId);
  }

  async storedHistory(campaignId) {
    return (await this.db.get("history", campaignId)) || emptyHistory();
  }

  async rowById(tx, campaignId, id) {
    const local = this.overflowLog.page(campaignId, { limit: Infinity }).find((row) => row.id === id);
    if (local) return local;
    const rows = await (tx || this.db.transaction("log")).objectStore("log").index("id").getAll(id);
    return rows.find((row) => row.campaign === campaignId) || null;
  }

  /** Rows newest first: seq below ``beforeSeq``, passing the filters, at most ``limit``. */
  async logPage(campaignId, { beforeSeq = null, limit = 50, who = null, encounter = null, search = "", names = () => "", titles = () => "" } = {}) {
    const filter = { who, encounter, search };
    const out = this.overflowLog.page(campaignId, { beforeSeq, limit, titles, ...filter }, names);
    const below = out.length ? out.at(-1).seq : beforeSeq;
    if (out.length >= limit) return out;
    const store = this.db.transaction("log").objectStore("log");
    const high = below ?? Infinity;
    if (!who && !encounter && !search.trim()) {
      const top = below ?? (await lastSeq(store.transaction, campaignId)) + 1;
      const rows = await store.getAll(seqRange(campaignId, Math.max(0, top - (limit - out.length)), top));
      return [...out, ...rows.reverse()];
    }
    const source = who ? store.index("who") : encounter ? store.index("encounter") : store;
    const range = who ? IDBKeyRange.only(who) : encounter ? IDBKeyRange.only(encounter) : seqRange(campaignId, 0, high);
    let cursor = await source.openCursor(range, "prev");
    const from = [campaignId, high];
    if (cursor && source !== store && indexedDB.cmp(cursor.primaryKey, from) >= 0) { // an index: jump to this page's start
      cursor = await cursor.continuePrimaryKey(cursor.key, [campaignId, high - 1 / 2]);
    }
    for (; cursor && out.length < limit; cursor = await cursor.continue()) {
      const row = cursor.value;
      if (row.campaign < campaignId) break; // past this campaign's rows (the index orders them by [campaign, seq])
      if (row.campaign === campaignId && row.seq < high && rowMatches(row, filter, names, titles)) out.push(row);
    }
    return out;
  }

  /** The whole log, oldest first (export, Markdown). */
  async logAll(campaignId) {
    const stored = await this.db.getAll("entries", seqRange(campaignId));
    return [...stored.map((each) => each.entry), ...this.overflowLog.entries(campaignId)];
  }

  async logCount(campaignId) {
    return (await this.db.count("log", seqRange(campaignId))) + this.overflowLog.count(campaignId);
  }

  /** One full entry by its id (the trace, one tap away), or null. */
  async logEntry(campaignId, id) {
    const local = this.overflowLog.entry(campaignId, id);
    if (local) return local;
    const row = await this.rowById(null, campaignId, id);
    return row ? (await this.db.get("entries", [campaignId, row.seq]))?.entry ?? null : null;
  }

  async history(campaignId) {
    return this.overflowLog.history(campaignId) || (await this.storedHistory(campaignId));
  }

  async remove(id) {
    this.overflow.delete(id);
    this.overflowLog.remove(id);
    const tx = this.db.transaction(ALL_STORES, "readwrite");
    tx.objectStore("campaigns").delete(id);
    tx.objectStore("log").delete(seqRange(id));
    tx.objectStore("entries").delete(seqRange(id));
    tx.objectStore("history").delete(id);
    await tx.done;
  }

  async getMeta(key) {
    return this.db.get("meta", key);
  }

  async setMeta(key, value) {
    await this.db.put("meta", value, key);
  }

  async write(stores, work, fallback) {
    const tx = this.db.transaction(stores, "readwrite");
    try {
      const result = await work(tx);
      await tx.done;
      if (this.problem && !this.overflow.size) this.problem = null;
      return result;
    } catch (error) {
      try { tx.abort(); } catch { /* already finished */ }
      if (!isQuota(error)) throw error;
      const record = typeof fallback === "function" ? fallback() : fallback;
      if (record) this.overflow.set(record.id, record);
      this.problem = new StorageFullError().message;
      throw Object.assign(new StorageFullError(), { record });
    }
  }
}

/** The same interface over Maps: used when IndexedDB is unavailable. */
export class MemoryStorage {
  constructor(problem) {
    this.kind = "memory";
    this.problem = problem;
    this.records = new Map();
    this.meta = new Map();
    this.log = new MemoryLog();
  }

  async list() { return [...this.records.values()].map(summary); }
  async get(id) { return this.records.get(id) || null; }
  async add(record) {
    if (this.records.has(record.id)) throw new Error("A campaign with this id already exists.");
    const bare = stripLog(record);
    this.records.set(record.id, bare);
    if (record.log?.length) this.log.append(record.id, record.log);
    return bare;
  }
  async update(base, change, keys) { return (await this.commit(base, change, keys, [])).record; }
  async commit(base, change, keys, entries) {
    const stored = this.records.get(base.id);
    if (!stored) throw new StaleError(null);
    const next = change ? rebase(stored, base, change, keys) : stored;
    this.records.set(next.id, next);
    return { record: next, rows: this.log.append(base.id, entries) };
  }
  async logPage(campaignId, { names = () => "", ...options } = {}) { return this.log.page(campaignId, options, names); }
  async logAll(campaignId) { return this.log.entries(campaignId); }
  async logCount(campaignId) { return this.log.count(campaignId); }
  async logEntry(campaignId, id) { return this.log.entry(campaignId, id); }
  async history(campaignId) { return this.log.history(campaignId) || emptyHistory(); }
  async remove(id) { this.records.delete(id); this.log.remove(id); }
  async getMeta(key) { return this.meta.get(key); }
  async setMeta(key, value) { this.meta.set(key, value); }
}
