// Armageddon's moves: which engine operation each roll and change on the sheet, the card and the drawer calls, with
// its fields (seed 000, Tasks, Tests, Resisted Tasks & Tests; rules/armageddon.md §1.7–§1.13, §1.17 U1–U24). The
// game's screens (armageddon.mjs) list them as ``actions`` and roll a sheet's skill rows with ``resisted``.

import { timeSkipCheck } from "./time_skip.mjs";
import { own } from "../store/own.mjs";
import { damageWarning, essenceWarning } from "./armageddon_warnings.mjs";
import { heals } from "./healing.mjs";
import { withBareHands } from "./weapon_choices.mjs";

/** The Attribute a skill is usually rolled with; the drawer shows it and the Chronicler may change it. */
export const USUAL_ATTRIBUTE = {
  Notice: "Perception",
  Tracking: "Perception",
  "Research/Investigation": "Intelligence",
  "First Aid": "Intelligence",
  Medicine: "Intelligence",
  "Occult Knowledge": "Intelligence",
  Computers: "Intelligence",
  Science: "Intelligence",
  "Myth and Legend": "Intelligence",
  Humanities: "Intelligence",
  Language: "Intelligence",
  Rituals: "Willpower",
  Intimidation: "Willpower",
  "Smooth Talking": "Intelligence",
  Seduction: "Willpower",
  Streetwise: "Intelligence",
  Brawling: "Dexterity",
  Swimming: "Constitution",
  Climbing: "Strength",
};

/**
 * A Resisted Task against another character of the campaign: the acting character from this sheet, the opponent's
 * sheet sent with it, his Attribute and skill picked by name from it (same Attribute and skill at first; the
 * Chronicler can change them) and read there by the engine (seed 000, Resisted Tasks & Tests).
 */
export function resisted(skill) {
  const attribute = own(USUAL_ATTRIBUTE, skill) || "Dexterity";
  return {
    op: "armageddon.resisted",
    bind: "character",
    target: "opponent",
    fixed: {}, // replaces the unopposed roll's own (names come from the two sheets)
    fields: ["a_attribute_name", "b_attribute_name", "b_skill_name", "a_modifiers", "b_modifiers"],
    defaults: { a_attribute_name: attribute, b_attribute_name: attribute, b_skill_name: skill },
    choices: (_me, them) => (them ? { b_skill_name: opponentSkills(them, skill) } : {}),
    prepare: (args, me) => actingLevels(args, me, skill),
  };
}

/** The same roll against someone with no sheet in the campaign: the opponent's name and levels are typed. */
export function resistedTyped(skill) {
  return {
    op: "armageddon.resisted",
    bind: "character",
    fields: ["a_attribute_name", "b_name", "b_attribute", "b_skill", "a_modifiers", "b_modifiers"],
    defaults: { a_attribute_name: own(USUAL_ATTRIBUTE, skill) || "Dexterity" },
    fixed: {},
    required: ["b_attribute"],
    prepare: (args, me) => actingLevels(args, me, skill),
  };
}

/** The acting character's levels from his own sheet: the Attribute chosen and the skill rolled. */
const actingLevels = (args, me, skill) => ({
  a_attribute: me.attributes[args.a_attribute_name],
  a_skill: level(me.skills?.[skill]) ?? 0,
});

/** The opponent's skills by name with their levels, the skill rolled first (unskilled when he lacks it). */
export function opponentSkills(them, skill) {
  const skills = Object.entries(them.skills || {}).map(([name, entry]) => [name, `${name} ${level(entry)}`]);
  const rolled = skills.find(([name]) => name === skill) || [skill, `${skill} (unskilled)`];
  return [rolled, ...skills.filter(([name]) => name !== skill)];
}

/** A skill's level as the sheet holds it: a number, or ``{level, untrained_penalty}``. */
export const level = (entry) => (typeof entry === "object" && entry !== null ? entry.level : entry);

