// Paste a stat block (Call of Cthulhu): the engine reads it (coc.parse_stat_block) and says what it read and
// what it did not; what the block leaves out is asked here, never guessed; then it is saved as an NPC. A creature's
// block (the Keeper says so) is saved without the APP, EDU and Luck it does not print, with its own MOV and Sanity
// loss; every bound asked here is the sheet's declaration (py_rules/coc/sheet.py, games/sheet_spec.mjs).
import { html, useId, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { snack } from "../../app/actions.mjs";
import { ChoiceField, Field, NumberField, TextField, readNumber } from "../../components/field.mjs";
import { gameFor } from "../../games/index.mjs";
import { limitsOf } from "../../games/sheet_spec.mjs";
import { addCharacters } from "./actions.mjs";

/** The sheet's path of a value the block may leave out ("Luck", "STR"). */
const pathOf = (key) => (key === "Luck" ? "luck" : `characteristics.${key}`);
/** What a creature's sheet may leave out, as the declaration says: optional, and not asked of a creature. */
const creatureMayLack = (spec) => (spec?.fields || []).filter((field) => field.optional && field.sheet_kinds?.length && !field.sheet_kinds.includes("creature"))
  .map((field) => field.label);

export function StatBlock({ campaign, onDone }) {
  const app = useApp();
  const id = useId();
  const [text, setText] = useState("");
  const [answer, setAnswer] = useState(null); // the engine's details
  const [asked, setAsked] = useState([]); // what the block leaves out, asked until saved
  const [given, setGiven] = useState({}); // key → {text, bad}
  const [name, setName] = useState("");
  const [error, setError] = useState(null);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState("human");
  const spec = gameFor(app.state.catalog, "coc")?.sheet;
  const lacking = creatureMayLack(spec);
  const kinds = limitsOf(spec, "kind").choices || [["human", "Investigator or NPC"], ["creature", "Creature"]];
  const creature = kind === "creature";
  const asking = creature ? asked.filter((key) => !lacking.includes(key)) : asked;
  const bound = (key) => limitsOf(spec, pathOf(key));

  const numbers = Object.fromEntries(asking.map((key) => [key, readNumber(given[key]?.text ?? "", { min: bound(key).min ?? 0, max: bound(key).max ?? null, label: key, badInput: given[key]?.bad })]));
  const read = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await app.services.engine.call("coc.parse_stat_block", { text, given: {} });
      setAnswer(result.details);
      setAsked(result.details.missing);
      setGiven({});
      setShown(false);
      setName(result.details.name);
    } catch (failure) {
      setError(failure.message);
    } finally {
      setBusy(false);
    }
  };
  const save = async (event) => {
    event.preventDefault();
    setShown(true);
    if (Object.values(numbers).some((each) => each.error) || !name.trim()) return;
    setBusy(true);
    try {
      const values = Object.fromEntries(asking.map((key) => [key, numbers[key].value]));
      const result = await app.services.engine.call("coc.parse_stat_block", { text, given: { ...values, name: name.trim(), ...(creature ? { kind } : {}) } });
      if (!result.details.sheet) { // the text changed since it was read: ask for what it now leaves out too
        setAnswer(result.details);
        setAsked((old) => [...old, ...result.details.missing.filter((key) => !old.includes(key))]);
        setError(result.events[0]);
        return;
      }
      await addCharacters(app, campaign, [result.details.sheet], "npc");
      snack(app, `${result.details.sheet.name} joined the cast.`);
      onDone();
    } catch (failure) {
      setError(failure.first || failure.message);
    } finally {
      setBusy(false);
    }
  };
  return html`<form class="panel stat-block" onSubmit=${save} noValidate aria-labelledby="stat-block-title">
    <h2 id="stat-block-title">Paste a stat block</h2>
    <${Field} label="Stat block" id=${id} help="As the scenario prints it: characteristics, HP, Damage Bonus, attacks, skills, armour, Sanity loss.">
      <textarea id=${id} name="stat-block" rows="9" spellcheck="false" autocapitalize="off" value=${text}
        aria-describedby=${`${id}-help`} onInput=${(event) => setText(event.currentTarget.value)}></textarea>
    </${Field}>
    <div class="row-actions">
      <button type="button" onClick=${onDone}>Cancel</button>
      <button type="button" class=${answer ? "" : "primary"} disabled=${busy || !text.trim()} onClick=${read}>Read</button>
    </div>
    ${answer ? html`<section class="stat-block-answer" aria-live="polite">
      <h3>Read</h3>
      ${answer.read.length ? html`<ul class="read-list">${answer.read.map((words, index) => html`<li key=${index}>${words}</li>`)}</ul>`
        : html`<p class="empty">Nothing.</p>`}
      <h3>Not read</h3>
      ${answer.not_read.length ? html`<ul class="not-read-list">${answer.not_read.map((words, index) => html`<li key=${index}>${words}</li>`)}</ul>`
        : html`<p class="help">Everything was read.</p>`}
      <div class="grid-fields">
        <${TextField} label=${creature ? "Name" : "NPC name"} name="stat-block-name" value=${name} maxlength=${limitsOf(spec, "name").maxlength ?? 80} onInput=${setName}
          error=${shown && !name.trim() ? "Give them a name." : null} />
        <${ChoiceField} label="It is" name="stat-block-kind" value=${kind} onChange=${setKind} options=${kinds}
          help=${creature ? `A creature's sheet may leave out ${lacking.join(", ")}; it keeps its own MOV and Sanity loss.` : null} />
        ${asking.map((key) => html`<${NumberField} key=${key} label=${key} name=${`given-${key}`} min=${bound(key).min ?? 0} max=${bound(key).max ?? null}
          help="The block leaves it out." value=${given[key]?.text ?? ""} error=${shown ? numbers[key].error : null}
          onInput=${(typed, bad) => setGiven((old) => ({ ...old, [key]: { text: typed, bad } }))} />`)}
      </div>
      <button type="submit" class="primary" disabled=${busy}>${creature ? "Save the creature" : "Save as NPC"}</button>
    </section>` : null}
    ${error ? html`<p class="field-error" role="alert">${error}</p>` : null}
  </form>`;
}
