// Skills from the game's list (engine operation <game>.skill_list), searchable; each chosen skill has its
// value in a number field. A name not on the list can be added as the table's own skill. A skill whose base
// the rules take from the character starts at that value, computed from ``values`` (the numbers so far).
// A family of the list (its row says ``family``: Science, Language (Other), Craft …) takes a speciality typed
// here, any number of times, each its own skill at the family's base (rules/coc.md §3.2a; py_rules/skill_names.py);
// a family whose name is a skill by itself too (``alone``: Armageddon's Craft) is offered both ways.
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { NumberField } from "../../components/field.mjs";
import { baseValue, baseWords, skillList, specialityName } from "./skill_list.mjs";
import { hasOwn } from "../../store/own.mjs";

/**
 * ``skills``: the chosen ones (name → value) shown as fields; ``hidden``: names not offered again; ``values``:
 * the character's numbers by name (CoC: DEX, EDU …); ``note``: a line under the chosen skills.
 * ``onAdd(name, value, entry)`` gets the list row (null for the table's own skill).
 */
export function SkillPicker({
  game,
  skills,
  hidden = skills,
  values = {},
  raw,
  errorAt,
  note = null,
  onSet,
  onAdd,
  onRemove,
}) {
  const app = useApp();
  const [all, setAll] = useState([]);
  const [query, setQuery] = useState("");
  const [family, setFamily] = useState(null); // the family row whose speciality is being typed
  useEffect(() => {
    skillList(app, game.id).then(setAll);
  }, [game.id]);
  const limits = game.creation.skills;
  const startOf = (entry) => (entry ? baseValue(entry, values, limits.max) : null) ?? limits.start(entry);
  const words = query.trim().toLowerCase();
  const matches = all
    .filter(
      (entry) => (entry.family || !hasOwn(hidden, entry.name)) && (!words || entry.name.toLowerCase().includes(words)),
    )
    .slice(0, words ? 12 : 8);
  const exact = all.some((entry) => entry.name.toLowerCase() === words);
  return html`<fieldset class="skills-picker">
    <legend>Skills</legend>
    <div class="grid-fields skills-chosen">
      ${Object.entries(skills).map(
        ([name, value]) => html`<div class="skill-chosen" key=${name}>
        <${NumberField} label=${name} name=${`skills.${name}`} min=${limits.min} max=${limits.max}
          value=${raw[`skills.${name}`]?.text ?? String(value)} error=${errorAt(`skills.${name}`)} onInput=${(text, bad) => onSet(name, text, bad)} />
        <button type="button" class="ghost remove" aria-label=${`Remove ${name}`} onClick=${() => onRemove(name)}>✕</button>
      </div>`,
      )}
    </div>
    ${note ? html`<p class="help skills-note">${note}</p>` : null}
    <div class="field">
      <label for="skill-search">Find a skill</label>
      <input id="skill-search" type="search" autocomplete="off" value=${query} placeholder="Type to search" onInput=${(event) => setQuery(event.currentTarget.value)} />
    </div>
    ${
      family
        ? html`<${SpecialityField} family=${family} taken=${(name) => hasOwn(skills, name)} onCancel=${() => setFamily(null)}
      onAdd=${(name) => {
        onAdd(name, startOf(family), family);
        setFamily(null);
        setQuery("");
      }} />`
        : null
    }
    <ul class="skill-matches" aria-label="Skills to add">
      ${matches.flatMap((entry) => [
        ...(!entry.family || (entry.alone && !hasOwn(hidden, entry.name))
          ? [
              html`<li key=${entry.name}><button type="button" onClick=${() => {
                onAdd(entry.name, startOf(entry), entry);
                setQuery("");
              }}>
            + ${entry.name}${baseWords(entry, values)}</button></li>`,
            ]
          : []),
        ...(entry.family
          ? [
              html`<li key=${`${entry.name} (…)`}><button type="button" class="family" aria-expanded=${String(family?.name === entry.name)} onClick=${() => setFamily(entry)}>
            + ${entry.name} (a speciality…)${baseWords(entry, values)}</button></li>`,
            ]
          : []),
      ])}
      ${
        words && !exact && !hasOwn(hidden, query.trim())
          ? html`<li><button type="button" onClick=${() => {
              onAdd(query.trim(), startOf(null), null);
              setQuery("");
            }}>+ Add “${query.trim()}”</button></li>`
          : null
      }
    </ul>
  </fieldset>`;
}

/** The speciality of ``family`` typed and added as its own skill, "Family (Speciality)"; Enter adds it too (and never
 * sends the form around it). ``taken(name)``: whether that skill is chosen already. */
function SpecialityField({ family, taken, onAdd, onCancel }) {
  const [text, setText] = useState("");
  const [said, setSaid] = useState("");
  const id = `speciality-${family.name.replace(/[^A-Za-z0-9]+/g, "-")}`;
  const example = family.specialities?.[0] ?? "";
  useEffect(() => {
    document.getElementById(id)?.focus();
  }, [id]); // opened to type: the field has the keyboard
  const add = () => {
    const speciality = text.trim();
    if (!speciality) {
      setSaid(`Type the speciality of ${family.name}${example ? `, e.g. ${example}` : ""}.`);
      return;
    }
    const name = specialityName(family, speciality);
    if (taken(name)) {
      setSaid(`${name} is chosen already.`);
      return;
    }
    onAdd(name);
  };
  return html`<div class="field speciality-field">
    <label for=${id}>Speciality of ${family.name}</label>
    <input id=${id} type="text" autocomplete="off" maxlength="60" value=${text} placeholder=${example ? `e.g. ${example}` : ""}
      aria-invalid=${said ? "true" : undefined} aria-describedby=${said ? `${id}-said` : undefined}
      onInput=${(event) => {
        setText(event.currentTarget.value);
        setSaid("");
      }}
      onKeyDown=${(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          add();
        }
      }} />
    ${said ? html`<p class="field-error" id=${`${id}-said`} role="alert">${said}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${onCancel}>Cancel</button>
      <button type="button" class="primary" onClick=${add}>Add ${specialityName(family, text.trim() || "…")}</button>
    </div>
  </div>`;
}
