// Where campaigns live: IndexedDB through idb, one transaction per action, with a schema version and
// migrations (excalidraw LocalData, STYLE.md Part C). ``openStorage({onBlocked})`` resolves to one interface
// whatever happens, and ``problem`` says in plain words what the banner should:
// - IndexedDB cannot open (private mode, denied): campaigns are kept in memory (kind "memory").
// - Full disk (QuotaExceededError): the change stays in memory for its campaign (``unsaved`` is true, the
//   change is thrown as StorageFullError with its ``record`` the first time). Every later commit of that
//   campaign first writes what is held (record, log rows, entries, undo stacks) and the new change in ONE
//   transaction; ``retryWrites()`` does the same without a change (start.mjs: on a timer and when the tab is
//   shown again). Once written, the problem goes.
// - A database of a newer version (VersionError): opened as it is, read as usual where the stores exist,
//   every write refused with ReadOnlyError (``readOnly`` is true); nothing is hidden.
// - An upgrade blocked by another tab of an older version: ``onBlocked(words)`` is called and the open
//   goes on by itself once that tab closes. This tab, asked to let a newer version upgrade, closes the database and
//   reloads; ``onBlocking(close)`` says when instead (start.mjs: once nothing typed would be lost).
// - Damaged stored records never break a reader: the undo stacks are read through cleanHistory (damaged =
//   empty, written over with the next change); a log row that is not a row is a placeholder in
//   ``logPage`` ({damaged: true, headline: "A damaged log entry"}), a damaged entry is left out of
//   ``logAll`` and is null from ``logEntry``; a campaign whose summary cannot be made is listed as
//   {id, name, game, characters: 0, updated: "", revision: 0, damaged: true}.
//
// The campaign log (issue 11) lives beside the records, not inside them, so a change never rewrites ten
// thousand entries: store "log" holds a light row per entry (list, filters, search), "entries" the full
// entry (py_rules/log/entry.py) under the same key [campaign, seq], "history" the undo/redo stacks. An entry keeps
// each sheet before it and what changed (issue 19); entries stored before that keep each sheet after it whole, and
// are read as they are (store/changes.mjs entryAfter reads both). A change
// of a campaign and its log entries are written in ONE transaction (TABLE.md, Kept safe).
//
// A whole log written at once (an import, a restore, a copy; issue 19: 10,000 entries) goes to "entries" in blocks:
// one record {campaign, seq, last, entries} holds the entries seq..last (at most ENTRY_BLOCK), so an import puts a
// few dozen records there instead of ten thousand, and an export reads them back as few; each action's entries
// are one record each ({campaign, seq, entry}) as before. Readers take both (storedEntries); where a single record's
// seq lies inside a block, the single record is the one read (it was written later).
import { openDB, unwrap } from "../vendor/idb.mjs";
import { StaleError, rebase, summary } from "./records.mjs";
import { cleanHistory, emptyHistory, historyAfter, historyOf } from "./history.mjs";
import { entryOf, isRow, logRow, rowMatches, rowsOf, storedRow } from "./log_rows.mjs";
import { MemoryLog } from "./log_memory.mjs";
import { compactEntry } from "./changes.mjs";
import { afterImport, canLock, holdImport } from "./import_lock.mjs";

const DB_NAME = "rules-companion";
export const DB_VERSION = 3;
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
  /** A whole log may be kept in blocks of entries (putLog). No store changes shape; the version is raised so that a
   * tab of an older version, which reads one entry per record and would miss the entries of a block (an export from
   * it would leave them out), reloads into this version (its ``blocking``) before this one writes a block. */
  3: () => {},
};

/** The key range of one campaign's log rows with seq in [low, high). */
const seqRange = (campaignId, low = 0, high = Infinity) => IDBKeyRange.bound([campaignId, low], [campaignId, high], false, true);

/** Key prefix in "meta" of the mark of a log staged ahead of its campaign (stageLog), and how long a mark is left
 * where the browser has no Web Locks to tell an abandoned import from one still under way (import_lock.mjs). */
const STAGED = "staged:";
const STAGED_KEPT_MS = 3600_000;

/** Entries per record of "entries" when a whole log is written at once (about 1 MB for a long campaign's). */
export const ENTRY_BLOCK = 250;

