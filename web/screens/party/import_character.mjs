// A character from another tool (TABLE.md): a file from the Dhole's House or an actor exported from Foundry VTT
// is read by the engine (interchange.import_character: mapped onto the sheet, then checked by the game's own rules)
// and its report shown — what was read, what went where, what was left out — before anything is saved. A Call of
// Cthulhu investigator also goes out as a Foundry actor file (interchange.export_foundry_coc7).
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { addCharacter } from "../../app/actions.mjs";
import { download } from "../../store/files.mjs";

const MAX_BYTES = 2_000_000;

function ReportList({ title, lines, className }) {
  if (!lines?.length) return null;
  return html`<div class=${`import-part ${className}`}>
    <h3>${title}</h3>
    <ul>${lines.map((line, index) => html`<li key=${index}>${line}</li>`)}</ul>
  </div>`;
}

/** Whether some format holds characters of ``gameId``: the import operation's declared games (the catalog). */
export function importsFor(catalog, gameId) {
  const param = catalog?.op?.("interchange.import_character")?.params.find((each) => each.name === "game");
  return Boolean(param?.choices?.includes(gameId));
}

/** The import panel, in a campaign whose game some format reads (no panel otherwise: nothing to pick). */
export function ImportCharacter({ game }) {
  const app = useApp();
  return importsFor(app.state.catalog, game.id) ? html`<${ImportPanel} game=${game} />` : null;
}

function ImportPanel({ game }) {
  const app = useApp();
  const campaign = app.state.campaign;
  const [read, setRead] = useState(null); // the engine's details, shown before saving
  const [error, setError] = useState(null);
  const [said, setSaid] = useState("");
  const [busy, setBusy] = useState(false);

  async function pick(event) {
    const file = event.currentTarget.files[0];
    event.currentTarget.value = "";
    if (!file) return;
    setError(null);
    setSaid("");
    setRead(null);
    if (file.size > MAX_BYTES) {
      setError("This file is far larger than a character file; nothing was read.");
      return;
    }
    setBusy(true);
    try {
      const text = await file.text();
      const answer = await app.services.engine.call("interchange.import_character", { text, game: campaign.game });
      setRead({ ...answer.details, headline: answer.events?.[0] || "" });
    } catch (problem) {
      setError(`Not read: ${problem.message}`);
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    setBusy(true);
    try {
      await addCharacter(app, campaign, read.sheet);
      setSaid(`${read.sheet.name} joined the party.`);
      setRead(null);
    } catch (problem) {
      setError(`Not saved: ${problem.message}`);
    } finally {
      setBusy(false);
    }
  }

  async function exportOne(character) {
    try {
      const answer = await app.services.engine.call("interchange.export_foundry_coc7", {
        investigator: character.sheet,
      });
      download(new Blob([answer.details.text], { type: "application/json" }), answer.details.filename);
      setSaid(
        `${character.sheet.name} saved as a Foundry actor file: import it in Foundry from the actor's menu (Import Data).`,
      );
    } catch (problem) {
      setError(`Not exported: ${problem.message}`);
    }
  }

  const report = read?.report;
  return html`<details class="panel import-character">
    <summary>From the Dhole's House or Foundry</summary>
    <p class="help">Pick a character file from the Dhole's House (Call of Cthulhu) or an actor exported from Foundry VTT
      (Call of Cthulhu 7th Edition, or Unisystem for Armageddon). You see what was read and what was left out before it joins the party.</p>
    <div class="row-actions">
      <label class="button file-button">Pick a character file
        <input type="file" accept=".json,application/json" class="visually-hidden" disabled=${busy} onChange=${pick} /></label>
      ${
        game.id === "coc"
          ? campaign.characters.map(
              (character) => html`<button type="button" key=${character.id}
        onClick=${() => exportOne(character)}>Foundry file: ${character.sheet.name}</button>`,
            )
          : null
      }
    </div>
    ${busy ? html`<p aria-busy="true">Reading…</p>` : null}
    ${error ? html`<p class="field-error" role="alert">${error}</p>` : null}
    ${said ? html`<p class="import-said" aria-live="polite">${said}</p>` : null}
    ${
      read
        ? html`<section class="import-report" aria-label="What the file holds">
      <p class="headline">${read.headline}</p>
      ${read.problem ? html`<p class="field-error" role="alert">${read.problem.message}</p>` : null}
      <${ReportList} title="Read from the file" lines=${report.read} className="import-read" />
      <${ReportList} title="On the sheet" lines=${report.mapped} className="import-mapped" />
      <${ReportList} title="Left out" lines=${report.left_out} className="import-left-out" />
      <div class="row-actions">
        ${read.valid ? html`<button type="button" class="primary" disabled=${busy} onClick=${save}>Add ${read.sheet.name} to the party</button>` : null}
        <button type="button" onClick=${() => setRead(null)}>${read.valid ? "Cancel" : "Close"}</button>
      </div>
    </section>`
        : null
    }
  </details>`;
}
