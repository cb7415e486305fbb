// Party: a card per player character (pools as bars, the penalty their state imposes, conditions; the GM's
// characters are in the Cast, and one tap moves anyone across), a guided form for a new one, and a character
// from another tool. One character's JSON in or out is a tool for power users, reached from About (about/tools.mjs).
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { paths } from "../../app/router.mjs";
import { gameFor } from "../../games/index.mjs";
import { CharacterCard } from "./character_card.mjs";
import { NewCharacter } from "./new_character.mjs";
import { ImportCharacter } from "./import_character.mjs";
import { CampaignNav } from "../campaign_nav.mjs";
import { MoveButton } from "../cast/move_button.mjs";

export function PartyScreen() {
  const app = useApp();
  const campaign = app.state.campaign;
  const game = gameFor(app.state.catalog, campaign.game);
  const [creating, setCreating] = useState(false);
  const party = campaign.characters.filter((each) => each.kind !== "npc");
  const cast = campaign.characters.length - party.length;
  return html`<section class="screen party" aria-labelledby="party-title">
    <${CampaignNav} campaign=${campaign} here="party" />
    <h1 id="party-title">${campaign.name}: the party</h1>
    <p class="help party-count">${party.length === 1 ? "1 player character" : `${party.length} player characters`}${
      cast ? `; ${cast === 1 ? "1 non-player character is" : `${cast} non-player characters are`} in the cast` : ""
    }.</p>
    ${party.length === 0 && !creating ? html`<p class="empty">No one here yet. Make the first ${game.person}.</p>` : null}
    <ul class="cards">
      ${party.map(
        (character) => html`<li key=${character.id}>
        <${CharacterCard} character=${character} game=${game} href=${paths.sheet(campaign.id, character.id)} />
        <${MoveButton} campaign=${campaign} character=${character} />
      </li>`,
      )}
    </ul>
    ${
      creating
        ? html`<${NewCharacter} game=${game} onDone=${() => setCreating(false)} />`
        : html`<button type="button" class="primary" onClick=${() => setCreating(true)}>New ${game.person}</button>`
    }
    <${ImportCharacter} game=${game} />
  </section>`;
}
