// Call of Cthulhu's guided new-character form (screens/party/new_character.mjs): its fields, bounds and first values
// are the sheet's declaration (py_rules/coc/sheet.py); the sheet is made by coc.create_investigator, the characteristics
// rolled at the age typed with every die kept (rules/coc.md §3.2, §3.2a), skill points by occupation.

import { derivedRows, draftOf, limitsOf, sectionsOf } from "./sheet_spec.mjs";

/** The sheet's ``kind`` (py_rules/coc/sheet.py: "human" or "creature") → the declared kind of sheet whose fields the
 * form asks (an NPC is asked what an investigator is). */
const SHEET_KIND = { human: "investigator", creature: "creature" };
const isCreature = (draft) => draft?.kind === "creature";

/** A characteristic's path as the guided form and the create operation name it (STR, not characteristics.STR). */
const flatPath = (path) => path.replace(/^characteristics\./, "");

/** The declaration's sections for a new sheet of ``kind``, flat, the kind asked first (a creature is not asked APP,
 * EDU, Luck or age, and is asked its printed MOV and its Sanity loss: the fields' ``sheet_kinds``). */
export function flatSections(spec, kind = "human") {
  const sections = sectionsOf(spec, SHEET_KIND[kind] ?? "investigator").map((section) => ({
    ...section,
    fields: section.fields.map((field) => ({ ...field, path: flatPath(field.path) })),
  }));
  const kindField = { path: "kind", ...limitsOf(spec, "kind") };
  return sections.map((section, index) => (index ? section : { ...section, fields: [kindField, ...section.fields] }));
}

/** The first values of a new sheet of ``kind``: the declared defaults; a creature's MOV starts empty (the rules'
 * until its printed one is typed) and so does its Sanity loss. */
export function draftFor(spec, kind = "human") {
  const { characteristics = {}, ...rest } = draftOf(spec, SHEET_KIND[kind] ?? "investigator");
  const creature = kind === "creature" ? { mov: null, san_loss: "" } : {};
  return { name: "", ...rest, ...characteristics, ...creature, kind, skills: {} };
}

/** The form's values when the kind changes: the new kind's first values, with what was typed kept for every field
 * both kinds are asked (the name, the characteristics, the skills); the dice rolled for a person are not a creature's. */
export function rekind(spec, old, kind) {
  const fresh = draftFor(spec, kind);
  return Object.fromEntries(
    Object.entries(fresh).map(([key, value]) => [key, key !== "kind" && Object.hasOwn(old, key) ? old[key] : value]),
  );
}

/** The age band of ``age`` whose loss the characteristics share (the age table's rows: coc.age_table), or null:
 * {words, total, keys, even}, ``even`` the split the rules take when the player chooses none. */
export function ageSplit(bands, age) {
  const band = (bands || []).find((each) => each.low <= age && age <= each.high);
  if (!band?.shared_loss) return null;
  return { words: band.words, total: band.shared_loss, keys: band.shared_by, even: band.even };
}

/** The guided form: first values from the declaration, the operation that makes the sheet, rolling the
 * characteristics at the age typed with their dice kept, skill points by occupation. The Keeper may make a creature
 * instead (its stat block's numbers typed; no dice, no occupation). */
export const CREATION = {
  draft: (spec) => draftFor(spec, "human"),
  kindField: "kind",
  /** What the Keeper runs joins the cast: a creature is an NPC. */
  castKinds: ["creature"],
  /** Rolling and the occupation's points are a person's (rules/coc.md §3.2a), not a creature's. */
  offers: (draft) => !isCreature(draft),
  /** A skill starts at its base from the list (Dodge: half DEX of ``values``, the numbers typed so far). */
  skills: { start: (entry) => entry?.base ?? 20, values: (draft) => draft },
  toSheet: (draft) => draft,
  derive: (draft) => ({ op: "coc.create_investigator", args: { ...draft, roll_characteristics: false } }),
  /** Roll them instead (3D6×5, SIZ/INT/EDU (2D6+6)×5, Luck 3D6×5) at the age typed, the age table applied
   * (rules/coc.md §3.2a): the values fill the fields and the dice are kept for the sheet (``creation_record``). The
   * loss an age shares is split evenly unless the player spreads it otherwise (``split``: the band at the age typed;
   * the engine checks the total). */
  rollAll: {
    label: "Roll the characteristics and Luck (at the age above)",
    physicalHelp:
      "Faces in the order rolled: STR 3D6, CON 3D6, SIZ 2D6, DEX 3D6, APP 3D6, INT 2D6, POW 3D6, EDU 2D6, Luck 3D6, then the age's dice (an EDU check: 1D100 as a units then a tens die, and 1D10 if it rises).",
    tableOp: "coc.age_table",
    split: (table, draft) => ageSplit(table?.details?.bands, draft.age),
    request: (draft, loss) => ({
      op: "coc.roll_characteristics",
      args: { age: draft.age, ...(loss ? { age_loss: loss } : {}) },
    }),
    values: (result) => ({
      ...result.details.characteristics,
      luck: result.details.luck,
      creation_record: result.details.creation,
    }),
  },
  /** The rolled dice beside each characteristic ("Rolled (4 + 4 + 4) × 5 = 60"). */
  rolledWords: (draft, path) => rolledWords(draft.creation_record, path),
  /** Skill points by occupation (screens/party/occupation_points.mjs), as the engine counts them. */
  occupation: { op: "coc.creation_points", listOp: "coc.occupation_list" },
  /** The derived values in the declaration's words (MOV's source said on the sheet, not here), SAN as it starts. */
  derived: (result, spec) => {
    const rows = derivedRows(spec, result.details).filter(([label]) => label !== limitsOfDerived(spec, "mov_from"));
    rows.splice(2, 0, ["SAN", result.state.san]);
    return rows;
  },
};

/** The creation part of the game module once the declaration is known: the sections of the kind picked. */
export const creationFromSpec = (spec) => ({
  ...CREATION,
  sections: flatSections(spec),
  sectionsFor: (draft) => flatSections(spec, draft.kind),
  rekind: (draft, kind) => rekind(spec, draft, kind),
});

/** The words the declaration gives a derived value (the "MOV from" row is said with MOV on the sheet instead). */
const limitsOfDerived = (spec, key) => (spec?.derived || []).find((each) => each.key === key)?.label;

/** Each roll's dice in words (rules/coc.md §3.2: SIZ, INT and EDU add 6 before × 5). */
const PLUS_SIX = ["SIZ", "INT", "EDU"];
const rollWords = (key, roll) =>
  `(${roll.dice.join(" + ")}${PLUS_SIX.includes(key) ? " + 6" : ""}) × 5 = ${roll.value}`;
function rolledWords(record, path) {
  const rolls = record?.rolls?.[path === "luck" ? "Luck" : path];
  if (!rolls?.length) return null;
  return `Rolled ${rolls.map((roll) => rollWords(path === "luck" ? "Luck" : path, roll)).join("; again ")}${rolls.length > 1 ? " (the higher kept)" : ""}`;
}
/** The creation record as lines: each characteristic's dice, then each age step with its dice. */
export function creationLines(record) {
  const rolls = Object.entries(record.rolls || {}).map(
    ([key, list]) => `${key}: ${list.map((roll) => rollWords(key, roll)).join("; again ")}`,
  );
  const age = (record.age || []).map((step) => step.text);
  return [...rolls, ...age, record.dice_source === "physical" ? "Physical dice, typed." : "Digital dice."];
}
