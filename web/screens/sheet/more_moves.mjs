// "More moves": the rarer moves of a character, on the sheet under its quick actions and on an encounter
// card, one tap to show them under the game's headings (Rolls, Injury …), one tap on a move to open its drawer;
// a move on a skill first asks which (the character's own skills, then the game's list, searchable): three taps.
import { html, useEffect, useId, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { byHeading } from "../../games/moves.mjs";
import { skillList } from "../party/skill_list.mjs";

/** ``actions``: the moves to offer; ``onOpen(spec, event)`` opens the drawer; ``id``: unique on the page. */
export function MoreMoves({ game, sheet, actions, onOpen, id, name }) {
  const [open, setOpen] = useState(false);
  const [choosing, setChoosing] = useState(null); // the move whose skill is being picked
  if (!actions.length) return null;
  const tap = (action, event) =>
    action.choose ? setChoosing(action) : onOpen({ ...action, title: action.label }, event);
  return html`<div class="more-moves" data-more-moves>
    <button type="button" class="more-toggle" aria-expanded=${String(open)} aria-controls=${id}
      onClick=${() => {
        setOpen(!open);
        setChoosing(null);
      }}>${open ? "Fewer moves" : "More moves…"}</button>
    ${
      open
        ? html`<div class="more-panel" id=${id} role="region" aria-label=${`More moves for ${name}`}>
      ${
        choosing
          ? html`<${SkillChooser} game=${game} sheet=${sheet} action=${choosing} onBack=${() => setChoosing(null)}
            onPick=${(skill, event) => {
              const spec = choosing.choose.spec(skill, sheet);
              onOpen({ ...spec, key: choosing.key, label: spec.title }, event);
            }} />`
          : byHeading(actions).map(
              ([heading, list]) => html`<div class="more-group" key=${heading} role="group" aria-label=${heading}>
          <p class="more-heading" aria-hidden="true">${heading}</p>
          <div class="quick-actions">${list.map(
            (action) => html`<button type="button" key=${action.key} data-action=${action.key} data-op=${action.op}
            onClick=${(event) => tap(action, event)}>${action.label}${action.choose ? "…" : ""}</button>`,
          )}</div>
        </div>`,
            )
      }
    </div>`
        : null
    }
  </div>`;
}

/** Which skill: the character's own first (with their value), then the rest of the game's list. */
function SkillChooser({ game, sheet, action, onPick, onBack }) {
  const app = useApp();
  const [all, setAll] = useState([]);
  const [query, setQuery] = useState("");
  const id = useId();
  useEffect(() => {
    skillList(app, game.id).then(setAll);
  }, [game.id]);
  const words = query.trim().toLowerCase();
  const fits = (skill) => !words || skill.toLowerCase().includes(words);
  const mine = action.choose.mine(sheet);
  const own = new Set(mine.map(([skill]) => skill));
  const rest = all
    .filter((entry) => !entry.family)
    .map((entry) => entry.name)
    .filter((skill) => !own.has(skill) && fits(skill)); // a family is no skill to roll: its specialities are
  const choice = (
    skill,
    value,
  ) => html`<li key=${skill}><button type="button" data-choice=${skill} onClick=${(event) => onPick(skill, event)}>
    ${skill}${value === undefined ? "" : html` <span class="row-value">${value}</span>`}</button></li>`;
  return html`<div class="skill-chooser" role="group" aria-labelledby=${`${id}-title`}>
    <div class="chooser-head">
      <button type="button" class="ghost" onClick=${onBack}>‹ Back</button>
      <p id=${`${id}-title`} class="more-heading">${action.label}: ${action.choose.title.toLowerCase()}</p>
    </div>
    <div class="field">
      <label for=${`${id}-search`}>Find a skill</label>
      <input id=${`${id}-search`} type="search" autocomplete="off" value=${query} placeholder="Type to search" onInput=${(event) => setQuery(event.currentTarget.value)} />
    </div>
    ${
      mine.some(([skill]) => fits(skill))
        ? html`<p class="more-heading">On the sheet</p>
      <ul class="choices">${mine.filter(([skill]) => fits(skill)).map(([skill, value]) => choice(skill, value))}</ul>`
        : null
    }
    <p class="more-heading">${mine.length ? "Not on the sheet" : "The skills"}</p>
    ${all.length ? null : html`<p class="help">Reading the skill list…</p>`}
    <ul class="choices">${rest.map((skill) => choice(skill))}</ul>
  </div>`;
}
