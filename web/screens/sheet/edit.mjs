// Editing a sheet's numbers: each value checked in place (its range at once, then the game's own rules on
// Save), the message next to the field; nothing is stored until every value is accepted.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { replaceCharacter } from "../../app/actions.mjs";
import { NumberField, readNumber } from "../../components/field.mjs";
import { checkedSheet } from "../checked_sheet.mjs";

function setPath(object, path, value) {
  const copy = structuredClone(object);
  const keys = path.split(".");
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys.at(-1)] = value;
  return copy;
}

export function SheetEditor({ character, game, onDone }) {
  const app = useApp();
  const rows = game.groups(character.sheet).flatMap((group) => group.rows.filter((row) => row.path).map((row) => ({ ...row, group: group.title })));
  const [typed, setTyped] = useState(() => Object.fromEntries(rows.map((row) => [row.path, { text: String(row.value), bad: false }])));
  const [engineError, setEngineError] = useState(null);
  const [saving, setSaving] = useState(false);
  const errors = Object.fromEntries(rows.map((row) => [row.path, readNumber(typed[row.path].text, { ...row, badInput: typed[row.path].bad }).error]));
  const errorAt = (path) => errors[path] || (engineError && [path, path.replace(/\.level$/, "")].includes(engineError.field) ? engineError.first || engineError.message : null);

  const save = async (event) => {
    event.preventDefault();
    if (Object.values(errors).some(Boolean)) return;
    let sheet = character.sheet;
    for (const row of rows) sheet = setPath(sheet, row.path, readNumber(typed[row.path].text).value);
    setSaving(true);
    try {
      const accepted = await checkedSheet(app, game.id, sheet, character.kind);
      await replaceCharacter(app, app.state.campaign, character.id, { sheet: accepted });
      onDone();
    } catch (error) {
      setEngineError(error);
    } finally {
      setSaving(false);
    }
  };
  const groups = [...new Set(rows.map((row) => row.group))];
  const placed = engineError && rows.some((row) => errorAt(row.path) && errorAt(row.path) === (engineError.first || engineError.message));
  return html`<form class="panel sheet-editor" onSubmit=${save} noValidate aria-label=${`Edit ${character.sheet.name}`}>
    ${groups.map((group) => html`<fieldset class="grid-fields" key=${group}><legend>${group}</legend>
      ${rows.filter((row) => row.group === group).map((row) => html`<${NumberField} key=${row.path} label=${row.label} name=${row.path}
        min=${row.min} max=${row.max} value=${typed[row.path].text} error=${errorAt(row.path)}
        onInput=${(text, bad) => { setTyped((old) => ({ ...old, [row.path]: { text, bad } })); setEngineError(null); }} />`)}
    </fieldset>`)}
    ${engineError && !placed ? html`<p class="field-error" role="alert">${engineError.message}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${onDone}>Cancel</button>
      <button type="submit" class="primary" disabled=${saving}>Save the sheet</button>
    </div>
  </form>`;
}
