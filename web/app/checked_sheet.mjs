// One character's sheet checked by its game's own rules, as importing the campaign would
// (campaign.check_character): the canonical sheet, or an error naming the field (path in the sheet).

export async function checkedSheet(app, game, sheet, kind = "pc") {
  const answer = await app.services.engine.call("campaign.check_character", { game, character: { id: "check", kind, sheet } });
  const verdict = answer.details;
  if (verdict.valid) return verdict.character.sheet;
  const fields = verdict.problems.map((problem) => problem.path.replace(/^sheet\.?/, ""));
  const error = new Error(verdict.problems.map((problem, index) => `${fields[index] || "sheet"}: ${problem.message}`).join("; "));
  return Promise.reject(Object.assign(error, { field: fields[0], first: verdict.problems[0].message }));
}
