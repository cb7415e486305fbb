// Wiring only: start the engine worker first thing, render the app at once (campaigns come from IndexedDB,
// the catalog from catalog.json written by the build), and let rolls wait for Python when they need it.
import { Engine } from "./rpc.mjs";
import { BootView } from "./boot_view.mjs";
import { registerServiceWorker } from "./sw_client.mjs";
import { html, render } from "./app/html.mjs";
import { AppContext, createAppState } from "./app/state.mjs";
import { engineClient, indexCatalog } from "./app/engine.mjs";
import { loadCampaigns, onOtherTab } from "./app/actions.mjs";
import { Shell } from "./app/shell.mjs";
import { openStorage } from "./store/storage.mjs";
import { tabChannel } from "./store/channel.mjs";
import { migrateLegacy } from "./store/legacy.mjs";
import { gameNames } from "./games/index.mjs";
import { OddsClient } from "./odds/odds_client.mjs";

const root = document.documentElement;
const boot = new BootView();
const query = new URLSearchParams(location.search);
boot.stage(1, "Downloading the engine…");

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
    app.dispatch({ type: "engine", status: "ready" });
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
    app.dispatch({ type: "engine", status: "failed" });
    boot.failed(text, () => {
      root.dataset.ready = "false";
      app.dispatch({ type: "engine", status: "starting" });
      boot.stage(1, "Downloading the engine…");
      engine.restart();
    });
  },
});

const client = engineClient(engine, ready);
const storage = openStorage();
const services = { engine: client, storage, channel: null, odds: new OddsClient(engine) };
const app = createAppState(services);
services.channel = tabChannel((message) => onOtherTab(app, message));
// Back to this tab: re-read the open campaign in case a message from another tab was missed.
document.addEventListener("visibilitychange", () => {
  const open = app.state.campaign;
  if (document.visibilityState === "visible" && open) onOtherTab(app, { type: "campaign-changed", id: open.id });
});
render(html`<${AppContext.Provider} value=${app}><${Shell} /></${AppContext.Provider}>`, document.getElementById("app"));
root.dataset.ui = "true";

client.catalog().then(
  (catalog) => app.dispatch({ type: "catalog", catalog: indexCatalog(catalog) }),
  (error) => app.dispatch({ type: "snack", snack: { text: `The rules list could not be loaded (${error.message}). Reload the page.`, timeout: 60_000 } }),
);

storage.then(async (storage) => {
  app.dispatch({ type: "storage", kind: storage.kind, problem: storage.problem });
  root.dataset.storage = storage.kind;
  await loadCampaigns(app);
  const added = await ready.then(() => migrateLegacy(storage, client, gameNames));
  if (added.length) await loadCampaigns(app);
});
