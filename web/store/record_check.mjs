// The shape of a stored campaign record, checked before any screen reads it (TABLE.md, Kept safe: a damaged record is a
// message, not a blank screen). Pure and synchronous, so Home and the first render never wait for Python:
// it checks what the screens read (lists, ids, objects where an object is read); the engine's own
// campaign.validate then checks every sheet and rule by the game (app/actions.mjs, deepCheck).

export const CAMPAIGN_SCHEMA = "rules-companion.campaign/2";
/** Older versions of the same shape, checked as the current one before opening migrates them through the engine
 * (py_rules/campaign/migrations.py: version 1 held Armageddon skills the rules now write otherwise). */
const SAME_SHAPE = [CAMPAIGN_SCHEMA, "rules-companion.campaign/1"];

const GAMES = ["armageddon", "semiautomagic", "coc"];
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isText = (value) => typeof value === "string" && value.length > 0;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A character's name for a message, or a plain stand-in. */
function characterName(character, index) {
  const name = isObject(character) && isObject(character.sheet) ? character.sheet.name : null;
  return typeof name === "string" && name.trim() ? `“${name.trim().slice(0, 60)}”` : `number ${index + 1}`;
}

function characterProblems(characters) {
  if (!Array.isArray(characters)) return ["its list of characters is not a list"];
  const out = [];
  const seen = new Set();
  characters.forEach((character, index) => {
    const who = `character ${characterName(character, index)}`;
    if (!isObject(character)) out.push(`${who} is not a character`);
    else if (!isText(character.id)) out.push(`${who} has no id`);
    else if (seen.has(character.id)) out.push(`${who} appears twice`);
    else if (!isObject(character.sheet)) out.push(`${who} has no sheet`);
    else if (character.kind !== "pc" && character.kind !== "npc")
      out.push(`${who} is neither a player character nor an NPC`);
    if (isObject(character) && isText(character.id)) seen.add(character.id);
  });
  return out;
}

function encounterProblems(encounters) {
  if (encounters === undefined) return [];
  if (!Array.isArray(encounters)) return ["its list of encounters is not a list"];
  const out = [];
  encounters.forEach((encounter, index) => {
    const name =
      isObject(encounter) && typeof encounter.name === "string"
        ? `“${encounter.name.slice(0, 60)}”`
        : `number ${index + 1}`;
    if (!isObject(encounter) || !isText(encounter.id)) out.push(`encounter ${name} is not an encounter`);
    else if (
      !Array.isArray(encounter.combatants) ||
      encounter.combatants.some((each) => !isObject(each) || !isText(each.id))
    )
      out.push(`encounter ${name} has a damaged list of combatants`);
    else if (!Number.isInteger(encounter.round) || !Number.isInteger(encounter.turn))
      out.push(`encounter ${name} has a damaged round or turn`);
  });
  return out;
}

/** A player's record of a game held elsewhere (``joined``, py_rules/campaign/joined.py): what its screens read. */
function joinedProblems(joined, characters) {
  if (joined === undefined) return [];
  if (!isObject(joined)) return ["its game joined is damaged"];
  const out = [];
  if (!isText(joined.campaign) || !isText(joined.seat) || !isText(joined.key))
    out.push("its game joined lacks its seat or key");
  if (!Number.isInteger(joined.seq) || joined.seq < 0) out.push("the number of its last update is damaged");
  for (const [name, ident] of [
    ["outbox", "id"],
    ["requests", "id"],
    ["decisions", "proposal"],
  ])
    if (
      !Array.isArray(joined[name] ?? []) ||
      (joined[name] ?? []).some((each) => !isObject(each) || !isText(each[ident]))
    )
      out.push(`its list of ${name === "outbox" ? "rolls waiting for the game master" : name} is damaged`);
  if (!Array.isArray(characters) || characters.length !== 1) out.push("it should hold exactly one character, yours");
  return out;
}

/** The table shared with players (py_rules/table/__init__.py): seats with ids, characters and keys, requests with ids
 * and seats, decisions and update numbers kept by id. */
