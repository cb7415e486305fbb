// Weapons and armour on a sheet, for every game that declares them (games/*.mjs ``weapons``):
//   weapons: { fields: [{ key, label, kind: "text" | "choice" | "bool" | "int", choices, min, max, optional, help, maxlength }],
//              blank: {...},                 // a new blank weapon
//              presetsOp: "coc.weapon_list", // the game's common weapons (details.weapons), offered by Add
//              path: "weapons",              // where the list lives on the sheet (default "weapons")
//              summary: (weapon) => "1D4 + DB, impales",  // one line per weapon on the sheet (optional)
//              armour: { path, label, kind: "int", min, max }                      // a number on the sheet
//                   or { path, label, fields: [...same kinds...], blank: {...} } } // an object, or none at all
// ``choices`` are [value, words] pairs or a function of the sheet returning them. A list of weapons with Add
// (one of the game's common weapons, or a blank one), each field with its own input, Remove; the armour. Numbers
// keep the text typed; reading the editor gives the values or an error per field in the form's words
// ("Knife — Damage: …"), and an engine refusal naming ``weapons.0.damage`` shows next to that field.
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { saveSheetEdit } from "../../app/checked_sheet.mjs";
import { CheckField, ChoiceField, NumberField, TextField, readNumber } from "../../components/field.mjs";

const listPath = (decl) => decl.path || "weapons";
const optionsOf = (field, sheet, value) => {
  const options = typeof field.choices === "function" ? field.choices(sheet || {}) : field.choices || [];
  // a value the list does not offer (typed elsewhere, an older sheet) stays selectable as it is
  return value && !options.some(([option]) => option === value) ? [[value, value], ...options] : options;
};

/** Editable rows from stored values: numbers become the text shown in their fields. */
export function draftOf(fields, item) {
  const row = {};
  for (const field of fields) {
    const value = item?.[field.key];
    if (field.kind === "int" || field.kind === "number")
      row[field.key] = { text: value === null || value === undefined ? "" : String(value), bad: false };
    else if (field.kind === "bool") row[field.key] = Boolean(value);
    else row[field.key] = value ?? "";
  }
  return row;
}

/** The editor's state for ``sheet``: {rows, armour} (armour: a text, an object's row, or null for none). */
export function weaponsDraft(decl, sheet) {
  const rows = (sheet?.[listPath(decl)] || []).map((weapon) => draftOf(decl.fields, weapon));
  const armour = decl.armour;
  if (!armour) return { rows, armour: null };
  const stored = sheet?.[armour.path];
  if (armour.fields) return { rows, armour: stored ? draftOf(armour.fields, stored) : null };
  return {
    rows,
    armour: { text: stored === null || stored === undefined ? String(armour.min ?? 0) : String(stored), bad: false },
  };
}

const itemName = (row, index, what = "Weapon") =>
  (typeof row.name === "string" && row.name.trim()) || `${what} ${index + 1}`;

export function readRow(fields, row, prefix, said) {
  const value = {};
  const errors = {};
  for (const field of fields) {
    const raw = row[field.key];
    if (field.kind === "int" || field.kind === "number") {
      const read = readNumber(raw.text, {
        min: field.min ?? null,
        max: field.max ?? null,
        required: !field.optional,
        badInput: raw.bad,
        label: `${said} — ${field.label}`,
        decimals: field.kind === "number",
      });
      if (read.error) errors[`${prefix}.${field.key}`] = read.error;
      else value[field.key] = read.value;
    } else if (field.kind === "bool") value[field.key] = Boolean(raw);
    else if (field.kind === "text" && field.required && !String(raw).trim())
      errors[`${prefix}.${field.key}`] = `${said} — ${field.label}: this is needed.`;
    else value[field.key] = field.kind === "text" ? String(raw).trim() : raw;
  }
  return { value, errors };
}

/** The values the editor shows, as the sheet stores them: {values: {weapons, armour?}, errors: {path: message}}. */
export function readWeapons(decl, draft) {
  const errors = {};
  const weapons = draft.rows.map((row, index) => {
    const read = readRow(decl.fields, row, `${listPath(decl)}.${index}`, itemName(row, index));
    Object.assign(errors, read.errors);
    return read.value;
  });
  const values = { [listPath(decl)]: weapons };
  const armour = decl.armour;
  if (armour?.fields) {
    if (draft.armour) {
      const read = readRow(
        armour.fields,
        draft.armour,
        armour.path,
        itemName(draft.armour, 0, "Armour").replace(/ 1$/, ""),
      );
      Object.assign(errors, read.errors);
      values[armour.path] = read.value;
    } else values[armour.path] = null;
  } else if (armour) {
    const read = readNumber(draft.armour.text, {
      min: armour.min ?? 0,
      max: armour.max ?? null,
      badInput: draft.armour.bad,
      label: armour.label,
    });
    if (read.error) errors[armour.path] = read.error;
    else values[armour.path] = read.value;
  }
  return { values, errors };
}

