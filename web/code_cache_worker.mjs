// Loads the engine worker's Pyodide scripts once, from the offline copy, and says so: code_cache.mjs starts it on
// the visit that saved that copy, so that the browser's code cache for them exists before the next visit. It only
// imports them (pyodide.asm.mjs defines Pyodide's factory and runs nothing); it boots no Python.
Promise.all([import("./pyodide/pyodide.mjs"), import("./pyodide/pyodide.asm.mjs")]).then(
  () => postMessage({ loaded: true }),
  (error) => postMessage({ error: String(error?.message || error) }),
);
