// Digital dice, or the faces of physical dice typed in the order rolled (space or comma between them):
// the same path the engine's tests use to script dice.
import { html, useId } from "../app/html.mjs";

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
      <input id=${id} name="dice" type="text" inputmode="text" autocomplete="off" placeholder="e.g. 7, 3" value=${dice.faces}
        aria-invalid=${error ? "true" : undefined} aria-describedby=${`${id}-error`}
        onInput=${(event) => onChange({ ...dice, faces: event.currentTarget.value })} />
      ${hint ? html`<small class="help">${hint.replace(/;?\s*leave empty to roll digitally\.?/i, ".")}</small>` : null}
    </div>` : null}
    <p class="field-error" id=${`${id}-error`} role="alert" hidden=${!error}>${error || ""}</p>
  </fieldset>`;
}
