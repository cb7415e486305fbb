// The place where the exact odds of every outcome will appear (issue "Exact odds": web/odds/odds_chart.mjs
// renderOddsChart(container, answer) fed by web/odds/odds_client.mjs with "mode": "odds"). Coordinator:
// wire it here when the odds branch is merged — the region is reserved so the drawer's layout does not move.
import { html } from "../app/html.mjs";

export function OddsRegion({ op }) {
  if (!op.rolls) return null;
  return html`<section class="odds" aria-label="Exact odds" data-odds-region data-op=${op.id}>
    <p class="help">Exact odds will appear here.</p>
  </section>`;
}
