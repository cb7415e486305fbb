// Campaign records as stored: the campaign file's own shape ("rules-companion.campaign/1", contracts.md)
// with a revision number. Pure helpers: a new campaign, a copy, and the check that refuses a stale write.

import { CAMPAIGN_SCHEMA, problemSentence, recordProblems } from "./record_check.mjs";
import { hasOwn, own } from "./own.mjs";

export { CAMPAIGN_SCHEMA };

export const newId = (prefix = "c") =>
  `${prefix}-${crypto.randomUUID ? crypto.randomUUID() : Date.now().toString(36) + Math.random().toString(36).slice(2)}`;
const now = () => new Date().toISOString();

export function newCampaign(name, game) {
  const stamp = now();
  return {
    schema: CAMPAIGN_SCHEMA,
    id: newId("c"),
    name,
    game,
    created: stamp,
    updated: stamp,
    revision: 0,
    settings: {},
    characters: [],
    log: [],
    encounters: [],
  };
}

export function copyCampaign(campaign, name) {
  const stamp = now();
  const copy = structuredClone({ ...campaign, log: [] }); // a long log (tens of MB) is not cloned: entries are never changed in place
  if (campaign.log !== undefined) copy.log = campaign.log;
  else delete copy.log;
  return { ...copy, id: newId("c"), name, created: stamp, updated: stamp, revision: 0 };
}

/** What the list screen needs, without the sheets: ``characters`` counts everyone, ``players`` the party (the
 * players' characters) and ``cast`` the NPCs. Never throws: a damaged record is listed as damaged
 * (record_check.mjs says why), so one bad record never hides another campaign. */
export function summary(campaign) {
  const problems = recordProblems(campaign);
  const record = campaign !== null && typeof campaign === "object" ? campaign : {};
  const list = Array.isArray(record.characters) ? record.characters : null;
  const characters = list
    ? list.length
    : Object.keys(record.states && typeof record.states === "object" ? record.states : {}).length;
  const cast = list ? list.filter((each) => each?.kind === "npc").length : 0; // the GM's NPCs, apart from the party
  const name = typeof record.name === "string" && record.name.trim() ? record.name : "A damaged campaign";
  return {
    id: String(record.id ?? ""),
    name,
    game: typeof record.game === "string" ? record.game : "",
    characters,
    players: characters - cast,
    cast,
    updated: typeof record.updated === "string" ? record.updated : "",
    revision: Number.isInteger(record.revision) ? record.revision : 0,
    ...(problems.length ? { damaged: problemSentence(problems) } : {}),
    ...(problems.length || !record.joined ? {} : playing(record)),
  };
}

/** A player's record (a game held elsewhere, ``joined``): whose character, and the seat that joining again refreshes. */
const playing = (record) => ({
  playing: String(record.characters[0]?.sheet?.name || "Your character"),
  joined: { campaign: record.joined.campaign, seat: record.joined.seat },
});

/** A record as stored: its log lives in the log stores (store/log_store.mjs), not inside it. */
export const stripLog = (record) => ({ ...record, log: [] });

/** A campaign's summary for the list; one that cannot be made (a damaged record) is still listed, as damaged. */
export function listed(record) {
  try {
    const out = summary(record);
    if (
      out &&
      typeof out.id === "string" &&
      typeof out.name === "string" &&
      typeof out.updated === "string" &&
      Number.isFinite(out.characters)
    )
      return out;
  } catch {
    /* listed as damaged below */
  }
  const id = record?.id;
  return {
    id: id === undefined || id === null ? "" : String(id),
    name: typeof record?.name === "string" && record.name ? record.name : "A damaged campaign",
    game: typeof record?.game === "string" ? record.game : "",
    characters: 0,
    players: 0,
    cast: 0,
    updated: "",
    revision: 0,
    damaged: true,
  };
}

export class StaleError extends Error {
  constructor(current) {
    super("This campaign was changed in another tab; it now shows that version. Please make your change again.");
    this.name = "StaleError";
    this.current = current;
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The part of a campaign a change touches ("character:<id>", "encounter:<id>", "settings", "name", "characters",
 * "encounters"). */
function part(campaign, key) {
  if (key.startsWith("character:")) return campaign.characters.find((each) => each.id === key.slice(10)) ?? null;
  if (key.startsWith("encounter:"))
    return (campaign.encounters || []).find((each) => each.id === key.slice(10)) ?? null;
  if (key === "encounters") return (campaign.encounters || []).map((each) => each.id);
  if (key === "characters") return campaign.characters.map((each) => each.id);
  return campaign[key];
}

/**
 * Apply ``change`` (a pure record → record function that touches ``keys``) to the stored record. Written
 * against ``base``: when another tab has written since, the change still lands if every part it touches is
 * as this tab last saw it (changes to other characters merge); otherwise it is refused with the newer record.
 */
export function rebase(stored, base, change, keys) {
  if (stored.revision !== base.revision && !keys.every((key) => same(part(stored, key), part(base, key))))
    throw new StaleError(stored);
  const next = change(structuredClone(stored));
  return { ...next, revision: (stored.revision ?? 0) + 1, updated: now() };
}

/**
 * ``campaign`` with new ``sheets`` ({character id: sheet}) and ``encounters`` ({encounter id: state, or null
 * to remove it}); a new encounter is appended.
 */
export function withParts(campaign, sheets = {}, encounters = {}) {
  const characters = campaign.characters.map((each) =>
    hasOwn(sheets, each.id) ? { ...each, sheet: sheets[each.id] } : each,
  );
  const list = (campaign.encounters || [])
    .filter((each) => !hasOwn(encounters, each.id) || encounters[each.id] !== null)
    .map((each) => (own(encounters, each.id) ? encounters[each.id] : each));
  for (const [id, state] of Object.entries(encounters))
    if (state && !list.some((each) => each.id === id)) list.push(state);
  return { ...campaign, characters, encounters: list };
}
