// Undo and redo as two stacks of log entry ids, kept per campaign next to its log (TABLE.md, Log: "Undo the
// last state change"). Pure helpers: the stacks after one more entry, and the stacks a whole log leaves
// (an imported campaign). A "change" entry is undoable; undo pops it to the redo stack; redo pushes it back;
// a new change clears redo. Plain rolls change nothing and leave both stacks as they were.

export const HISTORY_DEPTH = 500;
export const emptyHistory = () => ({ done: [], undone: [] });

const isTextList = (value) => Array.isArray(value) && value.every((each) => typeof each === "string");

/** The stacks as stored, checked: a clean {done, undone} of entry ids; anything damaged (not an object, or
 * either stack not a list of text) counts as empty, and is written over with the next change. */
export function cleanHistory(value) {
  if (!value || typeof value !== "object" || !isTextList(value.done) || !isTextList(value.undone))
    return emptyHistory();
  return { done: [...value.done], undone: [...value.undone] };
}

/** The stacks after ``entry`` (a log entry of py_rules/log/entry.py). */
export function historyAfter(history, entry) {
  const { done, undone } = cleanHistory(history);
  if (entry.kind === "change") return { done: [...done, entry.id].slice(-HISTORY_DEPTH), undone: [] };
  const target = entry.args?.entry;
  if (entry.kind === "undo" && done[done.length - 1] === target)
    return { done: done.slice(0, -1), undone: [...undone, target] };
  if (entry.kind === "redo" && undone[undone.length - 1] === target)
    return { done: [...done, target], undone: undone.slice(0, -1) };
  return { done, undone };
}

/** The stacks a log leaves, oldest entry first: historyAfter entry by entry, the stacks changed in place (a long
 * log's ten thousand entries would copy them each time). */
export function historyOf(entries) {
  const done = [];
  let undone = [];
  for (const entry of entries) {
    if (entry.kind === "change") {
      done.push(entry.id);
      if (done.length > HISTORY_DEPTH) done.shift();
      undone = [];
      continue;
    }
    const target = entry.args?.entry;
    if (typeof target !== "string") continue; // not an undo or redo of an entry: changes nothing
    if (entry.kind === "undo" && done[done.length - 1] === target) undone.push(done.pop());
    else if (entry.kind === "redo" && undone[undone.length - 1] === target) done.push(undone.pop());
  }
  return { done, undone };
}
