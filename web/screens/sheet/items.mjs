// Items carried, for a game that declares them as a list of entries on its sheet (games/*.mjs ``items``: {path, label,
// fields (from the sheet's declaration, games/sheet_spec.mjs), blank, summary}): added, changed and removed in the
// guided form and on the sheet after creation. Each field is checked in place in the form's words ("Rope — Mobility
// penalty: …"), then the whole sheet by the game's own check on Save; a save is logged with what changed and can be
// undone. Semiautomagic's items carry the mobility penalty of their load (seed 002, Mobility Penalty).
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { commit, makeEntry } from "../../app/log_actions.mjs";
import { checkedSheet } from "../../app/checked_sheet.mjs";
import { CheckField, ChoiceField, NumberField, TextField, readNumber } from "../../components/field.mjs";

const pathOf = (decl) => decl.path || "items";
const nameOf = (row, index) => (typeof row.name === "string" && row.name.trim()) || `Item ${index + 1}`;

/** An editable row from a stored item: numbers become the text shown in their fields. */
function rowOf(fields, item) {
  return Object.fromEntries(fields.map((field) => {
    const value = item?.[field.key];
    if (field.kind === "int" || field.kind === "number") return [field.key, { text: value === null || value === undefined ? "" : String(value), bad: false }];
    if (field.kind === "bool") return [field.key, Boolean(value)];
    return [field.key, value ?? ""];
  }));
}

/** The editor's rows for ``sheet``'s items. */
export const itemsDraft = (decl, sheet) => (sheet?.[pathOf(decl)] || []).map((item) => rowOf(decl.fields, item));

/** The rows as the sheet stores them: {values: {items}, errors: {path: message}}. */
export function readItems(decl, rows) {
  const errors = {};
  const items = rows.map((row, index) => {
    const item = {};
    const said = nameOf(row, index);
    for (const field of decl.fields) {
      const at = `${pathOf(decl)}.${index}.${field.key}`;
      const raw = row[field.key];
      if (field.kind === "int" || field.kind === "number") {
        const read = readNumber(raw.text, { min: field.min ?? null, max: field.max ?? null, required: !field.optional, badInput: raw.bad, label: `${said} — ${field.label}` });
        if (read.error) errors[at] = read.error;
        else item[field.key] = read.value;
      } else if (field.kind === "text" && field.required && !String(raw).trim()) errors[at] = `${said} — ${field.label}: this is needed.`;
      else item[field.key] = field.kind === "text" ? String(raw).trim() : raw;
    }
    return item;
  });
  return { values: { [pathOf(decl)]: items }, errors };
}

function ItemField({ field, value, name, error, onChange }) {
  switch (field.kind) {
    case "bool": return html`<${CheckField} name=${name} label=${field.label} checked=${value} help=${field.help} onChange=${onChange} />`;
    case "choice": return html`<${ChoiceField} name=${name} label=${field.label} value=${value} error=${error} help=${field.help} options=${field.choices || []} onChange=${onChange} />`;
    case "int": case "number": return html`<${NumberField} name=${name} label=${field.label} min=${field.min ?? null} max=${field.max ?? null}
      value=${value.text} error=${error} help=${field.help} onInput=${(text, bad) => onChange({ text, bad })} />`;
    default: return html`<${TextField} name=${name} label=${field.label} value=${value} error=${error} help=${field.help}
      maxlength=${field.maxlength ?? 80} onInput=${onChange} />`;
  }
}

