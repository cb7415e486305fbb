// The game master's table in words, pure (no DOM, no engine): which code a problem is about, each decision on a
// proposal as one line, the rolls a game master may ask players for, and a request's fields and label, all read from
// the catalog (py_rules/table/__init__.py).

/** The rolls a player makes on their own sheet that the game master asks for, per game: the game's basic check, and
 * for Call of Cthulhu the skill, characteristic, Luck and Sanity rolls (rules/coc.md §3.3, §3.9). */
export const REQUESTABLE = {
  coc: ["coc.skill_roll", "coc.sanity_roll", "coc.characteristic_roll", "coc.luck_roll"],
  armageddon: ["armageddon.character_task"],
  semiautomagic: ["semiautomagic.skill_check"],
};

/** The requestable operations of ``game`` that ``catalog`` (catalog.json) has. */
export function requestableOps(catalog, game) {
  const ops = catalog?.operations ?? [];
  return (REQUESTABLE[game] ?? []).map((id) => ops.find((op) => op.id === id)).filter(Boolean);
}

/** The fields of a request for ``op``: its declared params but the sheet (the player's own), the house rules (the
 * campaign's), the dice (the player's) and the label (the request has its own), and no raw JSON field. */
export const requestFields = (op) =>
  op.params
    .filter((param) => !param.state_key && !param.setting && param.kind !== "json" && param.kind !== "faces")
    .filter((param) => param.name !== "dice" && param.name !== "label")
    .map((param) => param.name);

/** The main thing a roll is about, from its args: the skill, the characteristic or the Sanity loss. */
export function rollSubject(args) {
  const value = args?.skill ?? args?.skill_name ?? args?.characteristic ?? null;
  if (typeof value === "string" && value) return value;
  if (typeof args?.loss === "string" && args.loss) return `loss ${args.loss}`;
  return "";
}

/** What a roll is, in words: the operation's title and its subject ("Skill roll: Spot Hidden"). */
export function rollWords(op, args) {
  const title = op?.title ?? "A roll";
  const subject = rollSubject(args);
  return subject ? `${title}: ${subject}` : title;
}

/** A request's label: what is rolled, for whom ("Skill roll: Spot Hidden, Hard — all of you"). */
export function requestLabel(op, args, names, everyone) {
  const difficulty = args?.difficulty && args.difficulty !== "Regular" ? `, ${args.difficulty}` : "";
  const who = everyone && names.length > 1 ? "all of you" : names.join(", ");
  return `${rollWords(op, args)}${difficulty} — ${who}`.slice(0, 200);
}

/** A problem of table.read_codes ({code_start, number, message}) in words naming the code: its number among the
 * codes the engine found (py_rules/table/codes.py: the reader alone says where a code starts) and first letters. */
export function problemWords(text, { code_start: start, number, message }) {
  if (!Number.isInteger(start) || start < 0) return message;
  const head = String(text)
    .slice(start, start + 14)
    .replace(/\s+/g, "");
  return `${Number.isInteger(number) && number > 0 ? `Code ${number}` : "A code"} (“${head}…”): ${message}`;
}

/** One decision as a line: who, what, and what became of it ("Harvey: Skill roll: Spot Hidden — accepted").
 * ``proposal`` the one decided; ``earlier`` the decision kept before for a duplicate. */
export function decisionLine(decision, { proposal, nameOf, opOf, earlier = null }) {
  const who = nameOf(proposal?.character) ?? "Someone";
  const what = rollWords(opOf(proposal?.op), proposal?.args);
  let status = "accepted";
  if (decision.status === "refused") status = `refused: ${decision.reason ?? "the rules do not allow it"}`;
  else if (decision.status === "duplicate")
    status = earlier?.status === "refused" ? "already refused" : "already accepted";
  return `${who}: ${what} — ${status}`;
}
