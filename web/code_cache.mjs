// The engine's scripts compiled once more on the first visit, from the offline copy (for the second visit's boot).
//
// Chromium keeps compiled code for a script the service worker serves from its cache, but makes it only the first
// time the script runs from there; the first visit ran them from the network. So the second visit's engine worker
// compiled pyodide.asm.mjs (1.2 MB) from its source and then wrote that code, and only the third read it (measured
// in traces of a second visit: 49 ms compiling and 27 ms writing on the engine's thread; 11 ms reading the code made
// here). Once the offline copy is saved and serves this page, a worker of its own (code_cache_worker.mjs) imports
// the engine worker's Pyodide scripts, so the second visit reads their code as later visits do. Nothing else is done
// there, and it runs after the engine is ready, when the page has nothing else to do.

const controller = () => globalThis.navigator?.serviceWorker?.controller ?? null;

/** The page is served by the service worker: at once, or once it claims the page (the first visit's install). */
function whenControlled() {
  if (controller()) return Promise.resolve();
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
  });
}

/**
 * Once the offline copy serves this page, import the engine worker's scripts in a worker of their own, then stop it.
 * Resolves with true once they were imported, false if they could not be (the next visit then makes the code
 * itself, as before). ``workerURL``: the worker that imports them.
 */
export async function compileForNextVisit(workerURL = new URL("./code_cache_worker.mjs", import.meta.url)) {
  if (typeof Worker !== "function" || !globalThis.navigator?.serviceWorker) return false;
  await whenControlled();
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(workerURL, { type: "module", name: "code cache" });
    } catch {
      resolve(false);
      return;
    }
    const done = (loaded) => {
      worker.terminate();
      resolve(loaded);
    };
    worker.onmessage = ({ data }) => done(Boolean(data?.loaded));
    worker.onerror = () => done(false);
  });
}
