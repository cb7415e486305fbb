// What a player may do on their own device (py_rules/table/__init__.py): their character's own rolls, each one a
// proposal the game master's app accepts by running it again. Declared once, here, and read by the sheet, the "More
// moves" panel and the drawer's follow-ups; the game master's controls (damage taken, time passing, dying rounds,
// healing others, encounters, house rules, Undo, removing a character) are simply not on the list. When the catalog
// publishes the set the engine's table.accept allows (``catalog.table.player_ops``), that one is read instead.

/** By game: the operations a player's view offers (skill and characteristic rolls, Luck, push, Sanity, attacks). */
export const PLAYER_OPS = {
  coc: [
    "coc.skill_roll",
    "coc.characteristic_roll",
    "coc.luck_roll",
    "coc.spend_luck",
    "coc.push_roll",
    "coc.sanity_roll",
    "coc.opposed_roll",
    "coc.combined_roll",
    "coc.attack",
    "coc.roll_damage",
  ],
  armageddon: [
    "armageddon.test",
    "armageddon.character_task",
    "armageddon.fear_test",
    "armageddon.attack",
    "armageddon.roll_damage",
  ],
  semiautomagic: [
    "semiautomagic.skill_check",
    "semiautomagic.defence_roll",
    "semiautomagic.attack",
    "semiautomagic.roll_damage",
  ],
};

/** The set of operations a player may propose: the catalog's when it publishes one, else the list above. */
export function playerOps(catalog) {
  const published = catalog?.raw?.table?.player_ops ?? catalog?.table?.player_ops;
  if (Array.isArray(published)) return new Set(published);
  return new Set(Object.values(PLAYER_OPS).flat());
}

/** A move (a quick action, a "More" move, a follow-up) a player may make: its operation is on the list. A move that
 * picks a skill first (``choose``) is allowed when the roll it opens is. */
export function playerMay(ops, move) {
  if (!move) return false;
  return ops.has(move.op);
}

/** By game: a player's attack on a character the game master's update names (``joined.targets``), proposed with the
 * attacker's dice alone — the game master's app throws the defence and the rest (py_rules/table/players.py
 * ``TWO_SIDED``, a proposal's ``gm_dice``). ``op`` and its ``attacker``/``target`` sheet fields and ``weapon`` field;
 * ``roll``/``rollSheet``: the roll the player's device throws itself, the weapon's skill on the player's own sheet
 * (the same dice the attack's first roll takes). A game not listed here offers no attack on a player's device yet. */
export const PLAYER_ATTACKS = {
  coc: {
    op: "coc.attack",
    attacker: "investigator",
    target: "opponent",
    weapon: "weapon",
    roll: "coc.skill_roll",
    rollSheet: "investigator",
  },
};

/** Unarmed attacks roll Fighting (Brawl) (rules/coc.md §3.8). */
const BARE_HANDS = { name: "", label: "Unarmed", skill: "Fighting (Brawl)" };

/** The weapons a player's own sheet attacks with: ``[{name, label, skill}]``, unarmed last. */
export function attackWeapons(sheet) {
  const listed = (Array.isArray(sheet?.weapons) ? sheet.weapons : [])
    .filter((weapon) => typeof weapon?.name === "string" && weapon.name && typeof weapon.skill === "string")
    .map((weapon) => ({ name: weapon.name, label: weapon.name, skill: weapon.skill }));
  return [...listed, BARE_HANDS];
}
