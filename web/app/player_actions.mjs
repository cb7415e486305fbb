// A player's device (py_rules/table/__init__.py): joining a game from the game master's invitation, reading the game
// master's updates, sharing the rolls still waiting. Every code is read and checked by the engine (table.read_codes:
// versioned, signed with the seat's key, bound to one game); what it refuses is said in its words and nothing is
// written. The record itself is player/record.mjs.
import { added, changeCampaign, loadCampaigns, snack, storageOf, writeChange } from "./actions.mjs";
import { inQueue } from "./queue.mjs";
import { navigate, paths } from "./router.mjs";
import { settingArgs } from "./engine.mjs";
import { newId } from "../store/records.mjs";
import {
  bundleText,
  joinedRecord,
  makeProposal,
  ownCharacter,
  sameSeat,
  withProposal,
  withUpdate,
} from "../player/record.mjs";
import { PLAYER_ATTACKS, attackRollArgs, attackWeapons } from "../player/moves.mjs";
import { download, shareFile, canShareFile } from "../store/files.mjs";

/** The longest text a paste or a file may bring (a long forum thread): past it, refused before the engine reads it. */
export const PASTE_LIMIT = 2_000_000;

const isKind = (item, letter, word) => item.kind === letter || item.kind === word;
const problemWords = (problems) => problems.map((each) => each.message).join(" ");

/** What the engine found in ``text`` for this reading: {items, problems}, or {refused: a sentence}. */
async function readCodes(app, text, campaign, seats, heldSeq) {
  if (!text.trim()) return { refused: "Paste the text with the code first: the box is empty." };
  if (text.length > PASTE_LIMIT)
    return {
      refused: `That text is too long (over ${PASTE_LIMIT.toLocaleString("en")} characters): paste only the post.`,
    };
  try {
    const answer = await app.services.engine.call("table.read_codes", { text, campaign, seats, held_seq: heldSeq });
    const found = answer.details ?? answer;
    return { items: found.items || [], problems: found.problems || [] };
  } catch (error) {
    return { refused: error.message };
  }
}

/**
 * Join a game from the invitation in ``text`` (a code pasted, a file's text, a link's): a player's record made, or the
 * one of the same seat refreshed (never a second). Answers {record} (then the player's view opens) or {refused}.
 */
export async function joinGame(app, text) {
  const read = await readCodes(app, text, null, [], null);
  if (read.refused) return read;
  const invitations = read.items.filter((item) => isKind(item, "I", "invitation"));
  if (!invitations.length)
    return {
      refused: read.problems.length
        ? problemWords(read.problems)
        : "There is no invitation in that text. Ask the game master for the invitation code.",
    };
  const invitation = invitations.at(-1).payload;
  const storage = await storageOf(app);
  const listed = sameSeat(app.state.campaigns || [], invitation);
  const existing = listed ? await storage.get(listed.id) : null;
  const at = new Date().toISOString();
  const record = joinedRecord(invitation, existing, { id: newId("c"), at });
  let stored;
  if (existing) {
    stored = await changeCampaign(app, existing, () => ({ ...record, log: [] }), ["joined", "characters", "settings"]);
    snack(app, `${ownCharacter(stored).sheet.name} in “${stored.name}” refreshed from the invitation.`);
  } else {
    stored = await added(app, record, `You joined “${record.name}” as ${ownCharacter(record).sheet.name}.`);
  }
  if (!stored) return { refused: "Nothing was saved on this device." };
  await loadCampaigns(app);
  navigate(paths.party(stored.id));
  return { record: stored };
}

/** The operation again on ``sheet`` with the proposal's own faces: a roll still waiting, shown on top of the game
 * master's sheet (never sent anywhere); null when it no longer runs there (the game master will say why). */
async function rerun(app, record, proposal, sheet) {
  const op = app.state.catalog.op(proposal.op);
  if (!op) return null;
  const args = { ...settingArgs(op, record.settings), ...proposal.args, dice: proposal.dice };
  for (const [param, id] of Object.entries(proposal.bind || {}))
    if (id === ownCharacter(record).id) args[param] = sheet;
  try {
    const result = await app.services.engine.call(proposal.op, args, { dice: "physical" });
    const key = op.params.find((param) => proposal.bind?.[param.name] === ownCharacter(record).id)?.state_key;
    return (key && result.states?.[key]) || sheet;
  } catch {
    return null;
  }
}

/**
 * Read the game master's update in ``text`` for player record ``record``: the newest update for this seat replaces the
 * character's sheet (the game master's is the truth), the proposals it decided leave the outbox, those still waiting
 * are shown on top of it. Answers {record, decided, refused} or {refused: a sentence}; nothing is written when refused.
 */
