// A box for a code from the game master: pasted (a whole post or thread will do: the engine finds the codes in it) or
// read from a file, then one button. The refusal is said under it in the engine's words; the text stays as typed.
import { html, useId, useState } from "../../app/html.mjs";
import { readFileText } from "../../store/files.mjs";
import { PASTE_LIMIT } from "../../app/player_actions.mjs";

/** ``onRead(text)`` answers {refused} or anything else (done); ``initial``: a code already given (a link's). */
export function PasteCode({ label, help, button, fileLabel, onRead, initial = "", disabled = false }) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [said, setSaid] = useState("");
  const [busy, setBusy] = useState(false);
  const read = async (value) => {
    setBusy(true);
    setSaid("");
    try {
      const answer = await onRead(value);
      if (answer?.refused) setSaid(answer.refused);
      else setText("");
    } catch (error) {
      setSaid(error?.message || String(error));
    } finally {
      setBusy(false);
    }
  };
  const choose = async (event) => {
    const file = event.currentTarget.files[0];
    event.currentTarget.value = "";
    if (!file) return;
    const opened = await readFileText(file, { limit: PASTE_LIMIT });
    if (opened.problems?.length) {
      setSaid(opened.problems[0].message);
      return;
    }
    setText(opened.text);
    await read(opened.text);
  };
  return html`<div class="paste-code">
    <div class="field">
      <label for=${`${id}-text`}>${label}</label>
      <textarea id=${`${id}-text`} rows="4" spellcheck="false" autocomplete="off" value=${text}
        aria-describedby=${`${id}-help`} onInput=${(event) => setText(event.currentTarget.value)}></textarea>
      <p class="help" id=${`${id}-help`}>${help}</p>
    </div>
    ${said ? html`<p class="field-error" role="alert">${said}</p>` : null}
    <div class="row-actions">
      <button type="button" class="primary" disabled=${busy || disabled} onClick=${() => read(text)}>${busy ? "Reading…" : button}</button>
      <label class="button file-button">
        <span>${fileLabel}</span>
        <input type="file" accept=".txt,text/plain" class="visually-hidden" onChange=${choose} disabled=${busy || disabled} />
      </label>
    </div>
  </div>`;
}
