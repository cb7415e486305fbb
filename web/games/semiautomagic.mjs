// Semiautomagic at the table: d6 + modifier against a DC, Toughness and Minimum Toughness, wounds, Will,
// conditions with their rounds left. A sheet is a creature, an object, a vehicle or a robot; its fields, bounds,
// choices and first values are the engine's declaration (py_rules/semiautomagic/sheet.py, read through
// games/sheet_spec.mjs), so nothing here repeats a bound or a list of abilities.

import { durationText } from "../app/durations.mjs";
import { damageFollowUp } from "./damage_follow_up.mjs";
import { rangeOf } from "./large_change.mjs";
import { timeSkipCheck } from "./time_skip.mjs";
import { own } from "../store/own.mjs";
import { choicesOf, derivedRows, draftOf, fieldAt, groupFields, sectionsOf } from "./sheet_spec.mjs";

function conditionText([name, timer]) {
  const seconds = timer?.seconds;
  if (seconds === null || seconds === undefined) return name;
  return `${name} (${durationText(seconds, 6)} left)`; // a round is 6 seconds; long timers in minutes or hours
}

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

/** One weapon in words, its damage type as the declaration words it (``typeWords``: stored key → words). */
const summaryWith = (typeWords) => (weapon) =>
  [
    `${weapon.damage} ${own(typeWords, weapon.damage_type) || weapon.damage_type}`,
    weapon.light_material ? "light material (one die smaller)" : "",
    weapon.nonlethal ? "nonlethal" : "",
  ]
    .filter(Boolean)
    .join(", ");

/** The attack uses one of the sheet's weapons (its damage lands on a hit); without any, the roll alone. */
function weaponChoices(sheet, summary) {
  const weapons = (sheet.weapons || []).map((weapon) => [weapon.name, `${weapon.name}: ${summary(weapon)}`]);
  return weapons.length ? weapons : [["", "No weapon: the roll alone"]];
}

const squares = (value) =>
  `${String(value).replace(/\.5$/, "½").replace(/^0½$/, "½")} ${value === 1 ? "square" : "squares"}`;

