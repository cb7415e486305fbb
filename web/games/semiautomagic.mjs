// Semiautomagic at the table: d6 + modifier against a DC, Toughness and Minimum Toughness, wounds, Will,
// conditions with their rounds left.

import { damageFollowUp } from "./damage_follow_up.mjs";
import { exact, mostOf } from "./large_change.mjs";

const ABILITIES = ["Strength", "Dexterity", "Endurance", "Intelligence", "Spirit"];

const count = (number, unit) => `${number} ${number === 1 ? unit : `${unit}s`}`;

/** Time left in the unit a person reads: seconds, rounds (6 s) under a minute, then minutes, then hours. */
export function spokenDuration(seconds) {
  if (seconds < 6) return count(seconds, "second");
  if (seconds < 60) return count(Math.ceil(seconds / 6), "round");
  if (seconds < 3600) return count(Math.ceil(seconds / 60), "minute");
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.ceil((seconds % 3600) / 60);
  return minutes ? `${count(hours, "hour")} ${count(minutes, "minute")}` : count(hours, "hour");
}

function conditionText([name, timer]) {
  const seconds = timer?.seconds;
  if (seconds === null || seconds === undefined) return name;
  return `${name} (${spokenDuration(seconds)} left)`;
}

/** Toughness and Will are worked out by the engine (the sheet does not store them). */
const derived = async (sheet, ctx) => (await ctx.engine("semiautomagic.describe_creature", { creature: sheet })).details.derived;

/** A hit that can reach Toughness asks first: at Toughness (or above it, as the house rule says) a creature
 * starts dying, an object above it is destroyed, and a dying creature wounded again dies. */
async function damageWarning(args, sheet, ctx) {
  const most = mostOf(args.damage);
  if (most === null || args.damage_type === "EMP" || sheet.dead || sheet.destroyed) return null;
  const { toughness } = await derived(sheet, ctx);
  const object = sheet.kind === "object";
  const strict = object || ctx.settings?.dying_trigger === "more";
  if (!(strict ? most > toughness : most >= toughness)) return null;
  const known = exact(args.damage);
  const said = known ? `${most} damage` : `${String(args.damage).trim()} can come to ${most} damage, which`;
  const reaches = strict ? `is more than ${sheet.name}'s Toughness ${toughness}` : `reaches ${sheet.name}'s Toughness ${toughness}`;
  const then = object ? `${sheet.name} ${known ? "will" : "could"} be destroyed` : args.nonlethal ? `${sheet.name} ${known ? "will" : "could"} be knocked out`
    : `${sheet.name} ${known ? "will" : "could"} start dying (or die, if dying already)`;
  return { title: `Apply ${most} damage?`, confirm: "Apply", text: `${said} ${reaches}: ${then}. Apply it?` };
}

/** Morale damage above Will asks first: the source then has its full effect (Broken for fear). */
async function moraleWarning(args, sheet, ctx) {
  const damage = Number(args.damage);
  if (!Number.isFinite(damage) || sheet.kind === "object") return null;
  const { will } = await derived(sheet, ctx);
  if (will === null || will === undefined || !(damage > will)) return null;
  return { title: `Apply ${damage} morale damage?`, confirm: "Apply",
    text: `${damage} morale damage is more than ${sheet.name}'s Will ${will}: ${sheet.name} will suffer the source's full effect. Apply it?` };
}

const ROLL_DAMAGE = { key: "roll_damage", label: "Roll damage", op: "semiautomagic.roll_damage", bind: "creature", pickTarget: true, fields: ["damage", "damage_type"] };

