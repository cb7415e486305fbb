// The page's own undo and redo run in Node for tests/log/test_undo_property.py: one campaign held as the page holds
// it, changed only by the page's modules (store/entries.mjs makeEntry, store/records.mjs withParts,
// store/history.mjs historyAfter / historyOf, store/undo.mjs travelStep, store/changes.mjs), as IndexedDB would keep
// it (idb_storage.mjs, log_store.mjs: the record without its log, the entries in the current shape, the undo stacks).
// The engine's results come from the Python test, which runs the engine as the page's worker does.
//
// One JSON command a line on stdin, one JSON answer a line on stdout:
//   {"load": campaign file}                     as an import writes it            → {campaign, done, undone}
//   {"commit": {sheets, encounters, entries}}    entries: makeEntry's arguments     → {campaign, entries}
//   {"travel": "undo" | "redo"}                  Undo / Redo of the last change     → {travelled, why?, campaign}
//   {"export": true}                             the campaign file, as Export       → {file, done, undone}
//   {"afters": [entry, …]}                       each sheet as each entry left it   → {afters}
//   {"changes": [before, after, record]}          the page's change record of before → after, the sheet it
//                                                rebuilds from it (exact: the same JSON text), and from record
//                                                                                    → {changes, exact, rebuilt}
// A command that throws answers {error: message}.
import { createInterface } from "node:readline";
import { applySheetChanges, compactEntry, entryAfter, sheetChanges } from "../../web/store/changes.mjs";
import { makeEntry } from "../../web/store/entries.mjs";
import { emptyHistory, historyAfter, historyOf } from "../../web/store/history.mjs";
import { stripLog, withParts } from "../../web/store/records.mjs";
import { travelStep } from "../../web/store/undo.mjs";

let campaign = null;
let log = [];
let history = emptyHistory();

/** log_actions.mjs commitNow → storage commit: the parts written, the entries appended, the stacks after them. */
function commit({ sheets = {}, encounters = {}, entries = [] }) {
  const keys = [...Object.keys(sheets), ...Object.keys(encounters)];
  if (keys.length) campaign = withParts(campaign, sheets, encounters);
  for (const entry of entries) {
    log.push(compactEntry(entry));
    history = historyAfter(history, entry);
  }
}

const commands = {
  load(file) {
    log = (file.log || []).map(compactEntry);
    campaign = stripLog(file);
    history = historyOf(log);
    return { campaign, ...history };
  },
  commit({ sheets, encounters, entries = [] }) {
    const made = entries.map(makeEntry);
    commit({ sheets, encounters, entries: made });
    return { campaign, entries: made };
  },
  /** log_actions.mjs travel, but for the engine's check of the result (the property checks the whole file). */
  travel(kind) {
    const id = kind === "undo" ? history.done.at(-1) : history.undone.at(-1);
    const target = id && log.find((entry) => entry.id === id);
    if (!target) return { travelled: false, why: "nothing", campaign };
    const step = travelStep(campaign, structuredClone(target), kind);
    if (step.unreadable) return { travelled: false, why: "unreadable", campaign };
    if (step.moved) return { travelled: false, why: "moved", moved: step.moved, campaign };
    commit({ sheets: step.sheets, encounters: step.encounters, entries: [step.entry] });
    return { travelled: true, campaign, entry: step.entry };
  },
  export() {
    return { file: { ...campaign, log }, ...history };
  },
  afters(entries) {
    return { afters: entries.map(entryAfter) };
  },
  changes([before, after, record]) {
    const beforeText = JSON.stringify(before);
    const changes = sheetChanges(before, after);
    const again = applySheetChanges(before, JSON.parse(JSON.stringify(changes)));
    const exact = JSON.stringify(again) === JSON.stringify(after) && JSON.stringify(before) === beforeText;
    return { changes, exact, rebuilt: applySheetChanges(before, record) };
  },
};

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  let answer;
  try {
    const [[name, argument]] = Object.entries(JSON.parse(line));
    answer = commands[name](argument);
  } catch (error) {
    answer = { error: String(error?.message || error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
