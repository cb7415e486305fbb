// The sheet's rows: a button per attribute, characteristic or skill, showing its value (and half/fifth).
import { html } from "../../app/html.mjs";

export function SheetRows({ groups, onRoll }) {
  return groups.map((group) => html`<section class="row-group" key=${group.title} aria-labelledby=${`group-${group.title}`}>
    <h2 id=${`group-${group.title}`}>${group.title}</h2>
    ${group.rows.length === 0 ? html`<p class="help">None yet.</p>` : null}
    <ul class="rows">
      ${group.rows.map((row) => html`<li key=${row.key}>
        <button type="button" class="roll-row" data-row=${row.key} onClick=${(event) => onRoll(row.roll, event)}
          aria-label=${`${row.roll.title}: ${row.label} ${row.value}${row.extra ? `, half ${row.extra.half}, fifth ${row.extra.fifth}` : ""}`}>
          <span class="row-label">${row.label}</span>
          <span class="row-value">${row.value}</span>
          ${row.extra ? html`<span class="row-extra" aria-hidden="true">${row.extra.half} · ${row.extra.fifth}</span>` : null}
        </button>
      </li>`)}
    </ul>
  </section>`);
}
