// The UI's start: services (engine client, storage, tab channel, odds), the store, the first render, then
// the campaigns from storage and, once, the old page's saved values. Storage's troubles reach the banner
// (``{type: "storage", kind, problem}``): an upgrade waiting for another tab to close, a full disk (changes
// held in memory are written again every RETRY_MS and when the tab is shown; closing the tab meanwhile asks
// first), a database of a newer version (read only).
import { html, render } from "./html.mjs";
import { AppContext, createAppState } from "./state.mjs";
import { engineClient, indexCatalog } from "./engine.mjs";
import { loadCampaigns, onOtherTab, snack } from "./actions.mjs";
import { refusalWords, wasTold } from "./refusals.mjs";
import { reloadWhenDone } from "../sw_client.mjs";
import { Shell } from "./shell.mjs";
import { openStorage } from "../store/storage.mjs";
import { tabChannel } from "../store/channel.mjs";
import { migrateLegacy } from "../store/legacy.mjs";
import { gameNames } from "../games/index.mjs";
import { OddsClient } from "../odds/odds_client.mjs";

/** Said when the database has not opened after WAIT_SAID_MS: another tab holds it (storage.mjs's "blocked"). */
const WAITING =
  "Another tab of this app is still holding your campaigns (an older version, or something being typed there): they open here once it lets go.";
const WAIT_SAID_MS = 4000;

/** How often changes held in memory (a full disk) are tried again. */
export const RETRY_MS = 20_000;

/** ``engine``: the rpc Engine; ``ready``: resolves when Python is up; ``status``: {value, listeners}. */
export function start({ engine, ready, status, mount }) {
  const root = document.documentElement;
  const client = engineClient(engine, ready);
  let app = null;
  let opened = null;
  // another tab of an older version holds the database: say so until it closes and the open goes on
  const onBlocked = (problem) => {
    if (!opened) app?.dispatch({ type: "storage", kind: "starting", problem });
  };
  // a newer version waits for this tab's database: it goes once nothing typed here would be lost (sw_client.mjs)
  const storage = openStorage({ onBlocked, onBlocking: (close) => reloadWhenDone(close) });
  app = createAppState({ engine: client, storage, channel: null, odds: new OddsClient({ call: client.answer }) });
  // A call stopped at its deadline (rpc.mjs): its screen shows the refusal if it is still open; this says it anywhere.
  engine.addEventListener?.("stopped", (event) =>
    app.dispatch({ type: "snack", snack: { text: event.detail.message, timeout: 12_000 } }),
  );
  app.services.channel = tabChannel((message) => onOtherTab(app, message));
  // Only the first tab waiting for an upgrade hears "blocked"; one waiting behind it is told too, if it waits long.
  setTimeout(() => {
    if (!opened && !app.state.storage.problem) onBlocked(WAITING);
  }, WAIT_SAID_MS);
  // a refused write no caller handled is a message, not an uncaught error (refusals.mjs)
  window.addEventListener("unhandledrejection", (event) => {
    const words = refusalWords(event.reason);
    if (words === null) return;
    event.preventDefault();
    if (!wasTold(event.reason)) snack(app, words, { timeout: 15_000 });
  });
  const follow = (value) => app.dispatch({ type: "engine", status: value });
  follow(status.value);
  status.listeners.add(follow);
  /** Changes held in memory (a full disk) are written if there is space again; the banner follows. */
  const retry = async () => {
    if (!opened?.unsaved || opened.kind !== "indexeddb") return;
    const written = await opened.retryWrites();
    for (const { id, revision } of written) app.services.channel.announce("campaign-changed", id, revision);
    app.dispatch({ type: "storage", kind: opened.kind, problem: opened.problem });
  };
  setInterval(retry, RETRY_MS);
  // Back to this tab: re-read the open campaign in case a message from another tab was missed.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    retry();
    const open = app.state.campaign;
    if (open) onOtherTab(app, { type: "campaign-changed", id: open.id });
  });
  // A change only in this tab (a full disk, or no IndexedDB) is lost when it closes: the browser asks first.
  window.addEventListener("beforeunload", (event) => {
    if (!opened?.unsaved) return;
    event.preventDefault();
    event.returnValue = "";
  });
  render(html`<${AppContext.Provider} value=${app}><${Shell} /></${AppContext.Provider}>`, mount);
  root.dataset.ui = "true";
  root.dataset.uiMs = String(Math.round(performance.now()));

  client.catalog().then(
    (catalog) => app.dispatch({ type: "catalog", catalog: indexCatalog(catalog) }),
    (error) =>
      app.dispatch({
        type: "snack",
        snack: { text: `The rules list could not be loaded (${error.message}). Reload the page.`, timeout: 60_000 },
      }),
  );
  storage.then(async (each) => {
    opened = each;
    app.dispatch({ type: "storage", kind: opened.kind, problem: opened.problem });
    root.dataset.storage = opened.kind;
    await loadCampaigns(app);
    if (opened.readOnly) return; // a newer version's database: read, never written (not even the old page's values)
    opened.sweepStaged?.().catch(() => {}); // logs of imports whose tab closed while they were checked
    const added = await ready.then(() => migrateLegacy(opened, client, gameNames));
    if (added.length) await loadCampaigns(app);
  });
  return app;
}
