// A result: the headline in large type (what decided it, one line each), the whole trace one tap away. Lines are the engine's own text,
// shown as text (never HTML).
import { html } from "../app/html.mjs";
import { plainLine } from "../store/log_rows.mjs";
import { CopyForForum } from "../components/copy_forum.mjs";

/** A trace line as [what happened, the rule it follows]: the engine ends a line with "[rule name]". */
function splitWhy(line) {
  const match = plainLine(line).match(/^(.*?)\s*\[([^[\]]+)\]$/);
  return match ? [match[1], match[2]] : [plainLine(line), null];
}

/** The headline's lines: a result that says what decided it (``result.headline``: each Survival Test, the dying
 * roll with its DC, the timers left, joined by "; ") shows one line each. */
function headlineLines(result, headline) {
  const own = typeof result.headline === "string" && result.headline === headline;
  return own ? plainLine(headline).split("; ") : [plainLine(headline)];
}

export function Result({ result, title, traceOpen = false, forum = true, encounter = null }) {
  const [line, ...trace] = result.text?.length ? result.text : ["Done."];
  // a result that decided nothing is headed by its first trace step: its words, without the rule source it ends with
  const headline = result.headline ? line : splitWhy(line)[0];
  const tone = result.success === true ? "success" : result.success === false ? "failure" : "neutral";
  const [first, ...more] = headlineLines(result, headline);
  // the events but the one the headline already says (a loss of Essence, then the Willpower Test it brought)
  const events = (result.events || []).filter((event, index) => index > 0 || event !== line);
  return html`<section class=${`result ${tone}`} aria-label="Result" aria-live="polite" data-result>
    ${title ? html`<p class="result-title">${title}</p>` : null}
    <p class="headline">${first}</p>
    ${more.length ? html`<ul class="headline-more">${more.map((line, index) => html`<li key=${index}>${line}</li>`)}</ul>` : null}
    ${events.length ? html`<ul class="events">${events.map((event, index) => html`<li key=${index}>${event}</li>`)}</ul>` : null}
    ${
      trace.length
        ? html`<details class="trace" open=${traceOpen}>
      <summary>How it was rolled</summary>
      <ul>${trace.map(splitWhy).map(([what, why], index) => html`<li key=${index}>${what}${why ? html` <span class="why">— ${why}</span>` : null}</li>`)}</ul>
    </details>`
        : null
    }
    ${forum ? html`<${CopyForForum} result=${result} title=${title} encounter=${encounter} />` : null}
  </section>`;
}
