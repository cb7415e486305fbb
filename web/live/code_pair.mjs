// What both sides of joining show: this device's code as a QR code and as text to copy, and a box for the other
// device's code (pasted, or read by the camera, scan.mjs, loaded only when the camera view opens).
import { html, useId, useState } from "../app/html.mjs";
import { QrCode } from "./qr.mjs";

export function OwnCode({ code, label, help }) {
  const id = useId();
  const copy = () => navigator.clipboard?.writeText(code).catch(() => {});
  return html`<div class="live-own-code">
    <${QrCode} text=${code} label=${`QR code: ${label}`} />
    <label for=${`${id}-code`}>${label}</label>
    <textarea id=${`${id}-code`} class="live-code-text" rows="3" readonly spellcheck="false" value=${code}
      aria-describedby=${`${id}-help`} onFocus=${(event) => event.currentTarget.select()}></textarea>
    <p class="help" id=${`${id}-help`}>${help}</p>
    <div class="row-actions"><button type="button" onClick=${copy}>Copy the code</button></div>
  </div>`;
}

/** A box for the other device's code (``onCode(text)`` answers a refusal sentence, or nothing once it is taken). */
export function TheirCode({ label, button, onCode, disabled = false }) {
  const id = useId();
  const [text, setText] = useState("");
  const [said, setSaid] = useState("");
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(null);
  const take = async (value) => {
    setBusy(true);
    setSaid("");
    try {
      setSaid((await onCode(value)) || "");
    } finally {
      setBusy(false);
    }
  };
  const scan = async () => {
    setSaid("");
    try {
      const { Scanner } = await import("./scan.mjs");
      setScanning(() => Scanner);
    } catch (error) {
      setSaid(`The camera view could not be opened (${error.message}). Paste the code instead.`);
    }
  };
  const Scanner = scanning;
  return html`<div class="live-their-code">
    ${
      Scanner
        ? html`<${Scanner} onCode=${(value) => {
            setScanning(null);
            setText(value);
            take(value);
          }} onStop=${(why) => {
            setScanning(null);
            if (why) setSaid(why);
          }} />`
        : null
    }
    <div class="field">
      <label for=${`${id}-text`}>${label}</label>
      <textarea id=${`${id}-text`} rows="3" spellcheck="false" autocomplete="off" value=${text}
        onInput=${(event) => setText(event.currentTarget.value)}></textarea>
    </div>
    ${said ? html`<p class="field-error" role="alert">${said}</p>` : null}
    <div class="row-actions">
      <button type="button" class="primary" disabled=${busy || disabled} onClick=${() => take(text)}>${busy ? "Connecting…" : button}</button>
      ${Scanner ? null : html`<button type="button" disabled=${busy || disabled} onClick=${scan}>Scan with the camera</button>`}
    </div>
  </div>`;
}
