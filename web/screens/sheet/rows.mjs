// The sheet's rows: a button per attribute, characteristic or skill, showing its value (and half/fifth).
import { html } from "../../app/html.mjs";

export function SheetRows({ groups, onRoll }) {
  return groups.map((group) => html`<section class="row-group" key=${group.title} aria-labelledby=${`group-${group.title}`}>
    <h2 id=${`group-${group.title}`}>${group.title}</h2>
    ${group.rows.length === 0 ? html`<p class="help">None yet.</p>` : null}
    <ul class="rows">
      ${group.rows.map((row) => html`<li key=${row.key}>
        <button type="button" class="roll-row" data-row=${row.key} onClick=${(event) => onRoll(row.roll, event)}>
          <span class="row-label"><span class="visually-hidden">Roll </span>${row.label}</span>
          <span class="row-value">${row.value}</span>
          ${row.extra ? html`<span class="row-extra"><span aria-hidden="true">${row.extra.half} · ${row.extra.fifth}</span>
            <span class="visually-hidden">, half ${row.extra.half}, fifth ${row.extra.fifth}</span></span>` : null}
        </button>
      </li>`)}
    </ul>
  </section>`);
}
