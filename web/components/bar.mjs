// A pool against its maximum (LP 22/30), as a bar with the numbers in words for screen readers.
import { html } from "../app/html.mjs";

/** ``label`` is shown (LP), ``name`` is spoken (Life Points) when they differ. */
export function Bar({ label, name = label, value, max }) {
  const known = Number.isFinite(value) && Number.isFinite(max) && max > 0;
  const ratio = known ? Math.max(0, Math.min(1, value / max)) : 0;
  const tone = !known ? "" : ratio <= 0.25 ? "low" : ratio <= 0.5 ? "mid" : "";
  return html`<div class="bar">
    <span class="bar-label" title=${name}>${label}</span>
    <span class="bar-track" role="meter" aria-label=${name} aria-valuemin="0" aria-valuemax=${known ? max : undefined}
      aria-valuenow=${Number.isFinite(value) ? value : undefined} aria-valuetext=${`${value ?? "?"} of ${max ?? "?"}`}>
      <span class=${`bar-fill ${tone}`} style=${{ width: `${ratio * 100}%` }}></span>
    </span>
    <span class="bar-value">${value ?? "?"}/${max ?? "?"}</span>
  </div>`;
}
