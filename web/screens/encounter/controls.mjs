// The encounter's own controls: order by the game's rule, the dice it rolls (digital, or physical dice: faces
// typed up front, then each die the rules need asked one at a time, as the roll drawer does), end the round now,
// let time pass, end the encounter.
import { html, useEffect, useRef, useState } from "../../app/html.mjs";
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
  const [activity, setActivity] = useState(
    param("activity").choices.includes("normal") ? "normal" : param("activity").default,
  );
  const parsed = readNumber(amount.text, { min: 1, max: 365, label: "How many", badInput: amount.bad });
  return html`<details class="panel time-passes">
    <summary>Time passes</summary>
    <p class="help">For everyone in the encounter with a sheet: healing, recovery and every timer.</p>
    <div class="grid-fields">
      <${NumberField} label="How many" name="time-amount" min=${1} max=${365} value=${amount.text} error=${parsed.error}
        onInput=${(text, bad) => setAmount({ text, bad })} />
      <${ChoiceField} label="Unit" name="time-unit" value=${unit} onChange=${setUnit} options=${rules.units.map((value) => [value, choiceLabel(param("unit"), value)])} />
      ${
        rules.game.id === "armageddon"
          ? html`<${ChoiceField} label="Meanwhile" name="time-activity" value=${activity} onChange=${setActivity}
        options=${param("activity").choices.map((value) => [value, choiceLabel(param("activity"), value)])} />`
          : null
      }
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

/** The asked die's button says what it does, never "Next" (the turn bar's Next is the only one): "Roll: Dying
 * (d10)", "Roll: CON roll (dying) (d100) — tens die" (the engine's prompt for the die). */
export const answerWords = (die) => `Roll: ${die?.prompt || "the die asked"}`;

/** The die a step asks for (physical dice), clear of the turn bar fixed at the bottom: the dice field scrolls the
 * asked die into view and focuses it; this keeps it (its Next and Stop too) above the bar. */
function useAskedAboveTheBar(box, dice, error) {
  useEffect(() => {
    const asked = dice.asking && box.current?.querySelector(".asked-die");
    if (!asked) return;
    const bar = document.querySelector(".turn-bar");
    const buttons = box.current.querySelector(".asked-actions");
    asked.style.scrollMarginBottom = `${(bar?.offsetHeight || 0) + (buttons?.offsetHeight || 0) + 16}px`;
    asked.scrollIntoView({ block: "nearest" });
  }, [dice.asking?.position, error]);
}

/** ``dice``: see drawer/dice_field.mjs freshDice; ``askedFor``: the step whose die is asked, as its button says it;
 * ``onAnswer``: the die asked is typed (Enter or Next), ``onStop``: the step that asked is not taken. */
export function Controls({
  encounter,
  rules,
  catalog,
  busy,
  act,
  onPass,
  dice,
  setDice,
  diceError,
  askedFor = "",
  onAnswer,
  onStop,
  onEnd,
  skipUnable = false,
  setSkipUnable = () => {},
}) {
  const ended = encounter.ended;
  const box = useRef(null);
  useAskedAboveTheBar(box, dice, diceError);
  return html`<section class="encounter-controls" aria-label="The encounter" ref=${box}>
    ${
      ended
        ? null
        : html`<div class="row-actions">
      ${
        rules.orderLabel
          ? html`<button type="button" class="primary" data-step="order" disabled=${busy || !encounter.combatants.length} onClick=${() => act("order")}>${rules.orderLabel}</button>`
          : null
      }
      <button type="button" data-step="end_round" disabled=${busy || !encounter.combatants.length} onClick=${() => act("end_round")}>End the round now</button>
    </div>
    <p class="help">${rules.orderHelp}</p>
    <${SkipUnable} on=${skipUnable} onChange=${setSkipUnable} />`
    }
    <${DiceField} dice=${dice} onChange=${setDice} error=${diceError} onNext=${onAnswer}
      emptyHelp="Leave it empty: each die a step rolls (Initiative, the end of a round, a dying roll) is asked for when the rules need it. Faces typed here go first, in the order rolled." />
    ${
      dice.mode === "physical" && dice.asking
        ? html`<div class="row-actions asked-actions">
      <p class="help" data-asked-for style="flex-basis: 100%; margin: 0">${askedFor || "This step"}: each die is asked as the rules need it; nothing is stored until the last.</p>
      <button type="button" class="primary" data-answer-die disabled=${busy} onClick=${onAnswer}>${busy ? "Working…" : answerWords(dice.asking)}</button>
      <button type="button" data-stop-dice disabled=${busy} onClick=${onStop}>Stop: don't take this step</button>
    </div>`
        : null
    }
    <${TimePasses} rules=${rules} catalog=${catalog} busy=${busy} onPass=${onPass} />
    ${ended ? null : html`<button type="button" class="danger" data-step="end" onClick=${onEnd}>End the encounter</button>`}
  </section>`;
}
