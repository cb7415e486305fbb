// What the step the encounter is at decided about one combatant (a Confusion row, a dying check, healing): the
// engine names the combatant of each decided line (py_rules/encounter/context.py ``decide``), so the page shows it
// on that combatant's card and, for the one whose turn it is, on the turn bar, not only at the top of the page.

/** The lines of ``result`` (the step the encounter is at) about ``combatant``: those the engine names them in,
 * or, in an entry kept before it named them, those led by their name. Shown on their card and, for the one whose
 * turn it is, on the turn bar: a step's decisions are seen where the GM looks, not only at the top. */
export function toldFor(result, combatant) {
  if (!result || !combatant) return [];
  const decided = result.details?.decided || [];
  return decided
    .filter((each) => (each.combatant ? each.combatant === combatant.id : each.line?.startsWith(`${combatant.name}:`)))
    .map((each) => each.line);
}
