// Undo and Redo of one log entry, pure (TABLE.md, Log: "Undo the last state change"): the sheets and encounter the
// entry kept go back exactly as they were before it (or forward as it left them), never through an inverse rule
// (STYLE.md Part C); refused when any of them changed since. app/log_actions.mjs runs it on the open campaign (asks
// the engine whether the result is valid, then writes it with its entry in one transaction);
// tests/log/test_undo_property.py runs it in Node on campaigns made of real engine results.
import { makeEntry } from "./entries.mjs";
import { entryAfter } from "./changes.mjs";

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What ``kind`` ("undo" or "redo") of log entry ``target`` does to ``campaign``:
 * - ``{unreadable: true}``: what the entry kept of the sheets after it cannot be read (a change record that does
 *   not fit);
 * - ``{moved: [names]}``: a sheet or the encounter it changed is no longer as it left it (names: the characters
 *   moved, empty when only the encounter did); nothing is to be written;
 * - ``{sheets, encounters, entry}``: the sheets ({character id: sheet}) and encounters ({encounter id: state, or
 *   null to remove}) to write, and the log entry that says so (makeEntry, kind ``kind``).
 */
export function travelStep(campaign, target, kind) {
  const undoing = kind === "undo";
  let after;
  try {
    after = entryAfter(target);
  } catch {
    return { unreadable: true };
  }
  const [from, to] = undoing ? [after, target.before] : [target.before, after];
  const encounterFrom = (undoing ? target.encounter_after : target.encounter_before) ?? null;
  const encounterTo = (undoing ? target.encounter_before : target.encounter_after) ?? null;
  const encounterId = (encounterTo || encounterFrom)?.id;
  const moved = Object.keys(from).filter(
    (cid) => !same(campaign.characters.find((each) => each.id === cid)?.sheet, from[cid]),
  );
  const encounterMoved =
    encounterId &&
    !same(
      (campaign.encounters || []).find((each) => each.id === encounterId),
      encounterFrom,
    );
  if (moved.length || encounterMoved) {
    return {
      moved: moved.map(
        (cid) => campaign.characters.find((each) => each.id === cid)?.sheet.name || "a character who left",
      ),
    };
  }
  const entry = makeEntry({
    op: `log.${kind}`,
    args: { entry: target.id },
    result: null,
    who: target.who,
    encounter: target.encounter ?? null,
    before: from,
    after: to,
    kind,
    ...(encounterId ? { encounter_before: encounterFrom, encounter_after: encounterTo } : {}),
  });
  return { sheets: to, encounters: encounterId ? { [encounterId]: encounterTo } : {}, entry };
}
