// Always in view at the bottom, like the drawer's Roll: the round, whose turn it is (and, if they cannot act,
// why), what the last step decided for them (a Confusion row, a dying check), and Next.
import { html } from "../../app/html.mjs";

/** ``unable``: why the one whose turn it is cannot act (the engine's words), or null when they can. */
export function TurnBar({ encounter, busy, engine, onNext, unable = null, told = [] }) {
  const now = encounter.combatants[encounter.turn];
  return html`<div class="turn-bar" role="region" aria-label="Round and turn">
    <div class="turn-info">
      <p class="turn-now" aria-live="polite">
        <span class="round" data-round=${encounter.round}>Round ${encounter.round}</span><span class="visually-hidden">: </span>
        <span class="whose">${encounter.ended ? "The encounter has ended" : now ? `${now.name}’s turn` : "Add combatants"}</span>
      </p>
      ${told.length ? html`<p class="turn-told" data-turn-told>${told.join(" · ")}</p>` : null}
      ${now && !encounter.ended && unable !== null ? html`<p class="turn-unable" data-turn-unable aria-live="polite">can't act${unable ? `: ${unable}` : ""}</p>` : null}
    </div>
    ${
      encounter.ended
        ? null
        : html`<button type="button" class="primary next" data-next disabled=${busy || !now || engine === "failed"} onClick=${onNext}>
      ${busy ? "Working…" : engine === "ready" ? "Next" : "Next (engine starting…)"}</button>`
    }
  </div>`;
}