export function readUpdate(app, record, text) {
  return inQueue(app, record.id, async () => {
    const joined = record.joined;
    const read = await readCodes(app, text, joined.campaign, [{ id: joined.seat, key: joined.key }], joined.seq);
    if (read.refused) return read;
    const updates = read.items.filter((item) => isKind(item, "U", "update") && item.payload.seat === joined.seat);
    if (!updates.length)
      return {
        refused: read.problems.length
          ? problemWords(read.problems)
          : "There is no update for you in that text. Paste the game master's post that answers your rolls.",
      };
    const update = updates.reduce((best, each) => (each.payload.seq > best.payload.seq ? each : best)).payload;
    const fresh = (await (await storageOf(app)).get(record.id)) || record;
    const made = withUpdate(fresh, update, new Date().toISOString());
    if (made.stale) return { refused: "You already have this update or a newer one: nothing changed." };
    let sheet = update.character.sheet;
    for (const proposal of made.waiting) sheet = (await rerun(app, made.record, proposal, sheet)) || sheet;
    const next = { ...made.record, characters: [{ ...ownCharacter(made.record), sheet }] };
    const stored = await writeChange(app, fresh, () => ({ ...next, log: [] }), ["joined", "characters"]);
    const decided = update.decisions || [];
    return {
      record: stored,
      accepted: decided.filter((each) => each.status !== "refused").length,
      refusedCount: decided.filter((each) => each.status === "refused").length,
    };
  });
}

/** "Share my rolls as a file": every roll still waiting as its code, one a line, shared or saved. */
export async function shareRolls(app, record) {
  const codes = [];
  for (const proposal of record.joined.outbox) {
    const answer = await app.services.engine.call("table.encode", {
      kind: "P",
      payload: proposal,
      key: record.joined.key,
    });
    codes.push((answer.details ?? answer).code);
  }
  const name = `${ownCharacter(record).sheet.name} rolls for ${record.name}.txt`.replace(/[\\/:*?"<>|]+/g, " ");
  const blob = new Blob([bundleText(codes)], { type: "text/plain" });
  if (canShareFile(blob, name)) {
    try {
      await shareFile(blob, name, `${ownCharacter(record).sheet.name}'s rolls`);
      return codes.length;
    } catch (error) {
      if (error?.name === "AbortError") return 0;
    }
  }
  download(blob, name);
  return codes.length;
}

/** A proposal's code for its forum post (table.encode with the seat's key). */
export async function proposalCode(app, record, proposal) {
  const answer = await app.services.engine.call("table.encode", {
    kind: "P",
    payload: proposal,
    key: record.joined.key,
  });
  return (answer.details ?? answer).code;
}

/**
 * Attack ``targetId`` (one the game master's update named) with ``weapon`` (a name on the player's own sheet, or the
 * game's bare hands: moves.mjs ``attackWeapons``): the weapon's skill rolled here on the player's own sheet (the roll
 * moves.mjs ``PLAYER_ATTACKS`` declares, the attack's first dice, with real dice and a real trace), proposed as the
 * game's attack with those dice alone (``gm_dice``: the game master's app throws the defence and the rest), kept in
 * the outbox. Answers {result, proposal, code, skill} or {refused: a sentence}.
 */
export function proposeAttack(app, record, { targetId, weapon }) {
  return inQueue(app, record.id, async () => {
    const game = PLAYER_ATTACKS[record.game];
    const catalog = app.state.catalog;
    const op = game && catalog.op(game.op);
    const rollOp = game && catalog.op(game.roll);
    if (!op || !rollOp) return { refused: "This game has no attack a player's device can propose yet." };
    const target = (record.joined.targets || []).find((each) => each.id === targetId);
    if (!target) return { refused: "Choose whom to attack: the game master's last post names them." };
    const me = ownCharacter(record);
    const arm = attackWeapons(me.sheet, record.game).find((each) => each.name === weapon);
    if (!arm) return { refused: `${me.sheet.name} has no weapon called ${weapon}.` };
    let result;
    try {
      const args = { ...settingArgs(rollOp, record.settings), ...attackRollArgs(record.game, me.sheet, arm) };
      result = await app.services.engine.call(game.roll, args);
    } catch (error) {
      return { refused: error.message };
    }
    const proposal = {
      ...makeProposal({
        joined: record.joined,
        op: game.op,
        args: { [game.weapon]: arm.name },
        bind: { [game.attacker]: me.id, [game.target]: target.id },
        result,
        sheetParams: op.params.filter((param) => param.state_key).map((param) => param.name),
        settingParams: op.params.filter((param) => param.setting).map((param) => param.name),
        id: newId("p"),
        at: new Date().toISOString(),
        request: null,
      }),
      gm_dice: true,
    };
    const fresh = (await (await storageOf(app)).get(record.id)) || record;
    const stored = await writeChange(app, fresh, (next) => withProposal(next, proposal), ["joined"]);
    return { result, proposal, code: await proposalCode(app, stored, proposal), skill: arm.skill, target };
  });
}

/** What an update did, in a line of the snackbar. */
export function snackOf(app, { accepted, refusedCount }) {
  const parts = [
    accepted ? `${accepted} ${accepted === 1 ? "roll" : "rolls"} accepted` : "",
    refusedCount ? `${refusedCount} refused (see why above)` : "",
  ].filter(Boolean);
  snack(app, `Your sheet is up to date with the game master's${parts.length ? `: ${parts.join(", ")}` : ""}.`);
}
