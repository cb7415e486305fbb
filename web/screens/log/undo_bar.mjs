// Undo and Redo of the campaign's last change, each saying what it undoes ("Undo: Harvey attacks the
// ghoul"); the log says so too. Small enough to sit on any campaign screen.
import { html, useState } from "../../app/html.mjs";
import { redoLast, undoLast } from "../../app/log_actions.mjs";

export function UndoBar({ app, compact = false }) {
  const history = app.state.history || {};
  const [busy, setBusy] = useState(false);
  const run = async (action) => {
    setBusy(true);
    try { await action(app); } finally { setBusy(false); }
  };
  if (compact && !history.undo && !history.redo) return null;
  return html`<div class=${`undo-bar${compact ? " compact" : ""}`} role="group" aria-label="Undo and redo">
    ${history.undo || !compact ? html`<button type="button" class="undo" data-undo disabled=${busy || !history.undo} onClick=${() => run(undoLast)}
      title=${history.undo ? `Undo: ${history.undo.headline}` : undefined}>
      <span aria-hidden="true">↶</span><span class="undo-words">${history.undo ? `Undo: ${history.undo.headline}` : "Nothing to undo"}</span></button>` : null}
    ${history.redo || !compact ? html`<button type="button" class="redo" data-redo disabled=${busy || !history.redo} onClick=${() => run(redoLast)}
      title=${history.redo ? `Redo: ${history.redo.headline}` : undefined}>
      <span aria-hidden="true">↷</span><span class="undo-words">${history.redo ? `Redo: ${history.redo.headline}` : "Nothing to redo"}</span></button>` : null}
  </div>`;
}
