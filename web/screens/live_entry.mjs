// The door to the live table on both devices: a button that loads web/live/ (the sync engine and the QR code drawer,
// hundreds of kilobytes and a wasm) only when it is pressed, so neither the first visit's render nor a screen without
// a live table pays for it.
import { html, useId, useState } from "../app/html.mjs";

// The parts opened in this tab, by name and ``place`` (the campaign or player record they are for): a screen left and
// opened again shows its part at once, with the live session it holds (join_box.mjs, invite_box.mjs keep theirs).
const opened = new Map();

/** ``load()`` imports the module whose ``name`` export is rendered with ``props`` once ``button`` is pressed. */
export function LiveEntry({ title, help, button, load, name, place, props }) {
  const id = useId();
  const [Part, setPart] = useState(() => opened.get(`${name} ${place}`) ?? null);
  const [failed, setFailed] = useState("");
  const open = async () => {
    setFailed("");
    try {
      const module = await load();
      opened.set(`${name} ${place}`, module[name]);
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
