// Call of Cthulhu's moves on the sheet and the card (rules/coc.md §3.3–§3.13): the quick actions, the rarer moves
// behind "More" under their headings, the checks before a large change (damage past the HP left, a Sanity loss past
// the SAN left) and the follow-ups the rules allow after a roll (pushing, spending Luck; seed 003, Pushing a Roll, Luck).

import { firearms, reloadFollowUp, treatmentFollowUps } from "./coc_follow_ups.mjs";
import { damageFollowUp } from "./damage_follow_up.mjs";
import { poolWarning, rangeOf } from "./large_change.mjs";
import { timeSkipCheck } from "./time_skip.mjs";
import { heals } from "./healing.mjs";
import { withBareHands } from "./weapon_choices.mjs";

export const DIFFICULTY = ["difficulty", "bonus", "penalty"];

/** Damage beyond the HP left asks first: HP never go below 0, and the rules then decide the rest. */
function damageWarning(args, sheet) {
  const typed = String(args.amount ?? "").trim();
  const amount = Number(typed); // HP lost is a whole-number field, not dice
  if (!typed || !Number.isInteger(amount)) return null;
  return poolWarning({
    text: typed,
    range: { least: amount, most: amount },
    current: sheet.hp,
    name: sheet.name,
    pool: "hit points",
    what: (n) => `${n} damage`,
    after: () =>
      `${sheet.name} will drop to 0 HP (hit points never go below 0): unconscious, dying or killed outright, as the rules decide`,
  });
}

/** A Sanity roll whose loss can be more than the SAN left asks first (0 SAN is permanent insanity). */
async function sanityWarning(args, sheet, ctx) {
  const range = await rangeOf(ctx, "coc.sanity_roll", "loss", args.loss); // the larger of X and Y's most
  const most = range?.most ?? -1;
  if (most < 0 || !(most > sheet.san)) return null;
  return {
    title: "Roll the Sanity roll?",
    confirm: "Roll",
    text: `This Sanity roll can cost up to ${most} SAN, more than ${sheet.name}'s ${sheet.san}: ${sheet.name} could fall to 0 SAN and be permanently insane. Roll it?`,
  };
}

/** The weapons an attack may use: the actor's own list (the first is picked at first, then the last one used:
 * ``keep``), then unarmed unless the list has it already (a sheet's own "Unarmed" row); each name once. */
export const weaponChoices = (sheet, only = () => true) =>
  withBareHands(
    (sheet?.weapons || []).filter(only).map((weapon) => [weapon.name, weapon.name]),
    ["", "Unarmed"],
  );
const handToHand = (weapon) => weapon.skill.startsWith("Fighting (");
const DEFENCES = ["dodge", "fight_back", "manoeuvre", "none"];
/** The defences against the weapon picked: a firearm or a thrown weapon is only dodged (rules/coc.md §3.8, §3.12
 * D14: fight back and manoeuvre answer hand-to-hand attacks); unarmed and the sheet's Fighting weapons allow all. */
export function defenceChoices(sheet, weaponName, words = (value) => value) {
  const weapon = (sheet?.weapons || []).find((each) => each.name === weaponName);
  const melee = !weapon || handToHand(weapon);
  return DEFENCES.filter((value) => melee || !["fight_back", "manoeuvre"].includes(value)).map((value) => [
    value,
    words(value),
  ]);
}
/** Attack and damage pick the weapon from the attacker's sheet; a fight back, from the defender's hand-to-hand ones;
 * the defences follow the weapon picked. */
const attackChoices = (me, them) => ({
  weapon: weaponChoices(me),
  defender_weapon: weaponChoices(them, handToHand),
  defence: (shown, words) => defenceChoices(me, shown.weapon, words),
});

/** A Sanity roll, against a creature of the campaign when one is picked: its sheet is the roll's source and its
 * Sanity loss (``san_loss``) fills the loss; nobody picked, the loss is typed (nothing that changes a sheet is
 * pre-filled). */
export const sanityRoll = (title) => ({
  title,
  op: "coc.sanity_roll",
  bind: "investigator",
  target: "source",
  targetOptional: true,
  pick: { label: "Against", none: "Nothing from the campaign: type the loss" },
  fields: ["loss", "bonus", "penalty"],
  defaults: (_me, them) => ({ loss: them.san_loss || "" }),
  required: ["loss"],
  applies: true,
  large: sanityWarning,
});

