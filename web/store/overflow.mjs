// A full disk (QuotaExceededError), methods of the storage (idb_storage.mjs; ``this`` is the storage): the change stays
// in memory for its campaign (``unsaved`` is true, the change is thrown as StorageFullError with its ``record`` the
// first time). Every later commit of that campaign first writes what is held (record, log rows, entries, undo stacks)
// and the new change in ONE transaction; ``retryWrites()`` does the same without a change (start.mjs: on a timer and
// when the tab is shown again). Once written, the problem goes.
import { cleanHistory } from "./history.mjs";
import { rebase } from "./records.mjs";
import { ALL_STORES, lastSeq } from "./log_store.mjs";
import { StorageFullError, WORDS, isQuota } from "./storage_errors.mjs";

/** IdbStorage's methods for the write of one action and what a full disk keeps in memory (idb_storage.mjs). */
export const overflow = {
  /** ``work(tx)`` in one readwrite transaction of every store. A full disk: ``fallback()`` keeps the change in
   * memory and its record is thrown with a StorageFullError. */
  async write(work, fallback = null) {
    const tx = this.db.transaction(ALL_STORES, "readwrite");
    tx.done.catch(() => {}); // a refused change aborts it below: its error is the one thrown, not this abort
    try {
      const result = await work(tx);
      await tx.done;
      this.settle();
      return result;
    } catch (error) {
      try {
        tx.abort();
      } catch {
        /* already finished */
      }
      if (!isQuota(error)) throw error;
      const record = fallback ? await fallback() : null;
      if (record) this.overflow.set(record.id, record);
      this.problem = WORDS.full;
      throw Object.assign(new StorageFullError(), { record });
    }
  },

  async commitHeld(base, change, keys, entries) {
    const held = this.overflow.get(base.id);
    const next = change ? rebase(held, base, change, keys) : held;
    try {
      const rows = await this.write((tx) => this.putHeld(tx, base.id, next, entries));
      this.release(base.id);
      return { record: next, rows };
    } catch (error) {
      if (error.name !== "StorageFullError") throw error;
      return this.commitInMemory(base.id, next, entries); // still full
    }
  },

  /** In an open transaction: campaign ``id`` as held in memory (``record``, the log rows, entries and undo
   * stacks kept since the disk was full), then ``entries``; returns the rows of ``entries``. */
  async putHeld(tx, id, record, entries) {
    tx.objectStore("campaigns").put(record);
    const held = this.overflowLog.pending(id);
    let seq = await lastSeq(tx, id);
    if (held) {
      held.rows.forEach((row, index) => {
        tx.objectStore("log").put(row);
        tx.objectStore("entries").put({ campaign: id, seq: row.seq, entry: held.entries[index] });
        seq = Math.max(seq, row.seq);
      });
    }
    const history = held ? held.history : cleanHistory(await tx.objectStore("history").get(id));
    if (!held && !entries.length) return [];
    return this.putEntries(tx, id, entries, seq, history);
  },

  /** The disk is full: ``record`` and its new ``entries`` stay in this tab. */
  async commitInMemory(id, record, entries) {
    this.overflow.set(id, record);
    const targets = new Map();
    for (const entry of entries) {
      const named = entry.args?.entry;
      const row = named && (await this.rowById(null, id, named));
      if (row) targets.set(named, row);
    }
    const rows = this.overflowLog.append(id, entries, await this.storedSeq(id), await this.storedHistory(id), targets);
    return { record, rows };
  },

  /** Campaign ``id`` is on disk again: memory lets go of it. */
  release(id) {
    this.overflow.delete(id);
    this.overflowLog.remove(id);
    this.settle();
  },

  settle() {
    if (!this.readOnly) this.problem = this.overflow.size ? WORDS.full : null;
  },

  /**
   * Write every campaign held in memory (a full disk) to IndexedDB, each in one transaction; a disk still full
   * keeps them held. Returns what was written: [{id, revision}] (other tabs may be told).
   */
  async retryWrites() {
    const written = [];
    if (this.readOnly) return written;
    for (const id of [...this.overflow.keys()]) {
      await this.exclusive(async () => {
        const held = this.overflow.get(id);
        if (!held) return;
        try {
          await this.write((tx) => this.putHeld(tx, id, held, []));
          this.release(id);
          written.push({ id, revision: held.revision });
        } catch (error) {
          if (error.name !== "StorageFullError") console.warn("Could not write a campaign kept in memory:", error);
        }
      });
    }
    return written;
  },
};
