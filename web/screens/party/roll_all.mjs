// Rolling a new character's numbers at once (Call of Cthulhu: the characteristics and Luck, and the age's dice;
// rules/coc.md §3.2a), with digital dice or physical ones typed, through the same dice path as every roll
// (drawer/dice_field.mjs: the faces in the order rolled go to the engine as ``dice``). The engine keeps each die in the
// sheet's creation record; a face a die cannot show, or too few faces, is said here in the engine's words.
//
// An age whose loss the characteristics share (rules/coc.md §3.2a: "−5 shared by STR, CON, DEX") shows a field per
// characteristic the rule names, each from 0 to the loss, starting at the even split the rules take (the age table:
// ``roll.tableOp``). Left as they are, the engine splits evenly; changed, the split is sent and the engine checks it
// (the total the rule requires, at least 1 left in each), its refusal said next to the field it names.
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { NumberField, readNumber } from "../../components/field.mjs";
import { DiceField, diceArgs, freshDice } from "../../drawer/dice_field.mjs";
import { CODE } from "../../error_codes.mjs";

/** The split typed (``typed``: key → text) read against the band: {loss, errors}; ``loss`` null when nothing was
 * changed from the even split (the engine then takes that one itself). */
function readSplit(split, typed) {
  if (!split || !typed) return { loss: null, errors: {} };
  const errors = {};
  const loss = {};
  for (const key of split.keys) {
    const read = readNumber(typed[key] ?? String(split.even[key] ?? 0), {
      min: 0,
      max: split.total,
      label: `${key} loses`,
    });
    if (read.error) errors[key] = read.error;
    else loss[key] = read.value;
  }
  return { loss, errors };
}

function AgeLoss({ split, typed, errors, error, onInput }) {
  const [range] = split.words.split(":");
  const shared = split.keys.reduce((sum, key) => sum + (Number(typed?.[key] ?? split.even[key]) || 0), 0);
  return html`<fieldset class="grid-fields age-loss" data-age-loss>
    <legend>Age loss: ${split.total} shared by ${split.keys.join(", ")}</legend>
    <p class="help">${range}: spread the loss as the player chooses (the rules leave at least 1 in each); left as it is, it is split evenly. Shared so far: ${shared} of ${split.total}.</p>
    ${split.keys.map(
      (
        key,
      ) => html`<${NumberField} key=${key} label=${`${key} loses`} name=${`age_loss.${key}`} min=${0} max=${split.total}
        value=${typed?.[key] ?? String(split.even[key] ?? 0)} error=${errors[key]} onInput=${(text) => onInput(key, text)} />`,
    )}
    ${error ? html`<p class="field-error" role="alert" data-field="age_loss">${error}</p>` : null}
  </fieldset>`;
}

export function RollAll({ roll, draft, onRolled }) {
  const app = useApp();
  const [dice, setDice] = useState(() => freshDice());
  const [error, setError] = useState(null); // {field, message}: field "age_loss", "age_loss.STR" or null (the dice)
  const [busy, setBusy] = useState(false);
  const [table, setTable] = useState(null); // the age table's answer, asked once
  const [typed, setTyped] = useState(null); // {band, values: key → text} once the split is changed
  useEffect(() => {
    if (!roll.tableOp) return undefined;
    let live = true;
    app.services.engine.call(roll.tableOp, {}).then(
      (answer) => live && setTable(answer),
      () => {}, // no table: the loss is split evenly, as the engine does when none is sent
    );
    return () => {
      live = false;
    };
  }, [roll.tableOp]);
  const split = roll.split && table ? roll.split(table, draft) : null;
  const mine = split && typed?.band === split.words ? typed.values : null; // another age band starts even again
  const { loss, errors } = readSplit(split, mine);
  const fieldError = (key) => errors[key] || (error?.field === `age_loss.${key}` ? error.message : null);
  const go = async () => {
    const dealt = diceArgs(dice);
    if (dealt.error) {
      setError({ field: null, message: dealt.error });
      return;
    }
    if (Object.keys(errors).length) return;
    const asked = roll.request(draft, loss);
    setBusy(true);
    try {
      onRolled(roll.values(await app.services.engine.call(asked.op, { ...asked.args, ...dealt.args })));
      setError(null);
      setDice((old) => ({ ...old, faces: "" }));
    } catch (refused) {
      const field = String(refused.field || "");
      setError({
        field: field.startsWith("age_loss") ? field : null,
        message:
          refused.code === CODE.needsDie
            ? `More faces are needed: next, ${refused.die?.prompt || "one more die"}. Type every face in the order rolled.`
            : refused.message,
      });
    } finally {
      setBusy(false);
    }
  };
  return html`<div class="roll-all">
    ${
      split
        ? html`<${AgeLoss} split=${split} typed=${mine} errors=${Object.fromEntries(split.keys.map((key) => [key, fieldError(key)]))}
      error=${error?.field === "age_loss" ? error.message : null}
      onInput=${(key, text) => {
        setTyped({ band: split.words, values: { ...(mine || {}), [key]: text } });
        setError(null);
      }} />`
        : null
    }
    <${DiceField} dice=${dice} error=${error && !error.field ? error.message : null} hint=${roll.physicalHelp}
      onChange=${(next) => {
        setDice(next);
        setError(null);
      }} />
    <button type="button" onClick=${go} disabled=${busy}>${roll.label}</button>
  </div>`;
}
