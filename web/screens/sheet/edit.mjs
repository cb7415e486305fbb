// Editing a sheet: the name, every number, the texts the game declares (games/sheet_spec.mjs ``noteFields``: notes,
// an occupation, a backstory …) and new skills from the game's list, each value checked in place
// (its range at once, then the game's own rules on Save), the message next to the field; nothing is stored
// until every value is accepted. A save is logged with what changed ("STR 50 → 60") and can be undone.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { NoteField, NumberField, TextField, readNumber } from "../../components/field.mjs";
import { extraNumbers, limitsOf, noteFields } from "../../games/sheet_spec.mjs";
import { SkillPicker } from "../party/skill_picker.mjs";
import { saveSheetEdit } from "../../app/checked_sheet.mjs";

function setPath(object, path, value) {
  const copy = structuredClone(object);
  const keys = path.split(".");
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key];
  // defined, not assigned: a skill the user names "__proto__" is a key like any other, never the prototype
  Object.defineProperty(node, keys.at(-1), { value, writable: true, enumerable: true, configurable: true });
  return copy;
}

const valueAt = (object, path) => path.split(".").reduce((node, key) => node?.[key], object);

/** What an edit changed, in the sheet's own labels: ["Name: Jack → Jack Hawk", "Strength 2 → 4", "Dodge: new, 2",
 * "Backstory edited"]. */
function sheetChanges(before, after, rows, added, texts = []) {
  const out = before.name !== after.name ? [`Name: ${before.name} → ${after.name}`] : [];
  for (const field of texts) {
    const [old, now] = [before[field.path] ?? "", after[field.path] ?? ""];
    if (old === now) continue;
    const short = field.kind === "text" && old.length + now.length < 60;
    out.push(short ? `${field.label}: ${old || "none"} → ${now || "none"}` : `${field.label} edited`);
  }
  for (const row of rows) {
    const [old, now] = [valueAt(before, row.path), valueAt(after, row.path)];
    if (old !== now) out.push(`${row.label} ${old ?? "none"} → ${now ?? "none"}`);
  }
  for (const skill of Object.keys(added)) out.push(`${skill}: new, ${valueAt(after, `skills.${skill}`)}`);
  return out;
}

