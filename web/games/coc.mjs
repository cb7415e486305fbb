// Call of Cthulhu 7e (house rules) at the table: d100 under a value, half and fifth, bonus and penalty
// dice, HP / MP / SAN / Luck, pushing and spending Luck, the Keeper's words.

import { damageFollowUp } from "./damage_follow_up.mjs";
import { poolWarning, rangeOf } from "./large_change.mjs";
import { timeSkipCheck } from "./time_skip.mjs";
import { own } from "../store/own.mjs";
import { derivedRows, draftOf, groupFields, limitsOf, sectionsOf } from "./sheet_spec.mjs";

const DIFFICULTY = ["difficulty", "bonus", "penalty"];
const CONDITIONS = {
  major_wound: "major wound",
  prone: "prone",
  unconscious: "unconscious",
  dying: "dying",
  stabilised: "stabilised",
  dead: "dead",
  indefinitely_insane: "indefinitely insane",
  permanently_insane: "permanently insane",
};

/** A characteristic's path as the guided form and the create operation name it (STR, not characteristics.STR). */
const flatPath = (path) => path.replace(/^characteristics\./, "");

/** The declaration's sections for a new investigator, flat. */
const flatSections = (spec) =>
  sectionsOf(spec, "investigator").map((section) => ({
    ...section,
    fields: section.fields.map((field) => ({ ...field, path: flatPath(field.path) })),
  }));

/** The guided form: first values from the declaration, the operation that makes the sheet, rolling the
 * characteristics at the age typed with their dice kept, skill points by occupation. */
const CREATION = {
  draft: (spec) => {
    const { characteristics = {}, ...rest } = draftOf(spec, "investigator");
    return { name: "", ...rest, ...characteristics, skills: {} };
  },
  /** A skill starts at its base from the list (Dodge: half DEX of ``values``, the numbers typed so far). */
  skills: { start: (entry) => entry?.base ?? 20, values: (draft) => draft },
  toSheet: (draft) => draft,
  derive: (draft) => ({ op: "coc.create_investigator", args: { ...draft, roll_characteristics: false } }),
  /** Roll them instead (3D6×5, SIZ/INT/EDU (2D6+6)×5, Luck 3D6×5) at the age typed, the age table applied
   * (rules/coc.md §3.2a): the values fill the fields and the dice are kept for the sheet (``creation_record``). */
  rollAll: {
    label: "Roll the characteristics and Luck (at the age above)",
    physicalHelp:
      "Faces in the order rolled: STR 3D6, CON 3D6, SIZ 2D6, DEX 3D6, APP 3D6, INT 2D6, POW 3D6, EDU 2D6, Luck 3D6, then the age's dice (an EDU check: 1D100 as a units then a tens die, and 1D10 if it rises).",
    request: (draft) => ({ op: "coc.roll_characteristics", args: { age: draft.age } }),
    values: (result) => ({
      ...result.details.characteristics,
      luck: result.details.luck,
      creation_record: result.details.creation,
    }),
  },
  /** The rolled dice beside each characteristic ("Rolled (4 + 4 + 4) × 5 = 60"). */
  rolledWords: (draft, path) => rolledWords(draft.creation_record, path),
  /** Skill points by occupation (screens/party/occupation_points.mjs), as the engine counts them. */
  occupation: { op: "coc.creation_points", listOp: "coc.occupation_list" },
  /** The derived values in the declaration's words (MOV's source said on the sheet, not here), SAN as it starts. */
  derived: (result, spec) => {
    const rows = derivedRows(spec, result.details).filter(([label]) => label !== limitsOfDerived(spec, "mov_from"));
    rows.splice(2, 0, ["SAN", result.state.san]);
    return rows;
  },
};

/** The words the declaration gives a derived value (the "MOV from" row is said with MOV on the sheet instead). */
const limitsOfDerived = (spec, key) => (spec?.derived || []).find((each) => each.key === key)?.label;

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

/** One weapon in words: "Fighting (Brawl), 1D4 + DB, impales". */
function weaponSummary(weapon) {
  const db = { full: " + DB", half: " + half DB", none: "" }[weapon.db] ?? "";
  const more = [
    weapon.impale ? "impales" : "",
    weapon.range ? `range ${weapon.range}` : "",
    weapon.attacks > 1 ? `${weapon.attacks} attacks per round` : "",
    weapon.ammo !== null && weapon.ammo !== undefined ? `${weapon.ammo} shots` : "",
    weapon.malfunction ? `malfunction ${weapon.malfunction}` : "",
  ].filter(Boolean);
  return [`${weapon.skill}, ${weapon.damage}${db}`, ...more].join(", ");
}

