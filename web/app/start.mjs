// The UI's start: services (engine client, storage, tab channel, odds), the store, the first render, then
// the campaigns from storage and, once, the old page's saved values.
import { html, render } from "./html.mjs";
import { AppContext, createAppState } from "./state.mjs";
import { engineClient, indexCatalog } from "./engine.mjs";
import { loadCampaigns, onOtherTab } from "./actions.mjs";
import { Shell } from "./shell.mjs";
import { openStorage } from "../store/storage.mjs";
import { tabChannel } from "../store/channel.mjs";
import { migrateLegacy } from "../store/legacy.mjs";
import { gameNames } from "../games/index.mjs";
import { OddsClient } from "../odds/odds_client.mjs";

/** ``engine``: the rpc Engine; ``ready``: resolves when Python is up; ``status``: {value, listeners}. */
export function start({ engine, ready, status, mount }) {
  const root = document.documentElement;
  const client = engineClient(engine, ready);
  const storage = openStorage();
  const app = createAppState({ engine: client, storage, channel: null, odds: new OddsClient(engine) });
  app.services.channel = tabChannel((message) => onOtherTab(app, message));
  const follow = (value) => app.dispatch({ type: "engine", status: value });
  follow(status.value);
  status.listeners.add(follow);
  // Back to this tab: re-read the open campaign in case a message from another tab was missed.
  document.addEventListener("visibilitychange", () => {
    const open = app.state.campaign;
    if (document.visibilityState === "visible" && open) onOtherTab(app, { type: "campaign-changed", id: open.id });
  });
  render(html`<${AppContext.Provider} value=${app}><${Shell} /></${AppContext.Provider}>`, mount);
  root.dataset.ui = "true";
  root.dataset.uiMs = String(Math.round(performance.now()));

  client.catalog().then(
    (catalog) => app.dispatch({ type: "catalog", catalog: indexCatalog(catalog) }),
    (error) => app.dispatch({ type: "snack", snack: { text: `The rules list could not be loaded (${error.message}). Reload the page.`, timeout: 60_000 } }),
  );
  storage.then(async (opened) => {
    app.dispatch({ type: "storage", kind: opened.kind, problem: opened.problem });
    root.dataset.storage = opened.kind;
    await loadCampaigns(app);
    const added = await ready.then(() => migrateLegacy(opened, client, gameNames));
    if (added.length) await loadCampaigns(app);
  });
  return app;
}
