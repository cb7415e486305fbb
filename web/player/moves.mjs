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
 * ``roll``/``rollSheet``: the roll the player's device throws itself on the player's own sheet, with the weapon's skill
 * as ``rollSkill`` and ``rollArgs`` besides: the same dice, in the same order, as the attack's first roll, so the
 * player's trace and the game master's agree on the attacker's faces (tests/table/test_player_attack_rolls.py).
 * ``bare``: the attack without a weapon (``alone``: offered only when the sheet lists none, for a game whose attack
 * with no weapon named takes the sheet's first); ``kindSkills``: a game whose weapons name their kind, not their
 * skill. A game not listed here offers no attack on a player's device yet. */
export const PLAYER_ATTACKS = {
  coc: {
    op: "coc.attack",
    attacker: "investigator",
    target: "opponent",
    weapon: "weapon",
    roll: "coc.skill_roll",
    rollSheet: "investigator",
    rollSkill: "skill",
    rollArgs: {},
    // Unarmed attacks roll Fighting (Brawl) (rules/coc.md §3.8).
    bare: { name: "", label: "Unarmed", skill: "Fighting (Brawl)" },
  },
  armageddon: {
    op: "armageddon.attack",
    attacker: "attacker",
    target: "defender",
    weapon: "weapon",
    // rules/armageddon.md §1.8a: the attack is a Task, Dexterity + the weapon's skill + d10 with the Rules of 10 and 1
    // (the chain's length depends on the faces and the table's Rule of 1 setting alone, which both operations read)
    roll: "armageddon.character_task",
    rollSheet: "character",
    rollSkill: "skill_name",
    rollArgs: { attribute_name: "Dexterity" },
    // without a weapon, a punch (py_rules/armageddon/weapons.py UNARMED)
    bare: { name: "Punch", label: "Punch", skill: "Brawling" },
  },
  semiautomagic: {
    op: "semiautomagic.attack",
    attacker: "attacker",
    target: "creature",
    weapon: "weapon",
    // rules/semiautomagic.md §2.4: the attack roll is d6 + the attack skill's bonus against the defender's Target,
    // 4 − its Scale (§2.3): 4 for a defender of Scale 0; the game master's app reads the defender's own
    roll: "semiautomagic.skill_check",
    rollSheet: "creature",
    rollSkill: "skill",
    rollArgs: { dc: 4 },
    // no weapon named: the sheet's first, or a melee roll alone when it lists none (the drawer's choice likewise)
    bare: { name: "", label: "No weapon", skill: "Weapon Skill", alone: true },
    // a weapon's kind picks the skill (rules/semiautomagic.md §2.4); a weapon without one is a melee weapon
    kindSkills: { melee: "Weapon Skill", ranged: "Ranged Skill", spell: "Magic" },
    kindDefault: "melee",
  },
};

/** The skill a weapon of ``attack``'s game attacks with: its own, or its kind's; "" when the sheet says neither. */
function weaponSkill(attack, weapon) {
  if (!attack.kindSkills) return typeof weapon.skill === "string" ? weapon.skill : "";
  return attack.kindSkills[weapon.kind ?? attack.kindDefault] ?? "";
}

/** The weapons a player's own sheet attacks with in ``game``: ``[{name, label, skill}]``, each name once (the engine
 * takes the first of a name), bare hands last unless a weapon of the sheet is them already; [] for a game with no
 * attack here. */
export function attackWeapons(sheet, game = "coc") {
  const attack = PLAYER_ATTACKS[game];
  if (!attack) return [];
  const seen = new Set();
  const listed = [];
  for (const weapon of Array.isArray(sheet?.weapons) ? sheet.weapons : []) {
    const skill = typeof weapon?.name === "string" && weapon.name ? weaponSkill(attack, weapon) : "";
    if (!skill || seen.has(weapon.name)) continue;
    seen.add(weapon.name);
    listed.push({ name: weapon.name, label: weapon.name, skill });
  }
  const { alone, ...bare } = attack.bare;
  if ((alone && listed.length) || seen.has(bare.name)) return listed;
  return [...listed, bare];
}

/** The arguments of the roll a player's device throws for an attack in ``game`` with ``arm`` (one of
 * :func:`attackWeapons`), on ``sheet``: the house rules' arguments are the caller's to add. */
export function attackRollArgs(game, sheet, arm) {
  const attack = PLAYER_ATTACKS[game];
  return { ...attack.rollArgs, [attack.rollSheet]: sheet, [attack.rollSkill]: arm.skill };
}