/** The game's common weapons ({name, …} each), asked of the engine once per editor. */
function usePresets(decl) {
  const app = useApp();
  const [presets, setPresets] = useState([]);
  useEffect(() => {
    if (!decl.presetsOp) return undefined;
    let live = true;
    app.services.engine
      .call(decl.presetsOp, {})
      .then((result) => {
        if (live) setPresets(result.details?.weapons || []);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [decl.presetsOp]);
  return presets;
}

export function FieldInput({ field, value, prefix, sheet, error, onChange }) {
  const name = `${prefix}.${field.key}`;
  const label = field.label;
  switch (field.kind) {
    case "bool":
      return html`<${CheckField} key=${field.key} name=${name} label=${label} checked=${value} help=${field.help} onChange=${(checked) => onChange(checked)} />`;
    case "choice":
      return html`<${ChoiceField} key=${field.key} name=${name} label=${label} value=${value} error=${error} help=${field.help}
      options=${optionsOf(field, sheet, value)} onChange=${(next) => onChange(next)} />`;
    case "number":
    case "int":
      return html`<${NumberField} key=${field.key} name=${name} label=${label} min=${field.min ?? null} max=${field.max ?? null} decimals=${field.kind === "number"}
      value=${value.text} error=${error} help=${field.help} onInput=${(text, bad) => onChange({ text, bad })} />`;
    default:
      return html`<${TextField} key=${field.key} name=${name} label=${label} value=${value} error=${error} help=${field.help}
      maxlength=${field.maxlength ?? 80} onInput=${(text) => onChange(text)} />`;
  }
}

/** The editor itself (controlled): ``draft`` from :func:`weaponsDraft`, ``onChange(next draft)``, ``errorAt(path)``. */
export function WeaponsEditor({ decl, draft, onChange, errorAt = () => null, sheet }) {
  const presets = usePresets(decl);
  const [adding, setAdding] = useState("");
  const path = listPath(decl);
  const setRow = (index, key, value) =>
    onChange({ ...draft, rows: draft.rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)) });
  const add = () => {
    const preset = adding === "" ? decl.blank : presets[Number(adding)];
    onChange({ ...draft, rows: [...draft.rows, draftOf(decl.fields, preset)] });
  };
  const armour = decl.armour;
  return html`<div class="weapons-editor">
    <fieldset class="weapon-list"><legend>Weapons</legend>
      ${draft.rows.length === 0 ? html`<p class="help">No weapons: an attack is unarmed.</p>` : null}
      ${draft.rows.map(
        (row, index) => html`<fieldset class="grid-fields weapon" key=${index} data-weapon=${index}>
        <legend>${itemName(row, index)}</legend>
        ${decl.fields.map(
          (
            field,
          ) => html`<${FieldInput} key=${field.key} field=${field} value=${row[field.key]} prefix=${`${path}.${index}`}
          said=${itemName(row, index)} sheet=${sheet} error=${errorAt(`${path}.${index}.${field.key}`)} onChange=${(value) => setRow(index, field.key, value)} />`,
        )}
        <div class="row-actions weapon-actions">
          <button type="button" class="danger" data-remove-weapon=${index} onClick=${() => onChange({ ...draft, rows: draft.rows.filter((_, i) => i !== index) })}>
            Remove ${itemName(row, index)}</button>
        </div>
        ${errorAt(`${path}.${index}`) ? html`<p class="field-error" role="alert">${errorAt(`${path}.${index}`)}</p>` : null}
      </fieldset>`,
      )}
      <div class="row-actions add-weapon">
        <${ChoiceField} label="New weapon" name="new-weapon" value=${adding} onChange=${setAdding}
          options=${[["", "Blank weapon"], ...presets.map((preset, index) => [String(index), preset.name])]} />
        <button type="button" class="add-weapon-button" onClick=${add}>Add weapon</button>
      </div>
      ${errorAt(path) ? html`<p class="field-error" role="alert">${errorAt(path)}</p>` : null}
    </fieldset>
    ${
      armour && !armour.fields
        ? html`<fieldset class="grid-fields armour"><legend>Armour</legend>
      <${NumberField} name=${armour.path} label=${armour.label} min=${armour.min ?? 0} max=${armour.max ?? null} help=${armour.help}
        value=${draft.armour.text} error=${errorAt(armour.path)} onInput=${(text, bad) => onChange({ ...draft, armour: { text, bad } })} />
    </fieldset>`
        : null
    }
    ${
      armour?.fields
        ? html`<fieldset class="grid-fields armour"><legend>${armour.label || "Armour"}</legend>
      ${
        draft.armour
          ? html`${armour.fields.map(
              (
                field,
              ) => html`<${FieldInput} key=${field.key} field=${field} value=${draft.armour[field.key]} prefix=${armour.path}
            said=${itemName(draft.armour, 0, "Armour").replace(/ 1$/, "")} sheet=${sheet} error=${errorAt(`${armour.path}.${field.key}`)}
            onChange=${(value) => onChange({ ...draft, armour: { ...draft.armour, [field.key]: value } })} />`,
            )}
          <div class="row-actions"><button type="button" class="danger" data-remove-armour onClick=${() => onChange({ ...draft, armour: null })}>Remove the armour</button></div>`
          : html`<p class="help">No armour.</p><div class="row-actions"><button type="button" data-add-armour onClick=${() => onChange({ ...draft, armour: draftOf(armour.fields, armour.blank) })}>Add armour</button></div>`
      }
      ${errorAt(armour.path) ? html`<p class="field-error" role="alert">${errorAt(armour.path)}</p>` : null}
    </fieldset>`
        : null
    }
  </div>`;
}

/** One weapon in a line of words: the declaration's summary, or its name. */
const summaryOf = (decl, weapon) => (decl.summary ? decl.summary(weapon) : "");

/** What a save changed, in words ("Knife: new", "Armour 0 → 1", "Club: removed", "Knife changed"). */
function changesOf(decl, before, after) {
  const path = listPath(decl);
  const names = (sheet) => (sheet[path] || []).map((weapon) => weapon.name);
  const [old, now] = [before[path] || [], after[path] || []];
  const out = [];
  now.forEach((weapon, index) => {
    const was = old.find((each) => each.name === weapon.name);
    if (!was) out.push(`${weapon.name}: new`);
    else if (JSON.stringify(was) !== JSON.stringify(weapon) || old.indexOf(was) !== index)
      out.push(`${weapon.name} changed`);
  });
  for (const name of names(before)) if (!names(after).includes(name)) out.push(`${name}: removed`);
  const armour = decl.armour;
  if (armour) {
    const said = (value) =>
      value === null || value === undefined
        ? "none"
        : typeof value === "object"
          ? `${value.name || "armour"}`
          : String(value);
    if (JSON.stringify(before[armour.path] ?? null) !== JSON.stringify(after[armour.path] ?? null))
      out.push(`${armour.label} ${said(before[armour.path])} → ${said(after[armour.path])}`);
  }
  return out;
}

/** The sheet's weapons and armour: a list to read, and an editor that saves through the game's own check. */
/** ``readOnly``: shown without its Edit button (a player's view: the game master's sheet is the truth). */
export function WeaponsPanel({ character, game, readOnly = false }) {
  const app = useApp();
  const decl = game.weapons;
  const [draft, setDraft] = useState(null);
  const [engineError, setEngineError] = useState(null);
  const [saving, setSaving] = useState(false);
  if (!decl) return null;
  const sheet = character.sheet;
  const weapons = sheet[listPath(decl)] || [];
  const armour = decl.armour && sheet[decl.armour.path];
  if (!draft) {
    return html`<section class="row-group weapons" aria-labelledby="group-weapons">
      <h2 id="group-weapons">Weapons and armour</h2>
      ${
        weapons.length
          ? html`<ul class="weapon-summary">${weapons.map(
              (weapon, index) => html`<li key=${index} data-weapon=${index}>
        <strong>${weapon.name}</strong>${summaryOf(decl, weapon) ? html` <span class="help">${summaryOf(decl, weapon)}</span>` : null}</li>`,
            )}</ul>`
          : html`<p class="help">No weapons: an attack is unarmed.</p>`
      }
      ${
        decl.armour
          ? html`<p class="armour-summary">${
              decl.armour.fields
                ? armour
                  ? `Armour: ${decl.armour.summary ? decl.armour.summary(armour) : armour.name}`
                  : "No armour."
                : `${decl.armour.label}: ${armour ?? 0}`
            }</p>`
          : null
      }
      ${
        readOnly
          ? null
          : html`<button type="button" class="edit-weapons" onClick=${() => {
              setEngineError(null);
              setDraft(weaponsDraft(decl, sheet));
            }}>Edit weapons and armour</button>`
      }
    </section>`;
  }
  const { values, errors } = readWeapons(decl, draft);
  const shown = (path) =>
    errors[path] || (engineError && engineError.field === path ? engineError.first || engineError.message : null);
  const placed =
    (engineError && (engineError.field || "").startsWith(listPath(decl))) ||
    (decl.armour && engineError?.field?.startsWith(decl.armour.path));
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
        { what: "weapons and armour edited", changesOf: (before, after) => changesOf(decl, before, after) },
      );
      setDraft(null);
    } catch (error) {
      setEngineError(error);
    } finally {
      setSaving(false);
    }
  };
  return html`<form class="panel weapons-form" onSubmit=${save} noValidate aria-label=${`Weapons and armour of ${sheet.name}`}>
    <h2>Weapons and armour</h2>
    <${WeaponsEditor} decl=${decl} draft=${draft} sheet=${sheet} errorAt=${shown} onChange=${(next) => {
      setDraft(next);
      setEngineError(null);
    }} />
    ${engineError && !placed ? html`<p class="field-error" role="alert">${engineError.first || engineError.message}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${() => setDraft(null)}>Cancel</button>
      <button type="submit" class="primary" disabled=${saving}>Save weapons and armour</button>
    </div>
  </form>`;
}
