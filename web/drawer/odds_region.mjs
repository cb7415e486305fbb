// The exact odds of every outcome of the roll as the drawer shows it, redrawn as the fields change (TABLE.md,
// Roll drawer): asked through web/odds/odds_client.mjs (latest wins, so typing never queues questions) and
// drawn by web/odds/odds_chart.mjs. Nothing is shown while a field cannot be read.
import { html, useEffect, useRef, useState } from "../app/html.mjs";
import { isSuperseded } from "../odds/odds_client.mjs";
import { renderOddsChart } from "../odds/odds_chart.mjs";

export function OddsRegion({ app, op, request }) {
  const box = useRef(null);
  const [note, setNote] = useState("");
  const [waiting, setWaiting] = useState(false);
  const key = request ? JSON.stringify(request) : "";
  const ready = app.state.engine === "ready";
  useEffect(() => {
    if (!op.odds || !request || !ready) return;
    let live = true;
    const slow = setTimeout(() => live && setWaiting(true), 500); // no flicker for a quick answer (squoosh)
    app.services.odds.ask(op.id, request).then(
      (answer) => {
        if (!live) return;
        clearTimeout(slow);
        setWaiting(false);
        if (answer.ok) {
          renderOddsChart(box.current, answer.result);
          setNote("");
        } else {
          box.current.replaceChildren();
          setNote(answer.error.message);
        }
      },
      (error) => {
        if (!live || isSuperseded(error)) return;
        clearTimeout(slow);
        setWaiting(false);
        setNote(error.message);
      },
    );
    return () => {
      live = false;
      clearTimeout(slow);
    };
  }, [op.id, key, ready]);
  if (!op.rolls) return null;
  return html`<section class="odds" aria-label="Exact odds" aria-live="polite" data-odds-region data-op=${op.id}>
    ${!op.odds ? html`<p class="help">No exact odds for this roll.</p>` : null}
    ${op.odds && !ready ? html`<p class="help">The exact odds appear when the rules engine is ready.</p>` : null}
    ${op.odds && !request ? html`<p class="help">The odds appear when every field can be read.</p>` : null}
    ${note ? html`<p class="help">${note}</p>` : null}
    ${waiting && !box.current?.childElementCount ? html`<p class="help">Working out the odds…</p>` : null}
    <div ref=${box} class="odds-chart"></div>
  </section>`;
}
