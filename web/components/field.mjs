// A labelled field with its error right under it. Numbers keep the text the user typed: a value the
// browser cannot parse (input.validity.badInput, "two" in a number field) is an error here, never a
// silent default, and an empty field is never filled in behind the user's back.
import { html, useId } from "../app/html.mjs";
import { readNumber } from "./number_text.mjs";

export { readNumber };

/** Focus selects what a field holds, so typing replaces it ("30" over a shown 5 is 30, never 530). A tap's
 * mouseup would put the caret back and drop the selection: the one right after the focus is ignored. */
export const selectOnFocus = {
  onFocus: (event) => {
    const input = event.currentTarget;
    input.select();
    input.dataset.selecting = "1";
  },
  onMouseUp: (event) => {
    const input = event.currentTarget;
    if (input.dataset.selecting) {
      event.preventDefault();
      delete input.dataset.selecting;
    }
  },
  onKeyUp: (event) => {
    delete event.currentTarget.dataset.selecting;
  },
};

export function Field({ label, error, help, children, id, className = "" }) {
  return html`<div class=${`field ${className}${error ? " has-error" : ""}`}>
    <label for=${id}>${label}</label>
    ${children}
    ${help ? html`<small class="help" id=${`${id}-help`}>${help}</small>` : null}
    <p class="field-error" id=${`${id}-error`} role="alert" hidden=${!error}>${error || ""}</p>
  </div>`;
}

/** A number input with − and + buttons; reports the raw text and whether the browser could parse it.
 * ``onCommit(text, bad, how)`` (optional) is told when a value is meant to be kept: the browser's change,
 * Enter ("enter"), leaving the field ("blur") and each − / + tap ("step"); ``onInput`` still sees every
 * keystroke, so a form that stores values stores on ``onCommit`` only. Such a field is marked ``data-stores``: once left,
 * what it shows is stored, not unsaved input (unsaved.mjs). */
export function NumberField({
  label,
  value,
  onInput,
  onCommit,
  error,
  help,
  min = null,
  max = null,
  step = 1,
  name,
  decimals = false,
}) {
  const id = useId();
  const negative = min === null || min < 0;
  const current = Number(String(value).replace(/^−/, "-"));
  const bump = (delta) => {
    const base = Number.isFinite(current) && String(value).trim() !== "" ? current : 0;
    let next = base + delta;
    if (min !== null) next = Math.max(min, next);
    if (max !== null) next = Math.min(max, next);
    onInput(String(next), false);
    onCommit?.(String(next), false, "step");
  };
  const commit = (how) => (event) => onCommit?.(event.currentTarget.value, event.currentTarget.validity.badInput, how);
  return html`<${Field} label=${label} error=${error} help=${help} id=${id} className="field-number">
    <div class="stepper">
      <button type="button" class="step" aria-label=${`${label} minus ${step}`} onClick=${() => bump(-step)}>−</button>
      <input id=${id} name=${name} type="number" inputmode=${negative ? "text" : decimals ? "decimal" : "numeric"} step=${decimals ? "any" : "1"}
        min=${min ?? undefined} max=${max ?? undefined} value=${value} data-stores=${onCommit ? "" : undefined}
        aria-invalid=${error ? "true" : undefined} aria-describedby=${`${id}-error${help ? ` ${id}-help` : ""}`} ...${selectOnFocus}
        onInput=${(event) => onInput(event.currentTarget.value, event.currentTarget.validity.badInput)}
        onChange=${onCommit ? commit("change") : undefined} onBlur=${onCommit ? commit("blur") : undefined}
        onKeyDown=${
          onCommit
            ? (event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  commit("enter")(event);
                }
              }
            : undefined
        } />
      <button type="button" class="step" aria-label=${`${label} plus ${step}`} onClick=${() => bump(step)}>+</button>
    </div>
  </${Field}>`;
}

export function TextField({
  label,
  value,
  onInput,
  error,
  help,
  name,
  inputmode = "text",
  placeholder,
  autocomplete = "off",
  maxlength,
}) {
  const id = useId();
  return html`<${Field} label=${label} error=${error} help=${help} id=${id}>
    <input id=${id} name=${name} type="text" inputmode=${inputmode} autocomplete=${autocomplete} placeholder=${placeholder}
      maxlength=${maxlength} value=${value} aria-invalid=${error ? "true" : undefined}
      aria-describedby=${`${id}-error${help ? ` ${id}-help` : ""}`} ...${selectOnFocus} onInput=${(event) => onInput(event.currentTarget.value)} />
  </${Field}>`;
}

/** Text of several lines (a sheet's notes, a backstory): a textarea, no selection on focus (it is edited, not
 * replaced). */
export function NoteField({ label, value, onInput, error, help, name, maxlength, rows = 4 }) {
  const id = useId();
  return html`<${Field} label=${label} error=${error} help=${help} id=${id} className="field-note">
    <textarea id=${id} name=${name} rows=${rows} maxlength=${maxlength} value=${value} aria-invalid=${error ? "true" : undefined}
      aria-describedby=${`${id}-error${help ? ` ${id}-help` : ""}`} onInput=${(event) => onInput(event.currentTarget.value)}></textarea>
  </${Field}>`;
}

/** ``options`` are [value, words] pairs. */
export function ChoiceField({ label, value, onChange, options, error, help, name }) {
  const id = useId();
  return html`<${Field} label=${label} error=${error} help=${help} id=${id}>
    <select id=${id} name=${name} value=${value} aria-invalid=${error ? "true" : undefined}
      aria-describedby=${`${id}-error${help ? ` ${id}-help` : ""}`} onChange=${(event) => onChange(event.currentTarget.value)}>
      ${options.map(([option, words]) => html`<option value=${option} selected=${option === value}>${words}</option>`)}
    </select>
  </${Field}>`;
}

export function CheckField({ label, checked, onChange, help, name }) {
  const id = useId();
  return html`<div class="field field-check">
    <label class="check" for=${id}>
      <input id=${id} name=${name} type="checkbox" checked=${checked} onChange=${(event) => onChange(event.currentTarget.checked)} />
      <span>${label}</span>
    </label>
    ${help ? html`<small class="help">${help}</small>` : null}
  </div>`;
}
