// The door to the live table on both devices: a button that loads web/live/ (the sync engine and the QR code drawer,
// hundreds of kilobytes and a wasm) only when it is pressed, so neither the first visit's render nor a screen without
// a live table pays for it.
import { html, useId, useState } from "../app/html.mjs";

/** ``load()`` imports the module whose ``name`` export is rendered with ``props`` once ``button`` is pressed. */
export function LiveEntry({ title, help, button, load, name, props }) {
  const id = useId();
  const [Part, setPart] = useState(null);
  const [failed, setFailed] = useState("");
  const open = async () => {
    setFailed("");
    try {
      const module = await load();
      setPart(() => module[name]);
    } catch (error) {
      setFailed(`The live table could not be loaded (${error.message}). Reload the page, or use the codes.`);
    }
  };
  return html`<section class="table-part live-entry" aria-labelledby=${`${id}-title`} data-live-entry>
    <h2 id=${`${id}-title`}>${title}</h2>
    <p class="help">${help}</p>
    ${Part ? html`<${Part} ...${props} />` : html`<div class="row-actions"><button type="button" class="primary" onClick=${open}>${button}</button></div>`}
    ${failed ? html`<p class="field-error" role="alert">${failed}</p>` : null}
  </section>`;
}
