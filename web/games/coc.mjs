// Call of Cthulhu 7e (house rules) at the table: d100 under a value, half and fifth, bonus and penalty
// dice, HP / MP / SAN / Luck, pushing and spending Luck, the Keeper's words.

import { damageFollowUp } from "./damage_follow_up.mjs";
import { poolWarning, rangeOf } from "./large_change.mjs";
import { timeSkipCheck } from "./time_skip.mjs";
import { own } from "../store/own.mjs";

const CHARACTERISTICS = ["STR", "CON", "SIZ", "DEX", "APP", "INT", "POW", "EDU"];
const DIFFICULTY = ["difficulty", "bonus", "penalty"];
const CONDITIONS = { major_wound: "major wound", prone: "prone", unconscious: "unconscious", dying: "dying", stabilised: "stabilised", dead: "dead", indefinitely_insane: "indefinitely insane", permanently_insane: "permanently insane" };

/** Damage beyond the HP left asks first: HP never go below 0, and the rules then decide the rest. */
function damageWarning(args, sheet) {
  const typed = String(args.amount ?? "").trim();
  const amount = Number(typed); // HP lost is a whole-number field, not dice
  if (!typed || !Number.isInteger(amount)) return null;
  return poolWarning({
    text: typed, range: { least: amount, most: amount }, current: sheet.hp, name: sheet.name, pool: "hit points", what: (n) => `${n} damage`,
    after: () => `${sheet.name} will drop to 0 HP (hit points never go below 0): unconscious, dying or killed outright, as the rules decide`,
  });
}

/** A Sanity roll whose loss can be more than the SAN left asks first (0 SAN is permanent insanity). */
async function sanityWarning(args, sheet, ctx) {
  const range = await rangeOf(ctx, "coc.sanity_roll", "loss", args.loss); // the larger of X and Y's most
  const most = range?.most ?? -1;
  if (most < 0 || !(most > sheet.san)) return null;
  return { title: "Roll the Sanity roll?", confirm: "Roll",
    text: `This Sanity roll can cost up to ${most} SAN, more than ${sheet.name}'s ${sheet.san}: ${sheet.name} could fall to 0 SAN and be permanently insane. Roll it?` };
}

/** The attack skills a weapon may use (the sheet's names): Fighting and Firearms specialities, Throw. */
const WEAPON_SKILLS = ["Fighting (Brawl)", "Fighting (Axe)", "Fighting (Chainsaw)", "Fighting (Flail)", "Fighting (Garrote)", "Fighting (Spear)",
  "Fighting (Sword)", "Fighting (Whip)", "Firearms (Handgun)", "Firearms (Rifle/Shotgun)", "Firearms (Submachine Gun)", "Firearms (Machine Gun)",
  "Firearms (Bow)", "Firearms (Heavy Weapons)", "Firearms (Flamethrower)", "Throw"];
const DB_WORDS = { full: "Full", half: "Half (thrown)", none: "None (firearms)" };

/** One weapon in words: "Fighting (Brawl), 1D4 + DB, impales". */
function weaponSummary(weapon) {
  const db = { full: " + DB", half: " + half DB", none: "" }[weapon.db] ?? "";
  const more = [weapon.impale ? "impales" : "", weapon.range ? `range ${weapon.range}` : "", weapon.attacks > 1 ? `${weapon.attacks} attacks per round` : "",
    weapon.ammo !== null && weapon.ammo !== undefined ? `${weapon.ammo} shots` : "", weapon.malfunction ? `malfunction ${weapon.malfunction}` : ""].filter(Boolean);
  return [`${weapon.skill}, ${weapon.damage}${db}`, ...more].join(", ");
}

/** The weapons an attack may use: the actor's own list (the first is picked at first), then unarmed. */
const weaponChoices = (sheet, only = () => true) => [...(sheet?.weapons || []).filter(only).map((weapon) => [weapon.name, weapon.name]), ["", "Unarmed"]];
const handToHand = (weapon) => weapon.skill.startsWith("Fighting (");
/** Attack and damage pick the weapon from the attacker's sheet; a fight back, from the defender's hand-to-hand ones. */
const attackChoices = (me, them) => ({ weapon: weaponChoices(me), defender_weapon: weaponChoices(them, handToHand) });

const split = (value) => ({ half: Math.floor(value / 2), fifth: Math.floor(value / 5) });

