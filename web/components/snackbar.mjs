// One message at the bottom for a few seconds, with an optional action ("Undo") — squoosh's snackbar.
import { html, useEffect } from "../app/html.mjs";

export function Snackbar({ snack, onClose }) {
  useEffect(() => {
    if (!snack) return undefined;
    const timer = setTimeout(onClose, snack.timeout);
    return () => clearTimeout(timer);
  }, [snack?.id]);
  if (!snack) return null;
  return html`<div class="snackbar" role="status" aria-live="polite">
    <span>${snack.text}</span>
    ${
      snack.actionLabel
        ? html`<button type="button" class="primary" onClick=${() => {
            onClose();
            snack.onAction();
          }}>${snack.actionLabel}</button>`
        : null
    }
    <button type="button" class="ghost" aria-label="Dismiss message" onClick=${onClose}>✕</button>
  </div>`;
}
