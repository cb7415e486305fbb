// An NPC as a copy of any character of the campaign (party or cast), as their sheet stands now; several
// copies get numbered names.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { snack } from "../../app/actions.mjs";
import { ChoiceField, NumberField, TextField, readNumber } from "../../components/field.mjs";
import { addCharacters, namesOf, numbered } from "./actions.mjs";

const MAX = 20;

export function CopyCharacter({ campaign, onDone }) {
  const app = useApp();
  const [source, setSource] = useState(campaign.characters[0]?.id || "");
  const original = campaign.characters.find((each) => each.id === source);
  const [name, setName] = useState(original ? `${original.sheet.name} (copy)` : "");
  const [count, setCount] = useState({ text: "1", bad: false });
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const number = readNumber(count.text, { min: 1, max: MAX, label: "How many", badInput: count.bad });
  const base = name.trim();
  const names = base && !number.error ? numbered(base, number.value, namesOf(campaign)) : [];
  const pick = (id) => {
    setSource(id);
    const chosen = campaign.characters.find((each) => each.id === id);
    if (chosen) setName(`${chosen.sheet.name} (copy)`);
  };
  const add = async (event) => {
    event.preventDefault();
    if (!original || !names.length) {
      setError(base ? null : "Give the copy a name.");
      return;
    }
    setBusy(true);
    try {
      await addCharacters(
        app,
        campaign,
        names.map((each) => ({ ...structuredClone(original.sheet), name: each })),
        "npc",
      );
      snack(app, `${names.join(", ")} joined the cast.`);
      onDone();
    } catch (failure) {
      setError(failure.first || failure.message);
    } finally {
      setBusy(false);
    }
  };
  if (!campaign.characters.length) {
    return html`<div class="panel"><p class="empty">No one to copy yet.</p><button type="button" onClick=${onDone}>Close</button></div>`;
  }
  return html`<form class="panel copy-character" onSubmit=${add} noValidate aria-labelledby="copy-title">
    <h2 id="copy-title">Copy a character</h2>
    <div class="grid-fields">
      <${ChoiceField} label="Copy of" name="copy-of" value=${source} onChange=${pick}
        options=${campaign.characters.map((each) => [each.id, `${each.sheet.name}${each.kind === "npc" ? " (cast)" : " (party)"}`])}
        help="The sheet as it stands now, wounds and all." />
      <${TextField} label="Name of the copy" name="copy-name" value=${name} maxlength="76" onInput=${setName}
        error=${!base && error ? error : null} />
      <${NumberField} label="How many" name="copy-count" min="1" max=${MAX} value=${count.text} error=${number.error}
        onInput=${(text, bad) => setCount({ text, bad })} help="Several get numbered names." />
    </div>
    ${names.length > 1 ? html`<p class="help" aria-live="polite">Adds ${names.join(", ")}.</p>` : null}
    ${error && base ? html`<p class="field-error" role="alert">${error}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${onDone}>Cancel</button>
      <button type="submit" class="primary" disabled=${busy || Boolean(number.error)}>${names.length > 1 ? `Add ${names.length} copies` : "Add the copy"}</button>
    </div>
  </form>`;
}
