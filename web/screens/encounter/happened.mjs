// What the last step did, in the game's words and in little room (the turn order stays in view): the step's
// own lines, then each effect's headline (an Initiative roll, a dying roll at the end of the round) with its
// whole trace one tap away.
import { html } from "../../app/html.mjs";
import { plainLine } from "../../store/log_rows.mjs";

function Effect({ result }) {
  const [headline, ...trace] = result.text?.length ? result.text : ["Done."];
  const events = (result.events || []).filter((event) => event !== headline);
  return html`<details class="effect">
    <summary><span><span class="effect-label">${result.label ? `${result.label}: ` : ""}</span>${plainLine(headline)}${events.length ? ` — ${events.join(" ")}` : ""}</span></summary>
    <ul>${trace.map((line, index) => html`<li key=${index}>${plainLine(line)}</li>`)}</ul>
  </details>`;
}

/** ``serial`` counts the steps taken here (a new step with the same words is still new). */
export function Happened({ result, serial }) {
  if (!result) return null;
  const effects = result.details?.effects || [];
  return html`<section class="happened" aria-label="What just happened" aria-live="polite" data-happened=${serial}>
    ${(result.events || []).map((event, index) => html`<p class="happened-line" key=${index}>${event}</p>`)}
    ${effects.map((effect, index) => html`<${Effect} key=${index} result=${effect.result} />`)}
  </section>`;
}
