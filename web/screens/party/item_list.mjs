// Items a character carries, each with the fields its game's sheet declares (a game's ``items``: its ``keys``, resolved
// by games/sheet_spec.mjs into fields with their labels and bounds: Armageddon's name and weight for encumbrance, Call of
// Cthulhu's name, how many and a note). Each number is checked in place with the declared bounds. The list is used
// by the guided form, and on the sheet by ItemsPanel, which adds, edits and removes items after creation and saves
// them through the game's own check (logged, undoable).
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { commit, makeEntry } from "../../app/log_actions.mjs";
import { checkedSheet } from "../../app/checked_sheet.mjs";
import { NumberField, TextField } from "../../components/field.mjs";
import { isNumber, itemErrors, itemRows, itemsInvalid, itemsOf, nameKey } from "./item_rows.mjs";

export { itemErrors, itemRows, itemsInvalid, itemsOf };

/** The editor itself (controlled): ``rows`` from :func:`itemRows`, ``onChange(next rows)``. */
export function ItemList({ decl, rows, onChange, errorAt = () => null }) {
  const errors = itemErrors(decl, rows);
  const path = decl.path || "items";
  const update = (index, key, value) => onChange(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  const named = nameKey(decl);
  return html`<fieldset class="items">
    <legend>${decl.legend || decl.label || "Items"}</legend>
    ${rows.map((row, index) => html`<div class="modifier-row item-row" key=${index} data-item=${index}>
      ${decl.fields.map((field) => (isNumber(field)
        ? html`<${NumberField} key=${field.key} label=${field.label} name=${`${path}.${index}.${field.key}`} value=${row[field.key].text}
            min=${field.min ?? null} max=${field.max ?? null} error=${errors[index][field.key] || errorAt(`${path}.${index}.${field.key}`)}
            onInput=${(text, bad) => update(index, field.key, { text, bad })} />`
        : html`<${TextField} key=${field.key} label=${field.key === named ? `${field.label} ${index + 1}` : field.label}
            name=${`${path}.${index}.${field.key}`} value=${row[field.key]} maxlength=${field.maxlength}
            placeholder=${field.key === named ? decl.placeholder : undefined} error=${errorAt(`${path}.${index}.${field.key}`)}
            onInput=${(value) => update(index, field.key, value)} />`))}
      <button type="button" class="ghost" aria-label=${`Remove item ${index + 1}`} onClick=${() => onChange(rows.filter((_, at) => at !== index))}>Remove</button>
    </div>`)}
    <button type="button" class="add-item" onClick=${() => onChange([...rows, ...itemRows(decl, [decl.blank || {}])])}>Add an item</button>
    ${errorAt(path) ? html`<p class="field-error" role="alert">${errorAt(path)}</p>` : null}
  </fieldset>`;
}

/** What a save changed, in words ("Lantern: new", "Rope: removed", "Rope changed"). */
function changesOf(path, before, after) {
  const [old, now] = [before[path] || [], after[path] || []];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const out = now.filter((item) => !old.some((was) => same(was, item))).map((item) => (old.some((was) => was.name === item.name) ? `${item.name} changed` : `${item.name}: new`));
  for (const was of old) if (!now.some((item) => item.name === was.name)) out.push(`${was.name}: removed`);
  return out.length || same(old, now) ? out : ["Items reordered"];
}

/** The sheet's items: a list to read, and an editor that saves through the game's own check, logged and undoable. */
export function ItemsPanel({ character, game }) {
  const app = useApp();
  const decl = game.items;
  const [rows, setRows] = useState(null);
  const [engineError, setEngineError] = useState(null);
  const [saving, setSaving] = useState(false);
  if (!decl?.fields) return null;
  const path = decl.path || "items";
  const sheet = character.sheet;
  const items = sheet[path] || [];
  const summary = decl.summary || ((item) => item.name);
  if (!rows) {
    return html`<section class="row-group items-panel" aria-labelledby="group-items">
      <h2 id="group-items">${decl.label || "Items"}</h2>
      ${items.length ? html`<ul class="item-summary">${items.map((item, index) => html`<li key=${index} data-item=${index}>${summary(item)}</li>`)}</ul>`
        : html`<p class="help">No items yet.</p>`}
      <button type="button" class="edit-items" onClick=${() => { setEngineError(null); setRows(itemRows(decl, items)); }}>Edit items</button>
    </section>`;
  }
  const errorAt = (at) => (engineError && engineError.field === at ? engineError.first || engineError.message : null);
  const placed = engineError && (engineError.field || "").startsWith(`${path}.`);
  const save = async (event) => {
    event.preventDefault();
    if (itemsInvalid(decl, rows)) return;
    setSaving(true);
    try {
      const accepted = await checkedSheet(app, game.id, { ...sheet, [path]: itemsOf(decl, rows) }, character.kind);
      const changes = changesOf(path, sheet, accepted);
      if (changes.length) {
        const shown = changes.slice(0, 3).join(", ") + (changes.length > 3 ? ` and ${changes.length - 3} more` : "");
        const result = { label: `${accepted.name}: items edited`, events: changes, text: [`${accepted.name}: items edited — ${shown}`] };
        const entry = makeEntry({ op: "campaign.check_character", args: {}, result, who: [character.id],
          before: { [character.id]: sheet }, after: { [character.id]: accepted } });
        await commit(app, { sheets: { [character.id]: accepted }, entries: [entry] });
      }
      setRows(null);
    } catch (error) {
      setEngineError(error);
    } finally {
      setSaving(false);
    }
  };
  return html`<form class="panel items-form" onSubmit=${save} noValidate aria-label=${`Items of ${sheet.name}`}>
    <h2>${decl.label || "Items"}</h2>
    <${ItemList} decl=${decl} rows=${rows} errorAt=${errorAt} onChange=${(next) => { setRows(next); setEngineError(null); }} />
    ${engineError && !placed ? html`<p class="field-error" role="alert">${engineError.first || engineError.message}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${() => setRows(null)}>Cancel</button>
      <button type="submit" class="primary" disabled=${saving}>Save items</button>
    </div>
  </form>`;
}
