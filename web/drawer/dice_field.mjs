// Digital dice, or physical dice asked one at a time as the rules need them: the engine answers "needs a die"
// (py_rules/dice.py NeedsDie) naming the next die by its roll ("Sanity roll (d100) — units die", "INT roll …",
// "Survival Test (d10)"), the drawer shows one input for it, in view and focused, and calls again with the faces
// so far and the new one until the result comes. Faces known before the roll may still be typed all at once
// (space or comma between them): the same path the engine's tests use to script dice.
import { html, useEffect, useId, useRef } from "../app/html.mjs";
import { selectOnFocus } from "../components/field.mjs";

// The dice choice (digital or physical) is the campaign's, kept in its record (app/dice_mode.mjs); the faces are
// never kept.

/** A fresh dice state: ``faces`` typed all at once, ``asked`` the dice answered one at a time ({prompt, face}),
 * ``asking`` the die the engine asks for now (its ``die`` answer) and ``face`` the text typed for it. */
export const freshDice = (mode = "digital") => ({ mode, faces: "", asked: [], asking: null, face: "" });

/** The same choice with every face forgotten (after a result, or when the roll's fields change). */
export const clearedDice = (dice) => freshDice(dice.mode);

/** The request's dice: ``{args, physical}`` or ``{error}``. Physical dice send the faces so far (none yet is
 * fine: the engine then asks for the first die); digital dice send nothing. */
export function diceArgs(dice) {
  if (dice.mode !== "physical") return { args: {} };
  const text = String(dice.faces || "").trim();
  if (text && !/^[\d\s,;]+$/.test(text))
    return { error: `Faces are numbers separated by spaces or commas (got “${text}”).` };
  const typed = text ? text.replace(/[,;]/g, " ").replace(/\s+/g, " ").split(" ") : [];
  const all = [...typed, ...(dice.asked || []).map((each) => String(each.face))];
  return { args: all.length ? { dice: all.join(" ") } : {}, physical: true };
}

/** The face typed for the die asked: {face} or {error} in the die's own words. */
export function readAskedFace(dice) {
  const die = dice.asking;
  const text = String(dice.face ?? "").trim();
  if (!text) return { error: `Type the face of the die you rolled for ${die.prompt} (${facesWords(die)}).` };
  if (!/^\d+$/.test(text)) return { error: `“${text}” is not a face of this die: type one of ${facesWords(die)}.` };
  const face = Number(text);
  if (face < die.low || face > die.high)
    return { error: `A ${die.name} shows ${die.low} to ${die.high}, not ${face}.` };
  if (die.shows && !die.shows.includes(face)) return { error: `A ${die.name} shows ${facesWords(die)}, not ${face}.` };
  return { face };
}

/** A die's faces in words: "1–10", or each face when they skip ("0, 10, 20, … 90": a tens die reads 00 as 0). */
const facesWords = (die) =>
  die.shows && die.shows.length !== die.high - die.low + 1
    ? `${die.shows.slice(0, 3).join(", ")}, … ${die.high}`
    : `${die.low}–${die.high}`;

/** The one die asked now: labelled with its roll, scrolled into view and focused whenever it is asked (or its
 * face is found missing: ``error`` changes). Enter is Next. */
function AskedDie({ dice, onChange, error, onNext }) {
  const id = useId();
  const input = useRef(null);
  const die = dice.asking;
  useEffect(() => {
    const node = input.current;
    if (!node) return undefined;
    const keep = () => node.closest(".asked-die")?.scrollIntoView({ block: "nearest" });
    keep();
    node.focus({ preventScroll: true });
    // What sits above it in the drawer may still grow (the exact odds arrive after the die is asked on a slow
    // tablet): the die asked stays in view while it has the focus.
    const scroller = node.closest(".drawer-scroll");
    if (!scroller || typeof ResizeObserver !== "function") return undefined;
    const watch = new ResizeObserver(() => {
      if (document.activeElement === node) keep();
    });
    for (const child of scroller.children) watch.observe(child);
    return () => watch.disconnect();
  }, [die.position, error]);
  return html`<div class=${`field asked-die${error ? " has-error" : ""}`} data-asked-die=${die.position}>
    <label for=${id}>${die.prompt}</label>
    <input id=${id} ref=${input} name="die" type="text" inputmode="numeric" pattern="[0-9]*" autocomplete="off" value=${dice.face}
      aria-invalid=${error ? "true" : undefined} aria-describedby=${`${id}-help ${id}-error`} ...${selectOnFocus}
      onInput=${(event) => onChange({ ...dice, face: event.currentTarget.value })}
      onKeyDown=${(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          onNext?.();
        }
      }} />
    <small class="help" id=${`${id}-help`}>Die ${die.position}: a ${die.name}, ${facesWords(die)}. Roll it and type the face (Enter goes on).</small>
    <p class="field-error" id=${`${id}-error`} role="alert" hidden=${!error}>${error || ""}</p>
  </div>`;
}

/** ``dice``: see :func:`freshDice`; ``onNext``: the asked die's face is typed (Enter). A screen that types every
 * face up front passes no ``onNext`` and sees the faces field alone. ``emptyHelp``: what the faces field says
 * may be left empty (each die asked as it comes), in the screen's own words. */
export function DiceField({
  dice,
  onChange,
  error,
  hint,
  onNext,
  emptyHelp = "Leave it empty and press Roll: each die is asked for when the rules need it.",
}) {
  const id = useId();
  const physical = dice.mode === "physical";
  const asked = dice.asked || [];
  const asking = physical && dice.asking;
  return html`<fieldset class="dice-field">
    <legend>Dice</legend>
    <div class="segmented" role="radiogroup" aria-label="Dice">
      <label class=${!physical ? "on" : ""}><input type="radio" name=${`${id}-mode`} checked=${!physical} onChange=${() => onChange({ ...clearedDice(dice), mode: "digital" })} /> Digital</label>
      <label class=${physical ? "on" : ""}><input type="radio" name=${`${id}-mode`} checked=${physical} onChange=${() => onChange({ ...clearedDice(dice), mode: "physical" })} /> Physical dice</label>
    </div>
    ${
      physical && (asked.length || dice.faces.trim()) && asking
        ? html`<ol class="dice-so-far" aria-label="Dice so far">
      ${dice.faces.trim() ? html`<li>Typed first: ${dice.faces.trim()}</li>` : null}
      ${asked.map((each, index) => html`<li key=${index}>${each.prompt}: <strong>${each.face}</strong></li>`)}
    </ol>`
        : null
    }
    ${asking ? html`<${AskedDie} dice=${dice} onChange=${onChange} error=${error} onNext=${onNext} />` : null}
    ${
      physical && !asking
        ? html`<div class="field">
      <label for=${id}>Faces in the order rolled</label>
      <input id=${id} name="dice" type="text" inputmode="text" autocomplete="off" placeholder=${onNext ? "optional, e.g. 7, 3" : "e.g. 7, 3"} value=${dice.faces} ...${selectOnFocus}
        aria-invalid=${error ? "true" : undefined} aria-describedby=${`${id}-error`}
        onInput=${(event) => onChange({ ...dice, faces: event.currentTarget.value })} />
      ${
        onNext
          ? html`<small class="help">${emptyHelp}</small>`
          : hint
            ? html`<small class="help">${hint.replace(/;?\s*leave empty to roll digitally\.?/i, ".")}</small>`
            : null
      }
    </div>`
        : null
    }
    ${asking ? null : html`<p class="field-error" id=${`${id}-error`} role="alert" hidden=${!error}>${error || ""}</p>`}
  </fieldset>`;
}
