// The fields of one engine operation, from its catalog declaration: every default is shown in its field
// before anything runs, and reading the form either gives the exact args shown or an error per field.
import { html, useEffect, useRef, useState } from "../app/html.mjs";
import { choiceLabel, plainHelp } from "../app/engine.mjs";
import { CheckField, ChoiceField, NumberField, TextField, readNumber } from "../components/field.mjs";
import { ModifierList, modifierErrors, modifiersText } from "../components/modifiers.mjs";
import { DiceField, clearedDice, diceArgs, freshDice, readAskedFace } from "./dice_field.mjs";

/** Parse "-2 darkness, +1 aiming" back into rows (a default text becomes visible steppers). */
function modifierRows(text) {
  return String(text || "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = part.match(/^([+\-−]?\d+)\s*(.*)$/);
      return match
        ? { value: match[1].replace("−", "-").replace(/^\+/, ""), label: match[2], bad: false }
        : { value: "0", label: part, bad: false };
    });
}

function initialValue(param, given, options) {
  const value = given !== undefined ? given : param.default;
  if (options) return options.some(([option]) => option === value) ? value : (options[0]?.[0] ?? "");
  if (param.name === "modifiers") return modifierRows(value);
  if (param.kind === "bool") return Boolean(value);
  if (param.kind === "int" || param.kind === "number")
    return value === null || value === undefined ? "" : String(value);
  if (param.kind === "choice") return value ?? param.choices[0];
  if (param.kind === "json") return value === null || value === undefined ? "" : JSON.stringify(value, null, 2);
  return value ?? "";
}

/** Form state for ``op`` showing ``fields`` (param names), pre-filled with ``defaults`` then the catalog's.
 * ``required``: text fields that must be typed (an empty damage is an error here, never the catalog's default);
 * ``diceMode``: the campaign's dice (app/dice_mode.mjs), followed when it changes elsewhere; ``onDiceMode``: the GM
 * chose the other (the campaign keeps it; none: this form alone); ``onNext``: the die asked was typed (Enter);
 * ``choices``: {param name: [value, words] pairs} offered instead of typing (a Call of Cthulhu weapon from the
 * attacker's own list). Physical dice are asked one at a time: ``askDie`` shows the engine's "needs a die" answer
 * as one input, ``answerDie`` keeps its face (or marks it missing, in view), ``clearDice`` forgets the faces after
 * a result. */
