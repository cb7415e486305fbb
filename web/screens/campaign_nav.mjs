// The campaign's own navigation: back to all campaigns, party, cast, encounter, log, players (their seats and what
// they sent), house rules (where "All operations" is: every move is on the sheet and the card, so that list is for
// the rare rest).
import { html } from "../app/html.mjs";
import { paths } from "../app/router.mjs";

export function CampaignNav({ campaign, here }) {
  const link = (key, href, words) =>
    html`<a href=${href} aria-current=${here === key ? "page" : undefined}>${words}</a>`;
  // a game held elsewhere: the player's view is the one place (its party, cast, encounter, log and rules are the game
  // master's)
  if (campaign.joined)
    return html`<nav class="campaign-nav" aria-label="Campaign">${link("home", paths.home(), "‹ Campaigns")}</nav>`;
  return html`<nav class="campaign-nav" aria-label="Campaign">
    ${link("home", paths.home(), "‹ Campaigns")}
    ${link("party", paths.party(campaign.id), "Party")}
    ${link("cast", paths.cast(campaign.id), "Cast")}
    ${link("encounter", paths.encounter(campaign.id), "Encounter")}
    ${link("log", paths.log(campaign.id), "Log")}
    ${campaign.joined ? null : link("table", paths.table(campaign.id), "Players")}
    ${link("rules", paths.rules(campaign.id), "House rules")}
  </nav>`;
}
