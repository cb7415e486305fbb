// Always in view at the bottom, like the drawer's Roll: the round, whose turn it is, and Next.
import { html } from "../../app/html.mjs";

export function TurnBar({ encounter, busy, engine, onNext }) {
  const now = encounter.combatants[encounter.turn];
  return html`<div class="turn-bar" role="region" aria-label="Round and turn">
    <p class="turn-now" aria-live="polite">
      <span class="round" data-round=${encounter.round}>Round ${encounter.round}</span><span class="visually-hidden">: </span>
      <span class="whose">${encounter.ended ? "The encounter has ended" : now ? `${now.name}’s turn` : "Add combatants"}</span>
    </p>
    ${encounter.ended ? null : html`<button type="button" class="primary next" data-next disabled=${busy || !now || engine === "failed"} onClick=${onNext}>
      ${busy ? "Working…" : engine === "ready" ? "Next" : "Next (engine starting…)"}</button>`}
  </div>`;
}