export function useOpForm(
  op,
  fields,
  defaults = {},
  { compact = false, required = [], diceMode = "digital", onDiceMode = null, onNext = null, choices = {} } = {},
) {
  const params = fields.map((name) => op.params.find((param) => param.name === name)).filter(Boolean);
  // an offered list may follow the values shown (the defences the weapon picked allows): a function of them
  const offer = (param, shown) => {
    const given = choices[param.name];
    return typeof given === "function" ? given(shown, (value) => choiceLabel(param, value)) : given;
  };
  // an offered list with nothing given starts at its first choice (the attacker's first weapon)
  const start = (param) =>
    defaults[param.name] === undefined && offer(param, defaults)?.length
      ? offer(param, defaults)[0][0]
      : defaults[param.name];
  const [values, setValues] = useState(() =>
    Object.fromEntries(params.map((param) => [param.name, initialValue(param, start(param), offer(param, defaults))])),
  );
  const [bad, setBad] = useState({});
  const [errors, setErrors] = useState({});
  const [dice, setDiceState] = useState(() => freshDice(diceMode));
  const diceNow = useRef(dice); // read at once by a run that follows a change in the same moment
  const setDice = (next) => {
    diceNow.current = next;
    setDiceState(next);
  };
  // A choice made here is kept while the campaign's record catches up: a write still on its way (the choice made
  // just before) must not flip the dice back under the user's finger.
  const chosenHere = useRef(null);
  useEffect(() => {
    if (chosenHere.current !== null) {
      if (diceMode === chosenHere.current) chosenHere.current = null; // the record holds this choice now
      return;
    }
    if (onDiceMode && diceNow.current.mode !== diceMode) setDice(freshDice(diceMode)); // chosen elsewhere: followed
  }, [diceMode]);
  const rolls = op.params.some((param) => param.name === "dice");
  /** A list that follows the values shown keeps a value it offers (a fight back becomes a dodge for a firearm). */
  const following = (shown) => {
    for (const param of params) {
      const options = typeof choices[param.name] === "function" ? offer(param, shown) : null;
      if (options?.length && !options.some(([value]) => value === shown[param.name])) shown[param.name] = options[0][0];
    }
    return shown;
  };
  const set = (name, value, isBad = false) => {
    if (diceNow.current.asking || diceNow.current.asked.length) setDice(clearedDice(diceNow.current)); // a changed roll starts its dice again
    setValues((old) => following({ ...old, [name]: value }));
    setBad((old) => ({ ...old, [name]: isBad }));
    setErrors((old) => ({ ...old, [name]: null }));
  };

  /** The args exactly as shown and the errors found (nothing is marked). */
  function collect() {
    const args = {};
    const found = {};
    for (const param of params) {
      const value = values[param.name];
      if (param.name === "modifiers") {
        const rowErrors = modifierErrors(value);
        if (rowErrors.some(Boolean)) found.modifiers = rowErrors;
        else args.modifiers = modifiersText(value);
      } else if (param.kind === "int" || param.kind === "number") {
        const parsed = readNumber(value, {
          min: param.min,
          max: param.max,
          label: param.label,
          badInput: bad[param.name],
          required: param.required || param.default !== null || required.includes(param.name),
        });
        if (parsed.error) found[param.name] = parsed.error;
        else if (parsed.value !== null) args[param.name] = parsed.value;
      } else if (param.kind === "json") {
        if (String(value).trim() === "") continue;
        try {
          args[param.name] = JSON.parse(value);
        } catch (error) {
          found[param.name] = `${param.label}: not valid JSON (${error.message}).`;
        }
      } else if (
        param.kind === "text" &&
        (param.required || required.includes(param.name)) &&
        String(value).trim() === ""
      ) {
        found[param.name] = `${param.label}: this is needed.`;
      } else {
        args[param.name] = value;
      }
    }
    return { args, found };
  }

  /** The args exactly as shown (with the dice typed so far), or null after marking each bad field. */
  function read() {
    const { args, found } = collect();
    const diceArg = rolls ? diceArgs(diceNow.current) : {};
    if (diceArg.error) found.dice = diceArg.error;
    else Object.assign(args, diceArg.args);
    setErrors(found);
    return Object.keys(found).length ? null : args;
  }

  /** Whether the roll's dice are physical (the request then says so: the engine asks for each missing die). */
  const physical = () => rolls && diceNow.current.mode === "physical";

  /** The engine asks for one more die (``die``: its "needs a die" answer): show one input for it. */
  function askDie(die) {
    setDice({ ...diceNow.current, asking: die, face: "" });
    setErrors((old) => ({ ...old, dice: null }));
  }

  /** Keep the face typed for the die asked: true, or false after marking it missing or wrong next to it. */
  function answerDie() {
    const current = diceNow.current;
    if (!current.asking) return true;
    const read = readAskedFace(current);
    if (read.error) {
      setErrors((old) => ({ ...old, dice: read.error }));
      return false;
    }
    setDice({
      ...current,
      asked: [...current.asked, { prompt: current.asking.prompt, face: read.face }],
      asking: null,
      face: "",
    });
    setErrors((old) => ({ ...old, dice: null }));
    return true;
  }

  const clearDice = () => setDice(clearedDice(diceNow.current));

  /** The args as shown without dice (for the odds), or null while a field is not readable. */
  function peek() {
    const { args, found } = collect();
    return Object.keys(found).length ? null : args;
  }

  /** Show an engine refusal next to the field it names (or return false when it names none shown). */
  function showEngineError(error) {
    const name =
      error.field && (params.some((param) => param.name === error.field) || error.field === "dice")
        ? error.field
        : null;
    if (name) setErrors((old) => ({ ...old, [name]: error.message }));
    return Boolean(name);
  }

  const fieldsView = html`<div class="op-fields">
    ${params.map((param) => paramField(param, values[param.name], errors[param.name], (value, isBad) => set(param.name, value, isBad), compact, offer(param, values)))}
  </div>`;
  const diceView = rolls
    ? html`<${DiceField} dice=${dice} onNext=${onNext}
    onChange=${(next) => {
      setDice(next);
      if (next.mode !== dice.mode && onDiceMode) {
        chosenHere.current = next.mode;
        onDiceMode(next.mode);
      }
      setErrors((old) => ({ ...old, dice: null }));
    }}
    error=${errors.dice} hint=${plainHelp(op.params.find((param) => param.name === "dice").help)} />`
    : null;
  const view = html`${fieldsView}${diceView}`;
  return {
    view,
    fieldsView,
    diceView,
    read,
    peek,
    showEngineError,
    values,
    physical,
    askDie,
    answerDie,
    clearDice,
    asking: Boolean(rolls && dice.asking),
  };
}

/** ``compact`` (the drawer): help only where the value is typed as text (a loss "0/1D6", a damage roll). */
function paramField(param, value, error, onChange, compact, offered) {
  const help = compact && (param.kind !== "text" || offered) ? undefined : plainHelp(param.help);
  const common = { key: param.name, name: param.name, label: param.label, help, error };
  if (offered) return html`<${ChoiceField} ...${common} value=${value} onChange=${onChange} options=${offered} />`;
  if (param.name === "modifiers")
    return html`<${ModifierList} key="modifiers" rows=${value} errors=${error || []} onChange=${onChange} />`;
  switch (param.kind) {
    case "bool":
      return html`<${CheckField} ...${common} checked=${value} onChange=${onChange} />`;
    case "choice":
      return html`<${ChoiceField} ...${common} value=${value} onChange=${onChange} options=${param.choices.map((choice) => [choice, choiceLabel(param, choice)])} />`;
    case "int":
    case "number":
      return html`<${NumberField} ...${common} value=${value} min=${param.min} max=${param.max} onInput=${onChange} />`;
    case "json":
      return html`<div class="field" key=${param.name}>
      <label for=${`json-${param.name}`}>${param.label}</label>
      <textarea id=${`json-${param.name}`} name=${param.name} rows="6" spellcheck="false" autocapitalize="off" value=${value} onInput=${(event) => onChange(event.currentTarget.value)}></textarea>
      <p class="field-error" role="alert" hidden=${!error}>${error || ""}</p></div>`;
    default:
      return html`<${TextField} ...${common} value=${value} maxlength=${param.max_length ?? undefined} onInput=${onChange} />`;
  }
}