/** A skill roll with any skill of the list, picked from it (a skill not on the sheet rolls its base value). */
const anySkill = (name) => ({
  title: `${name} roll`,
  op: "coc.skill_roll",
  bind: "investigator",
  fixed: { skill: name },
  fields: DIFFICULTY,
  opposed: {
    op: "coc.opposed_roll",
    target: "opponent",
    fixed: { skill: name },
    fields: ["bonus", "penalty", "opponent_skill", "opponent_bonus", "opponent_penalty"],
  },
});

/** The rarer moves, behind "More" on the sheet and the card, each under its heading; the sheet's rolls too
 * for the card (the sheet has them as rows). */
const MORE = [
  {
    key: "any_skill",
    label: "Roll any skill",
    more: "Rolls",
    op: "coc.skill_roll",
    choose: {
      title: "Which skill?",
      from: "skills",
      mine: (sheet) => Object.entries(sheet?.skills || {}),
      spec: anySkill,
    },
  },
  {
    key: "opposed",
    label: "Opposed roll",
    more: "Rolls",
    op: "coc.opposed_roll",
    bind: "investigator",
    target: "opponent",
    pick: { label: "Against", none: "Choose…" },
    fields: ["skill", "opponent_skill", "bonus", "penalty", "opponent_bonus", "opponent_penalty"],
  },
  // Several skills typed by name: nothing is pre-filled, so typing never adds to an example.
  {
    key: "combined",
    label: "Combined roll",
    more: "Rolls",
    op: "coc.combined_roll",
    bind: "investigator",
    fields: ["skills", "mode", "difficulty", "bonus", "penalty"],
    defaults: { skills: "" },
    required: ["skills"],
  },
  {
    key: "characteristic",
    label: "Characteristic roll",
    more: "Rolls",
    onSheet: false,
    op: "coc.characteristic_roll",
    bind: "investigator",
    fields: ["characteristic", ...DIFFICULTY],
  },
  {
    key: "luck_roll",
    label: "Luck roll",
    more: "Rolls",
    onSheet: false,
    op: "coc.luck_roll",
    bind: "investigator",
    fields: DIFFICULTY,
  },
  { key: "sanity_roll", label: "Sanity roll", more: "Rolls", onSheet: false, ...sanityRoll("Sanity roll") },
  {
    key: "manoeuvre",
    label: "Can I manoeuvre?",
    more: "Combat",
    op: "coc.manoeuvre_check",
    bind: "investigator",
    pickTarget: true,
    pick: { label: "Against", none: "Nobody from the campaign: type the Builds" },
    fields: ["own_build", "opponent_build"],
    defaults: (me, them) => ({ own_build: me.derived?.build, opponent_build: them.derived?.build }),
    rollLabel: "Check",
  },
  {
    key: "reload",
    label: "Reload",
    more: "Combat",
    op: "coc.reload",
    bind: "investigator",
    // the sheet's firearms that count their rounds; none on the sheet: the name is typed (the engine says why not)
    choices: (me) => (firearms(me).length ? { weapon: firearms(me).map((weapon) => [weapon.name, weapon.name]) } : {}),
    fields: ["weapon"],
    rollLabel: "Reload",
  },
  {
    key: "weekly_healing",
    label: "Weekly healing roll",
    more: "Healing",
    op: "coc.weekly_healing_roll",
    bind: "investigator",
    fields: [],
  },
  {
    key: "capacity",
    label: "Can they act?",
    more: "Healing",
    op: "coc.capacity",
    bind: "investigator",
    fields: [],
    rollLabel: "Show",
  },
  // The Keeper's end of a scenario: each ticked skill's improvement roll (rules/coc.md §3.15); Luck recovery too when
  // the campaign's house rules say so.
  {
    key: "development",
    label: "Development phase",
    more: "End of the scenario",
    op: "coc.development_phase",
    bind: "investigator",
    fields: [],
  },
];

