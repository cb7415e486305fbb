// Semiautomagic at the table: d6 + modifier against a DC, Toughness and Minimum Toughness, wounds, Will,
// conditions with their rounds left. A sheet is a creature, an object, a vehicle or a robot; its fields, bounds,
// choices and first values are the engine's declaration (py_rules/semiautomagic/sheet.py, read through
// games/sheet_spec.mjs), so nothing here repeats a bound or a list of abilities. This is the sheet's view (its card,
// facts, rows, guided form, weapons and items); its moves are games/semiautomagic_moves.mjs.

import { durationText } from "../app/durations.mjs";
import { actionsWith, followUps } from "./semiautomagic_moves.mjs";
import { own } from "../store/own.mjs";
import { choicesOf, derivedRows, draftOf, fieldAt, groupFields, sectionsOf } from "./sheet_spec.mjs";

function conditionText([name, timer]) {
  const seconds = timer?.seconds;
  if (seconds === null || seconds === undefined) return name;
  return `${name} (${durationText(seconds, 6)} left)`; // a round is 6 seconds; long timers in minutes or hours
}

/** One weapon in words, its damage type as the declaration words it (``typeWords``: stored key → words). */
const summaryWith = (typeWords) => (weapon) =>
  [
    `${weapon.damage} ${own(typeWords, weapon.damage_type) || weapon.damage_type}`,
    weapon.kind && weapon.kind !== "melee" ? weapon.kind : "",
    weapon.light_material ? "light material (one die smaller)" : "",
    weapon.nonlethal ? "nonlethal" : "",
  ]
    .filter(Boolean)
    .join(", ");

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
    keys: ["name", "damage", "damage_type", "kind", "light_material", "nonlethal"],
    extra: { name: { required: true } },
    blank: {
      name: "",
      damage: "1d6",
      damage_type: "bludgeoning",
      kind: "melee",
      light_material: false,
      nonlethal: false,
    },
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

  followUps,

  actions() {
    return actionsWith(this.summary); // the weapon's words as the declaration has them (fromSpec)
  },
};
