// Service worker registration and the "new version available, reload" prompt (PYODIDE.md §3.1).
// One version per page (sw.js): a waiting worker takes over only when the user asks in some tab; then every
// tab that was already controlled reloads into the new version, and Reload in any tab always works.

const sw = typeof navigator !== "undefined" && "serviceWorker" in navigator ? navigator.serviceWorker : null;
let reloading = false;
const reload = () => {
  if (reloading) return;
  reloading = true;
  location.reload();
};

/**
 * Start following the worker that controls this page; call it first thing, before the page may wait on
 * anything, so no takeover is missed. A page that had a controller reloads when another worker takes over
 * (a tab asked for the new version); the first visit's clients.claim() gives a controller to a page that
 * had none, which is already of that version: it does not reload.
 */
export function followServiceWorker() {
  if (!sw) return;
  let hadController = Boolean(sw.controller);
  sw.addEventListener("controllerchange", () => {
    if (hadController) reload();
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
  const watchInstall = (registration, worker) => worker?.addEventListener("statechange", () => {
    if (worker.state === "redundant" && !registration.active) onOfflineMissing?.("saving the offline copy failed");
  });
  const offer = (registration) => {
    if (!sw.controller) return; // the first install: there is nothing older to leave
    onUpdate(() => {
      const waiting = registration.waiting;
      if (!waiting) return reload(); // the new worker is already active (another tab asked): reloading loads it
      waiting.addEventListener("statechange", () => { if (waiting.state === "activated") reload(); });
      waiting.postMessage({ type: "skip-waiting" }); // then controllerchange reloads this tab and every other
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
