// Armageddon (Classic Unisystem) at the table: what a card, the sheet, the guided form and the roll drawer
// show and which engine operations they call. Words are the game's own (Chronicler, Success Levels).

import { damageFollowUp } from "./damage_follow_up.mjs";
import { mostOf, poolWarning, signed } from "./large_change.mjs";

const ATTRIBUTES = ["Strength", "Dexterity", "Constitution", "Intelligence", "Perception", "Willpower"];
const POOLS = [["life_points", "Life Points", "LP"], ["endurance_points", "Endurance Points", "EP"], ["essence", "Essence", "Essence"]];
/** The Attribute a skill is usually rolled with; the drawer shows it and the Chronicler may change it. */
const USUAL_ATTRIBUTE = {
  Notice: "Perception", Tracking: "Perception", "Research/Investigation": "Intelligence", "First Aid": "Intelligence",
  Medicine: "Intelligence", "Occult Knowledge": "Intelligence", Computers: "Intelligence", Science: "Intelligence",
  "Myth and Legend": "Intelligence", Humanities: "Intelligence", Language: "Intelligence", Rituals: "Willpower",
  Intimidation: "Willpower", "Smooth Talking": "Intelligence", Seduction: "Willpower", Streetwise: "Intelligence",
  Brawling: "Dexterity", Swimming: "Constitution", Climbing: "Strength",
};

/**
 * A Resisted Task against another character of the campaign: side A from this sheet, side B's Attribute
 * and Skill filled in from the opponent's sheet (same Attribute and skill; the Chronicler can change them).
 */
function resisted(skill) {
  const attribute = USUAL_ATTRIBUTE[skill] || "Dexterity";
  return {
    op: "armageddon.resisted", bind: "character",
    fields: ["a_attribute_name", "b_attribute", "b_skill", "a_modifiers", "b_modifiers"],
    fixed: (me, them) => ({ a_name: me.name, b_name: them.name, a_skill: level(me.skills[skill]) ?? 0 }),
    defaults: (me, them) => ({ a_attribute_name: attribute, b_attribute: them.attributes[attribute], b_skill: level(them.skills?.[skill]) ?? 0 }),
    prepare: (args, me) => ({ a_attribute: me.attributes[args.a_attribute_name] }),
  };
}

/** The pool a damage or a loss lowers, as the sheet holds it now. */
const POOL_OF = { LP: ["life_points", "Life Points", "LP"], EP: ["endurance_points", "Endurance Points", "EP"], Essence: ["essence", "Essence", "Essence"] };
const holding = (sheet, key) => sheet?.current?.[key] ?? sheet?.derived?.[key];

/** Damage beyond the pool it hits asks first ("30 damage is more than Jack's 26 Life Points: Jack will be at −4 LP"). */
function damageWarning(args, sheet) {
  const [key, pool, short] = POOL_OF[args.pool || "LP"] || POOL_OF.LP;
  const current = holding(sheet, key);
  return poolWarning({
    text: args.amount, current, name: sheet.name, pool, what: (n) => `${n} damage`,
    after: (n, known) => `${sheet.name} ${known ? "will" : "could"} be at ${signed(current - n)} ${short}`,
  });
}

/** Essence spent beyond what is left asks first (below 0 the Willpower Test follows). */
function essenceWarning(args, sheet) {
  const current = holding(sheet, "essence");
  const leak = args.leak_die && args.leak_die !== "none" ? mostOf(args.leak_die) : 0;
  const text = leak ? `${args.amount ?? 0}+${args.leak_die}` : String(args.amount ?? "");
  return poolWarning({
    text, current, name: sheet.name, pool: "Essence", what: (n) => `${n} Essence`, title: "Spend it?", confirm: "Spend",
    after: (n, known) => `${sheet.name} ${known ? "will" : "could"} be at ${signed(current - n)} Essence, and below 0 the Willpower Test follows`,
  });
}

const level = (entry) => (typeof entry === "object" && entry !== null ? entry.level : entry);
const conditionWords = (name) => name.replace(/_/g, " ");

