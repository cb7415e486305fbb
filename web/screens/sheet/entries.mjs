// A list of named entries on a sheet (Armageddon's Qualities and Drawbacks, …), for every list a game names in its
// module's ``lists``: { path, title, keys, extra, blank, summary, none, add }. Each entry's fields are the sheet's
// declaration (games/sheet_spec.mjs ``entryFields``), so the page holds no copy of their bounds. The sheet shows the
// list; Edit opens an editor (Add, each field in place, Remove) that saves through the game's own check, logged with
// what changed and undoable. The guided new-character form uses the same editor (``EntryEditor``).
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { saveSheetEdit } from "../../app/checked_sheet.mjs";
import { entryFields } from "../../games/sheet_spec.mjs";
import { FieldInput, draftOf, readRow } from "./weapons.mjs";

/** The list's fields from the declaration, with what only the page knows (``extra``). */
export const listFields = (game, list) => entryFields(game.sheet, list.path, list.keys, list.extra);

const nameOf = (row, index, list) =>
  (typeof row.name === "string" && row.name.trim()) || `${list.one || "Entry"} ${index + 1}`;

/** Editable rows of the stored entries. */
export const entriesDraft = (game, list, sheet) =>
  (sheet?.[list.path] || []).map((entry) => draftOf(listFields(game, list), entry));

/** The entries as the sheet stores them, and an error per field path ({values: {[path]: [...]}, errors}). */
export function readEntries(game, list, rows) {
  const fields = listFields(game, list);
  const errors = {};
  const values = rows.map((row, index) => {
    const read = readRow(fields, row, `${list.path}.${index}`, nameOf(row, index, list));
    Object.assign(errors, read.errors);
    return read.value;
  });
  return { values: { [list.path]: values }, errors };
}

/** The editor (controlled): ``rows`` from :func:`entriesDraft`, ``onChange(next rows)``, ``errorAt(path)``. */
export function EntryEditor({ game, list, rows, onChange, errorAt = () => null, sheet }) {
  const fields = listFields(game, list);
  const setRow = (index, key, value) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  return html`<fieldset class="entry-list" data-list=${list.path}><legend>${list.title}</legend>
    ${rows.length === 0 ? html`<p class="help">${list.none}</p>` : null}
    ${rows.map(
      (row, index) => html`<fieldset class="grid-fields entry" key=${index} data-entry=${index}>
      <legend>${nameOf(row, index, list)}</legend>
      ${fields.map(
        (
          field,
        ) => html`<${FieldInput} key=${field.key} field=${field} value=${row[field.key]} prefix=${`${list.path}.${index}`}
        said=${nameOf(row, index, list)} sheet=${sheet} error=${errorAt(`${list.path}.${index}.${field.key}`)} onChange=${(value) => setRow(index, field.key, value)} />`,
      )}
      <div class="row-actions"><button type="button" class="danger" data-remove-entry=${index} onClick=${() => onChange(rows.filter((_, at) => at !== index))}>
        Remove ${nameOf(row, index, list)}</button></div>
      ${errorAt(`${list.path}.${index}`) ? html`<p class="field-error" role="alert">${errorAt(`${list.path}.${index}`)}</p>` : null}
    </fieldset>`,
    )}
    <div class="row-actions"><button type="button" data-add-entry=${list.path} onClick=${() => onChange([...rows, draftOf(fields, list.blank)])}>${list.add}</button></div>
    ${errorAt(list.path) ? html`<p class="field-error" role="alert">${errorAt(list.path)}</p>` : null}
  </fieldset>`;
}

/** What a save changed, in words ("Hard to Kill: new", "Obsession changed", "Lucky: removed"). */
function changesOf(list, before, after) {
  const [old, now] = [before[list.path] || [], after[list.path] || []];
  const out = [];
  for (const entry of now) {
    const was = old.find((each) => each.name === entry.name);
    if (!was) out.push(`${entry.name}: new`);
    else if (JSON.stringify(was) !== JSON.stringify(entry)) out.push(`${entry.name} changed`);
  }
  for (const entry of old) if (!now.some((each) => each.name === entry.name)) out.push(`${entry.name}: removed`);
  return out;
}

/** The sheet's list: read, and edited through the game's own check; ``readOnly``, without its Edit button (a player's
 * view: the game master's sheet is the truth). */
export function EntriesPanel({ character, game, list, readOnly = false }) {
  const app = useApp();
  const [rows, setRows] = useState(null);
  const [engineError, setEngineError] = useState(null);
  const [saving, setSaving] = useState(false);
  const sheet = character.sheet;
  const entries = sheet[list.path] || [];
  const id = `group-${list.path}`;
  if (!rows) {
    return html`<section class="row-group entries" aria-labelledby=${id} data-list=${list.path}>
      <h2 id=${id}>${list.title}</h2>
      ${
        entries.length
          ? html`<ul class="entry-summary">${entries.map(
              (entry, index) => html`<li key=${index} data-entry=${index}>
        <strong>${entry.name}</strong> <span class="help">${list.summary(entry, game.sheet)}</span></li>`,
            )}</ul>`
          : html`<p class="help">${list.none}</p>`
      }
      ${
        readOnly
          ? null
          : html`<button type="button" class="edit-entries" onClick=${() => {
              setEngineError(null);
              setRows(entriesDraft(game, list, sheet));
            }}>Edit ${list.title.toLowerCase()}</button>`
      }
    </section>`;
  }
  const { values, errors } = readEntries(game, list, rows);
  const shown = (path) =>
    errors[path] || (engineError && engineError.field === path ? engineError.first || engineError.message : null);
  const placed = engineError && String(engineError.field || "").startsWith(list.path);
  const save = async (event) => {
    event.preventDefault();
    if (Object.keys(errors).length) return;
    setSaving(true);
    try {
      await saveSheetEdit(
        app,
        game,
        character,
        { ...sheet, ...values },
        { what: `${list.title.toLowerCase()} edited`, changesOf: (before, after) => changesOf(list, before, after) },
      );
      setRows(null);
    } catch (error) {
      setEngineError(error);
    } finally {
      setSaving(false);
    }
  };
  return html`<form class="panel entries-form" onSubmit=${save} noValidate aria-label=${`${list.title} of ${sheet.name}`}>
    <${EntryEditor} game=${game} list=${list} rows=${rows} sheet=${sheet} errorAt=${shown} onChange=${(next) => {
      setRows(next);
      setEngineError(null);
    }} />
    ${engineError && !placed ? html`<p class="field-error" role="alert">${engineError.first || engineError.message}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${() => setRows(null)}>Cancel</button>
      <button type="submit" class="primary" disabled=${saving}>Save ${list.title.toLowerCase()}</button>
    </div>
  </form>`;
}
