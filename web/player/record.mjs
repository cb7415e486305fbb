// A player's record of a game held elsewhere (py_rules/table/__init__.py; py_rules/campaign/joined.py): an ordinary
// campaign record, so the sheet screen and the drawer read it as any, holding the player's one character, plus
// ``joined``: the seat, its key, the last update held, the proposals waiting, the open roll requests and the game
// master's last decisions. Pure: no storage, no engine; ids and times come in.
import { CAMPAIGN_SCHEMA } from "../store/record_check.mjs";

/** A record is a player's when it holds a game joined (no other field says so). */
export const isPlayer = (record) => Boolean(record && typeof record === "object" && record.joined);

/** The player's own character in their record. */
export const ownCharacter = (record) => record?.characters?.[0] ?? null;

/** Whose record is ``record`` for the list: "Ann in Masks of Nyarlathotep (player)". */
export function playerTitle(record) {
  const name = ownCharacter(record)?.sheet?.name || "Your character";
  return `${name} in ${record?.name || "a game"} (player)`;
}

/** The stored record already holding this seat of this game, if any (joining twice refreshes it, never a second). */
export const sameSeat = (records, invitation) =>
  records.find(
    (each) => each?.joined?.campaign === invitation.campaign.id && each?.joined?.seat === invitation.seat.id,
  ) || null;

/**
 * The record an invitation makes, or refreshes: the game's name, house rules and forum choices, the seat and its key,
 * the character's sheet (unless the record holds a newer update than the invitation: the game master's later word
 * stands). ``existing``: the record of the same seat, if any; ``id`` and ``at`` a new record's id and the time.
 */
export function joinedRecord(invitation, existing, { id, at }) {
  const { campaign, seat, character } = invitation;
  const held = existing?.joined;
  const newer = !held || (invitation.seq ?? 0) >= held.seq;
  const kept = existing ? ownCharacter(existing) : null;
  const sheet = newer || !kept ? character.sheet : kept.sheet;
  return {
    schema: CAMPAIGN_SCHEMA,
    id: existing?.id ?? id,
    name: campaign.name,
    game: campaign.game,
    created: existing?.created ?? at,
    updated: at,
    revision: existing?.revision ?? 0,
    settings: campaign.settings || {},
    ...(campaign.forum ? { forum: campaign.forum } : {}),
    ...(existing?.dice ? { dice: existing.dice } : {}),
    characters: [{ id: character.id, kind: "pc", sheet }],
    log: [],
    encounters: [],
    joined: {
      campaign: campaign.id,
      seat: seat.id,
      ...(seat.player ? { player: seat.player } : {}),
      key: seat.key,
      seq: held ? Math.max(held.seq, invitation.seq ?? 0) : (invitation.seq ?? 0),
      outbox: held?.outbox ?? [],
      requests: held?.requests ?? [],
      decisions: held?.decisions ?? [],
      turn: held?.turn ?? null,
    },
  };
}

/** The result's faces in the order thrown: what the game master's app throws again (``dice`` of the answer). */
export const facesOf = (result) => (result?.dice || []).map((die) => die.face);

/** What the player saw, as the game master's app compares it with its own run (py_rules/table/differences.py): the
 * outcome's words, then the target and the total, then each modifier with its value (those the result has). */
export function sawOf(result) {
  const steps = [
    ["Target", result?.target],
    ["Total", result?.total],
  ].filter(([, value]) => value !== null && value !== undefined);
  for (const each of result?.modifiers || []) steps.push([each.label, each.value]);
  return { outcome: result?.level_name || result?.headline || "", steps };
}

/**
 * A roll made in the player's view as a proposal (the contract's shape): ``args`` as sent without any sheet nor the
 * house rules (the game master's own apply), ``bind`` as the drawer bound them, the faces from the answer.
 * ``sheetParams`` and ``settingParams``: the names the operation declares for sheets and house rules.
 */
export function makeProposal({
  joined,
  op,
  args,
  bind,
  result,
  sheetParams = [],
  settingParams = [],
  id,
  at,
  request,
}) {
  const dropped = new Set([...sheetParams, ...settingParams, "dice"]);
  return {
    v: 1,
    id,
    campaign: joined.campaign,
    seat: joined.seat,
    character: Object.values(bind)[0] ?? null,
    op,
    args: Object.fromEntries(Object.entries(args).filter(([name]) => !dropped.has(name))),
    bind: { ...bind },
    dice: facesOf(result),
    dice_source: result?.dice_source === "physical" ? "physical" : "digital",
    at,
    request: request || null,
    seq: joined.seq,
    saw: sawOf(result),
  };
}

/** The record with ``proposal`` waiting in its outbox (one write with the roll's own change). */
export const withProposal = (record, proposal) => ({
  ...record,
  joined: { ...record.joined, outbox: [...record.joined.outbox, proposal] },
});

/**
 * The record after the game master's update (already verified by the engine for this seat): the game master's sheet
 * replaces the character's (one way: nothing is merged), the proposals it decided leave the outbox, its decisions and
 * open requests are what is shown. Returns {record, waiting: proposals still to be shown on top of the new sheet}.
 * Refused when it is not newer than the update held (``stale``).
 */
export function withUpdate(record, update, at) {
  const joined = record.joined;
  if (!(update.seq > joined.seq)) return { stale: true };
  const decided = new Set((update.decisions || []).map((each) => each.proposal));
  const waiting = joined.outbox.filter((each) => !decided.has(each.id));
  // a decision keeps what its proposal was (its operation, arguments and outcome) to be shown once the proposal is gone
  const mine = new Map(joined.outbox.map((each) => [each.id, each]));
  const kept = new Map(joined.decisions.map((each) => [each.proposal, each]));
  const decisions = (update.decisions || []).map((each) => {
    const was = mine.get(each.proposal) || kept.get(each.proposal);
    return was ? { ...each, op: was.op, args: was.args, bind: was.bind, saw: was.saw } : each;
  });
  const character = ownCharacter(record);
  const next = {
    ...record,
    updated: at,
    name: record.name,
    characters: [{ ...character, id: update.character.id, sheet: update.character.sheet }],
    joined: {
      ...joined,
      seq: update.seq,
      outbox: waiting,
      requests: update.requests || [],
      decisions,
      turn: update.turn ?? null,
      targets: update.targets || [],
    },
  };
  return { record: next, waiting };
}

/** The roll requests still to answer: those no proposal in the outbox answers yet. */
export function openRequests(record) {
  const answered = new Set((record?.joined?.outbox || []).map((each) => each.request).filter(Boolean));
  return (record?.joined?.requests || []).filter((each) => !answered.has(each.id));
}

/** The game master's refusals of this player's proposals, each with the engine's reason. */
export const refusals = (record) => (record?.joined?.decisions || []).filter((each) => each.status === "refused");

/** The text of a file of codes ("Share my rolls as a file"): one code a line, read back by any code reader. */
export const bundleText = (codes) => `${codes.join("\n")}\n`;
