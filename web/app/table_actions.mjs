// The game master's table (py_rules/table/__init__.py): seats and invitations, players' proposals accepted through the
// engine against this campaign's own sheets (table.accept) and logged like a roll made here, roll requests, and the
// updates sent back. Every change goes through the campaign's change path (actions.mjs writeChange: one transaction,
// checked against the revision this tab saw), so a failure leaves the campaign as it was.
import { newId, withParts } from "../store/records.mjs";
import { makeEntry } from "../store/entries.mjs";
import {
  makeSeat,
  newSeatKey,
  openRequests,
  nextSeq,
  targetsOf,
  tableOf,
  turnOf,
  unsentDecisions,
  withDecisions,
  withoutRequest,
  withoutSeat,
  withRequest,
  withSeat,
  withUpdateMade,
} from "../store/table_record.mjs";
import { writeChange } from "./actions.mjs";
import { inQueue } from "./queue.mjs";

const now = () => new Date().toISOString();
/** An operation's answer: some give their details beside the rest, some are the answer itself. */
const detailsOf = (answer) => answer?.details ?? answer;

/** Write ``change`` (table → table) into the open campaign's ``table``, in its queue. Returns the record. */
function changeTable(app, change) {
  const campaign = app.state.campaign;
  return inQueue(app, campaign.id, () =>
    writeChange(app, campaign, (next) => ({ ...next, table: change(tableOf(next)) }), ["table"]),
  );
}

/** A character as the table's operations take it: {id, name, sheet}. */
export const tableCharacter = (character) => ({ id: character.id, name: character.sheet.name, sheet: character.sheet });

/** What an invitation carries of the campaign. */
function campaignPart(campaign) {
  const part = { id: campaign.id, name: campaign.name, game: campaign.game, settings: campaign.settings ?? {} };
  if (campaign.forum) part.forum = campaign.forum;
  return part;
}

/** A new seat for ``characterId`` (the player's name optional), stored; returns the seat. */
export async function addSeat(app, characterId, player = "") {
  const seat = makeSeat({ id: newId("s"), character: characterId, player, key: newSeatKey(), made: now() });
  await changeTable(app, (table) => withSeat(table, seat));
  return seat;
}

/** Stop sharing with a seat: its codes are refused from now on. */
export const removeSeat = (app, seatId) => changeTable(app, (table) => withoutSeat(table, seatId));

/** The invitation code of ``seat`` (made again at any time from the stored seat and the current sheet). */
export async function invitationOf(app, seat) {
  const campaign = app.state.campaign;
  const character = campaign.characters.find((each) => each.id === seat.character);
  const answer = await app.services.engine.call("table.invite", {
    campaign: campaignPart(campaign),
    seat,
    character: tableCharacter(character),
  });
  return detailsOf(answer).code;
}

const isKind = (item, letter, word) => item.kind === letter || item.kind === word;

/**
 * Accept what players sent, pasted as ``text`` (a post, a thread, a file's text): every code read and checked
 * (table.read_codes), the proposals run through the engine against this campaign's sheets (table.accept), the
 * accepted ones logged like a roll made here (tagged with their proposal and seat), the sheets, the decisions and
 * the answers to roll requests written in ONE commit. Returns {decisions, proposals, problems, before, entries}:
 * ``before`` the decisions already kept for a duplicate, ``entries`` the log entries written.
 */
export function acceptCodes(app, text) {
  return inQueue(app, app.state.campaign.id, () => acceptNow(app, text));
}

