// Call of Cthulhu 7e (house rules) at the table: d100 under a value, half and fifth, bonus and penalty
// dice, HP / MP / SAN / Luck, pushing and spending Luck, the Keeper's words.

import { own } from "../store/own.mjs";
import { groupFields, limitsOf } from "./sheet_spec.mjs";
import { CREATION, creationFromSpec, creationLines } from "./coc_creation.mjs";
import { DIFFICULTY, actions, followUps, sanityRoll } from "./coc_moves.mjs";
import { refusalFollowUps } from "./coc_follow_ups.mjs";

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

/** One weapon in words: "Fighting (Brawl), 1D4 + DB, impales". */
function weaponSummary(weapon) {
  const db = { full: " + DB", half: " + half DB", none: "" }[weapon.db] ?? "";
  const more = [
    weapon.impale ? "impales" : "",
    weapon.range ? `range ${weapon.range}` : "",
    weapon.attacks > 1 ? `${weapon.attacks} attacks per round` : "",
    weapon.ammo !== null && weapon.ammo !== undefined
      ? `${weapon.loaded ?? weapon.ammo} of ${weapon.ammo} shots left`
      : "",
    weapon.jammed ? "jammed" : "",
    weapon.malfunction ? `malfunction ${weapon.malfunction}` : "",
  ].filter(Boolean);
  return [`${weapon.skill}, ${weapon.damage}${db}`, ...more].join(", ");
}

const split = (value) => ({ half: Math.floor(value / 2), fifth: Math.floor(value / 5) });

/** Which of the declared kinds of sheet a character's is: a creature by its sheet, else the campaign's record says
 * whether an investigator or an NPC (py_rules/coc/sheet.py SHEET_KINDS). */
const sheetKind = (character) =>
  character.sheet?.kind === "creature" ? "creature" : character.kind === "npc" ? "npc" : "investigator";

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

  /** Numbers the sheet editor offers beside the rows, for the kinds of sheet that declare them (a creature's printed
   * MOV; its bounds and words are the declaration's). */
  editNumbers: ["mov"],

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

  /** The guided form (screens/party/new_character.mjs, games/coc_creation.mjs): its sections, bounds and first
   * values are the sheet's declaration for the kind picked, an investigator or NPC, or a creature (``fromSpec``), flat
   * as the create operation takes them (STR, not characteristics.STR). */
  creation: CREATION,
  fromSpec: (spec) => ({ creation: creationFromSpec(spec) }),

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

  actions,

  followUps,
  refusalFollowUps,
};
