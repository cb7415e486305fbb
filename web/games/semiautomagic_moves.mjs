// Semiautomagic's moves on the sheet and the card: the quick actions, the rarer moves behind "More", what a roll
// offers next, and the questions asked before a hit or morale damage that may reach Toughness or Will (seed 002;
// rules/semiautomagic.md §2.4–2.8, §2.10–2.13). Their fields are the engine's operations' (read from the catalog);
// the sheet's own view is games/semiautomagic.mjs.

import { damageFollowUp } from "./damage_follow_up.mjs";
import { rangeOf } from "./large_change.mjs";
import { timeSkipCheck } from "./time_skip.mjs";
import { heals } from "./healing.mjs";
import { onceEach } from "./weapon_choices.mjs";

/** Toughness and Will are worked out by the engine (the sheet does not store them). */
const derived = async (sheet, ctx) =>
  (await ctx.engine("semiautomagic.describe_creature", { creature: sheet })).details.derived;

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
  const reaches = strict
    ? `is more than ${sheet.name}'s Toughness ${toughness}`
    : `reaches ${sheet.name}'s Toughness ${toughness}`;
  const then = object
    ? `${sheet.name} ${known ? "will" : "could"} be destroyed`
    : args.nonlethal
      ? `${sheet.name} ${known ? "will" : "could"} be knocked out`
      : `${sheet.name} ${known ? "will" : "could"} start dying (or die, if dying already)`;
  return { title: `Apply ${most} damage?`, confirm: "Apply", text: `${said} ${reaches}: ${then}. Apply it?` };
}

/** Morale damage above Will asks first: the source then has its full effect (Broken for fear). */
async function moraleWarning(args, sheet, ctx) {
  const damage = Number(args.damage);
  if (!Number.isFinite(damage) || sheet.kind === "object") return null;
  const { will } = await derived(sheet, ctx);
  if (will === null || will === undefined || !(damage > will)) return null;
  return {
    title: `Apply ${damage} morale damage?`,
    confirm: "Apply",
    text: `${damage} morale damage is more than ${sheet.name}'s Will ${will}: ${sheet.name} will suffer the source's full effect. Apply it?`,
  };
}

/** The attack uses one of the sheet's weapons (its damage lands on a hit); without any, the roll alone. */
function weaponChoices(sheet, summary) {
  const weapons = onceEach((sheet.weapons || []).map((weapon) => [weapon.name, `${weapon.name}: ${summary(weapon)}`]));
  return weapons.length ? weapons : [["", "No weapon: the roll alone"]];
}

const ROLL_DAMAGE = {
  key: "roll_damage",
  label: "Roll damage",
  op: "semiautomagic.roll_damage",
  bind: "creature",
  pickTarget: true,
  fields: ["damage", "damage_type"],
};

/** A helper's skill bonus from their sheet (0 untrained: seed 002, d6 + skill bonus). */
const bonusOf = (them, skill) => them.skills?.[skill] ?? 0;
const MEDIC = { label: "Medic", none: "Nobody from the campaign: type the bonus" };

/** A Medicine move on a dying character (stabilise, resuscitate: rules/semiautomagic.md §2.6), opened from the patient
 * or the medic; the medic's Medicine fills the bonus. */
function medicineMove(key, label, op) {
  return {
    key,
    label,
    more: "Dying and Soul Coma",
    op,
    bind: "creature",
    pickTarget: true,
    pick: MEDIC,
    heal: heals("Medicine", (sheet) => bonusOf(sheet, "Medicine")),
    fields: ["medicine", "modifiers"],
    defaults: (_me, them) => ({ medicine: bonusOf(them, "Medicine") }),
  };
}

/** The rarer moves, behind "More" on the sheet and the card, each under its heading. A medic, caretaker or
 * observer is picked from the campaign and their bonus fills the field (still shown, still changeable). */