/** Put a whole log (oldest first) after ``lastSeq`` in an open transaction: a light row each, the entries in blocks
 * of ENTRY_BLOCK; returns the rows. An entry of an older shape (each sheet whole after it) is stored as what changed
 * (changes.mjs). */
function putLog(tx, campaignId, entries, lastSeq) {
  const log = unwrap(tx.objectStore("log")); // ten thousand puts: no promise each (a failure aborts the transaction)
  const rows = rowsOf(entries).map((row, index) => {
    row.campaign = campaignId;
    row.seq = lastSeq + index + 1;
    log.put(row);
    return row;
  });
  for (let start = 0; start < entries.length; start += ENTRY_BLOCK) {
    const block = entries.slice(start, start + ENTRY_BLOCK).map(compactEntry);
    tx.objectStore("entries").put({ campaign: campaignId, seq: lastSeq + start + 1, last: lastSeq + start + block.length, entries: block });
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
    if (Array.isArray(record?.entries) && Number.isFinite(record.seq)) record.entries.forEach((entry, index) => bySeq.set(record.seq + index, entry));
    else if (record && Number.isFinite(record.seq)) singles.push(record);
  }
  if (!singles.length) return [...bySeq];
  for (const record of singles) bySeq.set(record.seq, record.entry);
  return [...bySeq].sort((a, b) => a[0] - b[0]);
}

/** Are the rows and entry blocks written by stageLog for ``staged`` all still there (nothing else under its id)? */
async function stagedWhole(tx, staged) {
  const count = staged.entries.length;
  const blocks = Math.ceil(count / ENTRY_BLOCK);
  const [rows, records] = await Promise.all([tx.objectStore("log").count(seqRange(staged.id)), tx.objectStore("entries").count(seqRange(staged.id))]);
  return rows === count && records === blocks;
}

async function lastSeq(tx, campaignId) {
  const cursor = await tx.objectStore("log").openCursor(seqRange(campaignId), "prev");
  return cursor ? cursor.value.seq : 0;
}

/** What the banner says, in plain words. */
export const WORDS = {
  full: "The device's storage is full: your latest changes are only in this tab. They are saved by themselves once there is space again; until then keep this tab open, or export the campaign to keep it.",
  newer: "Your campaigns were saved by a newer version of the app: reload to update. Until then they can be read but not changed.",
  blocked: "Another tab of this app is still open with an older version: close it to open your campaigns. If something is being typed there, finish it: that tab then updates by itself.",
};

export class StorageFullError extends Error {
  constructor() {
    super(WORDS.full);
    this.name = "StorageFullError";
  }
}

/** A write to a database of a newer version: refused, nothing changes. */
export class ReadOnlyError extends Error {
  constructor() {
    super(WORDS.newer);
    this.name = "ReadOnlyError";
  }
}

const isQuota = (error) => error?.name === "QuotaExceededError" || /quota/i.test(error?.message || "");
const stripLog = (record) => ({ ...record, log: [] });

/** A campaign's summary for the list; one that cannot be made (a damaged record) is still listed, as damaged. */
function listed(record) {
  try {
    const out = summary(record);
    if (out && typeof out.id === "string" && typeof out.name === "string" && typeof out.updated === "string" && Number.isFinite(out.characters)) return out;
  } catch { /* listed as damaged below */ }
  const id = record?.id;
  return {
    id: id === undefined || id === null ? "" : String(id),
    name: typeof record?.name === "string" && record.name ? record.name : "A damaged campaign",
    game: typeof record?.game === "string" ? record.game : "",
    characters: 0, players: 0, cast: 0, updated: "", revision: 0, damaged: true,
  };
}

/**
 * Open IndexedDB; on failure return the in-memory store with ``problem`` set. ``onBlocked(words)`` hears that
 * the upgrade waits for another tab of an older version to close (the promise resolves once it has).
 */
