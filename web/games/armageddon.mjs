// Armageddon (Classic Unisystem) at the table: what a card, the sheet and the guided form show (rules/armageddon.md
// §1.3, §1.4, §1.14); the moves and the engine operations they call are armageddon_moves.mjs, the changes that ask
// first armageddon_warnings.mjs. Words are the game's own (Chronicler, Success Levels).

import { damageFollowUp } from "./damage_follow_up.mjs";
import { own } from "../store/own.mjs";
import { derivedRows, draftOf, groupFields } from "./sheet_spec.mjs";
import { actions, level, resisted, USUAL_ATTRIBUTE } from "./armageddon_moves.mjs";
import { damageWarning } from "./armageddon_warnings.mjs";

const POOLS = [
  ["life_points", "Life Points", "LP"],
  ["endurance_points", "Endurance Points", "EP"],
  ["essence", "Essence", "Essence"],
];
const signedWord = (n) => (n < 0 ? `−${-n}` : `+${n}`);

/** A weapon's skill: the book's combat skills as the sheet declares them (``words.weapon_skills``), then the sheet's own. */
const weaponSkills = (spec) => (sheet) =>
  [...new Set([...(spec?.words?.weapon_skills || []), ...Object.keys(sheet.skills || {})])].map((skill) => [
    skill,
    skill,
  ]);
const weaponSummary = (weapon) =>
  `${weapon.damage} ${weapon.damage_type} (${weapon.skill})${weapon.success_levels ? ", Success Levels add to damage" : ""}`;

const conditionWords = (name) => name.replace(/_/g, " ");

/** Qualities and Drawbacks (rules/armageddon.md §1.4): named entries with a level and points; the engine applies the effects it
 * lists in the sheet's declaration (``words.effects``: Hard to Kill, Increased Essence, …) and keeps the others. */
const QUALITIES = {
  path: "qualities",
  title: "Qualities and Drawbacks",
  one: "Quality",
  keys: ["name", "kind", "level", "points"],
  blank: { name: "", kind: "quality", level: 1, points: 1 },
  none: "No Qualities or Drawbacks.",
  add: "Add a Quality or Drawback",
  summary: (entry, spec) => {
    const effect =
      entry.kind === "quality"
        ? Object.entries(spec?.words?.effects || {}).find(
            ([name]) => name.toLowerCase() === entry.name.toLowerCase().replace(/^gifted$/, "the gifted"),
          )
        : null;
    const what = `${entry.kind === "drawback" ? "Drawback" : "Quality"}${entry.level > 1 ? `, level ${entry.level}` : ""}, ${entry.points} point${entry.points === 1 ? "" : "s"}`;
    return `${what}: ${effect ? effect[1] : "kept by name, no effect in the app"}`;
  },
};

/** Items carried (seed 000, Encumbrance): added, changed and removed on the sheet; their weight sets the load. */
const ITEMS = {
  path: "items",
  title: "Items carried",
  one: "Item",
  keys: ["name", "weight"],
  extra: { name: { required: true } },
  blank: { name: "", weight: 1 },
  none: "Nothing carried.",
  add: "Add an item",
  summary: (item) => `${item.weight} lb`,
};