const MORE = [
  {
    key: "any_check",
    label: "Check with any skill",
    more: "Rolls",
    op: "semiautomagic.skill_check",
    bind: "creature",
    fields: ["skill", "dc", "vehicle_mobility", "modifiers"],
  },
  {
    key: "action_seconds",
    label: "Action seconds",
    more: "Rolls",
    op: "semiautomagic.take_action",
    bind: "creature",
    fields: ["seconds", "seconds_used", "weapon", "combo", "move"],
    rollLabel: "Check",
  },
  {
    key: "dying_round",
    label: "Dying round",
    more: "Dying and Soul Coma",
    op: "semiautomagic.dying_round",
    bind: "creature",
    fields: ["modifiers"],
  },
  medicineMove("stabilise", "Medicine: stabilise", "semiautomagic.medicine_stabilise"),
  medicineMove("resuscitate", "Medicine: resuscitate", "semiautomagic.resuscitate"),
  {
    key: "soul_coma_hour",
    label: "Soul Coma hour",
    more: "Dying and Soul Coma",
    op: "semiautomagic.soul_coma_hour",
    bind: "creature",
    pickTarget: true,
    pick: { label: "Caretaker", none: "Nobody tends the body" },
    fields: ["caretaker_medicine"],
    defaults: (_me, them) => ({ caretaker_medicine: bonusOf(them, "Medicine") }),
  },
  {
    key: "detect_soul_coma",
    label: "Is the body alive?",
    more: "Dying and Soul Coma",
    op: "semiautomagic.detect_soul_coma",
    bind: "creature",
    pickTarget: true,
    pick: { label: "Who looks", none: "Nobody from the campaign: type the bonus" },
    fields: ["method", "bonus"],
    defaults: (_me, them) => ({ bonus: bonusOf(them, "Medicine") }),
  },
  {
    key: "capacity",
    label: "Can they act?",
    more: "Conditions",
    op: "semiautomagic.capacity",
    bind: "creature",
    fields: [],
    rollLabel: "Show",
  },
  {
    key: "confusion",
    label: "Confusion round",
    more: "Conditions",
    op: "semiautomagic.confusion_round",
    bind: "creature",
    fields: [],
  },
  {
    key: "staggered",
    label: "Staggered round",
    more: "Conditions",
    op: "semiautomagic.staggered_round",
    bind: "creature",
    fields: [],
  },
  {
    key: "noise",
    label: "Does a noise wake them?",
    more: "Conditions",
    op: "semiautomagic.noise_wakes",
    bind: "creature",
    fields: ["noise_dc"],
  },
  {
    key: "status",
    label: "Status (prone, frenzy …)",
    more: "Conditions",
    op: "semiautomagic.set_status",
    bind: "creature",
    fields: ["status", "action"],
  },
  {
    key: "morale_off",
    label: "Remove morale penalties",
    more: "Conditions",
    op: "semiautomagic.remove_morale_penalties",
    bind: "creature",
    fields: ["count"],
  },
  {
    key: "repair",
    label: "Repair (object, vehicle, robot)",
    more: "Sheet",
    op: "semiautomagic.repair",
    bind: "creature",
    fields: ["bonus", "dc", "wounds", "modifiers"],
  },
  {
    key: "describe",
    label: "Toughness and Will",
    more: "Sheet",
    op: "semiautomagic.describe_creature",
    bind: "creature",
    fields: [],
    rollLabel: "Show",
  },
];

/** What the drawer offers after a roll: the damage of an attack that hit without a weapon, or applying the damage
 * just rolled (asking first when it can reach Toughness). */
export function followUps(result, _sheet, target, args) {
  // an attack with a weapon has dealt its damage already; without one, its damage is rolled next
  if (result.op === "semiautomagic.attack" && result.success && target && result.details?.damage === undefined)
    return [ROLL_DAMAGE];
  return damageFollowUp(result, target, args, {
    op: "semiautomagic.apply_damage",
    param: "creature",
    amount: "damage",
    asText: true,
    extra: (rolledWith) => ({ damage_type: rolledWith.damage_type }),
    large: damageWarning,
  });
}

/** The quick actions on the sheet and the card, then the rarer ones (MORE); ``summary`` words a weapon as the
 * sheet's declaration has it. */
export function actionsWith(summary) {
  return [
    {
      key: "attack",
      label: "Attack",
      op: "semiautomagic.attack",
      bind: "attacker",
      target: "creature",
      fields: ["weapon", "kind", "defence", "modifiers"],
      choices: (sheet) => ({ weapon: weaponChoices(sheet, summary) }),
      // the kind starts as the weapon's own (its skill: rules/semiautomagic.md §2.4); what the GM picks stays
      // picked for this character's next attack in the encounter (drawer/kept_choices.mjs)
      keep: ["weapon", "kind"],
    },
    ROLL_DAMAGE,
    // Nothing that changes the sheet is pre-filled: the damage (and the time) is typed, the Roll button says so.
    // "Next round" keeps its 1: one round is what the button says it does.
    {
      key: "damage",
      label: "Take a hit",
      op: "semiautomagic.apply_damage",
      bind: "creature",
      fields: ["damage", "damage_type", "nonlethal"],
      defaults: { damage: "" },
      required: ["damage"],
      large: damageWarning,
    },
    {
      key: "heal",
      label: "Days of rest",
      op: "semiautomagic.advance_days",
      bind: "creature",
      fields: ["days", "slept_8h", "bedridden"],
      defaults: { days: "" },
      large: timeSkipCheck("semiautomagic.advance_days", "creature"),
    },
    {
      key: "morale",
      label: "Morale damage",
      op: "semiautomagic.apply_morale_damage",
      bind: "creature",
      fields: ["damage", "source"],
      defaults: { damage: "" },
      large: moraleWarning,
    },
    {
      key: "condition",
      label: "Conditions",
      op: "semiautomagic.set_condition",
      bind: "creature",
      fields: ["condition", "action", "duration", "unit"],
    },
    {
      key: "round",
      label: "Next round",
      op: "semiautomagic.advance_rounds",
      bind: "creature",
      fields: ["rounds"],
      large: timeSkipCheck("semiautomagic.advance_rounds", "creature"),
    },
    {
      key: "hours",
      label: "Hours pass",
      op: "semiautomagic.advance_hours",
      bind: "creature",
      fields: ["hours"],
      defaults: { hours: "" },
      large: timeSkipCheck("semiautomagic.advance_hours", "creature"),
    },
    {
      key: "defence",
      label: "Defence roll",
      op: "semiautomagic.defence_roll",
      bind: "creature",
      fields: ["option", "attack_bonus", "modifiers"],
    },
    ...MORE,
  ];
}