export async function openStorage({ onBlocked = null, onBlocking = null } = {}) {
  // a newer version of the app opened in another tab: let it upgrade (its open waits until this one closes)
  const letNewerIn = (db) => (onBlocking ? onBlocking(() => db.close()) : (db.close(), location.reload()));
  let failure;
  try {
    const db = await openDB(DB_NAME, DB_VERSION, {
      async upgrade(database, oldVersion, newVersion, transaction) {
        for (let version = oldVersion + 1; version <= newVersion; version += 1) await MIGRATIONS[version](database, transaction);
      },
      blocked() { onBlocked?.(WORDS.blocked); },
      blocking() { letNewerIn(db); },
    });
    navigator.storage?.persist?.().catch(() => {});
    return new IdbStorage(db);
  } catch (error) {
    failure = error;
  }
  if (failure?.name === "VersionError") { // written by a newer version: open it as it is, to read
    try {
      const db = await openDB(DB_NAME, undefined, { blocking() { letNewerIn(db); } });
      return new IdbStorage(db, { readOnly: true });
    } catch (error) {
      failure = error;
    }
  }
  return new MemoryStorage(`Storage is not available in this browser (${failure?.message || failure}). Campaigns are kept only while this tab is open: export them to keep them.`);
}

class IdbStorage {
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
  get unsaved() { return this.overflow.size > 0; }

