// Digital dice, or the faces of physical dice typed in the order rolled (space or comma between them):
// the same path the engine's tests use to script dice.
import { html, useId } from "../app/html.mjs";
import { selectOnFocus } from "../components/field.mjs";

/** The dice choice (digital or physical) is remembered per campaign in this browser, so the next drawer opens
 * with the dice the table uses; the faces are never kept. Stored apart from the campaign record (its schema is
 * unchanged); storage refused (a private window) just means digital each time. */
const diceKey = (campaignId) => `rules-companion:dice:${campaignId}`;

export function rememberedDice(campaignId) {
  try {
    return campaignId && localStorage.getItem(diceKey(campaignId)) === "physical" ? "physical" : "digital";
  } catch {
    return "digital";
  }
}

export function rememberDice(campaignId, mode) {
  try {
    if (campaignId) localStorage.setItem(diceKey(campaignId), mode === "physical" ? "physical" : "digital");
  } catch { /* not kept: the choice still holds in this drawer */ }
}

export function diceArgs({ mode, faces }) {
  if (mode !== "physical") return { args: {} };
  const text = faces.trim();
  if (!text) return { error: "Type the faces you rolled, or choose digital dice." };
  if (!/^[\d\s,;]+$/.test(text)) return { error: `Faces are numbers separated by spaces or commas (got “${text}”).` };
  return { args: { dice: text.replace(/[,;]/g, " ").replace(/\s+/g, " ") } };
}

export function DiceField({ dice, onChange, error, hint }) {
  const id = useId();
  const physical = dice.mode === "physical";
  return html`<fieldset class="dice-field">
    <legend>Dice</legend>
    <div class="segmented" role="radiogroup" aria-label="Dice">
      <label class=${!physical ? "on" : ""}><input type="radio" name=${`${id}-mode`} checked=${!physical} onChange=${() => onChange({ ...dice, mode: "digital" })} /> Digital</label>
      <label class=${physical ? "on" : ""}><input type="radio" name=${`${id}-mode`} checked=${physical} onChange=${() => onChange({ ...dice, mode: "physical" })} /> Physical dice</label>
    </div>
    ${physical ? html`<div class="field">
      <label for=${id}>Faces in the order rolled</label>
      <input id=${id} name="dice" type="text" inputmode="text" autocomplete="off" placeholder="e.g. 7, 3" value=${dice.faces} ...${selectOnFocus}
        aria-invalid=${error ? "true" : undefined} aria-describedby=${`${id}-error`}
        onInput=${(event) => onChange({ ...dice, faces: event.currentTarget.value })} />
      ${hint ? html`<small class="help">${hint.replace(/;?\s*leave empty to roll digitally\.?/i, ".")}</small>` : null}
    </div>` : null}
    <p class="field-error" id=${`${id}-error`} role="alert" hidden=${!error}>${error || ""}</p>
  </fieldset>`;
}
