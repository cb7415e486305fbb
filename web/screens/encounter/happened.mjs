// What the last step did, in the game's words: the step's own line and each effect's headline (an Initiative
// roll, a dying roll at the end of the round), with the whole trace one tap away.
import { html } from "../../app/html.mjs";
import { Result } from "../../drawer/result.mjs";

/** ``serial`` counts the steps taken here (a new step with the same words is still new). */
export function Happened({ result, serial }) {
  if (!result) return null;
  const effects = result.details?.effects || [];
  return html`<section class="happened" aria-label="What just happened" aria-live="polite" data-happened=${serial}>
    ${(result.events || []).map((event, index) => html`<p class="happened-line" key=${index}>${event}</p>`)}
    ${effects.map((effect, index) => html`<${Result} key=${index} result=${effect.result} />`)}
  </section>`;
}
