// Where campaigns live: IndexedDB through idb, with a schema version and migrations (excalidraw LocalData, STYLE.md
// Part C). ``openStorage({onBlocked})`` resolves to one interface whatever happens, and ``problem`` says in plain
// words what the banner should (storage_errors.mjs):
// - IndexedDB cannot open (private mode, denied): campaigns are kept in memory (kind "memory", memory_storage.mjs).
// - A database of a newer version (VersionError): opened as it is, read only (idb_storage.mjs ``readOnly``).
// - An upgrade blocked by another tab of an older version: ``onBlocked(words)`` is called and the open
//   goes on by itself once that tab closes. This tab, asked to let a newer version upgrade, closes the database and
//   reloads; ``onBlocking(close)`` says when instead (start.mjs: once nothing typed would be lost).
// What the opened storage does is one module per job: records (idb_storage.mjs), the log (log_store.mjs), logs
// written ahead of an import (staging.mjs, import_lock.mjs), a full disk held in memory (overflow.mjs).
import { openDB } from "../vendor/idb.mjs";
import { historyOf } from "./history.mjs";
import { putLog } from "./log_store.mjs";
import { IdbStorage } from "./idb_storage.mjs";
import { MemoryStorage } from "./memory_storage.mjs";
import { WORDS } from "./storage_errors.mjs";

const DB_NAME = "rules-companion";
export const DB_VERSION = 3;

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

/**
 * Open IndexedDB; on failure return the in-memory store with ``problem`` set. ``onBlocked(words)`` hears that
 * the upgrade waits for another tab of an older version to close (the promise resolves once it has).
 */
export async function openStorage({ onBlocked = null, onBlocking = null } = {}) {
  // a newer version of the app opened in another tab: let it upgrade (its open waits until this one closes)
  const letNewerIn = (db) => {
    if (onBlocking) return onBlocking(() => db.close());
    db.close();
    location.reload();
  };
  let failure;
  try {
    const db = await openDB(DB_NAME, DB_VERSION, {
      async upgrade(database, oldVersion, newVersion, transaction) {
        for (let version = oldVersion + 1; version <= newVersion; version += 1)
          await MIGRATIONS[version](database, transaction);
      },
      blocked() {
        onBlocked?.(WORDS.blocked);
      },
      blocking() {
        letNewerIn(db);
      },
    });
    navigator.storage?.persist?.().catch(() => {});
    return new IdbStorage(db);
  } catch (error) {
    failure = error;
  }
  if (failure?.name === "VersionError") {
    // written by a newer version: open it as it is, to read
    try {
      const db = await openDB(DB_NAME, undefined, {
        blocking() {
          letNewerIn(db);
        },
      });
      return new IdbStorage(db, { readOnly: true });
    } catch (error) {
      failure = error;
    }
  }
  return new MemoryStorage(
    `Storage is not available in this browser (${failure?.message || failure}). Campaigns are kept only while this tab is open: export them to keep them.`,
  );
}
