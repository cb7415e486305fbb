// Service worker registration and the "new version available, reload" prompt (PYODIDE.md §3.1).
// A waiting worker only takes over when the user asks, so old and new files never mix.

export function registerServiceWorker({ onUpdate, onOffline }) {
  if (!("serviceWorker" in navigator)) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  const offer = (waiting) => {
    if (!navigator.serviceWorker.controller) return;
    onUpdate(() => {
      reloading = true;
      waiting.postMessage({ type: "skip-waiting" });
    });
  };
  navigator.serviceWorker
    .register("./sw.js", { scope: "./" })
    .then((registration) => {
      if (registration.waiting) offer(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => {
          if (installing.state === "installed") offer(installing);
        });
      });
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
      });
      return navigator.serviceWorker.ready;
    })
    .then(() => onOffline?.())
    .catch((error) => console.warn("Offline support unavailable:", error));
  navigator.storage?.persist?.().catch(() => {});
}
