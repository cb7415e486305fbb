// Semiautomagic at the table: d6 + modifier against a DC, Toughness and Minimum Toughness, wounds, Will,
// conditions with their rounds left.

import { durationText } from "../app/durations.mjs";
import { damageFollowUp } from "./damage_follow_up.mjs";
import { rangeOf } from "./large_change.mjs";
import { timeSkipCheck } from "./time_skip.mjs";
import { own } from "../store/own.mjs";

const ABILITIES = ["Strength", "Dexterity", "Endurance", "Intelligence", "Spirit"];

function conditionText([name, timer]) {
  const seconds = timer?.seconds;
  if (seconds === null || seconds === undefined) return name;
  return `${name} (${durationText(seconds, 6)} left)`; // a round is 6 seconds; long timers in minutes or hours
}

/** Toughness and Will are worked out by the engine (the sheet does not store them). */
const derived = async (sheet, ctx) => (await ctx.engine("semiautomagic.describe_creature", { creature: sheet })).details.derived;

/** A hit that can reach Toughness asks first: at Toughness (or above it, as the house rule says) a creature
 * starts dying, an object above it is destroyed, and a dying creature wounded again dies. */
async function damageWarning(args, sheet, ctx) {
  if (args.damage_type === "EMP" || sheet.dead || sheet.destroyed) return null;
  const range = await rangeOf(ctx, "semiautomagic.apply_damage", "damage", args.damage);
  if (!range) return null;
  const most = range.most;
  const { toughness } = await derived(sheet, ctx);
  const object = sheet.kind === "object";
  const strict = object || ctx.settings?.dying_trigger === "more";
  if (!(strict ? most > toughness : most >= toughness)) return null;
  const known = range.least === range.most;
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

const DAMAGE_TYPES = [["piercing", "Piercing"], ["bludgeoning", "Bludgeoning"], ["slashing", "Slashing"], ["electric", "Electric"], ["heat", "Heat"], ["cold", "Cold"], ["chemical", "Chemical"], ["emp", "EMP"]];
const TYPE_WORDS = Object.fromEntries(DAMAGE_TYPES);
const weaponSummary = (weapon) => [`${weapon.damage} ${own(TYPE_WORDS, weapon.damage_type) || weapon.damage_type}`, weapon.light_material ? "light material (one die smaller)" : "", weapon.nonlethal ? "nonlethal" : ""].filter(Boolean).join(", ");

/** The attack uses one of the sheet's weapons (its damage lands on a hit); without any, the roll alone. */
function weaponChoices(sheet) {
  const weapons = (sheet.weapons || []).map((weapon) => [weapon.name, `${weapon.name}: ${weaponSummary(weapon)}`]);
  return weapons.length ? weapons : [["", "No weapon: the roll alone"]];
}

const ROLL_DAMAGE = { key: "roll_damage", label: "Roll damage", op: "semiautomagic.roll_damage", bind: "creature", pickTarget: true, fields: ["damage", "damage_type"] };

/** A helper's skill bonus from their sheet (0 untrained: seed 002, d6 + skill bonus). */
const bonusOf = (them, skill) => them.skills?.[skill] ?? 0;
const MEDIC = { label: "Medic", none: "Nobody from the campaign: type the bonus" };

/** The rarer moves, behind "More" on the sheet and the card, each under its heading. A medic, caretaker or
 * observer is picked from the campaign and their bonus fills the field (still shown, still changeable). */
const MORE = [
  { key: "any_check", label: "Check with any skill", more: "Rolls", op: "semiautomagic.skill_check", bind: "creature", fields: ["skill", "dc", "vehicle_mobility", "modifiers"] },
  { key: "action_seconds", label: "Action seconds", more: "Rolls", op: "semiautomagic.take_action", bind: "creature", fields: ["seconds", "seconds_used", "weapon", "combo", "move"], rollLabel: "Check" },
  { key: "dying_round", label: "Dying round", more: "Dying and Soul Coma", op: "semiautomagic.dying_round", bind: "creature", fields: ["modifiers"] },
  { key: "stabilise", label: "Medicine: stabilise", more: "Dying and Soul Coma", op: "semiautomagic.medicine_stabilise", bind: "creature", pickTarget: true, pick: MEDIC,
    fields: ["medicine", "modifiers"], defaults: (_me, them) => ({ medicine: bonusOf(them, "Medicine") }) },
  { key: "resuscitate", label: "Medicine: resuscitate", more: "Dying and Soul Coma", op: "semiautomagic.resuscitate", bind: "creature", pickTarget: true, pick: MEDIC,
    fields: ["medicine", "modifiers"], defaults: (_me, them) => ({ medicine: bonusOf(them, "Medicine") }) },
  { key: "soul_coma_hour", label: "Soul Coma hour", more: "Dying and Soul Coma", op: "semiautomagic.soul_coma_hour", bind: "creature", pickTarget: true,
    pick: { label: "Caretaker", none: "Nobody tends the body" }, fields: ["caretaker_medicine"], defaults: (_me, them) => ({ caretaker_medicine: bonusOf(them, "Medicine") }) },
  { key: "detect_soul_coma", label: "Is the body alive?", more: "Dying and Soul Coma", op: "semiautomagic.detect_soul_coma", bind: "creature", pickTarget: true,
    pick: { label: "Who looks", none: "Nobody from the campaign: type the bonus" }, fields: ["method", "bonus"], defaults: (_me, them) => ({ bonus: bonusOf(them, "Medicine") }) },
  { key: "capacity", label: "Can they act?", more: "Conditions", op: "semiautomagic.capacity", bind: "creature", fields: [], rollLabel: "Show" },
  { key: "confusion", label: "Confusion round", more: "Conditions", op: "semiautomagic.confusion_round", bind: "creature", fields: [] },
  { key: "staggered", label: "Staggered round", more: "Conditions", op: "semiautomagic.staggered_round", bind: "creature", fields: [] },
  { key: "noise", label: "Does a noise wake them?", more: "Conditions", op: "semiautomagic.noise_wakes", bind: "creature", fields: ["noise_dc"] },
  { key: "status", label: "Status (prone, frenzy …)", more: "Conditions", op: "semiautomagic.set_status", bind: "creature", fields: ["status", "action"] },
  { key: "morale_off", label: "Remove morale penalties", more: "Conditions", op: "semiautomagic.remove_morale_penalties", bind: "creature", fields: ["count"] },
  { key: "repair", label: "Repair (an object)", more: "Sheet", op: "semiautomagic.repair", bind: "creature", fields: ["bonus", "dc", "wounds", "modifiers"] },
  { key: "describe", label: "Toughness and Will", more: "Sheet", op: "semiautomagic.describe_creature", bind: "creature", fields: [], rollLabel: "Show" },
];

export default {
  id: "semiautomagic",
  name: "Semiautomagic",
  blurb: "d6 + modifier against a DC; Toughness, wounds and conditions.",
  gm: "GM",
  person: "creature",
  sheetParam: "creature",

  /** Weapons and worn armour on the sheet (screens/sheet/weapons.mjs); the attack uses the weapon picked. */
  weapons: {
    fields: [
      { key: "name", label: "Name", kind: "text", required: true, maxlength: 80 },
      { key: "damage", label: "Damage", kind: "text", maxlength: 40, help: "Dice such as 1d8 or 2d6+3" },
      { key: "damage_type", label: "Damage type", kind: "choice", choices: DAMAGE_TYPES },
      { key: "light_material", label: "Light material (aluminium, titanium, mithril)", kind: "bool", help: "A bludgeoning weapon of it deals one die smaller" },
      { key: "nonlethal", label: "Nonlethal (knocks out instead of killing)", kind: "bool" },
    ],
    blank: { name: "", damage: "1d6", damage_type: "bludgeoning", light_material: false, nonlethal: false },
    presetsOp: "semiautomagic.weapon_list",
    summary: weaponSummary,
    armour: {
      path: "armour", label: "Worn armour",
      fields: [
        { key: "name", label: "Armour", kind: "text", maxlength: 80 },
        { key: "defence", label: "Defence", kind: "int", min: -20, max: 40, help: "Its Defence bonus (sources do not stack: the best counts)" },
        { key: "mobility_penalty", label: "Mobility penalty", kind: "int", min: 0, max: 50, help: "Off Acrobatics, Athletics, Wrestle and Stealth; ½ square of speed each" },
      ],
      blank: { name: "", defence: 1, mobility_penalty: 0 },
      summary: (armour) => `${armour.name || "armour"} (Defence ${armour.defence}, mobility penalty ${armour.mobility_penalty})`,
    },
  },

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

  followUps(result, _sheet, target, args) {
    // an attack with a weapon has dealt its damage already; without one, its damage is rolled next
    if (result.op === "semiautomagic.attack" && result.success && target && result.details?.damage === undefined) return [ROLL_DAMAGE];
    return damageFollowUp(result, target, args, {
      op: "semiautomagic.apply_damage", param: "creature", amount: "damage", asText: true,
      extra: (rolledWith) => ({ damage_type: rolledWith.damage_type }), large: damageWarning,
    });
  },

  actions: () => [
    { key: "attack", label: "Attack", op: "semiautomagic.attack", bind: "attacker", target: "creature", fields: ["weapon", "kind", "defence", "modifiers"],
      choices: (sheet) => ({ weapon: weaponChoices(sheet) }) },
    ROLL_DAMAGE,
    // Nothing that changes the sheet is pre-filled: the damage (and the time) is typed, the Roll button says so.
    // "Next round" keeps its 1: one round is what the button says it does.
    { key: "damage", label: "Take a hit", op: "semiautomagic.apply_damage", bind: "creature", fields: ["damage", "damage_type", "nonlethal"], defaults: { damage: "" }, required: ["damage"], large: damageWarning },
    { key: "heal", label: "Days of rest", op: "semiautomagic.advance_days", bind: "creature", fields: ["days", "slept_8h", "bedridden"], defaults: { days: "" }, large: timeSkipCheck("semiautomagic.advance_days", "creature") },
    { key: "morale", label: "Morale damage", op: "semiautomagic.apply_morale_damage", bind: "creature", fields: ["damage", "source"], defaults: { damage: "" }, large: moraleWarning },
    { key: "condition", label: "Conditions", op: "semiautomagic.set_condition", bind: "creature", fields: ["condition", "action", "duration", "unit"] },
    { key: "round", label: "Next round", op: "semiautomagic.advance_rounds", bind: "creature", fields: ["rounds"], large: timeSkipCheck("semiautomagic.advance_rounds", "creature") },
    { key: "hours", label: "Hours pass", op: "semiautomagic.advance_hours", bind: "creature", fields: ["hours"], defaults: { hours: "" }, large: timeSkipCheck("semiautomagic.advance_hours", "creature") },
    { key: "defence", label: "Defence roll", op: "semiautomagic.defence_roll", bind: "creature", fields: ["option", "attack_bonus", "modifiers"] },
    ...MORE,
  ],
};
