// Undo and Redo of the campaign's last change, each saying what it undoes ("Undo: Harvey: Attack → Cultist",
// else "Undo: Attack — Harvey, Cultist"); the log says so too. Small enough to sit on any campaign screen.
import { html, useEffect, useState } from "../app/html.mjs";
import { redoLast, undoLast } from "../app/log_actions.mjs";
import { readLogEntry, whatOf } from "../app/log_reads.mjs";

/** What the change ``step`` ({id, headline} of app.state.history) did, named for a button. */
function useWords(app, step) {
  const [words, setWords] = useState(null);
  const campaign = app.state.campaign;
  useEffect(() => {
    let live = true;
    setWords(null);
    if (step) {
      readLogEntry(app, campaign.id, step).then((entry) => {
        const what = entry && whatOf(app.state.catalog, entry.op);
        const names = (entry?.who || []).map((id) => campaign.characters.find((each) => each.id === id)?.sheet.name).filter(Boolean);
        const label = entry?.result?.label; // who did what, when the result says it ("Harvey: Attack → Cultist")
        const step = entry?.op.startsWith("encounter."); // its label is the encounter's name: "Next — The cellar"
        const words = step && what ? `${what}${label ? ` — ${label}` : ""}` : label || (what && `${what}${names.length ? ` — ${names.join(", ")}` : ""}`);
        if (live && words) setWords(words);
      }, () => {});
    }
    return () => { live = false; };
  }, [step?.id]);
  return step ? words || step.headline : null;
}

export function UndoBar({ app, compact = false }) {
  const history = app.state.history || {};
  const [busy, setBusy] = useState(false);
  const undoWords = useWords(app, history.undo);
  const redoWords = useWords(app, history.redo);
  const run = async (action) => {
    setBusy(true);
    try { await action(app); } finally { setBusy(false); }
  };
  if (compact && !history.undo && !history.redo) return null;
  const button = (kind, words, action, nothing) => html`<button type="button" class=${kind} data-history=${kind} disabled=${busy || !words}
    onClick=${() => run(action)} title=${words ? `${kind === "undo" ? "Undo" : "Redo"}: ${words}` : undefined}>
    <span aria-hidden="true">${kind === "undo" ? "↶" : "↷"}</span><span class="undo-words">${words ? `${kind === "undo" ? "Undo" : "Redo"}: ${words}` : nothing}</span></button>`;
  return html`<div class=${`undo-bar${compact ? " compact" : ""}`} role="group" aria-label="Undo and redo">
    ${undoWords || !compact ? button("undo", undoWords, undoLast, "Nothing to undo") : null}
    ${redoWords || !compact ? button("redo", redoWords, redoLast, "Nothing to redo") : null}
  </div>`;
}
