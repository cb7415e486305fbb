// A long import's log written while the engine checks the file (the check and the writing of 10,000 entries take
// seconds each, and run side by side), methods of the storage (idb_storage.mjs; ``this`` is the storage): ``stageLog``
// writes it under its campaign's id, marked in "meta"; nothing lists or reads it until ``add(record, staged)`` writes
// its campaign after the check; ``dropStaged`` takes it back if the file is refused or set aside. The importing tab
// holds a Web Lock meanwhile (import_lock.mjs), so a start takes back an abandoned one at once (``sweepStaged``) and
// another tab's only once that tab lets go.
import { ALL_STORES, ENTRY_BLOCK, putLog, seqRange } from "./log_store.mjs";
import { afterImport, canLock, holdImport } from "./import_lock.mjs";

/** Key prefix in "meta" of the mark of a log staged ahead of its campaign (stageLog), and how long a mark is left
 * where the browser has no Web Locks to tell an abandoned import from one still under way (import_lock.mjs). */
const STAGED = "staged:";
const STAGED_KEPT_MS = 3600_000;

/** Are the rows and entry blocks written by stageLog for ``staged`` all still there (nothing else under its id)? */
export async function stagedWhole(tx, staged) {
  const count = staged.entries.length;
  const blocks = Math.ceil(count / ENTRY_BLOCK);
  const [rows, records] = await Promise.all([
    tx.objectStore("log").count(seqRange(staged.id)),
    tx.objectStore("entries").count(seqRange(staged.id)),
  ]);
  return rows === count && records === blocks;
}

/** IdbStorage's methods for logs written ahead of their campaign (idb_storage.mjs). */
export const staging = {
  /**
   * Write a whole log (``entries``, oldest first, in the current shape) ahead of its campaign, while the file it
   * came from is still being checked (an import of 10,000 entries writes them while the engine reads the
   * file): under campaign id ``id``, in one transaction, only if no campaign has that id and nothing is kept under
   * it yet. Nothing lists or reads a log without its campaign: it shows only once ``add(record, staged)`` writes
   * the campaign (after the check), and ``dropStaged`` takes it back if the file is refused or set aside. Until then
   * this tab holds the import's lock (import_lock.mjs), taken before the log is written, so that a start in another
   * tab never sweeps it (sweepStaged). Returns ``{id, entries, ready}``: ``ready`` resolves to whether the log was
   * written (never rejects).
   */
  stageLog(id, entries) {
    if (this.readOnly || this.overflow.has(id) || !this.has("meta"))
      return { id, entries, ready: Promise.resolve(false) };
    const ready = holdImport(id).then(async (letGo) => {
      if (!letGo) return false; // another tab imports into this id
      const written = await this.stageNow(id, entries);
      if (written) this.importing.set(id, letGo);
      else letGo();
      return written;
    });
    return { id, entries, ready };
  },

  /** stageLog's writing, in one transaction: true once written, false when the id is taken or the write failed. */
  stageNow(id, entries) {
    return this.exclusive(async () => {
      const tx = this.db.transaction([...ALL_STORES, "meta"], "readwrite");
      tx.done.catch(() => {}); // an abort below is an answer, not an error
      try {
        const taken =
          (await tx.objectStore("campaigns").getKey(id)) !== undefined ||
          (await tx.objectStore("log").getKey(seqRange(id))) !== undefined ||
          (await tx.objectStore("entries").getKey(seqRange(id))) !== undefined;
        if (taken) {
          tx.abort();
          return false;
        }
        putLog(tx, id, entries, 0);
        tx.objectStore("meta").put({ id, at: Date.now() }, STAGED + id); // found by sweepStaged if the tab closes first
        await tx.done;
        return true;
      } catch {
        try {
          tx.abort();
        } catch {
          /* already finished */
        }
        return false; // a full disk, a closed database: the log is written with its campaign instead
      }
    });
  },

  /** This tab no longer imports into ``id``: its import lock goes. */
  letGoImport(id) {
    this.importing.get(id)?.();
    this.importing.delete(id);
  },

  /** Take back a log staged by stageLog whose campaign was not written (the file was refused, or set aside). A
   * campaign of that id written meanwhile (by another tab) keeps its log. */
  async dropStaged(staged) {
    if (!staged || (await staged.ready) !== true) return;
    await this.exclusive(() => this.unstage(staged.id)).catch(() => {});
    this.letGoImport(staged.id);
  },

  /** In one transaction: the log staged under ``id`` goes unless a campaign has that id; its mark goes either way. */
  async unstage(id) {
    const tx = this.db.transaction([...ALL_STORES, "meta"], "readwrite");
    if ((await tx.objectStore("campaigns").getKey(id)) === undefined) {
      tx.objectStore("log").delete(seqRange(id));
      tx.objectStore("entries").delete(seqRange(id));
    }
    tx.objectStore("meta").delete(STAGED + id);
    await tx.done;
  },

  /**
   * Logs staged by a tab that closed before their campaign was written (stageLog) are taken back (start.mjs, at each
   * start), whatever their age: each one at once when no tab holds its import lock, else once the tab that holds it
   * lets go (its question answered: then there is nothing left to take back, or the tab closed unanswered). Where the
   * browser has no Web Locks, each one ``olderThan`` ms old. Safe even for a question still open somewhere: a
   * campaign written after its staged log went writes the log itself (add checks that the staged log is whole).
   * Resolves to how many were looked at once all are done.
   */
  async sweepStaged(olderThan = STAGED_KEPT_MS) {
    if (this.readOnly || !this.has("meta")) return 0;
    const marks = (await this.db.getAll("meta", IDBKeyRange.bound(STAGED, `${STAGED}\uffff`))).filter(
      (mark) => typeof mark?.id === "string",
    );
    const unstage = (id) => () => this.exclusive(() => this.unstage(id)).catch(() => {});
    if (canLock())
      return (await Promise.all(marks.map((mark) => afterImport(mark.id, unstage(mark.id))))).filter(Boolean).length;
    const stale = marks.filter((mark) => !(Date.now() - mark.at < olderThan));
    for (const mark of stale) await unstage(mark.id)();
    return stale.length;
  },

  /** The campaign of log ``id`` staged by this tab is written (add): its mark goes, then its import lock. */
  finishStaged(id) {
    this.db
      .delete("meta", STAGED + id)
      .catch(() => {})
      .then(() => this.letGoImport(id));
  },
};
