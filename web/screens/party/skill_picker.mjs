// Skills from the game's list (engine operation <game>.skill_list), searchable; each chosen skill has its
// value in a number field. A name not on the list can be added as the table's own skill. A skill whose base
// the rules take from the character starts at that value, computed from ``values`` (the numbers so far).
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { NumberField } from "../../components/field.mjs";
import { baseValue, baseWords, skillList } from "./skill_list.mjs";
import { hasOwn } from "../../store/own.mjs";

/**
 * ``skills``: the chosen ones (name → value) shown as fields; ``hidden``: names not offered again; ``values``:
 * the character's numbers by name (CoC: DEX, EDU …); ``note``: a line under the chosen skills.
 * ``onAdd(name, value, entry)`` gets the list row (null for the table's own skill).
 */
export function SkillPicker({ game, skills, hidden = skills, values = {}, raw, errorAt, note = null, onSet, onAdd, onRemove }) {
  const app = useApp();
  const [all, setAll] = useState([]);
  const [query, setQuery] = useState("");
  useEffect(() => { skillList(app, game.id).then(setAll); }, [game.id]);
  const limits = game.creation.skills;
  const startOf = (entry) => (entry ? baseValue(entry, values, limits.max) : null) ?? limits.start(entry);
  const words = query.trim().toLowerCase();
  const matches = all.filter((entry) => !hasOwn(hidden, entry.name) && (!words || entry.name.toLowerCase().includes(words))).slice(0, words ? 12 : 8);
  const exact = all.some((entry) => entry.name.toLowerCase() === words);
  return html`<fieldset class="skills-picker">
    <legend>Skills</legend>
    <div class="grid-fields skills-chosen">
      ${Object.entries(skills).map(([name, value]) => html`<div class="skill-chosen" key=${name}>
        <${NumberField} label=${name} name=${`skills.${name}`} min=${limits.min} max=${limits.max}
          value=${raw[`skills.${name}`]?.text ?? String(value)} error=${errorAt(`skills.${name}`)} onInput=${(text, bad) => onSet(name, text, bad)} />
        <button type="button" class="ghost remove" aria-label=${`Remove ${name}`} onClick=${() => onRemove(name)}>✕</button>
      </div>`)}
    </div>
    ${note ? html`<p class="help skills-note">${note}</p>` : null}
    <div class="field">
      <label for="skill-search">Find a skill</label>
      <input id="skill-search" type="search" autocomplete="off" value=${query} placeholder="Type to search" onInput=${(event) => setQuery(event.currentTarget.value)} />
    </div>
    <ul class="skill-matches" aria-label="Skills to add">
      ${matches.map((entry) => html`<li key=${entry.name}><button type="button" onClick=${() => { onAdd(entry.name, startOf(entry), entry); setQuery(""); }}>
        + ${entry.name}${baseWords(entry, values)}</button></li>`)}
      ${words && !exact && !hasOwn(hidden, query.trim()) ? html`<li><button type="button" onClick=${() => { onAdd(query.trim(), startOf(null), null); setQuery(""); }}>+ Add “${query.trim()}”</button></li>` : null}
    </ul>
  </fieldset>`;
}
