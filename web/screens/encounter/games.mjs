// What each game adds to an encounter, over its module in games/: the few numbers a quick NPC needs for the
// order (py_rules/encounter/state.py NPC_FIELDS), how its order is made, the quick actions a combatant with
// a sheet has (the game's own actions), the timers a card shows and the units time passes in.
import { gameFor } from "../../games/index.mjs";
import { own } from "../../store/own.mjs";

const actionOf = (game, key) => game.actions().find((action) => action.key === key) || null;

/** The game's action ``key`` with its title; null when the game has none. */
const pick = (game, key, label) => {
  const action = actionOf(game, key);
  return action ? { ...action, label: label || action.label, title: label || action.label } : null;
};

function armageddonTimers(sheet) {
  const timers = sheet.timers || {};
  const has = (name) => (sheet.conditions || []).includes(name);
  const out = [];
  if (has("dying") && !has("stabilised") && timers.survival_seconds > 0)
    out.push(`next Survival Test in ${timers.survival_seconds} s`);
  if (has("death_pending") && timers.death_seconds > 0)
    out.push(`dies in ${Math.ceil(timers.death_seconds / 60)} min unless resuscitated`);
  if (has("frozen") && timers.frozen_seconds > 0) out.push(`frozen for ${timers.frozen_seconds} s`);
  return out;
}

const ENCOUNTER = {
  armageddon: {
    npcFields: [{ key: "dexterity", label: "Dexterity", min: 0, max: 20, start: 2 }],
    npcDraft: (draft, name, npc) => ({ ...draft, name, attributes: { ...draft.attributes, Dexterity: npc.dexterity } }),
    orderLabel: "Roll Initiative",
    orderHelp: "Each combatant rolls Initiative: d10 + Dexterity, with the penalties of their state.",
    // The Attack: the attacker's Task against the defender's dodge or parry, the weapon's damage past his
    // armour onto his Life Points.
    attack: (game) => pick(game, "attack"),
    timers: armageddonTimers,
    units: ["minutes", "hours", "days", "weeks"],
  },
  semiautomagic: {
    npcFields: [],
    npcDraft: (draft, name) => ({ ...draft, name }),
    orderLabel: null,
    orderHelp: "Semiautomagic has no order rule: the GM sets it. Move a combatant up or down.",
    attack: (game) => pick(game, "attack"),
    timers: () => [],
    units: ["minutes", "hours", "days", "weeks"],
  },
  coc: {
    npcFields: [
      { key: "dex", label: "DEX", min: 0, max: 99, start: 50 },
      {
        key: "combat_skill",
        label: "Combat skill",
        min: 0,
        max: 99,
        start: 25,
        help: "Fighting, or Firearms with a firearm drawn: it breaks ties.",
      },
    ],
    npcDraft: (draft, name, npc) => ({
      ...draft,
      name,
      DEX: npc.dex,
      skills: { ...draft.skills, "Fighting (Brawl)": npc.combat_skill },
    }),
    firearm: true,
    orderLabel: "Order by DEX",
    orderHelp: "DEX, +50 with a firearm drawn; ties go to the higher combat skill, then a roll-off.",
    attack: (game) => pick(game, "attack"),
    timers: () => [],
    units: ["hours", "days", "weeks"],
  },
};

/** The encounter's view of a game: its module from games/ plus what an encounter needs. */
export function encounterGame(id, catalog = null) {
  const game = gameFor(catalog, id);
  const more = own(ENCOUNTER, id);
  return {
    game,
    ...more,
    /** Quick actions for a combatant with a sheet: attack (target picked first), damage, heal, condition. */
    actions: [
      more.attack(game) && { ...more.attack(game), key: "attack", needsTarget: true },
      pick(game, "damage"),
      pick(game, "heal") || pick(game, "first_aid"),
      pick(game, "condition"),
    ].filter(Boolean),
  };
}