/** The moves of a sheet: the quick ones, then the rarer (``more``). */
export const actions = () => [
  {
    key: "attack",
    label: "Attack",
    op: "coc.attack",
    bind: "investigator",
    target: "opponent",
    choices: attackChoices,
    keep: ["weapon"], // the attacker's last weapon, not the first listed again (drawer/kept_choices.mjs)
    fields: [
      "weapon",
      "defence",
      "defender_weapon",
      "attacker_bonus",
      "attacker_penalty",
      "defender_bonus",
      "defender_penalty",
      "surprise",
      "outnumbered",
      "range_difficulty",
      "new_round",
    ],
  },
  {
    key: "roll_damage",
    label: "Roll damage",
    op: "coc.roll_damage",
    bind: "investigator",
    pickTarget: true,
    choices: (me) => ({ weapon: weaponChoices(me) }),
    keep: ["weapon"],
    fields: ["weapon", "damage", "extreme", "range_difficulty"],
  },
  // Nothing that changes the sheet is pre-filled: the amount (and the time) is typed, the Roll button says so.
  {
    key: "damage",
    label: "Take damage",
    op: "coc.apply_damage",
    bind: "investigator",
    fields: ["amount", "own_turn"],
    defaults: { amount: "" },
    large: damageWarning,
  },
  {
    key: "condition",
    label: "Condition",
    op: "coc.set_condition",
    bind: "investigator",
    fields: ["condition", "action"],
  },
  {
    key: "first_aid",
    label: "First Aid",
    op: "coc.first_aid",
    bind: "investigator",
    pickTarget: true,
    pick: { label: "Medic", none: "Nobody from the campaign: type the skill" },
    heal: heals("First Aid", (sheet) => sheet.skills?.["First Aid"]),
    fields: ["skill", "bonus", "penalty"],
    defaults: (_me, them) => ({ skill: them.skills?.["First Aid"] }),
  },
  {
    key: "medicine",
    label: "Medicine",
    op: "coc.medicine",
    bind: "investigator",
    pickTarget: true,
    pick: { label: "Doctor", none: "Nobody from the campaign: type the skill" },
    heal: heals("Medicine", (sheet) => sheet.skills?.Medicine),
    fields: ["skill", "equipment", "bonus", "penalty"],
    defaults: (_me, them) => ({ skill: them.skills?.Medicine }),
  },
  {
    key: "sanity",
    label: "Regain Sanity",
    op: "coc.gain_sanity",
    bind: "investigator",
    fields: ["amount", "reason"],
    defaults: { amount: "" },
    required: ["amount"],
  },
  { key: "luck", label: "Recover Luck", op: "coc.recover_luck", bind: "investigator", fields: [] },
  {
    key: "time",
    label: "Time passes",
    op: "coc.advance_time",
    bind: "investigator",
    fields: ["unit", "amount"],
    defaults: { unit: "rounds", amount: "" },
    large: timeSkipCheck("coc.advance_time", "investigator"),
  },
  { key: "dying", label: "Dying round", op: "coc.dying_round", bind: "investigator", fields: [] },
  ...MORE,
];

/** Follow-ups the rules allow after a roll: push a failed skill roll, or spend Luck to reach a level. */
export function followUps(result, sheet, target, args) {
  const damage = damageFollowUp(result, target, args, {
    op: "coc.apply_damage",
    param: "investigator",
    amount: "amount",
    large: damageWarning,
  });
  if (damage.length) return damage;
  const treated = treatmentFollowUps(result, sheet, target);
  if (treated) return treated;
  const reload = reloadFollowUp(result, sheet, args);
  if (reload) return reload;
  const last = sheet?.last_roll;
  if (!last || !result?.state || (result.op === "coc.push_roll" && last.success)) return [];
  const options = [];
  if (!last.success && !last.pushed && ["skill", "characteristic"].includes(last.kind)) {
    // A roll is pushed once (seed 003, Pushing a Roll): after the push the drawer offers no second one.
    options.push({
      key: "push",
      label: "Push the roll",
      op: "coc.push_roll",
      bind: "investigator",
      fields: ["justification", "bonus", "penalty"],
      defaults: { bonus: last.bonus, penalty: last.penalty },
      rollLabel: "Push",
      once: "The roll was pushed: a roll can be pushed only once. Close this and roll again from the sheet for a new attempt.",
    });
  }
  if (last.kind === "skill" && !last.pushed && last.roll <= 95) {
    const levels = [
      ["Regular", last.value],
      ["Hard", Math.floor(last.value / 2)],
      ["Extreme", Math.floor(last.value / 5)],
    ];
    for (const [name, needed] of levels) {
      const cost = last.roll - needed;
      if (cost > 0 && cost <= sheet.luck)
        options.push({
          key: `luck-${name}`,
          label: `Spend ${cost} Luck → ${name} success`,
          op: "coc.spend_luck",
          bind: "investigator",
          fixed: { target_level: name },
          fields: [],
          now: true,
        });
    }
  }
  return options;
}