  has(store) { return this.stores.has(store); }

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
    const written = await this.exclusive(() => this.write(async (tx) => {
      const campaigns = tx.objectStore("campaigns");
      if (this.overflow.has(record.id) || (await campaigns.get(record.id))) throw new Error("A campaign with this id already exists.");
      await campaigns.add(bare);
      if (!mine || !(await stagedWhole(tx, staged))) {
        tx.objectStore("log").delete(seqRange(record.id));
        tx.objectStore("entries").delete(seqRange(record.id));
        if (log.length) putLog(tx, record.id, log, 0);
      }
      if (log.length) tx.objectStore("history").put(historyOf(log), record.id);
      return bare;
    }, () => {
      if (record.log?.length) this.overflowLog.append(bare.id, record.log, 0); // its undo stacks follow from the entries
      return bare;
    }));
    if (staged?.id === record.id && (await staged.ready) === true) { // its mark goes, then its import lock
      this.db.delete("meta", STAGED + staged.id).catch(() => {}).then(() => this.letGoImport(staged.id));
    }
    return written;
  }

  /**
   * Write a whole log (``entries``, oldest first, in the current shape) ahead of its campaign, while the file it
   * came from is still being checked (issue 19: an import of 10,000 entries writes them while the engine reads the
   * file): under campaign id ``id``, in one transaction, only if no campaign has that id and nothing is kept under
   * it yet. Nothing lists or reads a log without its campaign: it shows only once ``add(record, staged)`` writes
   * the campaign (after the check), and ``dropStaged`` takes it back if the file is refused or set aside. Until then
   * this tab holds the import's lock (import_lock.mjs), taken before the log is written, so that a start in another
   * tab never sweeps it (sweepStaged). Returns ``{id, entries, ready}``: ``ready`` resolves to whether the log was
   * written (never rejects).
   */
  stageLog(id, entries) {
    if (this.readOnly || this.overflow.has(id) || !this.has("meta")) return { id, entries, ready: Promise.resolve(false) };
    const ready = holdImport(id).then(async (letGo) => {
      if (!letGo) return false; // another tab imports into this id
      const written = await this.stageNow(id, entries);
      if (written) this.importing.set(id, letGo);
      else letGo();
      return written;
    });
    return { id, entries, ready };
  }

  /** stageLog's writing, in one transaction: true once written, false when the id is taken or the write failed. */
  stageNow(id, entries) {
    return this.exclusive(async () => {
      const tx = this.db.transaction([...ALL_STORES, "meta"], "readwrite");
      tx.done.catch(() => {}); // an abort below is an answer, not an error
      try {
        const taken = (await tx.objectStore("campaigns").getKey(id)) !== undefined
          || (await tx.objectStore("log").getKey(seqRange(id))) !== undefined
          || (await tx.objectStore("entries").getKey(seqRange(id))) !== undefined;
        if (taken) { tx.abort(); return false; }
        putLog(tx, id, entries, 0);
        tx.objectStore("meta").put({ id, at: Date.now() }, STAGED + id); // found by sweepStaged if the tab closes first
        await tx.done;
        return true;
      } catch {
        try { tx.abort(); } catch { /* already finished */ }
        return false; // a full disk, a closed database: the log is written with its campaign instead
      }
    });
  }

  /** This tab no longer imports into ``id``: its import lock goes. */
  letGoImport(id) {
    this.importing.get(id)?.();
    this.importing.delete(id);
  }

  /** Take back a log staged by stageLog whose campaign was not written (the file was refused, or set aside). A
   * campaign of that id written meanwhile (by another tab) keeps its log. */
  async dropStaged(staged) {
    if (!staged || (await staged.ready) !== true) return;
    await this.exclusive(() => this.unstage(staged.id)).catch(() => {});
    this.letGoImport(staged.id);
  }

  /** In one transaction: the log staged under ``id`` goes unless a campaign has that id; its mark goes either way. */
  async unstage(id) {
    const tx = this.db.transaction([...ALL_STORES, "meta"], "readwrite");
    if ((await tx.objectStore("campaigns").getKey(id)) === undefined) {
      tx.objectStore("log").delete(seqRange(id));
      tx.objectStore("entries").delete(seqRange(id));
    }
    tx.objectStore("meta").delete(STAGED + id);
    await tx.done;
  }

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
    const marks = (await this.db.getAll("meta", IDBKeyRange.bound(STAGED, `${STAGED}\uffff`))).filter((mark) => typeof mark?.id === "string");
    const unstage = (id) => () => this.exclusive(() => this.unstage(id)).catch(() => {});
    if (canLock()) return (await Promise.all(marks.map((mark) => afterImport(mark.id, unstage(mark.id))))).filter(Boolean).length;
    const stale = marks.filter((mark) => !(Date.now() - mark.at < olderThan));
    for (const mark of stale) await unstage(mark.id)();
    return stale.length;
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
    return this.exclusive(() => (this.overflow.has(base.id) ? this.commitHeld(base, change, keys, entries) : this.commitStored(base, change, keys, entries)));
  }

  async commitStored(base, change, keys, entries) {
    let next;
    return this.write(async (tx) => {
      const stored = await tx.objectStore("campaigns").get(base.id);
      if (!stored) throw new StaleError(null);
      next = change ? rebase(stored, base, change, keys) : stored;
      if (change) tx.objectStore("campaigns").put(next);
      if (!entries.length) return { record: next, rows: [] };
      const rows = await this.putEntries(tx, base.id, entries, await lastSeq(tx, base.id), cleanHistory(await tx.objectStore("history").get(base.id)));
      return { record: next, rows };
    }, async () => next && (await this.commitInMemory(base.id, next, entries)).record);
  }

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
  }

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
  }

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
  }

  /** Campaign ``id`` is on disk again: memory lets go of it. */
  release(id) {
    this.overflow.delete(id);
    this.overflowLog.remove(id);
    this.settle();
  }

  settle() {
    if (!this.readOnly) this.problem = this.overflow.size ? WORDS.full : null;
  }

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
  }

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
  }

  async storedSeq(campaignId) {
    if (!this.has("log")) return 0;
    return lastSeq(this.db.transaction("log"), campaignId);
  }

  async storedHistory(campaignId) {
    return this.has("history") ? cleanHistory(await this.db.get("history", campaignId)) : emptyHistory();
  }

  /** The row of entry ``id`` in a campaign (memory first), or null (none, or a damaged one). */
  async rowById(tx, campaignId, id) {
    const local = this.overflowLog.page(campaignId, { limit: Infinity }).find((row) => row.id === id);
    if (local) return local;
    if (!tx && !this.has("log")) return null;
    try {
      const store = (tx || this.db.transaction("log")).objectStore("log");
      const rows = store.indexNames.contains("id") ? await store.index("id").getAll(id) : await store.getAll(seqRange(campaignId));
      return rows.find((row) => row?.campaign === campaignId && row.id === id && isRow(row)) || null;
    } catch (error) {
      if (tx) throw error; // not a readable key: the transaction is spoiled, say so
      return null;
    }
  }

  /** Rows newest first: seq below ``beforeSeq``, passing the filters, at most ``limit``; a damaged row is a
   * placeholder ({damaged: true, headline: "A damaged log entry"}, log_rows.storedRow). */
  async logPage(campaignId, { beforeSeq = null, limit = 50, who = null, encounter = null, search = "", names = () => "", titles = () => "" } = {}) {
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
      if (rows.length < wanted && low > 0) { // gaps in seq: walk down for the rest
        for (let cursor = await store.openCursor(seqRange(campaignId, 0, low), "prev"); cursor && rows.length < wanted; cursor = await cursor.continue()) rows.push(cursor.value);
      }
      return [...out, ...rows.map(shown)];
    }
    const indexed = (name) => store.indexNames.contains(name);
    const source = who && indexed("who") ? store.index("who") : encounter && !who && indexed("encounter") ? store.index("encounter") : store;
    const range = source === store ? seqRange(campaignId, 0, high) : IDBKeyRange.only(who || encounter);
    let cursor;
    try {
      cursor = await source.openCursor(range, "prev");
    } catch {
      return out; // a filter that is not a key (a damaged id) finds nothing
    }
    const from = [campaignId, high];
    if (cursor && source !== store && indexedDB.cmp(cursor.primaryKey, from) >= 0) { // an index: jump to this page's start
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
  }

  /** The whole log, oldest first (export, Markdown), each entry in the current shape (one stored before issue 19
   * keeps its sheets after it whole: given as what changed); a damaged entry is left out. */
  async logAll(campaignId) {
    const stored = this.has("entries") ? await this.db.getAll("entries", seqRange(campaignId)) : [];
    const entries = storedEntries(stored).map(([, entry]) => entryOf(entry)).filter(Boolean).map(compactEntry);
    return [...entries, ...this.overflowLog.entries(campaignId)];
  }

  async logCount(campaignId) {
    return (this.has("log") ? await this.db.count("log", seqRange(campaignId)) : 0) + this.overflowLog.count(campaignId);
  }

  /** One full entry by its id (the trace, one tap away), or null (none, or damaged). */
  async logEntry(campaignId, id) {
    const local = this.overflowLog.entry(campaignId, id);
    if (local) return local;
    const row = await this.rowById(null, campaignId, id);
    if (!row || !this.has("entries")) return null;
    const entry = entryOf(await this.storedEntry(campaignId, row.seq));
    return entry && entry.id === id ? entry : null;
  }

  /** The stored entry at ``seq``: its own record's, else the one in the block that holds it (storedEntries). */
  async storedEntry(campaignId, seq) {
    if (!Number.isFinite(seq)) return undefined;
    const own = await this.db.get("entries", [campaignId, seq]);
    if (own && !Array.isArray(own.entries)) return own.entry;
    const cursor = await this.db.transaction("entries").store.openCursor(IDBKeyRange.bound([campaignId, 0], [campaignId, seq]), "prev");
    let record = cursor?.value;
    for (let found = cursor, steps = 0; record && !Array.isArray(record.entries) && steps < ENTRY_BLOCK; steps += 1) {
      found = await found.continue(); // past single records above the block (a block is at most ENTRY_BLOCK long)
      record = found?.value;
    }
    if (!Array.isArray(record?.entries)) return undefined;
    return record && record.seq <= seq && seq < record.seq + record.entries.length ? record.entries[seq - record.seq] : undefined;
  }

  /** The undo / redo stacks: always a clean {done: [ids], undone: [ids]}. */
  async history(campaignId) {
    return this.overflowLog.history(campaignId) || (await this.storedHistory(campaignId));
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
      try { tx.abort(); } catch { /* already finished */ }
      if (!isQuota(error)) throw error;
      const record = fallback ? await fallback() : null;
      if (record) this.overflow.set(record.id, record);
      this.problem = WORDS.full;
      throw Object.assign(new StorageFullError(), { record });
    }
  }
}

/** The same interface over Maps: used when IndexedDB is unavailable. */
export class MemoryStorage {
  constructor(problem) {
    this.kind = "memory";
    this.readOnly = false;
    this.problem = problem;
    this.records = new Map();
    this.meta = new Map();
    this.log = new MemoryLog();
  }

  /** Every campaign here is only in this tab. */
  get unsaved() { return this.records.size > 0; }
  async retryWrites() { return []; }

  async list() { return [...this.records.values()].map(listed); }
  async get(id) { return this.records.get(id) || null; }
  async add(record) {
    if (this.records.has(record.id)) throw new Error("A campaign with this id already exists.");
    const bare = stripLog(record);
    this.records.set(record.id, bare);
    if (record.log?.length) this.log.append(record.id, record.log);
    return bare;
  }
  async replace(record) {
    const old = this.records.get(record.id);
    const bare = { ...stripLog(record), revision: Math.max(record.revision ?? 0, (old?.revision ?? -1) + 1) };
    this.log.remove(record.id);
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