export default {
  id: "armageddon",
  name: "Armageddon",
  blurb: "Classic Unisystem: d10 + Attribute + Skill against 9, Success Levels.",
  gm: "Chronicler",
  person: "character",
  sheetParam: "character",

  /** Weapons and armour on the sheet (screens/sheet/weapons.mjs): their fields are the sheet's declaration
   * (py_rules/armageddon/sheet.py, games/sheet_spec.mjs); the skill is picked from the sheet's own and the book's
   * combat skills. The attack picks a weapon from this list. */
  weapons: {
    keys: ["name", "skill", "damage", "damage_type", "success_levels"],
    extra: (spec) => ({ name: { required: true }, skill: { kind: "choice", choices: weaponSkills(spec) } }),
    blank: { name: "", skill: "Brawling", damage: "d4 × Strength", damage_type: "bludgeoning", success_levels: false },
    presetsOp: "armageddon.weapon_list",
    summary: weaponSummary,
    armour: {
      path: "armour",
      label: "Armour",
      keys: ["name", "value"],
      blank: { name: "", value: 0 },
      summary: (armour) => `${armour.name || "armour"} (${armour.value})`,
    },
  },

  /** The guided form: its sections, bounds and first values are the sheet's declaration (``spec``, from the
   * catalog); everything the form holds goes to the new sheet, weapons and armour included. */
  lists: [QUALITIES, ITEMS],

  creation: {
    draft: (spec) => ({ name: "", ...draftOf(spec), skills: {} }),
    skills: { start: () => 1 },
    toSheet: (draft) => ({ ...draft, schema: "armageddon.character/1" }),
    derive: (sheet) => ({ op: "armageddon.character_sheet", args: { character: sheet } }),
    derived: (result, spec) =>
      derivedRows(spec, result.details.derived, {
        initiative_base: (base) => `d10 + ${base}`,
        initiative_encumbered: (base) => `d10 + ${base}`,
        encumbrance_penalty: signedWord,
        lifting_capacity: (lb) => `${lb} lb`,
        carrying_capacity: (lb) => `${lb} lb`,
      }),
  },

  // Who can act and every penalty of their state come from the engine (armageddon.capacity, shown by the card).
  card(sheet) {
    const derived = sheet.derived || {};
    return {
      bars: POOLS.map(([key, name, short]) => ({
        label: short,
        name,
        value: sheet.current?.[key] ?? derived[key],
        max: derived[key],
      })),
      conditions: (sheet.conditions || []).map(conditionWords),
    };
  },

  /** Derived values, then the temporary Drawbacks (lost Attribute points show on their rows, rows.mjs). */
  sheetFacts: (sheet) => {
    const d = sheet.derived || {};
    const drawbacks = (sheet.temporary_drawbacks || []).map((text, index) => [
      `Drawback ${index + 1}`,
      `${text}, until Essence is back to 0 or more`,
    ]);
    const load = d.encumbrance_penalty ? ` (${d.encumbrance} encumbrance ${signedWord(d.encumbrance_penalty)})` : "";
    return [
      ["Speed", `${d.speed_encumbered ?? d.speed}${load}`],
      ["Initiative", `d10 + ${d.initiative_encumbered ?? d.initiative_base}${load}`],
      ["Lifting", `${d.lifting_capacity} lb`],
      ["Carrying", `${d.carrying_capacity} lb`],
      ["Kind", sheet.kind ? sheet.kind[0].toUpperCase() + sheet.kind.slice(1) : null],
      ...drawbacks,
    ];
  },

  /** The Attributes as the sheet declares them (``spec``), then the sheet's own skills. */
  groups(sheet, spec) {
    const attributes = groupFields(spec, "Attributes").map(({ path, label: name }) => ({
      key: `attr-${name}`,
      label: name,
      value: sheet.attributes[name],
      path,
      roll: {
        title: `${name} Test`,
        op: "armageddon.test",
        bind: "character",
        fixed: { attribute_name: name },
        fields: ["kind", "modifiers", "tags"],
      },
    }));
    const skills = Object.entries(sheet.skills || {}).map(([name, entry]) => ({
      key: `skill-${name}`,
      label: name,
      value: level(entry),
      path: typeof entry === "object" && entry !== null ? `skills.${name}.level` : `skills.${name}`,
      roll: {
        title: `${name} Task`,
        op: "armageddon.character_task",
        bind: "character",
        fixed: { skill_name: name },
        fields: ["attribute_name", "modifiers", "tags"],
        defaults: { attribute_name: own(USUAL_ATTRIBUTE, name) || "Dexterity" },
        opposed: resisted(name),
      },
    }));
    return [
      { title: "Attributes", rows: attributes },
      { title: "Skills", rows: skills },
    ];
  },

  followUps: (result, _sheet, target, args) =>
    damageFollowUp(result, target, args, {
      op: "armageddon.apply_damage",
      param: "character",
      amount: "amount",
      asText: true,
      large: damageWarning,
    }),

  actions,
};