/** The list editor (controlled): ``rows`` from :func:`itemsDraft`, ``onChange(next rows)``, ``errorAt(path)``. */
export function ItemsEditor({ decl, rows, onChange, errorAt = () => null }) {
  const path = pathOf(decl);
  const setRow = (index, key, value) => onChange(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  return html`<fieldset class="item-list" data-items=${path}><legend>${decl.label || "Items carried"}</legend>
    ${rows.length === 0 ? html`<p class="help">Nothing carried.</p>` : null}
    ${rows.map((row, index) => html`<fieldset class="grid-fields item" key=${index} data-item=${index}>
      <legend>${nameOf(row, index)}</legend>
      ${decl.fields.map((field) => html`<${ItemField} key=${field.key} field=${field} value=${row[field.key]} name=${`${path}.${index}.${field.key}`}
        error=${errorAt(`${path}.${index}.${field.key}`)} onChange=${(value) => setRow(index, field.key, value)} />`)}
      <div class="row-actions">
        <button type="button" class="danger" data-remove-item=${index} onClick=${() => onChange(rows.filter((_, at) => at !== index))}>Remove ${nameOf(row, index)}</button>
      </div>
    </fieldset>`)}
    <div class="row-actions"><button type="button" class="add-item" onClick=${() => onChange([...rows, rowOf(decl.fields, decl.blank)])}>Add an item</button></div>
    ${errorAt(path) ? html`<p class="field-error" role="alert">${errorAt(path)}</p>` : null}
  </fieldset>`;
}

/** What a save changed, in words ("Rope: new", "Anvil changed", "Sack: removed"). */
function changesOf(path, before, after) {
  const [old, now] = [before[path] || [], after[path] || []];
  const out = [];
  now.forEach((item, index) => {
    const was = old.find((each) => each.name === item.name);
    if (!was) out.push(`${item.name}: new`);
    else if (JSON.stringify(was) !== JSON.stringify(item) || old.indexOf(was) !== index) out.push(`${item.name} changed`);
  });
  for (const item of old) if (!now.some((each) => each.name === item.name)) out.push(`${item.name}: removed`);
  return out;
}

/** The sheet's items: a list to read, and an editor that saves through the game's own check. */
export function ItemsPanel({ character, game }) {
  const app = useApp();
  const decl = game.items;
  const [rows, setRows] = useState(null);
  const [engineError, setEngineError] = useState(null);
  const [saving, setSaving] = useState(false);
  if (!decl?.fields) return null;
  const sheet = character.sheet;
  const path = pathOf(decl);
  const items = sheet[path] || [];
  if (!rows) {
    return html`<section class="row-group items" aria-labelledby="group-items">
      <h2 id="group-items">${decl.label || "Items carried"}</h2>
      ${items.length ? html`<ul class="item-summary">${items.map((item, index) => html`<li key=${index} data-item=${index}>
        <strong>${item.name}</strong>${decl.summary?.(item) ? html` <span class="help">${decl.summary(item)}</span>` : null}</li>`)}</ul>`
        : html`<p class="help">Nothing carried.</p>`}
      <button type="button" class="edit-items" onClick=${() => { setEngineError(null); setRows(itemsDraft(decl, sheet)); }}>Edit items</button>
    </section>`;
  }
  const { values, errors } = readItems(decl, rows);
  const shown = (at) => errors[at] || (engineError && engineError.field === at ? engineError.first || engineError.message : null);
  const placed = (engineError?.field || "").startsWith(path);
  const save = async (event) => {
    event.preventDefault();
    if (Object.keys(errors).length) return;
    setSaving(true);
    try {
      const accepted = await checkedSheet(app, game.id, { ...sheet, ...values }, character.kind);
      const changes = changesOf(path, sheet, accepted);
      if (changes.length) {
        const said = changes.slice(0, 3).join(", ") + (changes.length > 3 ? ` and ${changes.length - 3} more` : "");
        const result = { label: `${accepted.name}: items edited`, events: changes, text: [`${accepted.name}: items edited — ${said}`] };
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
    <h2>${decl.label || "Items carried"}</h2>
    <${ItemsEditor} decl=${decl} rows=${rows} errorAt=${shown} onChange=${(next) => { setRows(next); setEngineError(null); }} />
    ${engineError && !placed ? html`<p class="field-error" role="alert">${engineError.first || engineError.message}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${() => setRows(null)}>Cancel</button>
      <button type="submit" class="primary" disabled=${saving}>Save items</button>
    </div>
  </form>`;
}
