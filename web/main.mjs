// Wiring only. The engine worker starts first thing (this module imports nothing else heavy), then the UI
// is imported and rendered at once (campaigns come from IndexedDB, the catalog from catalog.json written by
// the build); rolls wait for Python when they need it.
import { Engine } from "./rpc.mjs";
import { BootView } from "./boot_view.mjs";
import { followServiceWorker, registerServiceWorker } from "./sw_client.mjs";
import { compileForNextVisit } from "./code_cache.mjs";

const root = document.documentElement;

/**
 * Framed by a page of another origin (clickjacking: GitHub Pages cannot send frame-ancestors, and a meta CSP
 * cannot carry it)? Same-origin framing stays allowed. A frame whose top cannot be read is foreign.
 */
function framedByAnotherOrigin() {
  if (window.top === window.self) return false;
  const ancestors = location.ancestorOrigins;
  if (ancestors) return Array.from(ancestors).some((origin) => origin !== location.origin);
  try {
    return window.top.location.origin !== location.origin || window.parent.location.origin !== location.origin;
  } catch {
    return true;
  }
}

/** The plain refusal shown instead of the app: nothing else starts (no engine, no service worker). */
function refuseToRunFramed() {
  root.dataset.ready = "refused";
  document.getElementById("boot").hidden = true;
  document.querySelector(".foot")?.setAttribute("hidden", ""); // the reference too opens in its own tab only
  const screen = document.createElement("section");
  screen.className = "screen refused";
  const title = document.createElement("h1");
  title.textContent = "Rules Companion does not run inside another site";
  const why = document.createElement("p");
  why.textContent =
    "This page is shown inside a frame of another website, which could see or steer what you click. Open the app on its own instead; your campaigns are kept there.";
  const open = document.createElement("a");
  open.href = location.href;
  open.target = "_blank";
  open.rel = "noopener";
  open.textContent = "Open Rules Companion in its own tab";
  const link = document.createElement("p");
  link.append(open);
  screen.append(title, why, link);
  document.getElementById("app").replaceChildren(screen);
}

if (framedByAnotherOrigin()) refuseToRunFramed();
else run();

function run() {
  // the first visit (no offline copy served it yet): the engine's scripts are compiled once more for the next one
  const firstVisit = !globalThis.navigator?.serviceWorker?.controller;
  followServiceWorker(); // first thing: a takeover by a new version must not be missed while the page boots
  const boot = new BootView();
  const offlineMissing = document.getElementById("offline-missing");
  const query = new URLSearchParams(location.search);
  boot.stage(1, "Downloading the engine…");

  /** Engine status for the UI, which may load after the engine has answered. */
  const status = { value: "starting", listeners: new Set() };
  const setStatus = (value) => {
    status.value = value;
    for (const listener of status.listeners) listener(value);
  };
  let markReady;
  const ready = new Promise((resolve) => {
    markReady = resolve;
  });

  const engine = new Engine({
    bootTimeoutMs: Number(query.get("boot_timeout")) * 1000 || undefined,
    snapshot: query.get("snapshot") !== "off", // ?snapshot=off boots without the memory snapshot (benchmarks, tests)
    onStage: ({ step, text }) => boot.stage(step, text),
    onReady: ({ version, boot: how, marks, timeOrigin }) => {
      boot.ready(version);
      root.dataset.boot = how; // "snapshot" or "normal": which way Python started
      const shift = timeOrigin - performance.timeOrigin;
      root.dataset.bootMarks = Object.entries(marks)
        .map(([name, ms]) => `${name}=${Math.round(ms + shift)}`)
        .join(" ");
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
        onOffline: () => {
          root.dataset.offlineReady = "true";
          offlineMissing.hidden = true;
          if (firstVisit)
            compileForNextVisit().then((compiled) => {
              root.dataset.codeCache = compiled ? "compiled" : "failed"; // code_cache.mjs
            });
        },
        onOfflineMissing: (reason) => {
          // plain words in the footer; the reason for developers
          if (root.dataset.offlineReady === "true") return;
          offlineMissing.title = reason;
          offlineMissing.hidden = false;
        },
        onVersion: (version) => {
          root.dataset.version = version;
        },
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

  import("./app/start.mjs").then(({ start }) =>
    start({ engine, ready, status, mount: document.getElementById("app") }),
  );
}
