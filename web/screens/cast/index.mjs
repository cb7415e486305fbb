// The Cast: the campaign's non-player characters, each with the same full sheet as the party's. New ones come
// from the guided form, a ready-made NPC (several at once with numbered names), a copy of anyone, or a pasted stat
// block (in every game whose engine reads one). A character moves between the cast and the party by one tap.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { paths } from "../../app/router.mjs";
import { gameFor } from "../../games/index.mjs";
import { CampaignNav } from "../campaign_nav.mjs";
import { CharacterCard } from "../party/character_card.mjs";
import { NewCharacter } from "../party/new_character.mjs";
import { FromTemplate } from "./from_template.mjs";
import { CopyCharacter } from "./copy_character.mjs";
import { StatBlock, statBlockOp } from "./stat_block.mjs";
import { MoveButton } from "./move_button.mjs";

const WAYS = [
  ["template", "From a ready-made NPC"],
  ["copy", "Copy a character"],
  ["new", "New NPC"],
  ["paste", "Paste a stat block", (game, catalog) => catalog.has?.(statBlockOp(game.id))],
];

export function CastScreen() {
  const app = useApp();
  const campaign = app.state.campaign;
  const game = gameFor(app.state.catalog, campaign.game);
  const [making, setMaking] = useState(null);
  const cast = campaign.characters.filter((each) => each.kind === "npc");
  const done = () => setMaking(null);
  const forms = {
    template: () => html`<${FromTemplate} campaign=${campaign} onDone=${done} />`,
    copy: () => html`<${CopyCharacter} campaign=${campaign} onDone=${done} />`,
    new: () => html`<${NewCharacter} game=${game} initialKind="npc" onDone=${done} />`,
    paste: () => html`<${StatBlock} campaign=${campaign} onDone=${done} />`,
  };
  return html`<section class="screen cast" aria-labelledby="cast-title">
    <${CampaignNav} campaign=${campaign} here="cast" />
    <h1 id="cast-title">${campaign.name}: the cast</h1>
    <p class="help cast-count">${cast.length === 1 ? "1 non-player character" : `${cast.length} non-player characters`}, played by the ${game.gm};
      the players' characters are in the party.</p>
    ${cast.length === 0 && !making ? html`<p class="empty">No NPCs yet. Add a ready-made one, copy a character or make one from scratch.</p>` : null}
    <ul class="cards">
      ${cast.map(
        (character) => html`<li key=${character.id}>
        <${CharacterCard} character=${character} game=${game} href=${paths.sheet(campaign.id, character.id)} />
        <${MoveButton} campaign=${campaign} character=${character} />
      </li>`,
      )}
    </ul>
    ${
      making
        ? forms[making]()
        : html`<div class="row-actions cast-ways" role="group" aria-label="Add to the cast">
      ${WAYS.filter(([, , only]) => !only || only(game, app.state.catalog)).map(
        ([key, words], index) => html`<button type="button" key=${key}
        class=${index === 0 ? "primary" : ""} onClick=${() => setMaking(key)}>${words}</button>`,
      )}
    </div>`
    }
  </section>`;
}
