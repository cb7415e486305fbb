// What the last change of a campaign touched and how Undo names it, from the log entry itself (store/entries.mjs):
// the characters whose sheets it kept (``before`` and ``changes``) and the encounter it changed. Undo shows where
// that change is — on those characters' sheets, on that encounter, and on the log — and nowhere else, so a tap on
// a sheet never takes back something done to someone else. Pure (node --test: tests/node/undo_scope.test.mjs).

const keysOf = (value) => (value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : []);

/** ``{characters, encounter}``: the ids of the characters ``entry`` changed, and the encounter it changed (or null). */
export function undoScope(entry) {
  const characters = [...new Set([...keysOf(entry?.before), ...keysOf(entry?.changes)])];
  const changedEncounter =
    entry && (Object.hasOwn(entry, "encounter_before") || Object.hasOwn(entry, "encounter_after"));
  return { characters, encounter: changedEncounter ? (entry.encounter ?? null) : null };
}

/** Whether what Undo or Redo would change (``step``: {characters, encounter}) is on the screen of ``where``:
 * ``{character}`` a sheet, ``{encounter, characters}`` an encounter and its combatants' characters. */
export function touches(step, where) {
  if (!step) return false;
  if (!where) return true; // the log: every change is there
  const ids = step.characters || [];
  if (where.character) return ids.includes(where.character);
  if (where.encounter && step.encounter === where.encounter) return true;
  return (where.characters || []).some((id) => ids.includes(id));
}

/** One word of a move is said as a word ("attack"); a name of several capitalised words stays as the game spells it
 * ("Spot Hidden roll", "First Aid"). */
function moveWords(what) {
  const words = what.split(" ");
  const named = words.slice(1).some((word) => /^\p{Lu}/u.test(word));
  return named || /^\p{Lu}{2}/u.test(what) ? what : what.charAt(0).toLowerCase() + what.slice(1);
}

/** A log label "Vincent: Attack → Cultist 2" (drawer/index.mjs logLabel) said as a change: "Vincent's attack on
 * Cultist 2". A label of another shape is said as it is. */
export function spokenChange(label) {
  const text = String(label ?? "");
  const colon = text.indexOf(": ");
  const arrow = text.lastIndexOf(" → ");
  if (colon <= 0 || arrow <= colon + 2) return text;
  const actor = text.slice(0, colon);
  const what = text.slice(colon + 2, arrow);
  const target = text.slice(arrow + 3);
  return target ? `${actor}'s ${moveWords(what)} on ${target}` : text;
}
