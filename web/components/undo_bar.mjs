// Undo and Redo of the campaign's last change, each saying what it undoes ("Undo: Harvey's attack on Cultist",
// else "Undo: Attack — Harvey, Cultist"); the log says so too. Compact, it sits on a sheet or an encounter and shows
// only what touched it (``where``: app/undo_scope.mjs touches): Undo there never takes back a change made elsewhere.
import { html, useState } from "../app/html.mjs";
import { redoLast, undoLast } from "../app/log_actions.mjs";
import { touches } from "../app/undo_scope.mjs";

export function UndoBar({ app, compact = false, where = null }) {
  const all = app.state.history || {};
  const here = (step) => (compact && !touches(step, where) ? null : step);
  const history = { undo: here(all.undo), redo: here(all.redo) };
  const [busy, setBusy] = useState(false);
  const undoWords = history.undo?.words ?? null; // named once, when the history is read (app/actions.loadHistory)
  const redoWords = history.redo?.words ?? null;
  const run = async (action) => {
    setBusy(true);
    try {
      await action(app);
    } finally {
      setBusy(false);
    }
  };
  if (compact && !history.undo && !history.redo) return null;
  const button = (
    kind,
    words,
    action,
    nothing,
  ) => html`<button type="button" class=${kind} data-history=${kind} disabled=${busy || !words}
    onClick=${() => run(action)} title=${words ? `${kind === "undo" ? "Undo" : "Redo"}: ${words}` : undefined}>
    <span aria-hidden="true">${kind === "undo" ? "↶" : "↷"}</span><span class="undo-words">${words ? `${kind === "undo" ? "Undo" : "Redo"}: ${words}` : nothing}</span></button>`;
  return html`<div class=${`undo-bar${compact ? " compact" : ""}`} role="group" aria-label="Undo and redo">
    ${undoWords || !compact ? button("undo", undoWords, undoLast, "Nothing to undo") : null}
    ${redoWords || !compact ? button("redo", redoWords, redoLast, "Nothing to redo") : null}
  </div>`;
}