function tableProblems(table) {
  if (table === undefined) return [];
  if (!isObject(table)) return ["its table of players is damaged"];
  const out = [];
  const { seats = [], requests = [], decisions = {}, seq = {} } = table;
  if (
    !Array.isArray(seats) ||
    seats.some((seat) => !isObject(seat) || !isText(seat.id) || !isText(seat.character) || !isText(seat.key))
  )
    out.push("its players' seats are damaged");
  if (
    !Array.isArray(requests) ||
    requests.some((each) => !isObject(each) || !isText(each.id) || !Array.isArray(each.seats))
  )
    out.push("its roll requests are damaged");
  if (!isObject(decisions) || Object.values(decisions).some((each) => !isObject(each) || !isText(each.status)))
    out.push("its decisions on players' rolls are damaged");
  if (!isObject(seq) || Object.values(seq).some((each) => !Number.isInteger(each) || each < 0))
    out.push("its update numbers are damaged");
  return out;
}

/**
 * What is wrong with a stored campaign record, in plain words (an empty list when the screens can read it).
 * An older schema is not a problem here: opening it migrates it through the engine.
 */
export function recordProblems(record) {
  if (!isObject(record)) return ["the saved record is not a campaign"];
  const out = [];
  if (!isText(record.id)) out.push("it has no id");
  if (typeof record.name !== "string" || !record.name.trim()) out.push("it has no name");
  if (SAME_SHAPE.includes(record.schema) || record.schema === undefined) {
    if (!GAMES.includes(record.game)) out.push("its game is not one this app knows");
    if (typeof record.updated !== "string" || !ISO.test(record.updated))
      out.push("the time of its last change is damaged");
    if (!Number.isInteger(record.revision ?? 0) || (record.revision ?? 0) < 0)
      out.push("its revision number is damaged");
    if (record.settings !== undefined && !isObject(record.settings))
      out.push("its house rules are not a list of settings");
    if (record.forum !== undefined && !isObject(record.forum)) out.push("its forum choices are damaged");
    if (record.dice !== undefined && !["digital", "physical"].includes(record.dice))
      out.push("its dice choice is damaged");
    out.push(
      ...characterProblems(record.characters ?? []),
      ...encounterProblems(record.encounters),
      ...tableProblems(record.table),
      ...joinedProblems(record.joined, record.characters),
    );
  }
  return out;
}

/** The first problems as one sentence for a card or a message. */
export function problemSentence(problems, shown = 3) {
  const listed = problems.slice(0, shown).join("; ");
  const more = problems.length > shown ? `; and ${problems.length - shown} more` : "";
  return `${listed.charAt(0).toUpperCase()}${listed.slice(1)}${more}.`;
}

/** The last named part of a path in the words a form shows ("abilities.Endurance" → "Endurance",
 * "essence_channeling" → "Essence channeling"); null for none. */
function fieldWords(parts) {
  const named = parts.filter((part) => part && !/^\d+$/.test(part)).at(-1);
  if (!named) return null;
  const words = named.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An engine problem ({path, message}: campaign.validate) in plain words: who or what it is about, then why,
 * never the path itself. */
export function describeProblem(record, { path = "", message = "" }) {
  const [head, index, ...rest] = String(path).split(".");
  const list = isObject(record) && Object.hasOwn(record, head) ? record[head] : null;
  const item = Array.isArray(list) && /^\d+$/.test(index ?? "") ? list[Number(index)] : null;
  let where = "The campaign";
  if (head === "characters") {
    const field = rest[0] === "sheet" ? fieldWords(rest.slice(1)) : null;
    where = `Character ${characterName(item, Number(index) || 0)}${field ? ` — ${field}` : ""}`;
  } else if (head === "encounters")
    where = `Encounter ${isObject(item) && typeof item.name === "string" ? `“${item.name.slice(0, 60)}”` : `number ${(Number(index) || 0) + 1}`}`;
  else if (head === "settings") where = index ? "A house rule" : "The house rules";
  else if (head === "log") {
    where = `Log entry ${(Number(index) || 0) + 1}`;
    if ((rest[0] === "before" || rest[0] === "after" || rest[0] === "changes") && rest[1]) {
      const side = rest[0] === "after" ? "after" : "before"; // what changed names no one: the sheet before it does
      const kept =
        isObject(item) && isObject(item[side]) && Object.hasOwn(item[side], rest[1]) ? item[side][rest[1]] : null;
      const known = Array.isArray(record?.characters)
        ? record.characters.find((each) => isObject(each) && each.id === rest[1])
        : null;
      const name = characterName(isObject(kept) && typeof kept.name === "string" ? { sheet: kept } : known, -1);
      const field = fieldWords(rest.slice(2));
      where += `, ${name.startsWith("“") ? name : "a character"}'s sheet ${rest[0] === "before" ? "before" : "after"} it${field ? ` — ${field}` : ""}`;
    }
  }
  return where === "The campaign" ? message : `${where}: ${message}`;
}
