// Service worker: precaches every file of the site on the first visit, then serves them cache-first so the
// app boots with no network (PYODIDE.md §3.1). build.py stamps VERSION (a hash of every file's hash),
// ASSETS and OPTIONAL; each version has its own cache. OPTIONAL are files the page boots without (the memory
// snapshot: the engine then boots the normal way): one that cannot be downloaded is left out instead of
// failing the install, so the offline copy holds everything the page uses without it.
//
// One version per page: every client (a tab, or the engine's worker) is served from the cache of the
// version its page was loaded with, even after a newer worker took over. Which version that is gets
// recorded when its navigation (or worker script) is served, one entry per client id in the CLIENTS cache
// (it outlives this worker being stopped, and the next version's worker reads it). A version's cache is
// deleted only once no client of it remains. A new worker takes over only when a tab asks (skip-waiting);
// it then claims every tab, and each tab that had a controller reloads into the new version (sw_client.mjs).
const VERSION = "__VERSION__";
const ASSETS = [
  /*__ASSETS__*/
];
const OPTIONAL = [
  /*__OPTIONAL__*/
];
const PREFIX = "rules-companion-";
const CACHE = PREFIX + VERSION;
const CLIENTS = "rules-companion:clients"; // not PREFIX-: never taken for a version's cache
const FRESH_MS = 60_000; // a record never seen live is kept this long (its page may still be loading)

const known = new Map(); // client id -> version, this worker's copy of the CLIENTS cache
const seen = new Set(); // client ids that made a request (they ran), marked so in their record
const clientKey = (id) => new URL(`__client__/${encodeURIComponent(id)}`, self.registration.scope).href;

/** Record that client ``id`` runs ``version``; ``owner`` is the page that started it (for a worker). Known at
 * once to this worker; the stored record, for a later instance of it, is written in the background. */
async function remember(id, version, owner = "") {
  if (!id) return;
  known.set(id, version);
  const store = await caches.open(CLIENTS);
  await store.put(clientKey(id), new Response(JSON.stringify({ version, owner, at: Date.now(), seen: false })));
}

/** Mark client ``id``'s record as seen running, once: from then on it goes as soon as the client is gone. */
async function markSeen(id) {
  const store = await caches.open(CLIENTS);
  const record = await (await store.match(clientKey(id)))?.json().catch(() => null);
  if (record && !record.seen) await store.put(clientKey(id), new Response(JSON.stringify({ ...record, seen: true })));
}

async function versionOf(id) {
  if (!id) return null;
  if (known.has(id)) return known.get(id);
  const hit = await (await caches.open(CLIENTS)).match(clientKey(id));
  if (!hit) return null;
  const { version } = await hit.json();
  known.set(id, version);
  return version;
}

/**
 * Forget clients that are gone and delete every version's cache that no remaining client was loaded with.
 * A navigation's client is listed by clients.matchAll only once it runs, so its record is dropped only after
 * it was seen running (it made a request, or was listed), or after FRESH_MS. A worker's record is dropped
 * once neither the worker nor the client that started it is listed.
 */
async function tidy() {
  const live = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" })).map((c) => c.id));
  const store = await caches.open(CLIENTS);
  const keep = new Set([CACHE]);
  for (const request of await store.keys()) {
    const id = decodeURIComponent(request.url.split("/__client__/")[1] || "");
    const record = await (await store.match(request))?.json().catch(() => null);
    if (record && (live.has(id) || (record.owner && live.has(record.owner)))) {
      keep.add(PREFIX + record.version);
      if (!record.seen) await store.put(request, new Response(JSON.stringify({ ...record, seen: true })));
    } else if (record && !record.owner && !record.seen && !seen.has(id) && Date.now() - record.at < FRESH_MS) {
      // A navigation not yet listed. A worker's record goes with its owner: a worker cannot outlive it, and
      // a worker started by a worker (the snapshot's) may make no request under its own id to be seen by.
      keep.add(PREFIX + record.version);
    } else {
      known.delete(id);
      await store.delete(request);
    }
  }
  const stale = (await caches.keys()).filter((key) => key.startsWith(PREFIX) && !keep.has(key));
  await Promise.all(stale.map((key) => caches.delete(key)));
  return keep.size > 1; // another version is still in use: tidy again later
}

let tidying = null;
let untidy = true; // until a tidy finds this version alone
function tidySoon() {
  if (!untidy) return Promise.resolve();
  tidying ??= tidy()
    .then(
      (more) => {
        untidy = more;
      },
      () => {},
    )
    .finally(() => {
      tidying = null;
    });
  return tidying;
}

/** Each file is asked "no-cache": revalidated, so the browser answers from its own cache what the first visit has just
 * loaded (304 Not Modified) and downloads only what changed or was never loaded; "reload" downloaded the whole site a
 * second time (tests/web/test_first_visit_download.py). */
const REVALIDATE = { cache: "no-cache" };

/** ``url`` into ``cache`` if it downloads; a missing optional file is said in the console, not an error. */
async function addOptional(cache, url) {
  const request = new Request(url, REVALIDATE);
  const response = await fetch(request).catch((error) => ({ ok: false, status: String(error?.message || error) }));
  if (response.ok) await cache.put(request, response);
  else console.warn(`Offline copy: ${url} left out (${response.status}); the app works without it.`);
}

self.addEventListener("install", (event) => {
  const required = ASSETS.filter((url) => !OPTIONAL.includes(url));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all([
          cache.addAll(required.map((url) => new Request(url, REVALIDATE))),
          ...OPTIONAL.map((url) => addOptional(cache, url)),
        ]),
      ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Pages open before any worker controlled them (the first visit) were loaded from the network, that is
      // with this version's files: they are this version's clients from now on.
      const open = await self.clients.matchAll({ includeUncontrolled: true, type: "all" });
      try {
        for (const client of open) if (!(await versionOf(client.id))) await remember(client.id, VERSION);
        untidy = true;
        await tidySoon();
      } finally {
        await self.clients.claim();
      }
    })(),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data?.type;
  if (type === "skip-waiting") self.skipWaiting();
  else if (type === "version" && event.source) {
    const client = event.source;
    event.waitUntil(
      versionOf(client.id).then((page) =>
        client.postMessage({ type: "version", page: page || VERSION, active: VERSION }),
      ),
    );
  }
});

/** The version whose cache answers ``event``; recording a new client on the way. Storage trouble falls back
 * to this worker's version rather than failing the request. */
async function versionFor(event) {
  const request = event.request;
  // The records are written without holding the response back (a boot waited on two writes, measured).
  if (request.mode === "navigate") {
    event.waitUntil(remember(event.resultingClientId, VERSION).catch(() => {})); // only the active worker serves navigations
    return VERSION;
  }
  const version = (await versionOf(event.clientId)) || VERSION;
  if (request.destination === "worker" || request.destination === "sharedworker") {
    event.waitUntil(remember(event.resultingClientId, version, event.clientId).catch(() => {})); // of its page's version
  }
  return version;
}

async function respond(event) {
  const request = event.request;
  const version = await versionFor(event).catch(() => VERSION);
  // An exact match first: with ignoreSearch the cache reads every entry's key, which queued the engine's
  // four large boot files behind one another (measured). A query (?snapshot=off) is looked up without.
  const options = { cacheName: PREFIX + version, ignoreSearch: new URL(request.url).search !== "" };
  const hit = await caches.match(request, options).catch(() => null);
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(event));
  if (event.clientId && !seen.has(event.clientId)) {
    seen.add(event.clientId);
    event.waitUntil(markSeen(event.clientId).catch(() => {}));
  }
  event.waitUntil(tidySoon());
});
