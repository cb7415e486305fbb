// One character at a glance: pools against their maxima, the penalty their state imposes, conditions.
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { Bar } from "../../components/bar.mjs";

/** The engine's one-line summary of a sheet (e.g. the state's penalty), refreshed when the sheet changes. */
export function useSheetSummary(query) {
  const app = useApp();
  const [text, setText] = useState("");
  const key = query ? JSON.stringify(query.args) : "";
  useEffect(() => {
    if (!query) return undefined;
    let live = true;
    app.services.engine.call(query.op, query.args).then((result) => live && setText(query.show(result)), () => live && setText(""));
    return () => { live = false; };
  }, [key]);
  return text;
}

export function CharacterCard({ character, game, href, compact = false }) {
  const card = game.card(character.sheet);
  const summary = useSheetSummary(card.query);
  return html`<article class="character-card" data-character=${character.id}>
    ${compact ? null : html`<h2>${character.sheet.name} ${character.kind === "npc" ? html`<span class="tag">NPC</span>` : null}</h2>`}
    ${card.bars.map((bar) => html`<${Bar} key=${bar.label} ...${bar} />`)}
    ${card.facts ? html`<p class="facts">${card.facts.map(([label, value]) => html`<span key=${label}>${label} ${value}</span>`)}</p>` : null}
    ${summary ? html`<p class="summary-line">${summary}</p>` : null}
    <p class="conditions">${card.conditions.length ? card.conditions.join(", ") : "No conditions"}</p>
    ${compact ? null : html`<a class="button" href=${href}>Open the sheet</a>`}
  </article>`;
}
