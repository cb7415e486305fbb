// The campaign log as stored: a light row per entry for the list, filters and search (never the sheets),
// and the full entry (py_rules/log/entry.py) beside it, read one tap away. Pure helpers.
import { hasOwn } from "./own.mjs";

/** A trace line without developer citations (file names, section numbers) in its last brackets. */
export function plainLine(line) {
  return String(line).replace(/\s*\[([^\]]*(?:\[[^\]]*\][^\]]*)*)\]\s*$/, (whole, inside) =>
    /rules\/[\w-]+\.md|seed \d|§|SRC|DEVELOPERS/.test(inside) ? "" : whole,
  );
}

/** What a result says first: its headline text line, else its label. */
export function resultHeadline(result) {
  if (!result) return "";
  const first =
    Array.isArray(result.text) && result.text.length ? result.text[0] : result.events?.[0] || result.label || "";
  return plainLine(first).slice(0, 300);
}

const UNDO_WORDS = { undo: "Undone", redo: "Redone" };

/** A light row for ``entry``; an undo or redo reads "Undone: <the headline it undid>" (``target`` is that row). */
export function logRow(entry, target = null) {
  const headline = hasOwn(UNDO_WORDS, entry.kind)
    ? `${UNDO_WORDS[entry.kind]}: ${target?.headline || "an earlier change"}`
    : resultHeadline(entry.result) || entry.op;
  const label = typeof entry.result?.label === "string" && entry.result.label ? entry.result.label.slice(0, 200) : null;
  return {
    id: entry.id,
    at: entry.at,
    kind: entry.kind,
    op: entry.op,
    who: entry.who,
    encounter: entry.encounter ?? null,
    headline,
    label,
    undoes: entry.args?.entry ?? null,
  };
}

/** Rows for a whole log, oldest first (an undo finds the row it names among the earlier ones). */
export function rowsOf(entries) {
  const byId = new Map();
  return entries.map((entry) => {
    const row = logRow(entry, entry.kind in UNDO_WORDS ? byId.get(entry.args?.entry) : null);
    byId.set(entry.id, row);
    return row;
  });
}

/** Does ``row`` pass the log screen's filters? ``search`` is matched case-insensitively in the headline, the
 * result's label ("Harvey: Spot Hidden roll"), the names of who took part (``names``) and what was done
 * (``titles``: "Attack", "Skill roll"). */
export function rowMatches(
  row,
  { who = null, encounter = null, search = "" } = {},
  names = () => "",
  titles = () => "",
) {
  if (who && !row.who.includes(who)) return false;
  if (encounter && row.encounter !== encounter) return false;
  const words = search.trim().toLowerCase();
  if (!words) return true;
  const haystack =
    `${row.label || ""} ${row.headline} ${row.who.map(names).join(" ")} ${titles(row.op) || ""}`.toLowerCase();
  return words.split(/\s+/).every((word) => haystack.includes(word));
}

// What is read back from IndexedDB is checked before anything uses it: a damaged record never breaks a reader.
const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const isText = (value) => typeof value === "string";
const isTextOrNull = (value) => value === null || value === undefined || typeof value === "string";
const isTextList = (value) => Array.isArray(value) && value.every(isText);
const KINDS = ["roll", "change", "undo", "redo"];

/** Is ``row`` a light row as stored (logRow plus campaign and seq)? */
export function isRow(row) {
  return (
    isObject(row) &&
    isText(row.id) &&
    isText(row.at) &&
    KINDS.includes(row.kind) &&
    isText(row.op) &&
    isTextList(row.who) &&
    isTextOrNull(row.encounter) &&
    isText(row.headline) &&
    isTextOrNull(row.label) &&
    isTextOrNull(row.undoes) &&
    Number.isFinite(row.seq)
  );
}

export const DAMAGED_HEADLINE = "A damaged log entry";

/** A stored row, or for a damaged one a placeholder with every field a row has (the Log screen shows it;
 * opening it says the entry cannot be read): ``{..., kind: "damaged", damaged: true, headline: "A damaged log
 * entry"}``. ``campaign`` and ``seq`` are its key. */
export function storedRow(row, campaign, seq) {
  if (isRow(row)) return row;
  const id = isObject(row) && isText(row.id) && row.id ? row.id : `damaged-${seq}`;
  return {
    id,
    at: "",
    kind: "damaged",
    op: "",
    who: [],
    encounter: null,
    headline: DAMAGED_HEADLINE,
    label: null,
    undoes: null,
    campaign,
    seq,
    damaged: true,
  };
}

/** A stored log entry if it has the shape of py_rules/log/entry.py (its main fields), else null: what changed in
 * each sheet (``changes``), or each sheet whole as it became (``after``, an entry of the older shape). */
export function entryOf(entry) {
  if (!isObject(entry)) return null;
  const sheets = (value) => isObject(value) && Object.values(value).every(isObject);
  const state = (value) => value === null || value === undefined || isObject(value);
  const fine =
    isText(entry.id) &&
    isText(entry.at) &&
    isText(entry.op) &&
    KINDS.includes(entry.kind) &&
    isTextList(entry.who) &&
    isTextOrNull(entry.encounter) &&
    (entry.args === undefined || isObject(entry.args)) &&
    (entry.result === null || entry.result === undefined || isObject(entry.result)) &&
    sheets(entry.before) &&
    (entry.after === undefined ? isObject(entry.changes) : sheets(entry.after) && entry.changes === undefined) &&
    state(entry.encounter_before) &&
    state(entry.encounter_after);
  return fine ? entry : null;
}
