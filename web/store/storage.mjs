// Where campaigns live: IndexedDB through idb, one transaction per action, with a schema version and
// migrations (excalidraw LocalData, STYLE.md Part C). When IndexedDB cannot open (private mode, blocked)
// the same interface keeps campaigns in memory and says so; a full disk (QuotaExceededError) is reported
// and the record stays in memory so nothing typed is lost.
import { openDB } from "../vendor/idb.mjs";
import { StaleError, rebase, summary } from "./records.mjs";

const DB_NAME = "rules-companion";
export const DB_VERSION = 1;

/** Database migrations by version: each creates or reshapes stores; run in order by idb's upgrade. */
const MIGRATIONS = {
  1: (db) => {
    db.createObjectStore("campaigns", { keyPath: "id" });
    db.createObjectStore("meta");
  },
};

export class StorageFullError extends Error {
  constructor() {
    super("The device's storage is full: changes are kept only until this tab closes. Export the campaign to keep it.");
    this.name = "StorageFullError";
  }
}

const isQuota = (error) => error?.name === "QuotaExceededError" || /quota/i.test(error?.message || "");

/** Open IndexedDB; on failure return the in-memory store with ``problem`` set. */
export async function openStorage() {
  try {
    const db = await openDB(DB_NAME, DB_VERSION, {
      upgrade(database, oldVersion, newVersion) {
        for (let version = oldVersion + 1; version <= newVersion; version += 1) MIGRATIONS[version](database);
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

  /** Add a new record (an id already stored is refused). */
  async add(record) {
    return this.write(async (tx) => {
      if (await tx.store.get(record.id)) throw new Error("A campaign with this id already exists.");
      await tx.store.add(record);
      return record;
    }, record);
  }

  /** One action = one transaction: read the stored record, rebase the change on it, write. */
  async update(base, change, keys) {
    if (this.overflow.has(base.id)) {
      const next = rebase(this.overflow.get(base.id), base, change, keys);
      this.overflow.set(base.id, next);
      return next;
    }
    let next;
    return this.write(async (tx) => {
      const stored = await tx.store.get(base.id);
      if (!stored) throw new StaleError(null);
      next = rebase(stored, base, change, keys);
      await tx.store.put(next);
      return next;
    }, () => next);
  }

  async remove(id) {
    this.overflow.delete(id);
    await this.db.delete("campaigns", id);
  }

  async getMeta(key) {
    return this.db.get("meta", key);
  }

  async setMeta(key, value) {
    await this.db.put("meta", value, key);
  }

  async write(work, fallback) {
    const tx = this.db.transaction("campaigns", "readwrite");
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

/** The same interface over a Map: used when IndexedDB is unavailable. */
export class MemoryStorage {
  constructor(problem) {
    this.kind = "memory";
    this.problem = problem;
    this.records = new Map();
    this.meta = new Map();
  }

  async list() { return [...this.records.values()].map(summary); }
  async get(id) { return this.records.get(id) || null; }
  async add(record) {
    if (this.records.has(record.id)) throw new Error("A campaign with this id already exists.");
    this.records.set(record.id, record);
    return record;
  }
  async update(base, change, keys) {
    const stored = this.records.get(base.id);
    if (!stored) throw new StaleError(null);
    const next = rebase(stored, base, change, keys);
    this.records.set(next.id, next);
    return next;
  }
  async remove(id) { this.records.delete(id); }
  async getMeta(key) { return this.meta.get(key); }
  async setMeta(key, value) { this.meta.set(key, value); }
}
