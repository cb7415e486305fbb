// A campaign's tools for power users, reached from About (TABLE.md, Words: the engine version, the API reference
// and character JSON live off the main screens): one character's JSON out or in (character_json.mjs).
import { html } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { paths } from "../../app/router.mjs";
import { gameFor } from "../../games/index.mjs";
import { CharacterJson } from "./character_json.mjs";

export function ToolsScreen() {
  const app = useApp();
  const campaign = app.state.campaign;
  const game = gameFor(app.state.catalog, campaign.game);
  return html`<section class="screen tools" aria-labelledby="tools-title">
    <p class="back"><a href=${paths.about()}>← About</a> <a href=${paths.party(campaign.id)}>${campaign.name}: the party</a></p>
    <h1 id="tools-title" tabindex="-1">Tools for ${campaign.name}</h1>
    ${game ? html`<${CharacterJson} game=${game} />` : html`<p>This campaign's game is not one this app knows.</p>`}
  </section>`;
}
