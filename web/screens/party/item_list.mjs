// Items a character carries (name and weight in lb), for the rules' encumbrance; each weight checked in place.
import { html } from "../../app/html.mjs";
import { NumberField, TextField, readNumber } from "../../components/field.mjs";

/** ``rows``: [{name, weight (text as typed), bad}]; the sheet gets only complete, readable rows. */
export function itemsOf(rows) {
  return rows.filter((row) => row.name.trim() && !readNumber(row.weight, { min: 0, badInput: row.bad }).error)
    .map((row) => ({ name: row.name.trim(), weight: readNumber(row.weight).value }));
}

export function itemErrors(rows) {
  return rows.map((row, index) => readNumber(row.weight, { min: 0, max: 1_000_000, label: `Weight of item ${index + 1}`, badInput: row.bad }).error || null);
}

export function ItemList({ rows, onChange }) {
  const errors = itemErrors(rows);
  const update = (index, patch) => onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return html`<fieldset class="items">
    <legend>Items carried</legend>
    ${rows.map((row, index) => html`<div class="modifier-row" key=${index}>
      <${TextField} label=${`Item ${index + 1}`} value=${row.name} placeholder="Backpack" onInput=${(name) => update(index, { name })} />
      <${NumberField} label="Weight (lb)" value=${row.weight} min=${0} error=${errors[index]} onInput=${(weight, bad) => update(index, { weight, bad })} />
      <button type="button" class="ghost" aria-label=${`Remove item ${index + 1}`} onClick=${() => onChange(rows.filter((_, at) => at !== index))}>Remove</button>
    </div>`)}
    <button type="button" onClick=${() => onChange([...rows, { name: "", weight: "1", bad: false }])}>Add an item</button>
  </fieldset>`;
}
