// Unsaved input, defined once for every screen: what a reload would take from the user. A new version waits
// for it (sw_client.mjs: "An update never loses typing"), so a tab is never reloaded under someone typing.
//
// The tab holds unsaved input when any of these is true:
// - a field the user changed still shows something other than what it showed before they started (typed text,
//   a − / + step, a choice made inside a form). Read from the page itself, so every form and field of every
//   screen counts with no code of its own; a field that goes away (its form saved or closed) counts no more.
// - a question is open: a modal dialog (<dialog open>, aria-modal="true").
// - something that the page cannot show holds it (``holdInput``): a change on its way to storage.
//
// What is not unsaved: a read-only or disabled field; a file picker; a choice (radio, checkbox, select) outside
// a form, which stores itself as it is made (the forum's format, a combatant's activity); a field marked
// ``data-stores`` (a number that stores itself when left or stepped, components/field.mjs) once it was left.

const FIELDS = "input, textarea, select";
const NOT_TYPED = new Set(["button", "submit", "reset", "image", "file", "hidden"]);
const CHOICES = new Set(["checkbox", "radio"]);

const holds = new Set();

/** Hold any reload until the returned function is called (once is enough; more calls do nothing). */
export function holdInput(reason = "unsaved") {
  const token = { reason };
  holds.add(token);
  return () => {
    holds.delete(token);
  };
}

/** What a field shows, as one string: its text, its checked state (a radio: the value its group has checked), or the
 * options a select has chosen. Pure over what it reads: ``field`` may be any object of an element's shape. */
export function fieldState(field) {
  const type = String(field.type || "").toLowerCase();
  if (type === "radio") {
    const group =
      field.form && field.name
        ? Array.from(field.form.querySelectorAll?.(`input[type="radio"]`) || []).filter(
            (each) => each.name === field.name,
          )
        : [field];
    const chosen = group.find((each) => each.checked);
    return chosen ? `radio:${chosen.value}` : "radio:";
  }
  if (type === "checkbox") return field.checked ? "on" : "off";
  if (String(field.tagName || "").toUpperCase() === "SELECT" && field.multiple) {
    return Array.from(field.options || [])
      .filter((each) => each.selected)
      .map((each) => each.value)
      .join("\n");
  }
  return String(field.value ?? "");
}

/** Is a choice (a radio, a checkbox, a select)? */
const isChoice = (field) =>
  CHOICES.has(String(field.type || "").toLowerCase()) || String(field.tagName || "").toUpperCase() === "SELECT";

/**
 * Does ``field`` hold unsaved input? ``seen`` is what the watcher knows of it: ``{before, touched}`` (its state
 * before the user first reached it, and whether they changed it since), or undefined when the user never reached it.
 */
export function fieldIsUnsaved(field, seen) {
  if (!seen?.touched || field.disabled || field.readOnly) return false;
  if (NOT_TYPED.has(String(field.type || "").toLowerCase())) return false;
  if (isChoice(field) && !field.form) return false; // a switch outside a form: it stored itself
  return fieldState(field) !== seen.before;
}

const known = new WeakMap(); // field → {before, touched}

/** The fields of the − / + stepper (or other button of a field, components/field.mjs) that ``target`` is in. */
function stepped(target) {
  const box = target?.closest?.("button")?.closest(".field");
  return box ? Array.from(box.querySelectorAll(FIELDS)).filter((field) => field.dataset?.stores === undefined) : [];
}

/** The fields an event on ``target`` reaches: the field itself, a label's field, the fields of a stepper. */
function reached(target) {
  if (!target?.closest) return [];
  if (target.matches(FIELDS)) return [target];
  const label = target.closest("label");
  return label?.control ? [label.control] : stepped(target);
}

/** Before the user reaches a field (pointer, focus, key), what it shows is kept, once. */
function remember(event) {
  if (!event.isTrusted) return;
  for (const field of reached(event.target))
    if (!known.has(field)) known.set(field, { before: fieldState(field), touched: false });
}

/** The user changed it (typing, a choice, a − / + step). */
function touch(event) {
  if (!event.isTrusted) return;
  const fields = event.type === "click" ? stepped(event.target) : [event.target];
  for (const field of fields) {
    if (!field?.matches?.(FIELDS)) continue;
    const seen = known.get(field) || { before: String(field.defaultValue ?? ""), touched: false }; // reached unseen: its default
    seen.touched = true;
    known.set(field, seen);
  }
}

/** A field that stores itself was left (its value is stored): what it shows now is saved. */
function settle(event) {
  const field = event.target;
  if (field?.matches?.(FIELDS) && field.dataset?.stores !== undefined)
    known.set(field, { before: fieldState(field), touched: false });
}

let watching = null;

/** Start following the user's input in ``doc`` (once; call it before the page shows any field). */
export function watchInput(doc = globalThis.document) {
  if (!doc || watching === doc) return;
  watching = doc;
  for (const type of ["pointerdown", "focusin", "keydown"]) doc.addEventListener(type, remember, true);
  for (const type of ["input", "change", "click"]) doc.addEventListener(type, touch, true);
  for (const type of ["change", "focusout"]) doc.addEventListener(type, settle, false); // after the field's own handler stored it
}

/** Why a reload would lose something in ``doc`` (empty when nothing): for the notice and for tests. */
export function unsavedInput(doc = globalThis.document) {
  const why = [...holds].map((token) => token.reason);
  if (!doc) return why;
  if (doc.querySelector("dialog[open], [aria-modal='true']")) why.push("an open question");
  for (const field of doc.querySelectorAll(FIELDS)) {
    if (fieldIsUnsaved(field, known.get(field)))
      why.push(`typed in ${field.name || field.id || field.type || "a field"}`);
  }
  return why;
}

export const hasUnsavedInput = (doc) => unsavedInput(doc).length > 0;

/**
 * Call ``then`` once ``isClear()`` is true, checking every ``everyMs`` and on each ``poke()``; returns
 * {poke, stop}. Pure of the page: the timers are passed in (tests run it on fake ones).
 */
export function whenClear(isClear, then, { everyMs = 400, timers = globalThis } = {}) {
  let timer = null;
  let done = false;
  const stop = () => {
    if (timer !== null) timers.clearInterval(timer);
    timer = null;
  };
  const poke = () => {
    if (done || !isClear()) return;
    done = true;
    stop();
    then();
  };
  timer = timers.setInterval(poke, everyMs);
  poke();
  return {
    poke,
    stop: () => {
      done = true;
      stop();
    },
  };
}
