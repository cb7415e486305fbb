// What the step that made the encounter as it now is did, in the game's words and in little room (the turn
// order stays in view): the step's own line, then each effect that decided something (a dying roll with its
// target and outcome, the timers left, the Confusion chart's row at the start of a confused character's turn) in
// plain words — each effect's own headline — with its whole trace one tap away. The result is
// the one its log entry keeps (app/encounter_actions.mjs stepResult). After Undo the summary is that of the
// step the encounter went back to, or none; after Redo that step's again (index.mjs picks it).
import { html } from "../../app/html.mjs";
import { plainLine } from "../../store/log_rows.mjs";

function Trace({ effect }) {
  return html`<details class="effect">
    <summary><span><span class="effect-label">How it was rolled:</span>${effect.label}</span></summary>
    <ul>${effect.text.map((line, index) => html`<li key=${index}>${plainLine(line)}</li>`)}</ul>
  </details>`;
}

/** ``serial`` counts the steps taken here (a new step with the same words is still new); no ``result``: the
 * encounter is not as any step taken here left it (an Undo went further back), so nothing is said. */
export function Happened({ result, serial }) {
  if (!serial) return null;
  const [own, ...told] = result?.events || [];
  const traced = (result?.details?.decided || []).filter((each) => each.text?.length);
  return html`<section class="happened" aria-label="What just happened" aria-live="polite" data-happened=${serial}
    hidden=${!result}>
    ${own ? html`<p class="happened-line">${own}</p>` : null}
    ${told.length ? html`<ul class="happened-decided">${told.map((line, index) => html`<li key=${index}>${plainLine(line)}</li>`)}</ul>` : null}
    ${traced.map((effect, index) => html`<${Trace} key=${index} effect=${effect} />`)}
  </section>`;
}
