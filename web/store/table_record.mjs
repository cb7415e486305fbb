// The game master's table as the campaign record keeps it (py_rules/table/__init__.py): the seats given to players, the
// roll requests, every decision on a player's proposal by its id, and the last update's number per seat. Pure: every
// function takes the record's ``table`` and answers a new one; the page writes it through the campaign's normal change
// path (app/table_actions.mjs). The GM's campaign is the one truth; what a player sends is only proposed.
import { hasOwn } from "./own.mjs";

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** The record's table with every part present (a campaign without one reads as an empty table). */
export function tableOf(record) {
  const table = isObject(record?.table) ? record.table : {};
  return {
    seats: Array.isArray(table.seats) ? table.seats : [],
    requests: Array.isArray(table.requests) ? table.requests : [],
    decisions: isObject(table.decisions) ? table.decisions : {},
    seq: isObject(table.seq) ? table.seq : {},
  };
}

/** ``bytes`` (a Uint8Array) as base64url without padding (RFC 4648 §5): 32 bytes make 43 characters. */
export function base64url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A seat's key: 32 random bytes from the browser's cryptographic source (its codes are signed with it). */
export function newSeatKey(random = (array) => crypto.getRandomValues(array)) {
  return base64url(random(new Uint8Array(32)));
}

/** A new seat for ``character`` (its id), the player's name optional. */
export function makeSeat({ id, character, player = "", key, made }) {
  const seat = { id, character, key, made };
  const name = String(player ?? "").trim();
  if (name) seat.player = name.slice(0, 80);
  return seat;
}

/** The seat held for a character, or null. */
export const seatOf = (table, characterId) => table.seats.find((seat) => seat.character === characterId) ?? null;

export const withSeat = (table, seat) => ({ ...table, seats: [...table.seats, seat] });

/** The table without seat ``seatId``: its later codes are refused (no key here reads them), it is no longer asked for
 * rolls not yet answered; the decisions already made stay (the log names them). */
export function withoutSeat(table, seatId) {
  const seq = { ...table.seq };
  delete seq[seatId];
  return {
    ...table,
    seats: table.seats.filter((seat) => seat.id !== seatId),
    requests: table.requests.map((request) =>
      hasOwn(request.answers ?? {}, seatId)
        ? request
        : { ...request, seats: request.seats.filter((each) => each !== seatId) },
    ),
    seq,
  };
}

/** The table with the engine's ``decisions`` (table.accept) kept by proposal id, a duplicate left as first decided;
 * an accepted proposal that answers a request of its seat is noted as that request's answer. ``proposals``: those sent
 * to table.accept (their ``request``). */
export function withDecisions(table, decisions, proposals) {
  const kept = { ...table.decisions };
  const answers = new Map(); // request id → {seat: proposal}
  for (const decision of decisions) {
    if (decision.status === "duplicate" || hasOwn(kept, decision.proposal)) continue;
    kept[decision.proposal] = decision;
    const proposal = proposals.find((each) => each.id === decision.proposal);
    if (decision.status !== "accepted" || !proposal?.request) continue;
    const found = answers.get(proposal.request) ?? {};
    if (!hasOwn(found, decision.seat)) found[decision.seat] = decision.proposal;
    answers.set(proposal.request, found);
  }
  const requests = table.requests.map((request) => {
    const found = answers.get(request.id);
    if (!found) return request;
    const fresh = Object.entries(found).filter(
      ([seat]) => request.seats.includes(seat) && !hasOwn(request.answers ?? {}, seat),
    );
    return fresh.length ? { ...request, answers: { ...request.answers, ...Object.fromEntries(fresh) } } : request;
  });
  return { ...table, decisions: kept, requests };
}

export const withRequest = (table, request) => ({ ...table, requests: [...table.requests, request] });

export const withoutRequest = (table, requestId) => ({
  ...table,
  requests: table.requests.filter((request) => request.id !== requestId),
});

/** Whether seat ``seatId`` has answered ``request``. */
export const answered = (request, seatId) => hasOwn(request.answers ?? {}, seatId);

/** The requests seat ``seatId`` is asked and has not answered, as an update carries them (no answers). */
export function openRequests(table, seatId) {
  return table.requests
    .filter((request) => request.seats.includes(seatId) && !answered(request, seatId))
    .map(({ answers: _answers, ...request }) => request);
}

/** The decisions on seat ``seatId``'s proposals that no update carried yet, oldest first, as an update carries them;
 * those of one batch (one time) by proposal id, never by the order the record's keys came in (a record read back from
 * a file or rebuilt elsewhere makes the same update code). */
export function unsentDecisions(table, seatId) {
  const order = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return Object.values(table.decisions)
    .filter((decision) => decision.seat === seatId && decision.sent === undefined)
    .sort((a, b) => order(String(a.at), String(b.at)) || order(String(a.proposal), String(b.proposal)))
    .map(({ sent: _sent, ...decision }) => decision);
}

/** The number of the next update for seat ``seatId``: one more than the last one made. */
export const nextSeq = (table, seatId) => (Number.isInteger(table.seq[seatId]) ? table.seq[seatId] : 0) + 1;

/** The table once update ``seq`` for seat ``seatId`` was made, carrying the decisions on ``proposalIds``. */
export function withUpdateMade(table, seatId, seq, proposalIds) {
  const decisions = { ...table.decisions };
  for (const id of proposalIds) if (hasOwn(decisions, id)) decisions[id] = { ...decisions[id], sent: seq };
  return { ...table, decisions, seq: { ...table.seq, [seatId]: seq } };
}

/** Whose turn it is in the campaign's running encounter (the last one not ended), for a player's view; null when
 * none runs. */
export function turnOf(encounters) {
  const running = (encounters ?? []).filter((each) => isObject(each) && !each.ended).at(-1);
  const whose = running?.combatants?.[running.turn];
  return running && whose ? { encounter: running.name, whose: whose.name } : null;
}

/** Whom ``seat``'s player may name in an attack (an update's ``targets``): the running encounter's combatants that are
 * characters of the campaign, else every character of the campaign; never the seat's own, and only ids and names (a
 * player never sees another character's numbers). */
export function targetsOf(campaign, seat) {
  const named = new Map((campaign.characters ?? []).map((each) => [each.id, each.sheet?.name || each.id]));
  const running = (campaign.encounters ?? []).filter((each) => isObject(each) && !each.ended).at(-1);
  const ids = running
    ? (running.combatants ?? []).map((each) => each?.character_id).filter((id) => named.has(id))
    : [...named.keys()];
  return [...new Set(ids)].filter((id) => id !== seat.character).map((id) => ({ id, name: named.get(id) }));
}

/** A file name part from a name: lower-case letters and digits joined by dashes. */
export const slug = (text, fallback) =>
  String(text ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40) || fallback;

/** The invitation's file name: ``<campaign>-<character>.invite.json``. */
export const inviteFileName = (campaignName, characterName) =>
  `${slug(campaignName, "campaign")}-${slug(characterName, "character")}.invite.json`;

/** The updates' file name: ``<campaign>-updates.json``. */
export const updatesFileName = (campaignName) => `${slug(campaignName, "campaign")}-updates.json`;