/** The weapons an attack may use: the actor's own list (the first is picked at first), then unarmed. */
const weaponChoices = (sheet, only = () => true) => [
  ...(sheet?.weapons || []).filter(only).map((weapon) => [weapon.name, weapon.name]),
  ["", "Unarmed"],
];
const handToHand = (weapon) => weapon.skill.startsWith("Fighting (");
/** Attack and damage pick the weapon from the attacker's sheet; a fight back, from the defender's hand-to-hand ones. */
const attackChoices = (me, them) => ({ weapon: weaponChoices(me), defender_weapon: weaponChoices(them, handToHand) });

const split = (value) => ({ half: Math.floor(value / 2), fifth: Math.floor(value / 5) });

/** A Sanity roll, against a creature of the campaign when one is picked: its sheet is the roll's source and its
 * Sanity loss (``san_loss``) fills the loss; nobody picked, the loss is typed (nothing that changes a sheet is
 * pre-filled). */
const sanityRoll = (title) => ({
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

/** Which of the declared kinds of sheet a character's is: a creature by its sheet, else the campaign's record says
 * whether an investigator or an NPC (py_rules/coc/sheet.py SHEET_KINDS). */
const sheetKind = (character) =>
  character.sheet?.kind === "creature" ? "creature" : character.kind === "npc" ? "npc" : "investigator";

/** Each roll's dice in words (rules/coc.md §3.2: SIZ, INT and EDU add 6 before × 5). */
const PLUS_SIX = ["SIZ", "INT", "EDU"];
const rollWords = (key, roll) =>
  `(${roll.dice.join(" + ")}${PLUS_SIX.includes(key) ? " + 6" : ""}) × 5 = ${roll.value}`;
function rolledWords(record, path) {
  const rolls = record?.rolls?.[path === "luck" ? "Luck" : path];
  if (!rolls?.length) return null;
  return `Rolled ${rolls.map((roll) => rollWords(path === "luck" ? "Luck" : path, roll)).join("; again ")}${rolls.length > 1 ? " (the higher kept)" : ""}`;
}
/** The creation record as lines: each characteristic's dice, then each age step with its dice. */
function creationLines(record) {
  const rolls = Object.entries(record.rolls || {}).map(
    ([key, list]) => `${key}: ${list.map((roll) => rollWords(key, roll)).join("; again ")}`,
  );
  const age = (record.age || []).map((step) => step.text);
  return [...rolls, ...age, record.dice_source === "physical" ? "Physical dice, typed." : "Digital dice."];
}

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

/** A skill ticked for improvement by a rolled success (rules/coc.md §3.15): the mark beside its name on the sheet. */
const TICK_MARK = { key: "tick", symbol: "✓", words: "ticked for improvement" };

export default {
  id: "coc",
  name: "Call of Cthulhu",
  blurb: "7th edition with the table's house rules: d100, bonus and penalty dice, Sanity.",
  gm: "Keeper",
  person: "investigator",
  sheetParam: "investigator",
  opponentParam: "opponent",

  sheetKind,

  /** Weapons and armour on the sheet (screens/sheet/weapons.mjs): their fields, choices and bounds are the sheet's
   * declaration (py_rules/coc/sheet.py, games/sheet_spec.mjs). The attack picks a weapon from this list. */
  weapons: {
    keys: ["name", "skill", "damage", "db", "impale", "range", "attacks", "ammo", "malfunction"],
    extra: { name: { required: true } },
    blank: {
      name: "",
      skill: "Fighting (Brawl)",
      damage: "1D3",
      db: "full",
      impale: false,
      range: "",
      attacks: 1,
      ammo: null,
      malfunction: null,
    },
    presetsOp: "coc.weapon_list",
    summary: weaponSummary,
    armour: { path: "armour", label: "Armour points", kind: "int", help: "Taken off the damage of every hit" },
  },

  /** What they carry (screens/sheet/entries.mjs): added, changed and removed on the sheet; their fields and bounds
   * are the sheet's declaration. */
  lists: [
    {
      path: "items",
      title: "Items",
      one: "Item",
      keys: ["name", "quantity", "note"],
      extra: { name: { required: true } },
      blank: { name: "", quantity: 1, note: "" },
      none: "Nothing listed.",
      add: "Add an item",
      summary: (item) => [item.quantity > 1 ? `×${item.quantity}` : "", item.note].filter(Boolean).join(" — "),
    },
  ],

  /** The guided form (screens/party/new_character.mjs): its sections, bounds and first values are the sheet's
   * declaration for an investigator (``fromSpec``), flat as the create operation takes them (STR, not
   * characteristics.STR). */
  creation: CREATION,
  fromSpec: (spec) => ({ creation: { ...CREATION, sections: flatSections(spec) } }),

  card(sheet, spec) {
    const d = sheet.derived || {};
    const conditions = Object.entries(sheet.conditions || {})
      .filter(([, on]) => on)
      .map(([key]) => own(CONDITIONS, key) || key.replace(/_/g, " "));
    if (sheet.temporary_insanity_hours > 0)
      conditions.push(`temporary insanity (${sheet.temporary_insanity_hours} h left)`);
    return {
      bars: [
        { label: "HP", value: sheet.hp, max: d.hp_max },
        { label: "MP", value: sheet.mp, max: d.mp_max },
        { label: "SAN", value: sheet.san, max: d.san_max ?? 99 },
        ...(sheet.luck === undefined || sheet.luck === null
          ? []
          : [{ label: "Luck", value: sheet.luck, max: limitsOf(spec, "luck").max ?? 99 }]),
      ],
      conditions,
    };
  },

  /** The dice rolled at creation, kept on the sheet (rules/coc.md §3.2a), under the sheet's rows. */
  sheetNotes: (sheet) =>
    sheet.creation ? [{ title: "Rolled at creation", lines: creationLines(sheet.creation) }] : [],

  /** Derived values the sheet shows under the pools. */
  sheetFacts: (sheet) => {
    const d = sheet.derived || {};
    const creature = sheet.kind === "creature";
    return [
      ["Damage Bonus", d.damage_bonus],
      ["Build", d.build],
      ["MOV", d.mov_from === "sheet" ? `${d.mov} (its own)` : d.mov],
      ["Dodge", sheet.skills?.Dodge ?? d.dodge],
      ["Age", creature ? null : sheet.age],
      ["Kind", creature ? "Creature" : null],
      ["Sanity loss", sheet.san_loss],
    ];
  },

  /** The characteristics, Luck and Sanity as the sheet declares them (``spec``; a creature's sheet may leave out APP, EDU
   * and Luck: no row for them), then the sheet's own skills. */
  groups(sheet, spec) {
    const characteristics = groupFields(spec, "Characteristics")
      .filter(({ path }) => path.startsWith("characteristics.") && sheet.characteristics[path.slice(16)] !== undefined)
      .map(({ path, label: name }) => ({
        key: `char-${name}`,
        label: name,
        value: sheet.characteristics[name],
        extra: split(sheet.characteristics[name]),
        path,
        roll: {
          title: `${name} roll`,
          op: "coc.characteristic_roll",
          bind: "investigator",
          fixed: { characteristic: name },
          fields: DIFFICULTY,
        },
      }));
    const luck =
      sheet.luck === undefined || sheet.luck === null
        ? []
        : [
            {
              key: "luck",
              label: "Luck",
              value: sheet.luck,
              extra: split(sheet.luck),
              path: "luck",
              roll: { title: "Luck roll", op: "coc.luck_roll", bind: "investigator", fields: DIFFICULTY },
            },
          ];
    const san = {
      key: "san",
      label: "Sanity",
      value: sheet.san,
      extra: split(sheet.san),
      path: "san",
      roll: sanityRoll("Sanity roll"),
    };
    const ticks = sheet.ticks || [];
    const skills = Object.entries(sheet.skills || {}).map(([name, value]) => ({
      key: `skill-${name}`,
      label: name,
      value,
      extra: split(value),
      path: `skills.${name}`,
      mark: ticks.includes(name) ? TICK_MARK : null,
      roll: {
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
      },
    }));
    return [
      { title: "Characteristics", rows: [...characteristics, ...luck, san] },
      { title: "Skills", rows: skills, note: ticks.length ? `Ticked for improvement: ${ticks.join(", ")}` : null },
    ];
  },

  actions: () => [
    {
      key: "attack",
      label: "Attack",
      op: "coc.attack",
      bind: "investigator",
      target: "opponent",
      choices: attackChoices,
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
      ],
    },
    {
      key: "roll_damage",
      label: "Roll damage",
      op: "coc.roll_damage",
      bind: "investigator",
      pickTarget: true,
      choices: (me) => ({ weapon: weaponChoices(me) }),
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
  ],

  /** Follow-ups the rules allow after a roll: push a failed skill roll, or spend Luck to reach a level. */
  followUps(result, sheet, target, args) {
    const damage = damageFollowUp(result, target, args, {
      op: "coc.apply_damage",
      param: "investigator",
      amount: "amount",
      large: damageWarning,
    });
    if (damage.length) return damage;
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
  },
};
