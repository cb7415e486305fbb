// Wiring only. The engine worker starts first thing (this module imports nothing else heavy), then the UI
// is imported and rendered at once (campaigns come from IndexedDB, the catalog from catalog.json written by
// the build); rolls wait for Python when they need it.
import { Engine } from "./rpc.mjs";
import { BootView } from "./boot_view.mjs";
import { registerServiceWorker } from "./sw_client.mjs";

const root = document.documentElement;
const boot = new BootView();
const query = new URLSearchParams(location.search);
boot.stage(1, "Downloading the engine…");

/** Engine status for the UI, which may load after the engine has answered. */
const status = { value: "starting", listeners: new Set() };
const setStatus = (value) => {
  status.value = value;
  for (const listener of status.listeners) listener(value);
};
let markReady;
const ready = new Promise((resolve) => { markReady = resolve; });

const engine = new Engine({
  bootTimeoutMs: Number(query.get("boot_timeout")) * 1000 || undefined,
  onStage: ({ step, text }) => boot.stage(step, text),
  onReady: ({ version, marks, timeOrigin }) => {
    boot.ready(version);
    const shift = timeOrigin - performance.timeOrigin;
    root.dataset.bootMarks = Object.entries(marks).map(([name, ms]) => `${name}=${Math.round(ms + shift)}`).join(" ");
    root.dataset.readyMs = String(Math.round(performance.now()));
    root.dataset.ready = "true";
    markReady();
    setStatus("ready");
    // Precaching 15 MB competes with boot for the CPU and network, so it starts once the engine is up.
    registerServiceWorker({
      onUpdate: (reload) => {
        document.getElementById("update").hidden = false;
        document.getElementById("update-reload").onclick = reload;
      },
      onOffline: () => { root.dataset.offlineReady = "true"; },
    });
  },
  onBootError: (text) => {
    setStatus("failed");
    boot.failed(text, () => {
      root.dataset.ready = "false";
      setStatus("starting");
      boot.stage(1, "Downloading the engine…");
      engine.restart();
    });
  },
});

import("./app/start.mjs").then(({ start }) => start({ engine, ready, status, mount: document.getElementById("app") }));