/** Each roll's dice in words (rules/coc.md §3.2: SIZ, INT and EDU add 6 before × 5). */
const PLUS_SIX = ["SIZ", "INT", "EDU"];
const rollWords = (key, roll) => `(${roll.dice.join(" + ")}${PLUS_SIX.includes(key) ? " + 6" : ""}) × 5 = ${roll.value}`;
function rolledWords(record, path) {
  const rolls = record?.rolls?.[path === "luck" ? "Luck" : path];
  if (!rolls?.length) return null;
  return `Rolled ${rolls.map((roll) => rollWords(path === "luck" ? "Luck" : path, roll)).join("; again ")}${rolls.length > 1 ? " (the higher kept)" : ""}`;
}
/** The creation record as lines: each characteristic's dice, then each age step with its dice. */
function creationLines(record) {
  const rolls = Object.entries(record.rolls || {}).map(([key, list]) => `${key}: ${list.map((roll) => rollWords(key, roll)).join("; again ")}`);
  const age = (record.age || []).map((step) => step.text);
  return [...rolls, ...age, record.dice_source === "physical" ? "Physical dice, typed." : "Digital dice."];
}

/** A skill roll with any skill of the list, picked from it (a skill not on the sheet rolls its base value). */
const anySkill = (name) => ({
  title: `${name} roll`, op: "coc.skill_roll", bind: "investigator", fixed: { skill: name }, fields: DIFFICULTY,
  opposed: { op: "coc.opposed_roll", target: "opponent", fixed: { skill: name }, fields: ["bonus", "penalty", "opponent_skill", "opponent_bonus", "opponent_penalty"] },
});

/** The rarer moves, behind "More" on the sheet and the card, each under its heading; the sheet's rolls too
 * for the card (the sheet has them as rows). */
const MORE = [
  { key: "any_skill", label: "Roll any skill", more: "Rolls", op: "coc.skill_roll",
    choose: { title: "Which skill?", from: "skills", mine: (sheet) => Object.entries(sheet?.skills || {}), spec: anySkill } },
  { key: "opposed", label: "Opposed roll", more: "Rolls", op: "coc.opposed_roll", bind: "investigator", target: "opponent", pick: { label: "Against", none: "Choose…" },
    fields: ["skill", "opponent_skill", "bonus", "penalty", "opponent_bonus", "opponent_penalty"] },
  // Several skills typed by name: nothing is pre-filled, so typing never adds to an example.
  { key: "combined", label: "Combined roll", more: "Rolls", op: "coc.combined_roll", bind: "investigator", fields: ["skills", "mode", "difficulty", "bonus", "penalty"],
    defaults: { skills: "" }, required: ["skills"] },
  { key: "characteristic", label: "Characteristic roll", more: "Rolls", onSheet: false, op: "coc.characteristic_roll", bind: "investigator", fields: ["characteristic", ...DIFFICULTY] },
  { key: "luck_roll", label: "Luck roll", more: "Rolls", onSheet: false, op: "coc.luck_roll", bind: "investigator", fields: DIFFICULTY },
  { key: "sanity_roll", label: "Sanity roll", more: "Rolls", onSheet: false, op: "coc.sanity_roll", bind: "investigator", fields: ["loss", "bonus", "penalty"], defaults: { loss: "" }, required: ["loss"], applies: true, large: sanityWarning },
  { key: "manoeuvre", label: "Can I manoeuvre?", more: "Combat", op: "coc.manoeuvre_check", bind: "investigator", pickTarget: true,
    pick: { label: "Against", none: "Nobody from the campaign: type the Builds" }, fields: ["own_build", "opponent_build"],
    defaults: (me, them) => ({ own_build: me.derived?.build, opponent_build: them.derived?.build }), rollLabel: "Check" },
  { key: "weekly_healing", label: "Weekly healing roll", more: "Healing", op: "coc.weekly_healing_roll", bind: "investigator", fields: [] },
  { key: "capacity", label: "Can they act?", more: "Healing", op: "coc.capacity", bind: "investigator", fields: [], rollLabel: "Show" },
];

