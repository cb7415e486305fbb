// Will the browser keep this device's campaigns? (PYODIDE.md §3.3). Safari deletes a site's
// script-written storage, IndexedDB included, after seven days of use without a visit, unless the web app was
// added to the Home Screen; any browser may clear storage under pressure unless persistence was granted.
// The app asks for persistent storage once per page and says what it got.

const NOTE_SEEN_KEY = "rules-companion:eviction-note-seen";

/** Opened from the Home Screen (or installed): its storage is not the browser tab's. */
export function installed() {
  const mode = (query) => typeof matchMedia === "function" && matchMedia(query).matches;
  return navigator.standalone === true || mode("(display-mode: standalone)") || mode("(display-mode: fullscreen)");
}

let asked = null;

/** {persisted: true | false | null (the browser cannot say), installed}; asks for persistence the first time. */
export function storageKeeping() {
  asked ??= (async () => {
    const storage = navigator.storage;
    if (!storage?.persisted) return { persisted: null, installed: installed() };
    let persisted = await storage.persisted().catch(() => false);
    if (!persisted && storage.persist) persisted = await storage.persist().catch(() => false);
    return { persisted: Boolean(persisted), installed: installed() };
  })();
  return asked;
}

/** The campaigns may be deleted by the browser: a tab (not the Home Screen app) without granted persistence. */
export function mayBeDeleted(keeping) {
  return Boolean(keeping) && keeping.persisted !== true && !keeping.installed;
}

/** What the About screen says of it, in words. */
export function keepingWords(keeping) {
  if (!keeping) return "Checking whether this browser keeps your campaigns…";
  if (keeping.persisted) return "This browser has agreed to keep your campaigns: it will not clear them to free space.";
  if (keeping.installed) return "Opened from the Home Screen: your campaigns are kept with the app.";
  return "This browser may clear your campaigns if the app is not used for a while (Safari after seven days). Add it to the Home Screen, and back up everything now and then.";
}

export function noteSeen() {
  try {
    return localStorage.getItem(NOTE_SEEN_KEY) === "yes";
  } catch {
    return false;
  }
}

export function markNoteSeen() {
  try {
    localStorage.setItem(NOTE_SEEN_KEY, "yes");
  } catch {
    /* private mode: the note may show again */
  }
}
