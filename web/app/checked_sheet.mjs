// One character's sheet checked by its game's own rules, as importing the campaign would
// (campaign.check_character): the canonical sheet, or an error naming the field (path in the sheet). A sheet edited
// on the page (values, weapons and armour, a declared list) is saved through ``saveSheetEdit``: checked, then stored
// with one log entry naming what changed, undoable like every change.
import { commit, makeEntry } from "./log_actions.mjs";

export async function checkedSheet(app, game, sheet, kind = "pc") {
  const answer = await app.services.engine.call("campaign.check_character", {
    game,
    character: { id: "check", kind, sheet },
  });
  const verdict = answer.details;
  if (verdict.valid) return verdict.character.sheet;
  const fields = verdict.problems.map((problem) => problem.path.replace(/^sheet\.?/, ""));
  const error = new Error(
    verdict.problems.map((problem, index) => `${fields[index] || "sheet"}: ${problem.message}`).join("; "),
  );
  return Promise.reject(Object.assign(error, { field: fields[0], first: verdict.problems[0].message }));
}

/** ``sheet`` (``character``'s, edited) checked by its game and, when ``changesOf(before, accepted)`` names any change,
 * stored with a log entry whose headline says ``what`` and the first changes ("Jack: weapons and armour edited — Knife:
 * new"); nothing typed differently stores and logs nothing. Answers the accepted sheet; a refusal rejects as
 * :func:`checkedSheet` does and nothing is stored. */
export async function saveSheetEdit(app, game, character, sheet, { what, changesOf }) {
  const accepted = await checkedSheet(app, game.id, sheet, character.kind);
  const changes = changesOf(character.sheet, accepted);
  if (changes.length) {
    const said = changes.slice(0, 3).join(", ") + (changes.length > 3 ? ` and ${changes.length - 3} more` : "");
    const result = {
      label: `${accepted.name}: ${what}`,
      events: changes,
      text: [`${accepted.name}: ${what} — ${said}`],
    };
    const entry = makeEntry({
      op: "campaign.check_character",
      args: {},
      result,
      who: [character.id],
      before: { [character.id]: character.sheet },
      after: { [character.id]: accepted },
    });
    await commit(app, { sheets: { [character.id]: accepted }, entries: [entry] });
  }
  return accepted;
}
