// The campaign log as stored: a light row per entry for the list, filters and search (never the sheets),
// and the full entry (py_rules/log/entry.py) beside it, read one tap away. Pure helpers.

/** A trace line without developer citations (file names, section numbers) in its last brackets. */
export function plainLine(line) {
  return String(line).replace(/\s*\[([^\]]*(?:\[[^\]]*\][^\]]*)*)\]\s*$/, (whole, inside) => (/RULES\.md|seed \d|§|SRC|DEVELOPERS/.test(inside) ? "" : whole));
}

/** What a result says first: its headline text line, else its label. */
export function resultHeadline(result) {
  if (!result) return "";
  const first = Array.isArray(result.text) && result.text.length ? result.text[0] : result.events?.[0] || result.label || "";
  return plainLine(first).slice(0, 300);
}

const UNDO_WORDS = { undo: "Undone", redo: "Redone" };

/** A light row for ``entry``; an undo or redo reads "Undone: <the headline it undid>" (``target`` is that row). */
export function logRow(entry, target = null) {
  const headline = entry.kind in UNDO_WORDS
    ? `${UNDO_WORDS[entry.kind]}: ${target?.headline || "an earlier change"}`
    : resultHeadline(entry.result) || entry.op;
  const label = typeof entry.result?.label === "string" && entry.result.label ? entry.result.label.slice(0, 200) : null;
  return { id: entry.id, at: entry.at, kind: entry.kind, op: entry.op, who: entry.who, encounter: entry.encounter ?? null, headline, label, undoes: entry.args?.entry ?? null };
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
export function rowMatches(row, { who = null, encounter = null, search = "" } = {}, names = () => "", titles = () => "") {
  if (who && !row.who.includes(who)) return false;
  if (encounter && row.encounter !== encounter) return false;
  const words = search.trim().toLowerCase();
  if (!words) return true;
  const haystack = `${row.label || ""} ${row.headline} ${row.who.map(names).join(" ")} ${titles(row.op) || ""}`.toLowerCase();
  return words.split(/\s+/).every((word) => haystack.includes(word));
}