/** Speeds as the rules leave them (the engine's derived ``movement``: ½ square off per mobility penalty, seed 002). */
function speedWords(d) {
  const modes = Object.entries(d.movement || {});
  if (!modes.length) return "";
  const said = modes.map(([mode, value]) => `${mode} ${squares(value)}`).join(", ");
  return d.mobility_penalty
    ? `Speed ${said} (mobility penalty ${d.mobility_penalty}: −${squares(d.mobility_penalty / 2)})`
    : `Speed ${said}`;
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
  {
    key: "stabilise",
    label: "Medicine: stabilise",
    more: "Dying and Soul Coma",
    op: "semiautomagic.medicine_stabilise",
    bind: "creature",
    pickTarget: true,
    pick: MEDIC,
    fields: ["medicine", "modifiers"],
    defaults: (_me, them) => ({ medicine: bonusOf(them, "Medicine") }),
  },
  {
    key: "resuscitate",
    label: "Medicine: resuscitate",
    more: "Dying and Soul Coma",
    op: "semiautomagic.resuscitate",
    bind: "creature",
    pickTarget: true,
    pick: MEDIC,
    fields: ["medicine", "modifiers"],
    defaults: (_me, them) => ({ medicine: bonusOf(them, "Medicine") }),
  },
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

/** The sheet's kind in the declaration's words ("Robot"), or null for a creature (the usual). */
const kindWords = (spec, sheet) =>
  sheet.kind && sheet.kind !== "creature"
    ? (Object.fromEntries(choicesOf(fieldAt(spec, "kind")))[sheet.kind] ?? sheet.kind)
    : null;

export default {
  id: "semiautomagic",
  name: "Semiautomagic",
  blurb: "d6 + modifier against a DC; Toughness, wounds and conditions.",
  gm: "GM",
  person: "creature",
  sheetParam: "creature",

  /** What depends on the declaration's words: each weapon's damage type as the sheet words it. */
  fromSpec(spec) {
    const summary = summaryWith(Object.fromEntries(choicesOf(fieldAt(spec, "weapons.*.damage_type"))));
    return { weapons: { ...this.weapons, summary }, summary };
  },
  summary: summaryWith({}),

  /** Weapons and worn armour on the sheet (screens/sheet/weapons.mjs): their fields are the sheet's declaration
   * (py_rules/semiautomagic/sheet.py, games/sheet_spec.mjs). The attack uses the weapon picked. */
  weapons: {
    keys: ["name", "damage", "damage_type", "light_material", "nonlethal"],
    extra: { name: { required: true } },
    blank: { name: "", damage: "1d6", damage_type: "bludgeoning", light_material: false, nonlethal: false },
    presetsOp: "semiautomagic.weapon_list",
    summary: summaryWith({}),
    armour: {
      path: "armour",
      label: "Worn armour",
      keys: ["name", "defence", "mobility_penalty"],
      blank: { name: "", defence: 1, mobility_penalty: 0 },
      summary: (armour) =>
        `${armour.name || "armour"} (Defence ${armour.defence}, mobility penalty ${armour.mobility_penalty})`,
    },
  },

  /** Items carried (screens/sheet/entries.mjs), each with the mobility penalty its load gives (seed 002, Mobility
   * Penalty): their fields are the sheet's declaration. */
  lists: [
    {
      path: "items",
      title: "Items carried",
      one: "Item",
      keys: ["name", "mobility_penalty"],
      extra: { name: { required: true } },
      blank: { name: "", mobility_penalty: 0 },
      none: "Nothing carried.",
      add: "Add an item",
      summary: (item) => (item.mobility_penalty ? `mobility penalty ${item.mobility_penalty}` : ""),
    },
  ],

  /** The guided form: what is being made is picked first (creature, object, vehicle, robot: the declaration's
   * kinds of sheet), then that kind's own fields, bounds and first values; everything the form holds (weapons,
   * armour and items included) goes to the new sheet. */
  creation: {
    draft: (spec) => ({ name: "", ...draftOf(spec), skills: {} }),
    skills: { start: () => 1 },
    toSheet: (draft) => ({
      ...draft,
      schema: "semiautomagic.creature/1",
      emp_complexity: draft.emp_complexity || null,
      conditions: {},
    }),
    /** A vehicle or a robot is always electronic: its EMP complexity has no blank choice. */
    sectionsFor: (draft, spec) =>
      sectionsOf(spec, draft.kind).map((section) => ({
        ...section,
        fields: section.fields.map((field) =>
          field.path === "emp_complexity" && ["vehicle", "robot"].includes(draft.kind)
            ? { ...field, choices: field.choices.filter(([value]) => value !== "") }
            : field,
        ),
      })),
    derive: (sheet) => ({ op: "semiautomagic.describe_creature", args: { creature: sheet } }),
    derived: (result, spec) =>
      derivedRows(spec, result.details.derived, {
        will: (will) => will ?? "none (an object)",
        movement: (movement) =>
          Object.entries(movement)
            .map(([mode, value]) => `${mode} ${squares(value)}`)
            .join(", ") || "—",
      }),
  },

  card(sheet) {
    const conditions = Object.entries(sheet.conditions || {}).map(conditionText);
    if (sheet.dead) conditions.unshift("dead");
    if (sheet.destroyed) conditions.unshift("destroyed");
    if (sheet.emp_disabled) conditions.unshift("stopped by an EMP");
    const object = sheet.kind === "object";
    return {
      bars: [],
      facts: [["Wounds", sheet.wounds ?? 0], ...(object ? [] : [["Morale penalties", sheet.morale_penalties ?? 0]])],
      conditions,
      query: {
        op: "semiautomagic.describe_creature",
        args: { creature: sheet },
        show: (result) => {
          const d = result.details.derived;
          return [
            `Toughness ${d.toughness} (minimum ${d.min_toughness})`,
            d.will === null || d.will === undefined
              ? ""
              : `Will ${d.will}${sheet.morale_penalties ? ` (−${sheet.morale_penalties} morale)` : ""}`,
            d.emp_toughness === undefined ? "" : `EMP Toughness ${d.emp_toughness}`,
            speedWords(d),
          ]
            .filter(Boolean)
            .join(" · ");
        },
      },
    };
  },

  /** What it is, Scale, its EMP complexity, and each mobility penalty with what gives it (the speed they leave is the
   * engine's, on the card: seed 002, ½ square each). */
  sheetFacts(sheet) {
    const spec = this.sheet; // the declaration, once the game is resolved with it (games/sheet_spec.mjs)
    const penalty = (name, points) => [
      `Mobility penalty (${name})`,
      `−${points} Acrobatics, Athletics, Wrestle, Stealth`,
    ];
    const sources = [
      ...(sheet.armour?.mobility_penalty
        ? [penalty(sheet.armour.name || "armour", sheet.armour.mobility_penalty)]
        : []),
      ...(sheet.items || [])
        .filter((item) => item.mobility_penalty)
        .map((item) => penalty(item.name, item.mobility_penalty)),
      ...Object.entries(sheet.mobility_penalties || {}).map(([source, points]) => penalty(source || "load", points)),
    ];
    return [
      ["What it is", spec ? kindWords(spec, sheet) : null],
      ["Scale", sheet.scale],
      ["EMP complexity", sheet.emp_complexity ?? null],
      ...sources,
    ];
  },

  /** The abilities as the sheet declares them (an object has none), then the sheet's own skills. */
  groups(sheet, spec) {
    const check = (name) => ({
      title: `${name} check`,
      op: "semiautomagic.skill_check",
      bind: "creature",
      fixed: { skill: name },
      fields: ["dc", "modifiers"],
    });
    const abilities = groupFields(spec, "Abilities")
      .filter(({ path }) => Object.hasOwn(sheet.abilities || {}, path.slice("abilities.".length)))
      .map(({ path, label }) => ({
        key: `ability-${label}`,
        label,
        value: sheet.abilities[path.slice("abilities.".length)],
        path,
        roll: check(label),
      }));
    const skills = Object.entries(sheet.skills || {}).map(([name, value]) => ({
      key: `skill-${name}`,
      label: name,
      value,
      path: `skills.${name}`,
      roll: check(name),
    }));
    return [...(abilities.length ? [{ title: "Abilities", rows: abilities }] : []), { title: "Skills", rows: skills }];
  },

  followUps(result, _sheet, target, args) {
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
  },

  actions() {
    const summary = this.summary; // the weapon's words as the declaration has them (fromSpec)
    return [
      {
        key: "attack",
        label: "Attack",
        op: "semiautomagic.attack",
        bind: "attacker",
        target: "creature",
        fields: ["weapon", "kind", "defence", "modifiers"],
        choices: (sheet) => ({ weapon: weaponChoices(sheet, summary) }),
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
  },
};