/** The attack picks one of the sheet's weapons; without any, or besides them, a punch. */
export function weaponChoices(sheet) {
  const weapons = (sheet.weapons || []).map((weapon) => [weapon.name, `${weapon.name}: ${weapon.damage}`]);
  return withBareHands(weapons, ["Punch", "Punch: d4 × Strength"]);
}

/** The helper's levels read from their sheet: Intelligence and the skill (0 = unskilled), its untrained penalty as a modifier. */
function helperLevels(them, skill, [intelligence, levelField]) {
  const entry = them.skills?.[skill];
  const penalty = typeof entry === "object" && entry !== null ? entry.untrained_penalty : 0;
  return {
    [intelligence]: them.attributes.Intelligence,
    [levelField]: level(entry) ?? 0,
    modifiers: penalty ? `${penalty} untrained ${skill}` : "",
  };
}

/** A Task with any skill of the game's list, picked from it (the sheet's own skills first; any other is unskilled). */
const anyTask = (name, sheet) => ({
  title: sheet?.skills && name in sheet.skills ? `${name} Task` : `${name} Task (unskilled)`,
  op: "armageddon.character_task",
  bind: "character",
  fixed: { skill_name: name },
  fields: ["attribute_name", "modifiers", "tags"],
  defaults: { attribute_name: own(USUAL_ATTRIBUTE, name) || "Dexterity" },
  opposed: resisted(name),
});

/** The rarer moves, behind "More" on the sheet and the card, each under its heading. The helper of First Aid
 * and Resuscitation is picked from the campaign and their levels fill the fields (still shown, still changeable). */
const MORE = [
  {
    key: "any_task",
    label: "Task with any skill",
    more: "Rolls",
    op: "armageddon.character_task",
    choose: {
      title: "Which skill?",
      from: "skills",
      mine: (sheet) => Object.entries(sheet?.skills || {}).map(([name, entry]) => [name, level(entry)]),
      spec: anyTask,
    },
  },
  {
    key: "consciousness",
    label: "Consciousness Test",
    more: "Injury",
    op: "armageddon.consciousness_test",
    bind: "character",
    fields: ["cause", "modifiers"],
  },
  {
    key: "survival",
    label: "Survival Test",
    more: "Injury",
    op: "armageddon.survival_test",
    bind: "character",
    fields: [],
  },
  {
    key: "first_aid",
    label: "First Aid",
    more: "Injury",
    op: "armageddon.first_aid",
    bind: "character",
    pickTarget: true,
    pick: { label: "Medic", none: "Nobody from the campaign: type the levels" },
    heal: heals("First Aid", (sheet) => level(sheet.skills?.["First Aid"]) ?? 0),
    fields: ["medic_intelligence", "medic_first_aid", "modifiers"],
    defaults: (_me, them) => helperLevels(them, "First Aid", ["medic_intelligence", "medic_first_aid"]),
  },
  {
    key: "resuscitate",
    label: "Resuscitation",
    more: "Injury",
    op: "armageddon.resuscitate",
    bind: "character",
    pickTarget: true,
    pick: { label: "Doctor", none: "Nobody from the campaign: type the levels" },
    heal: heals("Medicine", (sheet) => level(sheet.skills?.Medicine) ?? 0),
    fields: ["doctor_intelligence", "doctor_medicine", "in_hospital", "modifiers"],
    defaults: (_me, them) => helperLevels(them, "Medicine", ["doctor_intelligence", "doctor_medicine"]),
  },
  {
    key: "essence_checks",
    label: "Essence below 0",
    more: "Essence",
    op: "armageddon.essence_checks",
    bind: "character",
    fields: ["mental_attribute_lost"],
  },
  {
    key: "encumbrance",
    label: "Encumbrance",
    more: "State",
    op: "armageddon.encumbrance",
    bind: "character",
    fields: [],
    rollLabel: "Show",
  },
  {
    key: "penalties",
    label: "Penalties now",
    more: "State",
    op: "armageddon.action_penalties",
    bind: "character",
    fields: ["attribute_name", "roll_type", "tags"],
    rollLabel: "Show",
  },
  {
    key: "derived",
    label: "Derived values",
    more: "State",
    op: "armageddon.character_sheet",
    bind: "character",
    fields: [],
    rollLabel: "Show",
  },
  {
    key: "capacity",
    label: "Can they act?",
    more: "State",
    op: "armageddon.capacity",
    bind: "character",
    fields: [],
    rollLabel: "Show",
  },
];

