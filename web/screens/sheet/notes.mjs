// The sheet's own texts as its game declares them (games/sheet_spec.mjs ``noteFields``: an occupation, a backstory,
// possessions, notes, a creature's Sanity loss …), each under its label, line breaks kept; "Edit values" edits them.
import { html } from "../../app/html.mjs";
import { noteFields } from "../../games/sheet_spec.mjs";

export function SheetNotes({ game, character }) {
  const kind = game.sheetKind ? game.sheetKind(character) : null;
  const shown = noteFields(game.sheet, kind).filter((field) => String(character.sheet[field.path] ?? "").trim());
  if (!game.sheet) return null;
  return html`<section class="row-group sheet-texts" aria-labelledby="group-notes">
    <h2 id="group-notes">Notes</h2>
    ${
      shown.length
        ? html`<dl class="notes-list">${shown.map(
            (field) => html`<div key=${field.path} data-note=${field.path}>
      <dt>${field.label}</dt><dd class=${field.kind === "note" ? "note-text" : ""}>${character.sheet[field.path]}</dd>
    </div>`,
          )}</dl>`
        : html`<p class="help">Nothing written yet: "Edit values" adds ${noteFields(game.sheet, kind)
            .map((field) => field.label.toLowerCase())
            .join(", ")}.</p>`
    }
  </section>`;
}
