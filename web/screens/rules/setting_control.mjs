// One house-rule setting as a control: choices (labelled in plain words), on/off, or a number.
// A setting is stored as a checked value or not at all: a choice only when it is one of the declared
// choices, a number only when it is committed (the browser's change, Enter, leaving the field, a − / + tap)
// and reads as a whole number within the rule's range. Keystrokes only change what the field shows, so
// typing "12" never stores 1 first. While the typed text is not valid it stays in the field with its
// error; the stored rule is untouched, and leaving the field says so.
import { html, useEffect, useRef, useState } from "../../app/html.mjs";
import { choiceLabel } from "../../app/engine.mjs";
import { CheckField, ChoiceField, NumberField, readNumber } from "../../components/field.mjs";

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A setting's value in words ("12", "on", a choice's label; "empty" for a number left to the rules). */
export function describe(param, value) {
  if (param.kind === "choice") return choiceLabel(param, value);
  if (param.kind === "bool") return value ? "on" : "off";
  if (param.kind === "json") return "the table in the rules";
  if (value === null || value === undefined || value === "") return "empty";
  return String(value);
}

/** ``onChange(value)`` stores a checked value (it may return a promise); ``revision`` is the campaign's;
 * ``onNotStored(words)`` tells the table, when the screen is left with a number that could not be stored. */
export function SettingControl({ param, value, onChange, revision, onNotStored }) {
  if (param.kind === "choice") return html`<${ChoiceSetting} param=${param} value=${value} onChange=${onChange} />`;
  if (param.kind === "bool") {
    return html`<${CheckField} label=${`${param.label} (default: ${param.default ? "on" : "off"})`} name=${param.name} checked=${value === true}
      onChange=${(checked) => onChange(checked === true)} />`;
  }
  if (param.kind === "int" || param.kind === "number")
    return html`<${NumberSetting} param=${param} value=${value} onChange=${onChange} revision=${revision} onNotStored=${onNotStored} />`;
  return html`<p><strong>${param.label}</strong>: the table printed in the rules. (It can be replaced in the campaign file.)</p>`;
}

function ChoiceSetting({ param, value, onChange }) {
  const known = param.choices.includes(value);
  const options = param.choices.map((choice) => [
    choice,
    `${choiceLabel(param, choice)}${choice === param.default ? " (default)" : ""}`,
  ]);
  // a stored value that is not a choice (an old or edited file) is shown as it is, never as the first choice
  if (!known) options.unshift([String(value), `“${String(value)}” (not one of this rule's choices)`]);
  const error = known
    ? null
    : `${param.label}: the stored value is not one of the choices. Pick one; until then rolls are refused.`;
  return html`<${ChoiceField} label=${param.label} name=${param.name} value=${known ? value : String(value)} error=${error}
    onChange=${(next) => {
      if (param.choices.includes(next)) onChange(next);
    }} options=${options} />`;
}

function NumberSetting({ param, value, onChange, revision, onNotStored }) {
  const [typed, setTyped] = useState(null); // {text, bad} while the field shows something not stored
  const [left, setLeft] = useState(false); // the user left the field while it was invalid
  const queue = useRef(Promise.resolve());
  const pending = useRef(0); // writes queued or under way
  const focused = useRef(false);
  const sent = useRef(undefined); // the last value handed to onChange
  const latest = useRef(onChange);
  latest.current = onChange;
  const rules = {
    min: param.min,
    max: param.max,
    label: param.label,
    required: param.default !== null && param.default !== undefined,
  };

  // The stored rule changed (here, in another tab, Back to default, a stale write put right): show it,
  // unless it is the value just stored here and the user has typed on since.
  const seen = useRef({ value, revision });
  useEffect(() => {
    const before = seen.current;
    seen.current = { value, revision };
    if (!same(before.value, value)) {
      const ours = sent.current !== undefined && same(sent.current, value);
      if (!ours || !typed || same(readNumber(typed.text, { ...rules, badInput: typed.bad }).value, value)) {
        setTyped(null);
        setLeft(false);
      }
    } else if (before.revision !== revision && !focused.current) {
      setTyped(null);
      setLeft(false);
    }
  }, [value, revision]);

  // The screen is left without the field losing the focus (a link tapped on a tablet, Back): a valid number
  // typed is kept as leaving the field would keep it; one that is not is named as not stored.
  const now = useRef(null);
  now.current = { typed, value, commit: (...args) => commit(...args), onNotStored };
  useEffect(
    () => () => {
      const { typed: text, value: stored, commit: keep, onNotStored: tell } = now.current;
      if (!text) return;
      const parsed = readNumber(text.text, { ...rules, badInput: text.bad });
      if (!parsed.error) keep(text.text, text.bad, "leave");
      else tell?.(`${parsed.error} Not changed: ${param.label} is still ${describe(param, stored)}.`);
    },
    [],
  );

  const commit = (text, bad, how) => {
    if (how === "blur") focused.current = false;
    const parsed = readNumber(text, { ...rules, badInput: bad });
    if (parsed.error) {
      if (how === "blur") setLeft(true);
      return;
    }
    setLeft(false);
    const next = parsed.value === null ? param.default : parsed.value;
    if (pending.current === 0 && same(next, value)) {
      setTyped(null);
      return;
    }
    if (pending.current > 0 && same(next, sent.current)) return; // the change event and then the blur
    sent.current = next;
    pending.current += 1;
    // one write at a time, each from the campaign as it is then (onChange reads it), so quick taps never race;
    // a write refused (a stale tab: the snackbar says so) shows the stored value again
    queue.current = queue.current
      .then(() => latest.current(next))
      .catch(() => {
        setTyped(null);
      })
      .finally(() => {
        pending.current -= 1;
      });
  };

  const shown = typed ? typed.text : value === null || value === undefined ? "" : String(value);
  const parsed = readNumber(shown, { ...rules, badInput: typed ? typed.bad : false });
  let error = parsed.error || null;
  if (error && typed && left) error = `${error} Not changed: ${param.label} is still ${describe(param, value)}.`;
  else if (error && !typed)
    error = `${error} That is what is stored now (from a file?); rolls are refused until it is put right.`;
  const defaultWords =
    param.default === null || param.default === undefined ? "default: empty" : `default ${param.default}`;
  return html`<div class="setting-number" onFocusCapture=${() => {
    focused.current = true;
  }}>
    <${NumberField} label=${`${param.label} (${defaultWords})`} name=${param.name} min=${param.min} max=${param.max}
      value=${shown} error=${error}
      onInput=${(text, bad) => {
        setTyped({ text, bad });
        setLeft(false);
      }}
      onCommit=${commit} />
  </div>`;
}
