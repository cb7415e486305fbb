// The sheet's rows: a button per attribute, characteristic or skill, showing its value (and half/fifth). A value
// the state lowers for a while (an Armageddon Attribute point lost to Essence below 0) shows what rolls use,
// with the rating and the loss beside it: "Willpower 3 (4, −1 until Essence is back to 0 or more)". A row the game
// marks (a CoC skill ticked for improvement) shows the mark beside its name, and a group may carry a note.
import { html } from "../../app/html.mjs";
import { useCapacity } from "../party/character_card.mjs";

export function SheetRows({ groups, onRoll, game = null, sheet = null }) {
  const capacity = useCapacity(game || { id: "" }, game ? sheet : null);
  const lowered = new Map((capacity?.lowered || []).map((each) => [each.name, each]));
  return groups.map(
    (group) => html`<section class="row-group" key=${group.title} aria-labelledby=${`group-${group.title}`}>
    <h2 id=${`group-${group.title}`}>${group.title}</h2>
    ${group.note ? html`<p class="help group-note" data-group-note>${group.note}</p>` : null}
    ${group.rows.length === 0 ? html`<p class="help">None yet.</p>` : null}
    <ul class="rows">
      ${group.rows.map((row) => {
        const low = group.title !== "Skills" ? lowered.get(row.label) : null;
        return html`<li key=${row.key}>
        <button type="button" class=${`roll-row${low ? " lowered" : ""}${row.mark ? " marked" : ""}`} data-row=${row.key} onClick=${(event) => onRoll(row.roll, event)}>
          <span class="row-label"><span class="visually-hidden">Roll </span>${row.label}${
            row.mark
              ? html` <span class="row-mark" data-mark=${row.mark.key}
            title=${row.mark.words}><span aria-hidden="true">${row.mark.symbol}</span><span class="visually-hidden">(${row.mark.words})</span></span>`
              : null
          }</span>
          <span class="row-value">${low ? low.value : row.value}</span>
          ${low ? html`<span class="row-lowered">(${low.base}, −${low.lost} ${low.until})</span>` : null}
          ${
            row.extra
              ? html`<span class="row-extra"><span aria-hidden="true">${row.extra.half} · ${row.extra.fifth}</span>
            <span class="visually-hidden">, half ${row.extra.half}, fifth ${row.extra.fifth}</span></span>`
              : null
          }
        </button>
      </li>`;
      })}
    </ul>
  </section>`,
  );
}
