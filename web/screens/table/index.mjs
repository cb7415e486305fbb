// Players: the game master's side of the table (py_rules/table/__init__.py). The campaign here is the one truth; a
// player's app only proposes. Seats and invitations, what players sent (accepted by running the rules again here),
// roll requests, and the post that brings each player's app up to date.
import { html } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { tableOf } from "../../store/table_record.mjs";
import { CampaignNav } from "../campaign_nav.mjs";
import { Seats } from "./seats.mjs";
import { AcceptBox } from "./accept.mjs";
import { Requests } from "./requests.mjs";
import { PostUpdates } from "./updates.mjs";
import { LiveEntry } from "../live_entry.mjs";

export function TableScreen() {
  const app = useApp();
  const campaign = app.state.campaign;
  const table = tableOf(campaign);
  if (campaign.joined)
    // a player's record of a game held elsewhere: seats, codes and requests are the game master's
    return html`<section class="screen table-gm" aria-labelledby="table-title">
      <${CampaignNav} campaign=${campaign} here="table" />
      <h1 id="table-title">${campaign.name}: players</h1>
      <p>This game is held by its game master: the players' seats are on their device.</p>
    </section>`;
  return html`<section class="screen table-gm" aria-labelledby="table-title">
    <${CampaignNav} campaign=${campaign} here="table" />
    <h1 id="table-title">${campaign.name}: players</h1>
    <p class="help">Each player can hold their own character on their own device. This campaign stays the one truth: what
      they roll comes here as a code, and the rules run it again against your sheets before anything changes.</p>
    <${Seats} app=${app} campaign=${campaign} table=${table} />
    <${LiveEntry} title="Connect a phone at this table (same Wi-Fi)" button="Connect a phone at this table (same Wi-Fi)"
      help="Players at the table join this tablet from their phones by two QR codes, over the Wi-Fi you share: no internet needed. Their rolls then arrive here by themselves."
      load=${() => import("../../live/invite_box.mjs")} name="InviteBox" place=${campaign.id} props=${{ app, campaign }} />
    <${AcceptBox} app=${app} campaign=${campaign} />
    <${Requests} app=${app} campaign=${campaign} table=${table} />
    <${PostUpdates} app=${app} campaign=${campaign} table=${table} />
  </section>`;
}
