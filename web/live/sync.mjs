// The sync engine, automerge-repo, started only when a table is opened (its wasm is ~3.6 MB: never at boot). Its
// documents are kept in IndexedDB, so a phone that slept or a tablet that reloaded finds them again; which document
// is whose is kept in localStorage by campaign (the tablet's table document) or player record (the phone's proposals
// document). Documents are single-writer: only the tablet writes its table document, only a phone its proposals.
import { initializeWasm, isValidAutomergeUrl, Repo } from "@automerge/automerge-repo/slim";
import { IndexedDBStorageAdapter } from "@automerge/automerge-repo-storage-indexeddb";

let started = null;
/** How long the engine took to start, in ms (null before it did), for the screen and the tests. */
export const measured = { loadMs: null };

/** The one repo of this tab (documents shared with every peer that asks for their address). */
export function startRepo() {
  started ??= (async () => {
    const start = performance.now();
    await initializeWasm(fetch(new URL("vendor/automerge.wasm", document.baseURI)));
    const repo = new Repo({ storage: new IndexedDBStorageAdapter("rules-companion-live"), network: [] });
    measured.loadMs = Math.round(performance.now() - start);
    return repo;
  })();
  started.catch(() => {
    started = null;
  });
  return started;
}

/** This device's document named ``key`` (made with ``initial`` the first time), as a repo handle. */
export async function ownDocument(repo, key, initial) {
  const name = `rules-companion-live:${key}`;
  const url = localStorage.getItem(name);
  if (url && isValidAutomergeUrl(url)) {
    try {
      return await repo.find(url);
    } catch {
      // lost with the site's storage: a new one below
    }
  }
  const handle = repo.create(initial);
  localStorage.setItem(name, handle.url);
  return handle;
}

/** The other device's document at ``url``, asked of the peers until it comes (null when the address is not one). */
export async function theirDocument(repo, url, { tries = 20 } = {}) {
  if (typeof url !== "string" || !isValidAutomergeUrl(url)) return null;
  for (let attempt = 0; attempt < tries; attempt++) {
    try {
      return await repo.find(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return null;
}
