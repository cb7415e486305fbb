// Making a log entry (py_rules/log/entry.py): what happened, who, the sheets before and what changed in them
// (changes.mjs: the sheets after are rebuilt from the two, exactly). Pure but for the new id and the time. An entry that changed a sheet or an encounter is a "change" (undoable); one that
// changed nothing is a "roll".
import { newId } from "./records.mjs";
import { sheetsChanges } from "./changes.mjs";

const isEmpty = (sheets) => !sheets || !Object.keys(sheets).length;

/** A result as logged: the sheets it returned are the entry's sheets after it, so they are not kept twice. */
export function loggedResult(result) {
  if (!result) return null;
  const { state, states, ...rest } = result;
  return rest;
}

/** An entry of ``op``: ``before`` and ``after`` map the ids of the characters it changed to their sheets. */
export function makeEntry({
  op,
  args = {},
  result = null,
  who = [],
  encounter = null,
  before = {},
  after = {},
  encounter_before = null,
  encounter_after = null,
  kind = null,
}) {
  const changed = !isEmpty(before) || !isEmpty(after) || encounter_before !== null || encounter_after !== null;
  const entry = {
    id: newId("e"),
    at: new Date().toISOString(),
    op,
    args,
    result: loggedResult(result),
    who: [...new Set(who)],
    encounter,
    before,
    changes: sheetsChanges(before, after),
    kind: kind || (changed ? "change" : "roll"),
  };
  if (encounter_before !== null || encounter_after !== null)
    Object.assign(entry, { encounter_before, encounter_after });
  return entry;
}
