// Call of Cthulhu's follow-ups after a treatment or a shot: Luck on or a push of a failed First Aid or Medicine (one
// attempt per wound; rules/coc.md §3.6, §3.10; seed 003, Luck, Pushing a Roll), and Reload after a shot that emptied
// or jammed the weapon, or where an attack with it is refused (rules/coc.md §3.8 [BOOK]: ammunition and malfunction).

/** The firearms on a sheet that count their rounds (rules/coc.md §3.8 [BOOK]: ammunition). */
export const firearms = (sheet) =>
  (sheet?.weapons || []).filter((weapon) => weapon.skill.startsWith("Firearms") && weapon.ammo != null);

const TREATMENTS = { "coc.first_aid": "First Aid", "coc.medicine": "Medicine" };

/** After a failed First Aid or Medicine: spend the medic's Luck (the patient's own when no medic was picked) to reach
 * a success, or push it; a second plain roll for the wound is not offered (rules/coc.md §3.6, §3.10; seed 003, Luck,
 * Pushing a Roll). None for another result. */
export function treatmentFollowUps(result, sheet, target) {
  const name = TREATMENTS[result?.op];
  const kept = name && sheet?.[name === "First Aid" ? "first_aid_roll" : "medicine_roll"];
  if (!name) return null;
  if (!kept || kept.success) return [];
  const options = [];
  const payer = target?.sheet || sheet;
  const cost = kept.roll - kept.value;
  if (!kept.pushed && kept.level > 0 && kept.roll > 1 && cost <= (payer.luck ?? 0))
    options.push({
      key: "treatment-luck",
      label: `Spend ${cost} of ${payer.name}'s Luck → ${name} succeeds`,
      op: "coc.treatment_luck",
      bind: "investigator",
      ...(target ? { target: "medic" } : {}),
      fixed: { treatment: name },
      fields: [],
      now: true,
    });
  if (!kept.pushed)
    options.push({
      key: "treatment-push",
      label: `Push the ${name} roll`,
      op: result.op,
      bind: "investigator",
      fixed: { skill: kept.value },
      fields: ["justification", ...(name === "Medicine" ? ["equipment"] : []), "bonus", "penalty"],
      defaults: { bonus: kept.bonus, penalty: kept.penalty },
      required: ["justification"],
      rollLabel: "Push",
      once: `The ${name} roll was pushed: one attempt per wound, and a roll is pushed only once.`,
    });
  return options;
}

/** Reload ``weapon`` (a jam is cleared by the same move), run at once on the shooter: the drawer's character, or
 * the one picked as the target when the opponent shot (``theirs``). */
function reloadMove(weapon, theirs) {
  return {
    key: "reload",
    label: weapon.jammed ? `Clear the jam (${weapon.name})` : `Reload ${weapon.name}`,
    op: "coc.reload",
    bind: "investigator",
    ...(theirs ? { bindTarget: "investigator" } : {}),
    fixed: { weapon: weapon.name },
    fields: [],
    now: true,
  };
}

const emptyOrJammed = (weapon) => Boolean(weapon && (weapon.jammed || weapon.loaded === 0));

/** After a shot that emptied or jammed the weapon on this sheet: Reload (rules/coc.md §3.8 [BOOK]). */
export function reloadFollowUp(result, sheet, args) {
  if (result?.op !== "coc.attack" || args?.attacker === "opponent") return null;
  const weapon = firearms(sheet).find((each) => each.name === result.details?.weapon);
  return emptyOrJammed(weapon) ? [reloadMove(weapon, false)] : null;
}

/** A refusal's next step, offered with it. An attack refused because the shooter's weapon is empty or jammed
 * (``error`` names the weapon field): Reload or Clear the jam (rules/coc.md §3.8 [BOOK]). A plain second First Aid or
 * Medicine for a wound that failed (``error`` names Justification): the push, with its Justification field, and the
 * Luck of the medic (``medic``, {sheet}; the patient's own when none) that the refusal names (rules/coc.md §3.6,
 * §3.10; seed 003, Pushing a Roll, Luck). ``sheet``: the sheet the move is on (the shooter's, the patient's). Else none. */
export function refusalFollowUps(error, op, args, sheet, target, medic) {
  if (TREATMENTS[op] && error?.field === "justification" && !String(args?.justification ?? "").trim())
    return treatmentFollowUps({ op }, sheet, medic) || [];
  if (op !== "coc.attack" || error?.field !== "weapon") return [];
  const theirs = args?.attacker === "opponent";
  const wanted = String(args?.weapon ?? "")
    .trim()
    .toLowerCase();
  const weapon = firearms(theirs ? target : sheet).find((each) => each.name.toLowerCase() === wanted);
  return emptyOrJammed(weapon) ? [reloadMove(weapon, theirs)] : [];
}
