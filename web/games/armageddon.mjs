// Armageddon (Classic Unisystem) at the table: what a card, the sheet, the guided form and the roll drawer
// show and which engine operations they call. Words are the game's own (Chronicler, Success Levels).

import { damageFollowUp } from "./damage_follow_up.mjs";
import { poolWarning, rangeOf, signed } from "./large_change.mjs";
import { timeSkipCheck } from "./time_skip.mjs";
import { own } from "../store/own.mjs";
import { derivedRows, draftOf, groupFields } from "./sheet_spec.mjs";

const POOLS = [
  ["life_points", "Life Points", "LP"],
  ["endurance_points", "Endurance Points", "EP"],
  ["essence", "Essence", "Essence"],
];
/** The Attribute a skill is usually rolled with; the drawer shows it and the Chronicler may change it. */
const USUAL_ATTRIBUTE = {
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
 * A Resisted Task against another character of the campaign: side A from this sheet, side B's Attribute
 * and Skill filled in from the opponent's sheet (same Attribute and skill; the Chronicler can change them).
 */
function resisted(skill) {
  const attribute = own(USUAL_ATTRIBUTE, skill) || "Dexterity";
  return {
    op: "armageddon.resisted",
    bind: "character",
    fields: ["a_attribute_name", "b_attribute", "b_skill", "a_modifiers", "b_modifiers"],
    fixed: (me, them) => ({ a_name: me.name, b_name: them.name, a_skill: level(me.skills?.[skill]) ?? 0 }),
    defaults: (_me, them) => ({
      a_attribute_name: attribute,
      b_attribute: them.attributes[attribute],
      b_skill: level(them.skills?.[skill]) ?? 0,
    }),
    prepare: (args, me) => ({ a_attribute: me.attributes[args.a_attribute_name] }),
  };
}

/** The pool a damage or a loss lowers, as the sheet holds it now. */
const POOL_OF = {
  LP: ["life_points", "Life Points", "LP"],
  EP: ["endurance_points", "Endurance Points", "EP"],
  Essence: ["essence", "Essence", "Essence"],
};
const holding = (sheet, key) => sheet?.current?.[key] ?? sheet?.derived?.[key];

/** Damage beyond the pool it hits asks first ("30 damage is more than Jack's 26 Life Points: Jack will be at −4 LP"). */
async function damageWarning(args, sheet, ctx) {
  const [key, pool, short] = POOL_OF[args.pool || "LP"] || POOL_OF.LP;
  const current = holding(sheet, key);
  const range = await rangeOf(ctx, "armageddon.apply_damage", "amount", args.amount);
  return poolWarning({
    text: args.amount,
    range,
    current,
    name: sheet.name,
    pool,
    what: (n) => `${n} damage`,
    after: (n, known) => `${sheet.name} ${known ? "will" : "could"} be at ${signed(current - n)} ${short}`,
  });
}

/** Essence spent beyond what is left asks first (below 0 the Willpower Test follows). */
async function essenceWarning(args, sheet, ctx) {
  const current = holding(sheet, "essence");
  const points = Number(args.amount ?? 0); // a whole-number field; the leak die is the engine's to read
  const leak =
    args.leak_die && args.leak_die !== "none"
      ? await rangeOf(ctx, "armageddon.lose_essence", "leak_die", args.leak_die)
      : null;
  if (!Number.isInteger(points) || (!leak && !(points > 0))) return null;
  const text = leak ? `${points}+${args.leak_die}` : String(points);
  const range = { least: points + (leak?.least ?? 0), most: points + (leak?.most ?? 0) };
  return poolWarning({
    text,
    range,
    current,
    name: sheet.name,
    pool: "Essence",
    what: (n) => `${n} Essence`,
    title: "Spend it?",
    confirm: "Spend",
    after: (n, known) =>
      `${sheet.name} ${known ? "will" : "could"} be at ${signed(current - n)} Essence, and below 0 the Willpower Test follows`,
  });
}

const signedWord = (n) => (n < 0 ? `−${-n}` : `+${n}`);
const level = (entry) => (typeof entry === "object" && entry !== null ? entry.level : entry);

/** The skills a weapon is used with (the book's combat skills); a skill already on the sheet is offered too. */
/** A weapon's skill: the book's combat skills as the sheet declares them (``words.weapon_skills``), then the sheet's own. */
const weaponSkills = (spec) => (sheet) =>
  [...new Set([...(spec?.words?.weapon_skills || []), ...Object.keys(sheet.skills || {})])].map((skill) => [
    skill,
    skill,
  ]);
const weaponSummary = (weapon) =>
  `${weapon.damage} ${weapon.damage_type} (${weapon.skill})${weapon.success_levels ? ", Success Levels add to damage" : ""}`;

/** The attack picks one of the sheet's weapons; without any, or besides them, a punch. */
function weaponChoices(sheet) {
  const weapons = (sheet.weapons || []).map((weapon) => [weapon.name, `${weapon.name}: ${weapon.damage}`]);
  return weapons.some(([name]) => name === "Punch") ? weapons : [...weapons, ["Punch", "Punch: d4 × Strength"]];
}
const conditionWords = (name) => name.replace(/_/g, " ");

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
        ...resisted(name),
        title: `${name}: Resisted Task`,
        target: "opponent",
        pick: { label: "Against", none: "Choose…" },
      }),
    },
  },
];

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

  actions: () => [
    {
      key: "attack",
      label: "Attack",
      op: "armageddon.attack",
      bind: "attacker",
      target: "defender",
      fields: ["weapon", "defence", "modifiers"],
      choices: (sheet) => ({ weapon: weaponChoices(sheet) }),
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
  ],
};
