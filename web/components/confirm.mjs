// A modal question with two answers on a native <dialog> (focus trapped, Escape cancels).
import { html, useEffect, useRef } from "../app/html.mjs";

export function Confirm({ title, text, confirmLabel, onConfirm, onCancel, danger = false }) {
  const ref = useRef(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog.open) dialog.showModal();
    return () => dialog.open && dialog.close();
  }, []);
  return html`<dialog ref=${ref} class="confirm" aria-labelledby="confirm-title" onCancel=${(event) => {
    event.preventDefault();
    onCancel();
  }}>
    <h2 id="confirm-title">${title}</h2>
    ${text ? html`<p>${text}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${onCancel}>Cancel</button>
      <button type="button" class=${danger ? "danger" : "primary"} onClick=${onConfirm}>${confirmLabel}</button>
    </div>
  </dialog>`;
}