async function acceptNow(app, text) {
  const campaign = app.state.campaign;
  const table = tableOf(campaign);
  const read = detailsOf(
    await app.services.engine.call("table.read_codes", {
      text,
      campaign: campaign.id,
      seats: table.seats.map((seat) => ({ id: seat.id, key: seat.key })),
      held_seq: null,
    }),
  );
  const problems = [...read.problems];
  const proposals = [];
  for (const item of read.items) {
    if (isKind(item, "P", "proposal")) proposals.push(item.payload);
    else problems.push({ code_start: item.code_start ?? null, number: item.number ?? null, message: notARoll(item) });
  }
  if (!proposals.length) return { decisions: [], proposals, problems, before: {}, entries: [] };
  const accepted = detailsOf(
    await app.services.engine.call("table.accept", {
      campaign: campaign.id,
      seats: table.seats,
      requests: table.requests,
      game: campaign.game,
      settings: campaign.settings ?? {},
      characters: campaign.characters.map(tableCharacter),
      decided: Object.keys(table.decisions),
      proposals,
      at: now(),
    }),
  );
  const byProposal = new Map(proposals.map((each) => [each.id, each]));
  const entries = accepted.entries.map((each) => ({
    ...makeEntry({
      op: each.op,
      args: each.args,
      result: each.result,
      who: each.who,
      before: each.before ?? {},
      after: each.states ?? {},
    }),
    proposal: each.proposal,
    seat: each.seat ?? byProposal.get(each.proposal)?.seat ?? null,
  }));
  const entryOf = new Map(entries.map((entry) => [entry.proposal, entry.id]));
  const decisions = accepted.decisions.map((decision) =>
    decision.status === "accepted" && entryOf.has(decision.proposal)
      ? { ...decision, entry: entryOf.get(decision.proposal) }
      : decision,
  );
  const sheets = Object.fromEntries(
    accepted.characters
      .filter((each) => {
        const mine = campaign.characters.find((character) => character.id === each.id);
        return mine && JSON.stringify(mine.sheet) !== JSON.stringify(each.sheet);
      })
      .map((each) => [each.id, each.sheet]),
  );
  const keys = [...Object.keys(sheets).map((id) => `character:${id}`), "table"];
  await writeChange(
    app,
    campaign,
    (next) => ({ ...withParts(next, sheets), table: withDecisions(tableOf(next), decisions, proposals) }),
    keys,
    entries,
  );
  return { decisions, proposals, problems, before: table.decisions, entries };
}

/** A code that is no player's roll, pasted here: what it is and where it belongs. */
function notARoll(item) {
  if (isKind(item, "I", "invitation")) return "This is an invitation: it belongs in a player's app, not here.";
  if (isKind(item, "U", "update")) return "This is an update for a player: it belongs in the player's app.";
  if (isKind(item, "R", "request")) return "This is a roll request for a player: it belongs in the player's app.";
  return "This code is not a player's roll.";
}

/** Ask seats for a roll: stored in the table, sent with the next updates. */
export function addRequest(app, { op, args, label, seats }) {
  const request = { id: newId("r"), op, args, label, seats, at: now() };
  return changeTable(app, (table) => withRequest(table, request)).then(() => request);
}

export const removeRequest = (app, requestId) => changeTable(app, (table) => withoutRequest(table, requestId));

/**
 * An update for every seat (table.update: its character's sheet as it is now, the decisions not yet sent, the
 * requests it has not answered, whose turn it is, whom its player may attack), then the new update numbers and what they carried stored in ONE
 * commit before any code is shown (a code shown but not kept would be sent again under the same number). Returns
 * [{seat, character, code}]. ``only``: the seat ids to make updates for (the live table's connected phones), so a
 * seat that plays by the forum keeps its unsent decisions and its update number for the next post; every seat when
 * left out.
 */
export function makeUpdates(app, only = null) {
  return inQueue(app, app.state.campaign.id, () => updatesNow(app, only));
}

async function updatesNow(app, only) {
  const campaign = app.state.campaign;
  const table = tableOf(campaign);
  const turn = turnOf(campaign.encounters);
  const made = [];
  for (const seat of table.seats) {
    if (only && !only.includes(seat.id)) continue;
    const character = campaign.characters.find((each) => each.id === seat.character);
    if (!character) continue;
    const seq = nextSeq(table, seat.id);
    const decisions = unsentDecisions(table, seat.id);
    const answer = detailsOf(
      await app.services.engine.call("table.update", {
        campaign: campaign.id,
        seat,
        seq,
        character: tableCharacter(character),
        decisions,
        requests: openRequests(table, seat.id),
        turn,
        targets: targetsOf(campaign, seat),
      }),
    );
    made.push({ seat, character, seq, code: answer.code, carried: decisions.map((each) => each.proposal) });
  }
  if (!made.length) return [];
  await writeChange(
    app,
    campaign,
    (next) => ({
      ...next,
      table: made.reduce((each, { seat, seq, carried }) => withUpdateMade(each, seat.id, seq, carried), tableOf(next)),
    }),
    ["table"],
  );
  return made;
}
