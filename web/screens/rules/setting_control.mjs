// One house-rule setting as a control: choices (labelled in plain words), on/off, or a number.
import { html, useState } from "../../app/html.mjs";
import { choiceLabel } from "../../app/engine.mjs";
import { CheckField, ChoiceField, NumberField, readNumber } from "../../components/field.mjs";

export function SettingControl({ param, value, onChange }) {
  const [typed, setTyped] = useState(null);
  if (param.kind === "choice") {
    return html`<${ChoiceField} label=${param.label} name=${param.name} value=${value} onChange=${onChange}
      options=${param.choices.map((choice) => [choice, `${choiceLabel(param, choice)}${choice === param.default ? " (default)" : ""}`])} />`;
  }
  if (param.kind === "bool") return html`<${CheckField} label=${`${param.label} (default: ${param.default ? "on" : "off"})`} name=${param.name} checked=${Boolean(value)} onChange=${onChange} />`;
  if (param.kind === "int" || param.kind === "number") {
    const parsed = typed ? readNumber(typed.text, { min: param.min, max: param.max, label: param.label, badInput: typed.bad }) : {};
    return html`<${NumberField} label=${`${param.label} (default ${param.default})`} name=${param.name} min=${param.min} max=${param.max}
      value=${typed ? typed.text : value === null || value === undefined ? "" : String(value)} error=${parsed.error}
      onInput=${(text, bad) => {
        setTyped({ text, bad });
        const next = readNumber(text, { min: param.min, max: param.max, badInput: bad });
        if (!next.error && next.value !== null) onChange(next.value);
      }} />`;
  }
  return html`<p><strong>${param.label}</strong>: the table printed in the rules. (It can be replaced in the campaign file.)</p>`;
}