export default {
  id: "armageddon",
  name: "Armageddon",
  blurb: "Classic Unisystem: d10 + Attribute + Skill against 9, Success Levels.",
  gm: "Chronicler",
  person: "character",
  sheetParam: "character",

  creation: {
    draft: () => ({ name: "", kind: "mundane", essence_channeling: 0, attributes: Object.fromEntries(ATTRIBUTES.map((a) => [a, 2])), skills: {} }),
    sections: [
      { title: "Who", fields: [{ path: "kind", label: "Kind", choices: [["mundane", "Mundane"], ["gifted", "Gifted"], ["supernatural", "Supernatural"]] }] },
      { title: "Attributes", fields: ATTRIBUTES.map((a) => ({ path: `attributes.${a}`, label: a, min: 0, max: 20 })) },
      { title: "Essence", fields: [{ path: "essence_channeling", label: "Essence Channeling", min: 0, max: 10, help: "Gifted and Supernatural characters only." }] },
    ],
    skills: { min: 0, max: 20, start: () => 1 },
    items: true, // the form lists items carried (encumbrance)
    toSheet: (draft, items = []) => ({ schema: "armageddon.character/1", name: draft.name, kind: draft.kind, attributes: draft.attributes, skills: draft.skills, essence_channeling: draft.essence_channeling, items }),
    derive: (sheet) => ({ op: "armageddon.character_sheet", args: { character: sheet } }),
    derived: (result) => {
      const d = result.details.derived;
      return [["Life Points", d.life_points], ["Endurance Points", d.endurance_points], ["Essence Pool", d.essence], ["Speed", d.speed], ["Lifting capacity", `${d.lifting_capacity} lb`], ["Carrying capacity", `${d.carrying_capacity} lb`]];
    },
  },

  // Who can act and every penalty of their state come from the engine (armageddon.capacity, shown by the card).
  card(sheet) {
    const derived = sheet.derived || {};
    return {
      bars: POOLS.map(([key, name, short]) => ({ label: short, name, value: sheet.current?.[key] ?? derived[key], max: derived[key] })),
      conditions: (sheet.conditions || []).map(conditionWords),
    };
  },

  /** Derived values, then the temporary Drawbacks (lost Attribute points show on their rows, rows.mjs). */
  sheetFacts: (sheet) => {
    const d = sheet.derived || {};
    const drawbacks = (sheet.temporary_drawbacks || []).map((text, index) => [`Drawback ${index + 1}`, `${text}, until Essence is back to 0 or more`]);
    return [["Speed", d.speed], ["Initiative", `d10 + ${d.initiative_base}`], ["Lifting", `${d.lifting_capacity} lb`], ["Carrying", `${d.carrying_capacity} lb`], ["Kind", sheet.kind ? sheet.kind[0].toUpperCase() + sheet.kind.slice(1) : null], ...drawbacks];
  },

  groups(sheet) {
    const attributes = ATTRIBUTES.map((name) => ({
      key: `attr-${name}`, label: name, value: sheet.attributes[name], path: `attributes.${name}`, min: 0, max: 20,
      roll: { title: `${name} Test`, op: "armageddon.test", bind: "character", fixed: { attribute_name: name }, fields: ["kind", "modifiers", "tags"] },
    }));
    const skills = Object.entries(sheet.skills || {}).map(([name, entry]) => ({
      key: `skill-${name}`, label: name, value: level(entry), path: typeof entry === "object" && entry !== null ? `skills.${name}.level` : `skills.${name}`, min: 0, max: 20,
      roll: { title: `${name} Task`, op: "armageddon.character_task", bind: "character", fixed: { skill_name: name },
        fields: ["attribute_name", "modifiers", "tags"], defaults: { attribute_name: USUAL_ATTRIBUTE[name] || "Dexterity" },
        opposed: resisted(name) },
    }));
    return [{ title: "Attributes", rows: attributes }, { title: "Skills", rows: skills }];
  },

  followUps: (result, sheet, target, args) => damageFollowUp(result, target, args, { op: "armageddon.apply_damage", param: "character", amount: "amount", asText: true, large: damageWarning }),

  actions: () => [
    { key: "roll_damage", label: "Roll damage", op: "armageddon.roll_damage", bind: "character", pickTarget: true, fields: ["expression", "success_levels"] },
    // Nothing that changes the sheet is pre-filled: the amount (and the time) is typed, the Roll button says so.
    { key: "damage", label: "Damage", op: "armageddon.apply_damage", bind: "character", fields: ["amount", "pool"], defaults: { amount: "" }, required: ["amount"], large: damageWarning },
    { key: "heal", label: "Heal", op: "armageddon.restore_points", bind: "character", fields: ["amount", "pool", "reason"], defaults: { amount: "" } },
    { key: "essence", label: "Spend Essence", op: "armageddon.lose_essence", bind: "character", fields: ["amount", "leak_die", "cause"], defaults: { amount: "" }, large: essenceWarning },
    { key: "condition", label: "Conditions", op: "armageddon.set_condition", bind: "character", fields: ["condition", "action"] },
    { key: "time", label: "Time passes", op: "armageddon.advance_time", bind: "character", fields: ["minutes", "seconds", "activity"], defaults: { minutes: "" } },
    { key: "days", label: "Days pass", op: "armageddon.advance_days", bind: "character", fields: ["days", "care", "sleep_hours"], defaults: { days: "" } },
    { key: "initiative", label: "Initiative", op: "armageddon.initiative", bind: "character", fields: ["modifiers"] },
  ],
};
