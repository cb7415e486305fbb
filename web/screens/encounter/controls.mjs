// The encounter's own controls: order by the game's rule, the dice it rolls (digital, or typed faces of
// physical dice for Initiative and the end of a round), end the round now, let time pass, end the encounter.
import { html, useState } from "../../app/html.mjs";
import { choiceLabel } from "../../app/engine.mjs";
import { ChoiceField, NumberField, readNumber } from "../../components/field.mjs";
import { DiceField } from "../../drawer/dice_field.mjs";

/** ``onPass(args)`` lets the time pass (asking first when it would run dying rolls). The shortest step is the
 * default (a minute, or an hour where the game counts no minutes), going on as before (no rest assumed). */
function TimePasses({ rules, catalog, busy, onPass }) {
  const op = catalog.op("encounter.skip_time");
  const param = (name) => op.params.find((each) => each.name === name);
  const [unit, setUnit] = useState(rules.units[0]);
  const [amount, setAmount] = useState({ text: "1", bad: false });
  const [activity, setActivity] = useState(param("activity").choices.includes("normal") ? "normal" : param("activity").default);
  const parsed = readNumber(amount.text, { min: 1, max: 365, label: "How many", badInput: amount.bad });
  return html`<details class="panel time-passes">
    <summary>Time passes</summary>
    <p class="help">For everyone in the encounter with a sheet: healing, recovery and every timer.</p>
    <div class="grid-fields">
      <${NumberField} label="How many" name="time-amount" min=${1} max=${365} value=${amount.text} error=${parsed.error}
        onInput=${(text, bad) => setAmount({ text, bad })} />
      <${ChoiceField} label="Unit" name="time-unit" value=${unit} onChange=${setUnit} options=${rules.units.map((value) => [value, choiceLabel(param("unit"), value)])} />
      ${rules.game.id === "armageddon" ? html`<${ChoiceField} label="Meanwhile" name="time-activity" value=${activity} onChange=${setActivity}
        options=${param("activity").choices.map((value) => [value, choiceLabel(param("activity"), value)])} />` : null}
    </div>
    <button type="button" data-step="skip_time" disabled=${busy || parsed.error}
      onClick=${() => onPass({ unit, amount: parsed.value, ...(rules.game.id === "armageddon" ? { activity } : {}) })}>Let the time pass</button>
  </details>`;
}

/** The GM's choice, remembered per campaign: Next passes over a combatant who cannot act (the log says why). */
function SkipUnable({ on, onChange }) {
  return html`<label class="check skip-unable">
    <input type="checkbox" name="skip-unable" checked=${on} onChange=${(event) => onChange(event.currentTarget.checked)} />
    <span>Next skips anyone who cannot act (the log says why)</span>
  </label>`;
}

export function Controls({ encounter, rules, catalog, busy, act, onPass, dice, setDice, diceError, onEnd, skipUnable = false, setSkipUnable = () => {} }) {
  const ended = encounter.ended;
  return html`<section class="encounter-controls" aria-label="The encounter">
    ${ended ? null : html`<div class="row-actions">
      ${rules.orderLabel
        ? html`<button type="button" class="primary" data-step="order" disabled=${busy || !encounter.combatants.length} onClick=${() => act("order")}>${rules.orderLabel}</button>`
        : null}
      <button type="button" data-step="end_round" disabled=${busy || !encounter.combatants.length} onClick=${() => act("end_round")}>End the round now</button>
    </div>
    <p class="help">${rules.orderHelp}</p>
    <${SkipUnable} on=${skipUnable} onChange=${setSkipUnable} />`}
    <${DiceField} dice=${dice} onChange=${setDice} error=${diceError}
      hint="For the rolls the encounter makes (Initiative, the end of a round), in the order the result lists them." />
    <${TimePasses} rules=${rules} catalog=${catalog} busy=${busy} onPass=${onPass} />
    ${ended ? null : html`<button type="button" class="danger" data-step="end" onClick=${onEnd}>End the encounter</button>`}
  </section>`;
}
