// Situational modifiers as labelled +/− steppers ("−2 darkness"), written for the engine as its text form
// "-2 darkness, +1 aiming". A row with no reason is still shown and sent as "modifier".
import { html } from "../app/html.mjs";
import { NumberField, TextField, readNumber } from "./field.mjs";

export function modifiersText(rows) {
  return rows
    .map(
      ({ value, label }) =>
        `${Number(value) >= 0 ? "+" : ""}${Number(value)} ${label.trim().replace(/,/g, ";") || "modifier"}`,
    )
    .join(", ");
}

export function modifierErrors(rows) {
  return rows.map(
    (row, index) =>
      readNumber(row.value, { label: `Modifier ${index + 1}`, badInput: row.bad, min: -99, max: 99 }).error || null,
  );
}

export function ModifierList({ rows, onChange, errors = [] }) {
  const update = (index, patch) => onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return html`<fieldset class="modifiers">
    <legend>Modifiers</legend>
    ${rows.map(
      (row, index) => html`<div class="modifier-row" key=${index}>
      <${NumberField} label=${`Modifier ${index + 1}`} value=${row.value} min=${-99} max=${99} error=${errors[index]}
        onInput=${(value, bad) => update(index, { value, bad })} />
      <${TextField} label="Reason" value=${row.label} placeholder="darkness, aiming…" onInput=${(label) => update(index, { label })} />
      <button type="button" class="ghost" aria-label=${`Remove modifier ${index + 1}`} onClick=${() => onChange(rows.filter((_, at) => at !== index))}>Remove</button>
    </div>`,
    )}
    <button type="button" onClick=${() => onChange([...rows, { value: "-1", label: "", bad: false }])}>Add a modifier</button>
  </fieldset>`;
}
