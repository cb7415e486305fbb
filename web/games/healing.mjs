// A healing move (a medic treats a patient: CoC First Aid and Medicine, rules/coc.md §3.9; Armageddon First Aid and
// Resuscitation; Semiautomagic Medicine) opens from either end. From the healer, the patient is picked from the
// campaign; from the patient, the healer is picked among those who can act (the engine's <game>.capacity: the dead,
// the unconscious and the dying treat nobody), each named with the skill they would roll. The move's sheet parameter
// (``bind``) is always the patient; ``defaults(patient, healer)`` fills the healer's numbers. Pure (node --test:
// tests/node/healing.test.mjs); the drawer's part is drawer/healing_pick.mjs.

/** ``heal`` of a move: the skill the healer rolls, named as the sheet names it, and its value on a sheet. */
export const heals = (skill, value) => ({ skill, value });

/** "First Aid 60": the skill a healer would roll, as a pick names it ("First Aid —" when their sheet has none). */
export function healerSkill(heal, sheet) {
  const value = sheet ? heal.value(sheet) : null;
  return `${heal.skill} ${value === null || value === undefined ? "—" : value}`;
}

/** The move as the drawer runs it when ``role`` is "healer" (the one it opened on treats, the patient is picked and
 * bound to the move's sheet parameter) or "patient" (the one it opened on is treated, the healer is picked). */
export function healingSpec(spec, role, pickWords = {}) {
  if (role !== "healer")
    return { ...spec, pick: { label: spec.pick?.label || "Medic", none: pickWords.none || spec.pick?.none } };
  return { ...spec, bindTarget: spec.bind, pick: { label: "Patient", none: "Choose…" }, needsPick: true };
}

/** Who may be picked: a patient is anyone else in the campaign; a healer, anyone else who can act (``able``: a Map of
 * id → can act, as the engine answered; one not answered yet is not offered). ``[id, words]`` pairs. */
export function pickable(heal, role, others, able) {
  if (role === "healer") return others.map((each) => [each.id, each.sheet.name]);
  return others
    .filter((each) => able.get(each.id) === true)
    .map((each) => [each.id, `${each.sheet.name} — ${healerSkill(heal, each.sheet)}`]);
}

/** The healer and the patient of a run: ``{healer, patient}`` ids (either may be "" until picked). */
export const parties = (role, characterId, pickedId) =>
  role === "healer" ? { healer: characterId, patient: pickedId } : { healer: pickedId, patient: characterId };