export default {
  id: "semiautomagic",
  name: "Semiautomagic",
  blurb: "d6 + modifier against a DC; Toughness, wounds and conditions.",
  gm: "GM",
  person: "creature",
  sheetParam: "creature",

  creation: {
    draft: () => ({ name: "", kind: "creature", scale: 0, abilities: Object.fromEntries(ABILITIES.map((a) => [a, 3])), skills: {}, worn_armour: 0 }),
    sections: [
      { title: "Who", fields: [{ path: "scale", label: "Scale", min: -100, max: 100, negative: true, help: "0 for a human; larger beings and objects have more." }] },
      { title: "Abilities", fields: ABILITIES.map((a) => ({ path: `abilities.${a}`, label: a, min: 0, max: 30 })) },
      { title: "Defence", fields: [{ path: "worn_armour", label: "Worn armour", min: -20, max: 40, negative: true }] },
    ],
    skills: { min: -20, max: 40, negative: true, start: () => 1 },
    errorPaths: { "defence.worn_armour": "worn_armour" }, // a refusal about the sheet's path → the form's field
    toSheet: (draft) => ({ schema: "semiautomagic.creature/1", name: draft.name, kind: draft.kind, scale: draft.scale, abilities: draft.abilities, skills: draft.skills, defence: draft.worn_armour ? { worn_armour: draft.worn_armour } : {}, conditions: {} }),
    derive: (sheet) => ({ op: "semiautomagic.describe_creature", args: { creature: sheet } }),
    derived: (result) => {
      const d = result.details.derived;
      return [["Toughness", d.toughness], ["Minimum Toughness", d.min_toughness], ["Will", d.will], ["Defence", d.defence], ["Target", d.target]];
    },
  },

  card(sheet) {
    const conditions = Object.entries(sheet.conditions || {}).map(conditionText);
    if (sheet.dead) conditions.unshift("dead");
    return {
      bars: [],
      facts: [["Wounds", sheet.wounds ?? 0], ["Morale penalties", sheet.morale_penalties ?? 0]],
      conditions,
      query: {
        op: "semiautomagic.describe_creature", args: { creature: sheet },
        show: (result) => {
          const d = result.details.derived;
          return `Toughness ${d.toughness} (minimum ${d.min_toughness}) · Will ${d.will}${sheet.morale_penalties ? ` (−${sheet.morale_penalties} morale)` : ""}`;
        },
      },
    };
  },

  /** Scale, movement as the mobility penalties leave it (½ square each, seed 002), and each mobility penalty. */
  sheetFacts: (sheet) => {
    const mobility = Object.entries(sheet.mobility_penalties || {});
    const slower = mobility.reduce((sum, [, points]) => sum + points, 0) / 2;
    const move = ([mode, squares]) => [`Move (${mode})`, slower ? `${Math.max(0, squares - slower)} squares (${squares}, −${slower} mobility)` : `${squares} squares`];
    return [["Scale", sheet.scale], ...Object.entries(sheet.movement || {}).map(move),
      ...mobility.map(([source, points]) => [`Mobility penalty (${source || "load"})`, `−${points} Acrobatics, Athletics, Wrestle, Stealth`])];
  },

  groups(sheet) {
    const row = (name, value, kind) => ({
      key: `${kind}-${name}`, label: name, value, path: `${kind === "ability" ? "abilities" : "skills"}.${name}`,
      min: kind === "ability" ? 0 : -20, max: kind === "ability" ? 30 : 40,
      roll: { title: `${name} check`, op: "semiautomagic.skill_check", bind: "creature", fixed: { skill: name }, fields: ["dc", "modifiers"] },
    });
    return [
      { title: "Abilities", rows: ABILITIES.map((a) => row(a, sheet.abilities[a], "ability")) },
      { title: "Skills", rows: Object.entries(sheet.skills || {}).map(([name, value]) => row(name, value, "skill")) },
    ];
  },

  followUps(result, sheet, target, args) {
    if (result.op === "semiautomagic.attack" && result.success && target) return [ROLL_DAMAGE];
    return damageFollowUp(result, target, args, {
      op: "semiautomagic.apply_damage", param: "creature", amount: "damage", asText: true,
      extra: (rolledWith) => ({ damage_type: rolledWith.damage_type }), large: damageWarning,
    });
  },

  actions: () => [
    { key: "attack", label: "Attack", op: "semiautomagic.attack", bind: "attacker", target: "creature", fields: ["kind", "defence", "modifiers"] },
    ROLL_DAMAGE,
    // Nothing that changes the sheet is pre-filled: the damage (and the time) is typed, the Roll button says so.
    // "Next round" keeps its 1: one round is what the button says it does.
    { key: "damage", label: "Take a hit", op: "semiautomagic.apply_damage", bind: "creature", fields: ["damage", "damage_type", "nonlethal"], defaults: { damage: "" }, required: ["damage"], large: damageWarning },
    { key: "heal", label: "Days of rest", op: "semiautomagic.advance_days", bind: "creature", fields: ["days", "slept_8h", "bedridden"], defaults: { days: "" } },
    { key: "morale", label: "Morale damage", op: "semiautomagic.apply_morale_damage", bind: "creature", fields: ["damage", "source"], defaults: { damage: "" }, large: moraleWarning },
    { key: "condition", label: "Conditions", op: "semiautomagic.set_condition", bind: "creature", fields: ["condition", "action", "duration", "unit"] },
    { key: "round", label: "Next round", op: "semiautomagic.advance_rounds", bind: "creature", fields: ["rounds"] },
    { key: "hours", label: "Hours pass", op: "semiautomagic.advance_hours", bind: "creature", fields: ["hours"], defaults: { hours: "" } },
  ],
};
