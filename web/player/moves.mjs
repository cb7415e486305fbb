// What a player may do on their own device (notes/table_contract.md): their character's own rolls, each one a
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
