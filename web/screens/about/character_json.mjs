// For power users: one character's JSON out (download) or in (checked by the game's own rules first). A tool off
// the main screens (TABLE.md, Words: character JSON moves to an About/Tools place), on the campaign's Tools screen.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { addCharacter } from "../../app/actions.mjs";
import { download } from "../../store/files.mjs";
import { checkedSheet } from "../../app/checked_sheet.mjs";
import { playsAs } from "../../games/sheet_spec.mjs";

export function CharacterJson({ game }) {
  const app = useApp();
  const campaign = app.state.campaign;
  const [error, setError] = useState(null);
  const exportOne = (character) =>
    download(
      new Blob([JSON.stringify(character.sheet, null, 2)], { type: "application/json" }),
      `${character.sheet.name.replace(/[^\w-]+/g, "-")}.json`,
    );
  const importOne = async (event) => {
    const file = event.currentTarget.files[0];
    event.currentTarget.value = "";
    if (!file) return;
    setError(null);
    try {
      const sheet = JSON.parse(await file.text());
      const checked = await checkedSheet(app, game.id, sheet);
      // an object, a vehicle or a robot is the game master's to run: it joins the cast (the declaration's cast_kinds)
      await addCharacter(app, campaign, checked, playsAs(game.sheet, checked));
    } catch (problem) {
      setError(`Not imported: ${problem.message}`);
    }
  };
  return html`<section class="panel power" aria-labelledby="character-json-title">
    <h2 id="character-json-title">Character files (JSON)</h2>
    <p class="help">Export one ${game.person} as JSON, or import one made elsewhere; it is checked by the rules first.</p>
    <div class="row-actions">
      ${campaign.characters.map((character) => html`<button type="button" key=${character.id} onClick=${() => exportOne(character)}>Export ${character.sheet.name}</button>`)}
      <label class="button file-button">Import ${/^[aeiou]/i.test(game.person) ? "an" : "a"} ${game.person}
        <input type="file" accept=".json,application/json" class="visually-hidden" onChange=${importOne} /></label>
    </div>
    ${error ? html`<p class="field-error" role="alert">${error}</p>` : null}
  </section>`;
}
