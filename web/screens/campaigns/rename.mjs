// Rename a campaign in place.
import { html, useState } from "../../app/html.mjs";
import { TextField } from "../../components/field.mjs";

export function RenameForm({ name, onSave, onCancel }) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState(null);
  const submit = (event) => {
    event.preventDefault();
    if (!value.trim()) setError("A campaign needs a name.");
    else onSave(value);
  };
  return html`<form class="rename" onSubmit=${submit} noValidate>
    <${TextField} label="New name" name="rename" value=${value} maxlength="80" error=${error} onInput=${(text) => {
      setValue(text);
      setError(null);
    }} />
    <div class="row-actions">
      <button type="button" onClick=${onCancel}>Cancel</button>
      <button type="submit" class="primary">Save name</button>
    </div>
  </form>`;
}
