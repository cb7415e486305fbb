// The app's frame: the storage banner, the screen for the current route, the snackbar. The open campaign
// follows the route; a screen renders only once what it needs is loaded.
import { html, useEffect } from "./html.mjs";
import { useApp } from "./state.mjs";
import { useRoute } from "./router.mjs";
import { openCampaign } from "./actions.mjs";
import { exportCampaign } from "./file_actions.mjs";
import { Snackbar } from "../components/snackbar.mjs";
import { CampaignsScreen } from "../screens/campaigns/index.mjs";
import { PartyScreen } from "../screens/party/index.mjs";
import { SheetScreen } from "../screens/sheet/index.mjs";
import { RulesScreen } from "../screens/rules/index.mjs";
import { OperationsScreen } from "../screens/rules/operations.mjs";
import { ErrorBoundary } from "../components/error_panel.mjs";
import { lazyScreen } from "./lazy.mjs";
import { isPlayer } from "../player/record.mjs";

const EncounterScreen = lazyScreen(() => import("../screens/encounter/index.mjs"), "EncounterScreen");
const CastScreen = lazyScreen(() => import("../screens/cast/index.mjs"), "CastScreen");
const LogScreen = lazyScreen(() => import("../screens/log/index.mjs"), "LogScreen");
const DamagedCampaignScreen = lazyScreen(() => import("../screens/campaigns/damaged.mjs"), "DamagedCampaignScreen");
const AboutScreen = lazyScreen(() => import("../screens/about/index.mjs"), "AboutScreen");
const TableScreen = lazyScreen(() => import("../screens/table/index.mjs"), "TableScreen");
const ToolsScreen = lazyScreen(() => import("../screens/about/tools.mjs"), "ToolsScreen");
const JoinScreen = lazyScreen(() => import("../screens/player/join.mjs"), "JoinScreen");
const PlayerScreen = lazyScreen(() => import("../screens/player/index.mjs"), "PlayerScreen");

function StorageBanner() {
  const app = useApp();
  const { problem } = app.state.storage;
  if (!problem) return null;
  const campaign = app.state.campaign;
  return html`<div class="banner" role="alert" data-storage=${app.state.storage.kind}>
    <p>${problem}</p>
    ${campaign ? html`<button type="button" onClick=${() => exportCampaign(app, campaign.id)}>Export “${campaign.name}”</button>` : null}
  </div>`;
}

function Screen({ route }) {
  const app = useApp();
  const { campaign, catalog, damaged } = app.state;
  useEffect(() => {
    if (route.campaignId) openCampaign(app, route.campaignId);
  }, [route.campaignId]);
  useEffect(() => {
    document.getElementById("app")?.querySelector("h1")?.focus?.();
  }, [route.screen]);
  if (route.screen === "campaigns") return html`<${CampaignsScreen} />`;
  if (route.screen === "about") return html`<${AboutScreen} />`;
  if (route.screen === "join") return html`<${JoinScreen} code=${route.code} />`;
  if (damaged?.id === route.campaignId) return html`<${DamagedCampaignScreen} damaged=${damaged} />`;
  if (!catalog || !campaign || campaign.id !== route.campaignId) {
    return html`<section class="screen"><p>${campaign === null && catalog ? "Opening the campaign…" : "Loading…"}</p><p><a href="#/">All campaigns</a></p></section>`;
  }
  // a game held elsewhere: every place of it is the player's view of their one character (screens/player/)
  if (isPlayer(campaign)) return html`<${PlayerScreen} />`;
  if (route.screen === "sheet") return html`<${SheetScreen} characterId=${route.characterId} />`;
  if (route.screen === "encounter")
    return html`<${EncounterScreen} key=${route.encounterId || ""} encounterId=${route.encounterId} />`;
  if (route.screen === "rules") return html`<${RulesScreen} />`;
  if (route.screen === "operations") return html`<${OperationsScreen} />`;
  if (route.screen === "log") return html`<${LogScreen} />`;
  if (route.screen === "cast") return html`<${CastScreen} />`;
  if (route.screen === "tools") return html`<${ToolsScreen} />`;
  if (route.screen === "table") return html`<${TableScreen} />`;
  return html`<${PartyScreen} />`;
}

export function Shell() {
  const app = useApp();
  const route = useRoute();
  return html`
    <${StorageBanner} />
    <${ErrorBoundary} where=${location.hash}><${Screen} route=${route} /></${ErrorBoundary}>
    <${Snackbar} snack=${app.state.snack} onClose=${() => app.dispatch({ type: "snack", snack: null })} />`;
}
