// One code (or a post holding codes) to hand to a player: the text itself, selectable, with Copy and, where the
// device has a share sheet for files, Share; else a download of the file (``file``: {name, value}).
import { html, useState } from "../../app/html.mjs";
import { copyText } from "../../components/copy_forum.mjs";
import { canShareFile, download, shareFile } from "../../store/files.mjs";

/** The JSON file a code travels in: a person can open and read it; a reader finds the codes anywhere in its text. */
export const codeFileBlob = (value) => new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: "application/json" });

/** Share ``file`` ({name, value}) through the share sheet where the device has one (AirDrop, Files), else download
 * it; the words to show. */
export async function shareOrDownload(file, title) {
  const blob = codeFileBlob(file.value);
  if (canShareFile(blob, file.name)) {
    try {
      await shareFile(blob, file.name, title);
      return "Shared.";
    } catch (error) {
      if (error?.name === "AbortError") return "Not shared.";
    }
  }
  download(blob, file.name);
  return `Saved as ${file.name}.`;
}

export function CodeBox({ label, text, file = null, copyLabel = "Copy", rows = 3, name = "code", primary = false }) {
  const [said, setSaid] = useState("");
  const copy = async () => {
    setSaid(
      (await copyText(text)) === "copied"
        ? "Copied."
        : "The browser did not allow copying: select the text and copy it by hand.",
    );
  };
  const share = async () => setSaid(await shareOrDownload(file, label));
  return html`<div class="code-box">
    <label class="code-label">${label}
      <textarea class="code-text" name=${name} readonly rows=${rows} spellcheck="false" value=${text}
        onFocus=${(event) => event.currentTarget.select()}></textarea></label>
    <div class="row-actions">
      <button type="button" class=${primary ? "primary" : ""} onClick=${copy}>${copyLabel}</button>
      ${file ? html`<button type="button" onClick=${share}>Share as a file</button>` : null}
      <span class="copy-said" aria-live="polite">${said}</span>
    </div>
  </div>`;
}
