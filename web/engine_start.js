// The engine worker, started by the page's first script (for boot time). A worker can only start
// while the page's thread is free; started from main.mjs it waited behind the bundles, the first render and
// the wasm download, up to a quarter of a second measured. This classic script runs before any of them and
// leaves the worker for rpc.mjs (Engine.start) to adopt, with the messages it sent in the meantime.
// A page inside a frame starts nothing here: main.mjs decides whether it runs at all.
// biome-ignore lint/suspicious/noRedundantUseStrict: a classic script (index.html loads it without type=module)
"use strict";
(() => {
  if (window.top !== window.self || typeof Worker !== "function") return;
  const name = new URLSearchParams(location.search).get("snapshot") === "off" ? "snapshot=off" : "rules";
  const early = { name, messages: [], error: null };
  try {
    early.worker = new Worker(new URL("worker.mjs", document.baseURI), { type: "module", name });
  } catch {
    return; // main.mjs starts it and reports what went wrong
  }
  early.worker.onmessage = (event) => early.messages.push(event.data);
  early.worker.onerror = (event) => {
    early.error = event.message || "script error";
  };
  window.rulesEngineWorker = early;
})();
