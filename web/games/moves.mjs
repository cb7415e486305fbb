// Every move on the card: the engine operations that act on one character of a game, read from the catalog
// (every operation with a character's sheet among its parameters), and where the sheet offers each one — a
// quick action (one tap), a row (one tap; an opposed roll picks the opponent in the drawer), a move behind
// "More" (two taps; a skill picked from the game's list is the third) or a follow-up the drawer offers after
// a roll. ``unreached`` lists the operations with no such place, so a new operation cannot be forgotten
// (tests/web/test_catalog_walk.py walks every path in a browser).

/** Operations left to "All operations" on purpose, each with the reason. Keep this short. */
export const LEFT_TO_ALL_OPERATIONS = {
  "armageddon.task":
    "A Task with the levels typed by hand, for someone without a sheet; on a sheet the Task reads " +
    "its levels from it (a skill row, or Task with any skill).",
  "coc.combat_round":
    "Needs the round tracker made by Attack order; an encounter keeps its own rounds (Next, End " +
    "the round) and rolls for the dying there.",
};

/** Operations the drawer offers after a roll (the rules' follow-ups), with the roll they follow. */
export const AFTER_A_ROLL = {
  "coc.push_roll": "a failed skill or characteristic roll (Push the roll)",
  "coc.spend_luck": "a missed skill roll with Luck enough to reach the level (Spend Luck)",
  "coc.treatment_luck": "a failed First Aid or Medicine with Luck enough to reach a success (Spend Luck)",
};

/** Operations that act on one character without taking a sheet (the sheets fill their numbers). */
export const ACTING_WITHOUT_A_SHEET = [
  "armageddon.roll_damage",
  "semiautomagic.roll_damage",
  "semiautomagic.detect_soul_coma",
  "coc.manoeuvre_check",
];

/** State keys that are not a character (a combat tracker, an encounter). */
const NOT_A_CHARACTER = new Set(["coc.combat", "encounter"]);

/** Whether ``op`` takes a character's sheet (required or not). */
export const takesASheet = (op) =>
  op.params.some(
    (param) =>
      param.kind === "json" &&
      param.state_key &&
      param.state_key.startsWith(`${op.system}.`) &&
      !NOT_A_CHARACTER.has(param.state_key),
  );

/** The ids of the operations of ``gameId`` that act on one character (or an actor and a target). */
export function characterOps(operations, gameId) {
  return operations
    .filter((op) => op.system === gameId && (takesASheet(op) || ACTING_WITHOUT_A_SHEET.includes(op.id)))
    .map((op) => op.id);
}

/** The ops a spec can open: its own and its opposed roll's; a chooser's spec is asked with a name. */
function specOps(spec, sheet) {
  if (!spec) return [];
  if (spec.choose) return specOps(spec.choose.spec("", sheet), sheet);
  return [spec.op, spec.opposed?.op].filter(Boolean);
}

/**
 * Where the sheet of ``game`` offers each move for ``sheet``: [{op, how, key}], the shortest first, where ``how``
 * is "action" (a quick action), "more" (behind More), "more-chooser" (behind More, then a skill from the list),
 * "row" / "row-opposed" (a row, then an opponent picked in the drawer) or "after" (a follow-up of a roll).
 * ``onSheet: false`` moves are for the encounter card only (the sheet has them as rows). With ``card`` (the
 * card's quick actions), where the encounter card offers them: its quick actions, then its More.
 */
export function movesOf(game, sheet, card = null) {
  const out = [];
  const add = (op, how, key) => out.push({ op, how, key });
  const actions = card
    ? [
        ...card.map((action) => ({ ...action, more: undefined })),
        ...cardMoreMoves(game, card).map((action) => ({ ...action, more: action.more || "Moves" })),
      ]
    : game.actions(sheet).filter((action) => action.onSheet !== false);
  for (const action of actions) {
    const how = action.choose ? "more-chooser" : action.more ? "more" : "action";
    const [own, opposed] = specOps(action, sheet);
    add(own, how, action.key);
    if (opposed) add(opposed, `${how}-opposed`, action.key);
  }
  for (const group of card ? [] : game.groups(sheet)) {
    for (const row of group.rows) {
      if (!row.roll) continue;
      add(row.roll.op, "row", row.key);
      if (row.roll.opposed) add(row.roll.opposed.op, "row-opposed", row.key);
    }
  }
  for (const op of Object.keys(AFTER_A_ROLL)) if (op.startsWith(`${game.id}.`)) add(op, "after", null);
  const taps = {
    action: 1,
    row: 1,
    more: 2,
    "row-opposed": 2,
    "action-opposed": 2,
    "more-chooser": 3,
    "more-opposed": 3,
    after: 3,
    "more-chooser-opposed": 4,
  };
  return out.sort((a, b) => taps[a.how] - taps[b.how]);
}

/** The operations of the game acting on one character that the sheet (or, with ``card``, the encounter card)
 * offers nowhere, nor are left out with a reason. */
export function unreached(operations, game, sheet, card = null) {
  const reached = new Set(movesOf(game, sheet, card).map((move) => move.op));
  return characterOps(operations, game.id).filter((op) => !reached.has(op) && !(op in LEFT_TO_ALL_OPERATIONS));
}

/** The moves of the encounter card behind its More: every action of the game not already on the card,
 * under the headings the game gives ("Rolls", "Injury" …; the quick actions under "Moves"). */
export function cardMoreMoves(game, onCard) {
  const shown = new Set(onCard.map((action) => action.op));
  return game.actions().filter((action) => !shown.has(action.op));
}

/** Actions grouped by their heading, in the order the game lists them: [[heading, actions]]. */
export function byHeading(actions, quickHeading = "Moves") {
  const groups = new Map();
  for (const action of actions) {
    const heading = action.more || quickHeading;
    if (!groups.has(heading)) groups.set(heading, []);
    groups.get(heading).push(action);
  }
  return [...groups];
}