export default {
  id: "coc",
  name: "Call of Cthulhu",
  blurb: "7th edition with the table's house rules: d100, bonus and penalty dice, Sanity.",
  gm: "Keeper",
  person: "investigator",
  sheetParam: "investigator",
  opponentParam: "opponent",

  /** Weapons and armour on the sheet (screens/sheet/weapons.mjs); the attack picks a weapon from this list. */
  weapons: {
    fields: [
      { key: "name", label: "Name", kind: "text", required: true, maxlength: 80 },
      { key: "skill", label: "Skill", kind: "choice", choices: WEAPON_SKILLS.map((skill) => [skill, skill]) },
      { key: "damage", label: "Damage", kind: "text", maxlength: 40, help: "Dice without the Damage Bonus, e.g. 1D4 or 2D6+4" },
      { key: "db", label: "Damage Bonus", kind: "choice", choices: Object.entries(DB_WORDS) },
      { key: "impale", label: "Impales (blades, bullets)", kind: "bool" },
      { key: "range", label: "Range", kind: "text", maxlength: 40 },
      { key: "attacks", label: "Attacks per round", kind: "int", min: 1, max: 5 },
      { key: "ammo", label: "Shots in the weapon", kind: "int", min: 0, max: 1000, optional: true },
      { key: "malfunction", label: "Malfunction", kind: "int", min: 1, max: 100, optional: true },
    ],
    blank: { name: "", skill: "Fighting (Brawl)", damage: "1D3", db: "full", impale: false, range: "", attacks: 1, ammo: null, malfunction: null },
    presetsOp: "coc.weapon_list",
    summary: weaponSummary,
    armour: { path: "armour", label: "Armour points", kind: "int", min: 0, max: 30, help: "Taken off the damage of every hit" },
  },

  creation: {
    draft: () => ({ name: "", age: 25, luck: 50, skills: {}, ...Object.fromEntries(CHARACTERISTICS.map((c) => [c, 50])) }),
    sections: [
      { title: "Who", fields: [{ path: "age", label: "Age", min: 15, max: 120 }] },
      { title: "Characteristics", fields: CHARACTERISTICS.map((c) => ({ path: c, label: c, min: 0, max: 99 })) },
      { title: "Luck", fields: [{ path: "luck", label: "Luck", min: 0, max: 99 }] },
    ],
    /** A skill starts at its base from the list (Dodge: half DEX of ``values``, the numbers typed so far). */
    skills: { min: 0, max: 99, start: (entry) => entry?.base ?? 20, values: (draft) => draft },
    toSheet: (draft) => draft,
    derive: (draft) => ({ op: "coc.create_investigator", args: { ...draft, roll_characteristics: false } }),
    /** Roll them instead (3D6×5, SIZ/INT/EDU (2D6+6)×5, Luck 3D6×5) at the age typed, the age table applied
     * (rules/coc.md §3.2a): the values fill the fields and the dice are kept for the sheet (``creation_record``). */
    rollAll: {
      label: "Roll the characteristics and Luck (at the age above)",
      request: (draft) => ({ op: "coc.roll_characteristics", args: { age: draft.age } }),
      values: (result) => ({ ...result.details.characteristics, luck: result.details.luck, creation_record: result.details.creation }),
    },
    /** The rolled dice beside each characteristic ("Rolled (4 + 4 + 4) × 5 = 60"). */
    rolledWords: (draft, path) => rolledWords(draft.creation_record, path),
    /** Skill points by occupation (screens/party/occupation_points.mjs), as the engine counts them. */
    occupation: { op: "coc.creation_points", listOp: "coc.occupation_list" },
    derived: (result) => {
      const d = result.details;
      return [["HP", d.hp_max], ["MP", d.mp_max], ["SAN", result.state.san], ["Damage Bonus", d.damage_bonus], ["Build", d.build], ["MOV", d.mov], ["Dodge", d.dodge]];
    },
  },

  card(sheet) {
    const d = sheet.derived || {};
    const conditions = Object.entries(sheet.conditions || {}).filter(([, on]) => on).map(([key]) => own(CONDITIONS, key) || key.replace(/_/g, " "));
    if (sheet.temporary_insanity_hours > 0) conditions.push(`temporary insanity (${sheet.temporary_insanity_hours} h left)`);
    return {
      bars: [
        { label: "HP", value: sheet.hp, max: d.hp_max },
        { label: "MP", value: sheet.mp, max: d.mp_max },
        { label: "SAN", value: sheet.san, max: d.san_max ?? 99 },
        { label: "Luck", value: sheet.luck, max: 99 },
      ],
      conditions,
    };
  },

  /** The dice rolled at creation, kept on the sheet (rules/coc.md §3.2a), under the sheet's rows. */
  sheetNotes: (sheet) => (sheet.creation ? [{ title: "Rolled at creation", lines: creationLines(sheet.creation) }] : []),

  /** Derived values the sheet shows under the pools. */
  sheetFacts: (sheet) => {
    const d = sheet.derived || {};
    return [["Damage Bonus", d.damage_bonus], ["Build", d.build], ["MOV", d.mov], ["Dodge", sheet.skills?.Dodge ?? d.dodge], ["Age", sheet.age]];
  },

  groups(sheet) {
    const characteristics = CHARACTERISTICS.map((name) => ({
      key: `char-${name}`, label: name, value: sheet.characteristics[name], extra: split(sheet.characteristics[name]), path: `characteristics.${name}`, min: 0, max: 99,
      roll: { title: `${name} roll`, op: "coc.characteristic_roll", bind: "investigator", fixed: { characteristic: name }, fields: DIFFICULTY },
    }));
    const luck = { key: "luck", label: "Luck", value: sheet.luck, extra: split(sheet.luck), path: "luck", min: 0, max: 99, roll: { title: "Luck roll", op: "coc.luck_roll", bind: "investigator", fields: DIFFICULTY } };
    const san = { key: "san", label: "Sanity", value: sheet.san, extra: split(sheet.san), path: "san", min: 0, max: 99, roll: { title: "Sanity roll", op: "coc.sanity_roll", bind: "investigator", fields: ["loss", "bonus", "penalty"], defaults: { loss: "" }, required: ["loss"], applies: true, large: sanityWarning } };
    const skills = Object.entries(sheet.skills || {}).map(([name, value]) => ({
      key: `skill-${name}`, label: name, value, extra: split(value), path: `skills.${name}`, min: 0, max: 99,
      roll: {
        title: `${name} roll`, op: "coc.skill_roll", bind: "investigator", fixed: { skill: name }, fields: DIFFICULTY,
        opposed: { op: "coc.opposed_roll", target: "opponent", fixed: { skill: name }, fields: ["bonus", "penalty", "opponent_skill", "opponent_bonus", "opponent_penalty"] },
      },
    }));
    return [{ title: "Characteristics", rows: [...characteristics, luck, san] }, { title: "Skills", rows: skills }];
  },

  actions: () => [
    { key: "attack", label: "Attack", op: "coc.attack", bind: "investigator", target: "opponent", choices: attackChoices, fields: ["weapon", "defence", "defender_weapon", "attacker_bonus", "attacker_penalty", "defender_bonus", "defender_penalty", "surprise", "outnumbered", "range_difficulty"] },
    { key: "roll_damage", label: "Roll damage", op: "coc.roll_damage", bind: "investigator", pickTarget: true, choices: (me) => ({ weapon: weaponChoices(me) }), fields: ["weapon", "damage", "extreme", "range_difficulty"] },
    // Nothing that changes the sheet is pre-filled: the amount (and the time) is typed, the Roll button says so.
    { key: "damage", label: "Take damage", op: "coc.apply_damage", bind: "investigator", fields: ["amount", "own_turn"], defaults: { amount: "" }, large: damageWarning },
    { key: "condition", label: "Condition", op: "coc.set_condition", bind: "investigator", fields: ["condition", "action"] },
    { key: "first_aid", label: "First Aid", op: "coc.first_aid", bind: "investigator", pickTarget: true, pick: { label: "Medic", none: "Nobody from the campaign: type the skill" },
      fields: ["skill", "bonus", "penalty"], defaults: (_me, them) => ({ skill: them.skills?.["First Aid"] }) },
    { key: "medicine", label: "Medicine", op: "coc.medicine", bind: "investigator", pickTarget: true, pick: { label: "Doctor", none: "Nobody from the campaign: type the skill" },
      fields: ["skill", "equipment", "bonus", "penalty"], defaults: (_me, them) => ({ skill: them.skills?.Medicine }) },
    { key: "sanity", label: "Regain Sanity", op: "coc.gain_sanity", bind: "investigator", fields: ["amount", "reason"], defaults: { amount: "" }, required: ["amount"] },
    { key: "luck", label: "Recover Luck", op: "coc.recover_luck", bind: "investigator", fields: [] },
    { key: "time", label: "Time passes", op: "coc.advance_time", bind: "investigator", fields: ["unit", "amount"], defaults: { unit: "rounds", amount: "" }, large: timeSkipCheck("coc.advance_time", "investigator") },
    { key: "dying", label: "Dying round", op: "coc.dying_round", bind: "investigator", fields: [] },
    ...MORE,
  ],

  /** Follow-ups the rules allow after a roll: push a failed skill roll, or spend Luck to reach a level. */
  followUps(result, sheet, target, args) {
    const damage = damageFollowUp(result, target, args, { op: "coc.apply_damage", param: "investigator", amount: "amount", large: damageWarning });
    if (damage.length) return damage;
    const last = sheet?.last_roll;
    if (!last || !result?.state || result.op === "coc.push_roll" && last.success) return [];
    const options = [];
    if (!last.success && !last.pushed && ["skill", "characteristic"].includes(last.kind)) {
      // A roll is pushed once (seed 003, Pushing a Roll): after the push the drawer offers no second one.
      options.push({ key: "push", label: "Push the roll", op: "coc.push_roll", bind: "investigator", fields: ["justification", "bonus", "penalty"], defaults: { bonus: last.bonus, penalty: last.penalty },
        rollLabel: "Push", once: "The roll was pushed: a roll can be pushed only once. Close this and roll again from the sheet for a new attempt." });
    }
    if (last.kind === "skill" && !last.pushed && last.roll <= 95) {
      const levels = [["Regular", last.value], ["Hard", Math.floor(last.value / 2)], ["Extreme", Math.floor(last.value / 5)]];
      for (const [name, needed] of levels) {
        const cost = last.roll - needed;
        if (cost > 0 && cost <= sheet.luck) options.push({ key: `luck-${name}`, label: `Spend ${cost} Luck → ${name} success`, op: "coc.spend_luck", bind: "investigator", fixed: { target_level: name }, fields: [], now: true });
      }
    }
    return options;
  },
};
