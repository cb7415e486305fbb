// Paste a stat block (any game whose engine declares <game>.parse_stat_block): the engine reads it and says what
// it read, what it did not understand, and which values the sheet still needs: those the block leaves out, and
// those it prints in a way the reader did not understand (with the text). Both are asked here, never guessed, with
// the bounds the engine gives; then the sheet is saved as an NPC. A game whose sheet declares creatures (Call of
// Cthulhu's ``kind``) asks whether the block is one: a creature's sheet leaves out what the declaration says it may
// lack (APP, EDU, Luck), and keeps its own MOV and Sanity loss.
import { html, useId, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { snack } from "../../app/actions.mjs";
import { ChoiceField, Field, NumberField, TextField, readNumber } from "../../components/field.mjs";
import { gameFor } from "../../games/index.mjs";
import { limitsOf } from "../../games/sheet_spec.mjs";
import { addCharacters } from "./actions.mjs";

/** What a creature's sheet may leave out, as the declaration says: optional, and not asked of a creature. */
const creatureMayLack = (spec) =>
  (spec?.fields || [])
    .filter((field) => field.optional && field.sheet_kinds?.length && !field.sheet_kinds.includes("creature"))
    .map((field) => field.label);

/** The operation that reads a stat block of ``game`` (py_rules/stat_block_op.py declares one per game). */
export const statBlockOp = (game) => `${game}.parse_stat_block`;

/** Why a value is asked: the block leaves it out, or prints it and the reader did not understand the text. */
export const askedHelp = (ask) =>
  ask.not_understood ? `Printed as ${ask.not_understood}, not understood.` : "The block leaves it out.";

export function StatBlock({ campaign, onDone }) {
  const app = useApp();
  const id = useId();
  const op = statBlockOp(campaign.game);
  const textHelp = app.state.catalog.op?.(op)?.params.find((param) => param.name === "text")?.help ?? "";
  const [text, setText] = useState("");
  const [answer, setAnswer] = useState(null); // the engine's details
  const [asked, setAsked] = useState([]); // what the sheet still needs, asked until saved: the engine's ``asks``
  const [given, setGiven] = useState({}); // key → {text, bad}
  const [name, setName] = useState("");
  const [error, setError] = useState(null);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);

  const spec = gameFor(app.state.catalog, campaign.game)?.sheet;
  const kinds = (limitsOf(spec, "kind").choices || []).some(([id]) => id === "creature")
    ? limitsOf(spec, "kind").choices
    : null;
  const [kind, setKind] = useState(kinds ? kinds[0][0] : null);
  const creature = kind === "creature";
  const lacking = creatureMayLack(spec);
  const asking = creature ? asked.filter((ask) => !lacking.includes(ask.key)) : asked;
  const numbers = Object.fromEntries(
    asking.map((ask) => [
      ask.key,
      readNumber(given[ask.key]?.text ?? "", {
        min: ask.minimum,
        max: ask.maximum,
        label: ask.label,
        badInput: given[ask.key]?.bad,
      }),
    ]),
  );
  const read = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await app.services.engine.call(op, { text, given: {} });
      setAnswer(result.details);
      setAsked(result.details.asks);
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
      const values = Object.fromEntries(asking.map((ask) => [ask.key, numbers[ask.key].value]));
      const result = await app.services.engine.call(op, {
        text,
        given: { ...values, name: name.trim(), ...(creature ? { kind } : {}) },
      });
      if (!result.details.sheet) {
        // the text changed since it was read: ask for what it now lacks too
        setAnswer(result.details);
        setAsked((old) => [...old, ...result.details.asks.filter((ask) => !old.some((each) => each.key === ask.key))]);
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
  const leftOut = answer ? answer.left_out.filter((key) => !(creature && lacking.includes(key))) : [];
  const unclear = answer ? Object.entries(answer.not_understood) : [];
  return html`<form class="panel stat-block" onSubmit=${save} noValidate aria-labelledby="stat-block-title">
    <h2 id="stat-block-title">Paste a stat block</h2>
    <${Field} label="Stat block" id=${id} help=${textHelp}>
      <textarea id=${id} name="stat-block" rows="9" spellcheck="false" autocapitalize="off" value=${text}
        aria-describedby=${`${id}-help`} onInput=${(event) => setText(event.currentTarget.value)}></textarea>
    </${Field}>
    <div class="row-actions">
      <button type="button" onClick=${onDone}>Cancel</button>
      <button type="button" class=${answer ? "" : "primary"} disabled=${busy || !text.trim()} onClick=${read}>Read</button>
    </div>
    ${
      answer
        ? html`<section class="stat-block-answer" aria-live="polite">
      <h3>Read</h3>
      ${
        answer.read.length
          ? html`<ul class="read-list" data-user-text>${answer.read.map((words, index) => html`<li key=${index}>${words}</li>`)}</ul>`
          : html`<p class="empty">Nothing.</p>`
      }
      <h3>Not understood</h3>
      ${
        answer.not_read.length
          ? html`<ul class="not-read-list" data-user-text>${answer.not_read.map((words, index) => html`<li key=${index}>${words}</li>`)}</ul>`
          : html`<p class="help">Everything in the text was understood.</p>`
      }
      ${unclear.length ? html`<p class="help printed-not-understood">${`Printed but not understood: ${unclear.map(([key]) => key).join(", ")}; give ${unclear.length === 1 ? "it" : "them"} below.`}</p>` : null}
      ${leftOut.length ? html`<p class="help left-out">The block leaves out ${leftOut.join(", ")}: give ${leftOut.length === 1 ? "it" : "them"} below.</p>` : null}
      <div class="grid-fields">
        <${TextField} label=${creature ? "Name" : "NPC name"} name="stat-block-name" value=${name} maxlength=${limitsOf(spec, "name").maxlength ?? 80} onInput=${setName}
          error=${shown && !name.trim() ? "Give them a name." : null} />
        ${
          kinds
            ? html`<${ChoiceField} label="It is" name="stat-block-kind" value=${kind} onChange=${setKind} options=${kinds}
          help=${creature ? `A creature's sheet may leave out ${lacking.join(", ")}; it keeps its own MOV and Sanity loss.` : null} />`
            : null
        }
        ${asking.map(
          (
            ask,
          ) => html`<${NumberField} key=${ask.key} label=${ask.label} name=${`given-${ask.key}`} min=${ask.minimum} max=${ask.maximum}
          help=${askedHelp(ask)} value=${given[ask.key]?.text ?? ""} error=${shown ? numbers[ask.key].error : null}
          onInput=${(typed, bad) => setGiven((old) => ({ ...old, [ask.key]: { text: typed, bad } }))} />`,
        )}
      </div>
      <button type="submit" class="primary" disabled=${busy}>${creature ? "Save the creature" : "Save as NPC"}</button>
    </section>`
        : null
    }
    ${error ? html`<p class="field-error" role="alert">${error}</p>` : null}
  </form>`;
}
