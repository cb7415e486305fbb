// Engine calls on the open campaign's characters: the request (house rules, the bound sheets), the call, and every
// sheet it changed stored with its log entry in one transaction (actions.mjs writeChange).
import { withParts } from "../store/records.mjs";
import { makeEntry } from "../store/entries.mjs";
import { settingArgs } from "./engine.mjs";
import { inQueue } from "./queue.mjs";
import { writeChange } from "./actions.mjs";
import { proposalOf } from "../player/propose.mjs";

/** The engine request for ``opId``: the campaign's house rules, ``args``, and each bound character's sheet;
 * ``stateKeys`` maps the state keys of a result back to those characters; ``logged`` is the request
 * without the sheets (what the log keeps) and ``who`` the characters bound. */
export function requestFor(app, opId, args, bind = {}) {
  const campaign = app.state.campaign;
  const op = app.state.catalog.op(opId);
  const request = { ...settingArgs(op, campaign?.settings), ...args };
  const logged = { ...request };
  const stateKeys = {};
  const who = [];
  for (const param of op.params) {
    const id = bind[param.name];
    const character = id && campaign.characters.find((each) => each.id === id);
    if (!character) continue;
    request[param.name] = character.sheet;
    who.push(id);
    if (param.state_key) stateKeys[param.state_key] = id;
  }
  return { request, stateKeys, logged, who };
}

/**
 * Run an operation on characters of the open campaign. ``bind`` maps a sheet param name to a character id;
 * the campaign's house rules go with it; every sheet the result changed (``states``) is stored and the result
 * logged (with ``encounter``, the encounter it belongs to, and ``label``, who did what, where the result names
 * nothing), all in one transaction, so an attack changes both sides at once and lands in the log with them.
 * Returns the engine's result.
 */
export function runOperation(app, opId, args, bind = {}, options = {}) {
  return inQueue(app, app.state.campaign.id, () => runNow(app, opId, args, bind, options));
}

async function runNow(app, opId, args, bind, { encounter = null, label = null, dice = null, request: answers = null }) {
  const campaign = app.state.campaign; // read when its turn comes: an earlier tap's change is in it
  const { request, stateKeys, logged, who } = requestFor(app, opId, args, bind);
  // ``dice: "physical"``: a missing die is asked for (a "needs a die" refusal; nothing is stored meanwhile)
  const result = await app.services.engine.call(opId, request, dice ? { dice } : undefined);
  const sheets = Object.fromEntries(
    Object.entries(result.states || {})
      .filter(([key]) => stateKeys[key])
      .map(([key, sheet]) => [stateKeys[key], sheet]),
  );
  const before = Object.fromEntries(
    Object.keys(sheets).map((id) => [id, campaign.characters.find((each) => each.id === id).sheet]),
  );
  const entry = makeEntry({
    op: opId,
    args: logged,
    result: label && !result.label ? { ...result, label } : result,
    who,
    encounter,
    before,
    after: sheets,
  });
  const keys = Object.keys(sheets).map((id) => `character:${id}`);
  // On a player's device the roll is also a proposal to the game master, kept in the same write (player/propose.mjs).
  const proposal = proposalOf(app, campaign, { op: opId, args: logged, bind, result, request: answers });
  const change = (next) => (proposal ? proposal.into(withParts(next, sheets)) : withParts(next, sheets));
  await writeChange(app, campaign, keys.length || proposal ? change : null, proposal ? [...keys, "joined"] : keys, [
    entry,
  ]);
  if (proposal) Object.defineProperty(result, "proposal", { value: proposal.proposal, enumerable: false });
  return result;
}
