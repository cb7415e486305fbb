// Skills from the game's list (engine operation <game>.skill_list), searchable; each chosen skill has its
// value in a number field. A name not on the list can be added as the table's own skill.
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { NumberField } from "../../components/field.mjs";
import { skillList } from "./skill_list.mjs";

/** ``skills``: the chosen ones (name → value) shown as fields; ``hidden``: names not offered again. */
export function SkillPicker({ game, skills, hidden = skills, raw, errorAt, onSet, onAdd, onRemove }) {
  const app = useApp();
  const [all, setAll] = useState([]);
  const [query, setQuery] = useState("");
  useEffect(() => { skillList(app, game.id).then(setAll); }, [game.id]);
  const words = query.trim().toLowerCase();
  const matches = all.filter((entry) => !(entry.name in hidden) && (!words || entry.name.toLowerCase().includes(words))).slice(0, words ? 12 : 8);
  const exact = all.some((entry) => entry.name.toLowerCase() === words);
  return html`<fieldset class="skills-picker">
    <legend>Skills</legend>
    <div class="grid-fields skills-chosen">
      ${Object.entries(skills).map(([name, value]) => html`<div class="skill-chosen" key=${name}>
        <${NumberField} label=${name} name=${`skills.${name}`} min=${game.creation.skills.min} max=${game.creation.skills.max}
          value=${raw[`skills.${name}`]?.text ?? String(value)} error=${errorAt(`skills.${name}`)} onInput=${(text, bad) => onSet(name, text, bad)} />
        <button type="button" class="ghost remove" aria-label=${`Remove ${name}`} onClick=${() => onRemove(name)}>✕</button>
      </div>`)}
    </div>
    <div class="field">
      <label for="skill-search">Find a skill</label>
      <input id="skill-search" type="search" autocomplete="off" value=${query} placeholder="Type to search" onInput=${(event) => setQuery(event.currentTarget.value)} />
    </div>
    <ul class="skill-matches" aria-label="Skills to add">
      ${matches.map((entry) => html`<li key=${entry.name}><button type="button" onClick=${() => { onAdd(entry.name, game.creation.skills.start(entry)); setQuery(""); }}>
        + ${entry.name}${entry.base !== null && entry.base !== undefined ? ` (${entry.base})` : ""}</button></li>`)}
      ${words && !exact && !(query.trim() in hidden) ? html`<li><button type="button" onClick=${() => { onAdd(query.trim(), game.creation.skills.start(null)); setQuery(""); }}>+ Add “${query.trim()}”</button></li>` : null}
    </ul>
  </fieldset>`;
}
