// A new campaign: a name and one of the three games, shown as three large cards.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { createCampaign } from "../../app/actions.mjs";
import { GAMES } from "../../games/index.mjs";
import { TextField } from "../../components/field.mjs";

export function NewCampaign() {
  const app = useApp();
  const [name, setName] = useState("");
  const [game, setGame] = useState(null);
  const [errors, setErrors] = useState({});
  const submit = async (event) => {
    event.preventDefault();
    const found = {};
    if (!name.trim()) found.name = "Give the campaign a name.";
    if (!game) found.game = "Choose the game you play.";
    setErrors(found);
    if (!Object.keys(found).length) await createCampaign(app, name, game);
  };
  return html`<form class="panel new-campaign" onSubmit=${submit} noValidate aria-labelledby="new-campaign-title">
    <h2 id="new-campaign-title">New campaign</h2>
    <${TextField} label="Name" name="campaign-name" value=${name} maxlength="80" error=${errors.name} placeholder="The Haunting of Arkham"
      onInput=${(value) => {
        setName(value);
        setErrors((old) => ({ ...old, name: null }));
      }} />
    <fieldset class="game-cards">
      <legend>Game</legend>
      ${GAMES.map(
        (each) => html`<label class=${`game-card${game === each.id ? " on" : ""}`} key=${each.id}>
        <input type="radio" name="game" value=${each.id} checked=${game === each.id} onChange=${() => {
          setGame(each.id);
          setErrors((old) => ({ ...old, game: null }));
        }} />
        <span class="game-name">${each.name}</span>
        <span class="game-blurb">${each.blurb}</span>
      </label>`,
      )}
      <p class="field-error" role="alert" hidden=${!errors.game}>${errors.game || ""}</p>
    </fieldset>
    <button type="submit" class="primary">Start the campaign</button>
  </form>`;
}