/** The sheet's rows as moves for the encounter card (the sheet has them as rows already). */
const ROLLS = [
  {
    key: "any_test",
    label: "Attribute Test",
    more: "Rolls",
    onSheet: false,
    op: "armageddon.test",
    bind: "character",
    fields: ["attribute_name", "kind", "modifiers", "tags"],
  },
  {
    key: "any_resisted",
    label: "Resisted Task",
    more: "Rolls",
    onSheet: false,
    op: "armageddon.resisted",
    choose: {
      title: "Which skill?",
      from: "skills",
      mine: (sheet) => Object.entries(sheet?.skills || {}).map(([name, entry]) => [name, level(entry)]),
      spec: (name) => ({
        ...resistedTyped(name),
        title: `${name}: Resisted Task`,
        opposed: resisted(name),
        pick: { label: "Against", none: "Someone with no sheet: type their levels" },
      }),
    },
  },
];

/** Every move of a character: the common ones first, then the rarer ones under "More" and the card's rolls. */
export const actions = () => [
  {
    key: "attack",
    label: "Attack",
    op: "armageddon.attack",
    bind: "attacker",
    target: "defender",
    fields: ["weapon", "defence", "modifiers"],
    choices: (sheet) => ({ weapon: weaponChoices(sheet) }),
    keep: ["weapon"], // the attacker's last weapon, not the first listed again (drawer/kept_choices.mjs)
  },
  {
    key: "roll_damage",
    label: "Roll damage",
    op: "armageddon.roll_damage",
    bind: "character",
    pickTarget: true,
    fields: ["expression", "success_levels"],
  },
  // Nothing that changes the sheet is pre-filled: the amount (and the time) is typed, the Roll button says so.
  {
    key: "damage",
    label: "Damage",
    op: "armageddon.apply_damage",
    bind: "character",
    fields: ["amount", "pool"],
    defaults: { amount: "" },
    required: ["amount"],
    large: damageWarning,
  },
  {
    key: "heal",
    label: "Heal",
    op: "armageddon.restore_points",
    bind: "character",
    fields: ["amount", "pool", "reason"],
    defaults: { amount: "" },
  },
  {
    key: "essence",
    label: "Spend Essence",
    op: "armageddon.lose_essence",
    bind: "character",
    fields: ["amount", "leak_die", "cause"],
    defaults: { amount: "" },
    large: essenceWarning,
  },
  {
    key: "condition",
    label: "Conditions",
    op: "armageddon.set_condition",
    bind: "character",
    fields: ["condition", "action"],
  },
  {
    key: "time",
    label: "Time passes",
    op: "armageddon.advance_time",
    bind: "character",
    fields: ["minutes", "seconds", "activity"],
    defaults: { minutes: "" },
    large: timeSkipCheck("armageddon.advance_time", "character"),
  },
  {
    key: "days",
    label: "Days pass",
    op: "armageddon.advance_days",
    bind: "character",
    fields: ["days", "care", "sleep_hours"],
    defaults: { days: "" },
    large: timeSkipCheck("armageddon.advance_days", "character"),
  },
  { key: "initiative", label: "Initiative", op: "armageddon.initiative", bind: "character", fields: ["modifiers"] },
  {
    key: "fear",
    label: "Fear Test",
    op: "armageddon.fear_test",
    bind: "character",
    fields: ["penalty", "modifiers", "mental_attribute_lost"],
  },
  ...MORE,
  ...ROLLS,
];