export function SheetEditor({ character, game, onDone }) {
  const app = useApp();
  const sheetKind = game.sheetKind ? game.sheetKind(character) : null;
  // the numbers the game's editor offers beside the rows (a creature's MOV: optional, empty = the rules' formula)
  const others = extraNumbers(game.sheet, game.editNumbers, sheetKind).map((field) => ({
    ...field,
    value: valueAt(character.sheet, field.path) ?? "",
    group: field.section || field.label,
  }));
  const rows = [
    ...game
      .groups(character.sheet)
      .flatMap((group) => group.rows.filter((row) => row.path).map((row) => ({ ...row, group: group.title }))),
    ...others,
  ];
  const [typed, setTyped] = useState(() =>
    Object.fromEntries(rows.map((row) => [row.path, { text: String(row.value), bad: false }])),
  );
  const [engineError, setEngineError] = useState(null);
  const [name, setName] = useState(character.sheet.name);
  const texts = noteFields(game.sheet, sheetKind);
  const [written, setWritten] = useState(() =>
    Object.fromEntries(texts.map((field) => [field.path, String(character.sheet[field.path] ?? "")])),
  );
  const [added, setAdded] = useState({}); // new skill → value, typed in ``typed`` under "skills.<name>"
  const [saving, setSaving] = useState(false);
  const skillLimits = game.creation.skills;
  const addedPaths = Object.keys(added).map((skill) => `skills.${skill}`);
  const errors = {
    ...Object.fromEntries(
      rows.map((row) => [
        row.path,
        readNumber(typed[row.path].text, { ...row, required: !row.optional, badInput: typed[row.path].bad }).error,
      ]),
    ),
    ...Object.fromEntries(
      addedPaths.map((path) => [
        path,
        typed[path]
          ? readNumber(typed[path].text, { ...skillLimits, label: path.slice(7), badInput: typed[path].bad }).error
          : null,
      ]),
    ),
    name: name.trim() ? null : "A character needs a name.",
    ...Object.fromEntries(
      texts
        .filter((field) => field.maxlength && written[field.path].length > field.maxlength)
        .map((field) => [
          field.path,
          `${field.label}: at most ${field.maxlength} characters (${written[field.path].length} now).`,
        ]),
    ),
  };
  const errorAt = (path) =>
    errors[path] ||
    (engineError && [path, path.replace(/\.level$/, "")].includes(engineError.field)
      ? engineError.first || engineError.message
      : null);

  const save = async (event) => {
    event.preventDefault();
    if (Object.values(errors).some(Boolean)) return;
    let sheet = setPath(character.sheet, "name", name.trim());
    if (addedPaths.length && !sheet.skills) sheet = setPath(sheet, "skills", {});
    for (const row of rows)
      sheet = setPath(sheet, row.path, readNumber(typed[row.path].text, { required: !row.optional }).value);
    for (const field of texts) {
      // an optional text left empty stays absent (a creature without a Sanity loss), never stored as ""
      if (field.optional && !written[field.path].trim() && character.sheet[field.path] === undefined) continue;
      sheet = setPath(sheet, field.path, written[field.path]);
    }
    for (const [skill, value] of Object.entries(added))
      sheet = setPath(
        sheet,
        `skills.${skill}`,
        typed[`skills.${skill}`] ? readNumber(typed[`skills.${skill}`].text).value : value,
      );
    setSaving(true);
    try {
      await saveSheetEdit(app, game, character, sheet, {
        what: "sheet edited",
        changesOf: (before, after) => sheetChanges(before, after, rows, added, texts),
      });
      onDone();
    } catch (error) {
      setEngineError(error);
    } finally {
      setSaving(false);
    }
  };
  const groups = [...new Set(rows.map((row) => row.group))];
  const placed =
    engineError &&
    [...rows, ...texts].some(
      (row) => errorAt(row.path) && errorAt(row.path) === (engineError.first || engineError.message),
    );
  const skillNames = Object.fromEntries(
    [...Object.keys(character.sheet.skills || {}), ...Object.keys(added)].map((skill) => [skill, true]),
  );
  return html`<form class="panel sheet-editor" onSubmit=${save} noValidate aria-label=${`Edit ${character.sheet.name}`}>
    <${TextField} label="Name" name="name" value=${name} maxlength=${limitsOf(game.sheet, "name").maxlength ?? 80} error=${errors.name} onInput=${(
      text,
    ) => {
      setName(text);
      setEngineError(null);
    }} />
    ${groups.map(
      (group) => html`<fieldset class="grid-fields" key=${group}><legend>${group}</legend>
      ${rows
        .filter((row) => row.group === group)
        .map(
          (row) => html`<${NumberField} key=${row.path} label=${row.label} name=${row.path}
        min=${row.min} max=${row.max} value=${typed[row.path].text} error=${errorAt(row.path)} help=${row.roll ? undefined : row.help}
        onInput=${(text, bad) => {
          setTyped((old) => ({ ...old, [row.path]: { text, bad } }));
          setEngineError(null);
        }} />`,
        )}
    </fieldset>`,
    )}
    ${
      texts.length
        ? html`<fieldset class="sheet-texts"><legend>Notes</legend>
      ${texts.map(
        (
          field,
        ) => html`<${field.kind === "note" ? NoteField : TextField} key=${field.path} label=${field.label} name=${field.path}
        maxlength=${field.maxlength} help=${field.help} value=${written[field.path]} error=${errorAt(field.path)}
        onInput=${(text) => {
          setWritten((old) => ({ ...old, [field.path]: text }));
          setEngineError(null);
        }} />`,
      )}
    </fieldset>`
        : null
    }
    <${SkillPicker} game=${game} skills=${added} hidden=${skillNames} values=${character.sheet.characteristics} raw=${typed} errorAt=${errorAt}
      onSet=${(skill, text, bad) => {
        setTyped((old) => ({ ...old, [`skills.${skill}`]: { text, bad } }));
        setEngineError(null);
      }}
      onAdd=${(skill, value) => setAdded((old) => ({ ...old, [skill]: value }))}
      onRemove=${(skill) =>
        setAdded((old) => {
          const copy = { ...old };
          delete copy[skill];
          return copy;
        })} />
    ${engineError && !placed ? html`<p class="field-error" role="alert">${engineError.message}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${onDone}>Cancel</button>
      <button type="submit" class="primary" disabled=${saving}>Save the sheet</button>
    </div>
  </form>`;
}
