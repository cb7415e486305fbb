// Service worker registration and the "new version available, reload" prompt (PYODIDE.md §3.1).
// One version per page (sw.js): a waiting worker takes over only when the user asks in some tab; then every
// tab that was already controlled reloads into the new version, and Reload in any tab always works.
//
// An update never loses typing: a tab holding unsaved input (unsaved.mjs: typed text, an open form or question)
// is not reloaded under the user. It says "A new version is ready — reload when you are done" and reloads once
// that input is saved or closed, or when the user presses Reload. Meanwhile it runs on as the version it was
// loaded with (sw.js serves every page from its own version's cache), and a newer version that cannot share the
// database with it waits for it (store/storage.mjs: its upgrade is blocked until this tab closes the database).
import { hasUnsavedInput, watchInput, whenClear } from "./unsaved.mjs";

const sw = typeof navigator !== "undefined" && "serviceWorker" in navigator ? navigator.serviceWorker : null;

/** The notice shown while a new version waits for this tab's input. */
export const READY_WORDS = "A new version is ready — reload when you are done.";

let reloading = false;
let agreed = false; // the user pressed Reload in this tab: nothing waits any more
let waiting = null; // {poke, stop} while a reload waits for unsaved input
const closers = []; // run just before the reload (the database lets a newer version in)

function reloadNow() {
  if (reloading) return;
  reloading = true;
  waiting?.stop();
  for (const close of closers) {
    try {
      close();
    } catch {
      /* closing is a courtesy to the next version: the reload closes it anyway */
    }
  }
  location.reload();
}

/** The user asked for the new version (Reload pressed in this tab). */
function agree() {
  agreed = true;
  reloadNow();
}

function showReady() {
  const box = typeof document !== "undefined" && document.getElementById("update");
  if (!box) return;
  const words = box.querySelector("span");
  if (words) words.textContent = READY_WORDS;
  box.hidden = false;
  box.dataset.waiting = "input";
  const button = document.getElementById("update-reload");
  if (button) button.onclick = agree;
}

/**
 * Reload into the new version now, or, while this tab holds unsaved input, once it is saved or closed (or the
 * user presses Reload). ``close`` runs just before the reload (the old database connection, say).
 */
export function reloadWhenDone(close = null) {
  if (close) closers.push(close);
  if (reloading) return;
  if (agreed || !hasUnsavedInput()) return reloadNow();
  showReady();
  waiting ??= whenClear(() => !hasUnsavedInput(), reloadNow);
}

/**
 * Start following the worker that controls this page; call it first thing, before the page may wait on
 * anything, so no takeover is missed. A page that had a controller reloads when another worker takes over
 * (a tab asked for the new version); the first visit's clients.claim() gives a controller to a page that
 * had none, which is already of that version: it does not reload.
 */
export function followServiceWorker() {
  if (typeof document !== "undefined") watchInput(document); // before any field is shown
  if (!sw) return;
  let hadController = Boolean(sw.controller);
  sw.addEventListener("controllerchange", () => {
    if (hadController) reloadWhenDone();
    hadController = true;
    sw.controller?.postMessage({ type: "version" });
  });
}

let registered = false;

/**
 * ``onOfflineMissing(reason)``: this device has no whole offline copy of the app (yet): no service worker
 * here, its first install still running or failed, or its registration refused; ``onOffline`` follows once
 * one is active (an active worker's install cached every file the page needs: sw.js).
 */
export function registerServiceWorker({ onUpdate, onOffline, onVersion, onOfflineMissing }) {
  if (!sw) onOfflineMissing?.("this browser keeps no offline copy (no service worker)");
  if (!sw || registered) return; // once per page, even if the engine is restarted
  registered = true;
  /** A first install that fails leaves no offline copy; a failed update leaves the older one, still whole. */
  const watchInstall = (registration, worker) =>
    worker?.addEventListener("statechange", () => {
      if (worker.state === "redundant" && !registration.active) onOfflineMissing?.("saving the offline copy failed");
    });
  const offer = (registration) => {
    if (!sw.controller) return; // the first install: there is nothing older to leave
    onUpdate(() => {
      agreed = true; // pressed in this tab: it reloads whatever it holds
      const next = registration.waiting;
      if (!next) return reloadNow(); // the new worker is already active (another tab asked): reloading loads it
      next.addEventListener("statechange", () => {
        if (next.state === "activated") reloadNow();
      });
      next.postMessage({ type: "skip-waiting" }); // then controllerchange reloads this tab and every other that holds no input
    });
  };
  // The worker says which version this page was served from and which one it serves now; a page left on an
  // older version (it missed the takeover, say while frozen in the background) is offered the reload.
  sw.addEventListener("message", (event) => {
    if (event.data?.type !== "version") return;
    onVersion?.(event.data.page);
    if (event.data.page !== event.data.active) navigator.serviceWorker.getRegistration().then((r) => r && offer(r));
  });
  sw.startMessages();
  sw.register("./sw.js", { scope: "./" })
    .then((registration) => {
      if (registration.waiting) offer(registration);
      if (!registration.active) {
        onOfflineMissing?.("the offline copy is still being saved");
        watchInstall(registration, registration.installing || registration.waiting);
      }
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        watchInstall(registration, installing);
        installing?.addEventListener("statechange", () => {
          if (installing.state === "installed") offer(registration);
        });
      });
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
      });
      return sw.ready;
    })
    .then(() => {
      onOffline?.();
      sw.controller?.postMessage({ type: "version" });
    })
    .catch((error) => {
      console.warn("Offline support unavailable:", error);
      onOfflineMissing?.("the offline copy could not be set up");
    });
  navigator.storage?.persist?.().catch(() => {});
}
