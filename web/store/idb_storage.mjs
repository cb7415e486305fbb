// Campaigns in IndexedDB (storage.mjs opens it): one transaction per action, a change and its log entries together.
// IdbStorage is this module's records (list, get, add, replace, commit, remove, meta) together with the methods of
// each other job, kept in a module of its own: the log (log_store.mjs), logs written ahead of an import (staging.mjs),
// the write of an action and a full disk held in memory (overflow.mjs). A database of a newer version (VersionError)
// is opened as it is, read as usual where the stores exist, and every write refused with ReadOnlyError
// (``readOnly`` is true); nothing is hidden.
import { StaleError, listed, rebase, stripLog } from "./records.mjs";
import { cleanHistory, historyOf } from "./history.mjs";
import { MemoryLog } from "./log_memory.mjs";
import { ALL_STORES, lastSeq, logStore, putLog, seqRange } from "./log_store.mjs";
import { stagedWhole, staging } from "./staging.mjs";
import { overflow } from "./overflow.mjs";
import { ReadOnlyError, WORDS } from "./storage_errors.mjs";

export class IdbStorage {
  constructor(db, { readOnly = false } = {}) {
    this.db = db;
    this.kind = "indexeddb";
    this.readOnly = readOnly;
    this.problem = readOnly ? WORDS.newer : null;
    this.stores = new Set(Array.from(db.objectStoreNames));
    this.overflow = new Map(); // records that did not fit on a full disk
    this.overflowLog = new MemoryLog(); // and their log entries since
    this.lock = Promise.resolve(); // writes one after another, so what is held is written once
    this.importing = new Map(); // id of a log this tab staged → lets go of its import lock (import_lock.mjs)
  }

  /** Is any change only in this tab (a full disk)? */
  get unsaved() {
    return this.overflow.size > 0;
  }

  has(store) {
    return this.stores.has(store);
  }

  refuse() {
    if (this.readOnly) throw new ReadOnlyError();
  }

  exclusive(work) {
    const run = this.lock.then(work);
    this.lock = run.catch(() => {});
    return run;
  }

  async list() {
    const stored = this.has("campaigns") ? await this.db.getAll("campaigns") : [];
    const byId = new Map(stored.map((each, index) => [each?.id ?? `#${index}`, each]));
    for (const [id, record] of this.overflow) byId.set(id, record);
    return [...byId.values()].map(listed);
  }

  async get(id) {
    return this.overflow.get(id) || (this.has("campaigns") && (await this.db.get("campaigns", id))) || null;
  }

  /** Add a new record (an id already stored is refused); its ``log`` goes to the log stores. ``staged``: the log
   * already written by stageLog for this record (its id, this very list of entries): then only the record and its
   * undo stacks are written, unless the staged rows are no longer all there (then the log is written as usual). Log
   * records left under the id without a campaign (an import whose tab closed while it was checked) are cleared first. */
  async add(record, staged = null) {
    this.refuse();
    const bare = stripLog(record);
    const log = record.log || [];
    const mine = (await staged?.ready) === true && staged.id === record.id && staged.entries === log;
    const written = await this.exclusive(() =>
      this.write(
        async (tx) => {
          const campaigns = tx.objectStore("campaigns");
          if (this.overflow.has(record.id) || (await campaigns.get(record.id)))
            throw new Error("A campaign with this id already exists.");
          await campaigns.add(bare);
          if (!mine || !(await stagedWhole(tx, staged))) {
            tx.objectStore("log").delete(seqRange(record.id));
            tx.objectStore("entries").delete(seqRange(record.id));
            if (log.length) putLog(tx, record.id, log, 0);
          }
          if (log.length) tx.objectStore("history").put(historyOf(log), record.id);
          return bare;
        },
        () => {
          if (record.log?.length) this.overflowLog.append(bare.id, record.log, 0); // its undo stacks follow from the entries
          return bare;
        },
      ),
    );
    if (staged?.id === record.id && (await staged.ready) === true) this.finishStaged(staged.id);
    return written;
  }

  /**
   * Put ``record`` (with its ``log``) in place of the stored campaign of the same id, its log and undo stacks
   * included, in ONE transaction (an import that replaces): all of it lands or the old campaign stays whole. Its
   * revision goes past the old one so other tabs take it. A full disk refuses it and changes nothing.
   */
  async replace(record) {
    this.refuse();
    return this.exclusive(async () => {
      this.overflow.delete(record.id);
      this.overflowLog.remove(record.id);
      return this.write(async (tx) => {
        const old = await tx.objectStore("campaigns").get(record.id);
        const bare = { ...stripLog(record), revision: Math.max(record.revision ?? 0, (old?.revision ?? -1) + 1) };
        tx.objectStore("log").delete(seqRange(record.id));
        tx.objectStore("entries").delete(seqRange(record.id));
        tx.objectStore("history").delete(record.id);
        tx.objectStore("campaigns").put(bare);
        if (record.log?.length) {
          putLog(tx, record.id, record.log, 0);
          tx.objectStore("history").put(historyOf(record.log), record.id);
        }
        return bare;
      });
    });
  }

  /** One action = one transaction: read the stored record, rebase the change on it, write. */
  async update(base, change, keys) {
    return (await this.commit(base, change, keys, [])).record;
  }

  /**
   * A change of campaign ``base`` (``change`` a pure record → record function touching ``keys``, or null) and
   * the log ``entries`` it made, in ONE transaction: both land or neither does. Returns {record, rows}. A
   * campaign held in memory (full disk) is written whole with the change; if the disk is still full the
   * change joins it in memory (returned as usual; ``problem`` says so).
   */
  async commit(base, change, keys, entries) {
    this.refuse();
    return this.exclusive(() =>
      this.overflow.has(base.id)
        ? this.commitHeld(base, change, keys, entries)
        : this.commitStored(base, change, keys, entries),
    );
  }

  async commitStored(base, change, keys, entries) {
    let next;
    return this.write(
      async (tx) => {
        const stored = await tx.objectStore("campaigns").get(base.id);
        if (!stored) throw new StaleError(null);
        next = change ? rebase(stored, base, change, keys) : stored;
        if (change) tx.objectStore("campaigns").put(next);
        if (!entries.length) return { record: next, rows: [] };
        const rows = await this.putEntries(
          tx,
          base.id,
          entries,
          await lastSeq(tx, base.id),
          cleanHistory(await tx.objectStore("history").get(base.id)),
        );
        return { record: next, rows };
      },
      async () => next && (await this.commitInMemory(base.id, next, entries)).record,
    );
  }

  async remove(id) {
    this.refuse();
    return this.exclusive(async () => {
      this.overflow.delete(id);
      this.overflowLog.remove(id);
      this.settle();
      const tx = this.db.transaction(ALL_STORES, "readwrite");
      tx.objectStore("campaigns").delete(id);
      tx.objectStore("log").delete(seqRange(id));
      tx.objectStore("entries").delete(seqRange(id));
      tx.objectStore("history").delete(id);
      await tx.done;
    });
  }

  async getMeta(key) {
    return this.has("meta") ? this.db.get("meta", key) : undefined;
  }

  async setMeta(key, value) {
    this.refuse();
    await this.db.put("meta", value, key);
  }
}

Object.assign(IdbStorage.prototype, logStore, staging, overflow);
