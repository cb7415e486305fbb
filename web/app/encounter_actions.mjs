// Encounter actions (TABLE.md, Encounter): every encounter.* step of the engine is stored with ONE
// commit and ONE log entry — the new encounter state, every sheet it returned, and the step's entry: its
// result tells what each effect decided (a dying roll with its target and outcome, a condition's time up; the
// engine's ``details.decided``, each with its trace), ``who`` every character whose sheet it changed, and it
// holds the encounter and every changed sheet before and after, so one Undo undoes the whole step. Effects
// that decided nothing (an end of round that only repeats a number) are not logged apart.
import { newId } from "../store/records.mjs";
import { CODE } from "../error_codes.mjs";
import { commitNow, makeEntry } from "./log_actions.mjs";
import { inQueue } from "./queue.mjs";
import { addCharacter } from "./actions.mjs";
import { checkedSheet } from "./checked_sheet.mjs";
import { own } from "../store/own.mjs";

/** The campaign's encounter by id, or null. */
export function encounterById(campaign, id) {
  return (campaign?.encounters || []).find((each) => each.id === id) || null;
}

/** The sheets of the encounter's combatants who are campaign characters, by character id. */
export function combatantSheets(campaign, encounter) {
  const sheets = Object.create(null); // by character id: the user's (a file's), so no inherited keys
  for (const combatant of encounter.combatants) {
    const character = combatant.character_id && campaign.characters.find((each) => each.id === combatant.character_id);
    if (character) sheets[character.id] = character.sheet;
  }
  return sheets;
}

/** A step's result as logged: without what its entry already holds elsewhere (the encounter is encounter_after,
 * the sheets are after) and without the effects that decided nothing; each effect that decided something keeps
 * its line, label and trace (``details.decided``: {label, line, text}). Also what the summary shows. */
export function stepResult(result) {
  const details = result.details || {};
  const effects = details.effects || [];
  const decided = (details.decided || []).map(({ effect, label, line, combatant }) => ({
    label,
    line,
    ...(combatant ? { combatant } : {}),
    text: effect === null || effect === undefined ? [] : effects[effect]?.result?.text || [],
  }));
  const { state, states, ...rest } = result;
  return { ...rest, details: { current: details.current ?? null, decided } };
}

/** The characters a step concerns: those whose sheet changed and the combatant it names. */
function whoOf(encounter, args, changed) {
  const who = new Set(Object.keys(changed));
  const named =
    args.combatant?.character_id || encounter.combatants.find((each) => each.id === args.combatant_id)?.character_id;
  if (named) who.add(named);
  for (const each of args.combatants || []) if (each?.character_id) who.add(each.character_id);
  return [...who];
}

/**
 * Run ``encounter.<kind>`` on the open campaign's encounter with ``args``, then store the returned state,
 * sheets and its log entry in one commit. ``dice``: ``{physical: true, faces}`` physical dice with the faces so
 * far ("7 3", or none yet), ``{}`` digital. Physical dice are asked one at a time (TABLE.md): when the rules need
 * a die not typed yet the engine's "needs a die" refusal (EngineError ``code`` "needs_die", ``die``) is thrown and
 * nothing is stored; the page asks that die and calls again with the faces so far and the new one. Returns the
 * engine's result with ``logged``, the result as its entry keeps it (stepResult).
 */
export function encounterStep(app, shown, kind, args = {}, dice = {}) {
  return inQueue(app, app.state.campaign.id, () =>
    stepNow(app, encounterById(app.state.campaign, shown.id) || shown, kind, args, dice),
  );
}

/** One engine step on ``encounter`` with ``sheets``; physical dice say so (a missing die is asked, never rolled). */
function engineStep(app, encounter, sheets, kind, args, { faces = null, physical = false }) {
  const request = {
    encounter,
    sheets,
    settings: app.state.campaign.settings || {},
    ...args,
    ...(faces ? { dice: faces } : {}),
  };
  return app.services.engine.call(`encounter.${kind}`, request, physical ? { dice: "physical" } : undefined);
}

/** ``encounterStep`` in its turn: ``encounter`` is the state as it is now (an earlier tap's step included). */
async function stepNow(app, encounter, kind, args, dice) {
  const campaign = app.state.campaign;
  const sheets = combatantSheets(campaign, encounter);
  // the characters about to join (one, or several at once: "Add all"): their names, their order
  const joiningIds = [args.combatant, ...(args.combatants || [])].map((each) => each?.character_id).filter(Boolean);
  for (const joining of campaign.characters.filter((each) => joiningIds.includes(each.id)))
    sheets[joining.id] = joining.sheet;
  const op = `encounter.${kind}`;
  const result = await engineStep(app, encounter, sheets, kind, args, dice);
  const details = result.details;
  const changed = details.sheets || {};
  const logged = stepResult(result);
  const step = makeEntry({
    op,
    args,
    result: logged,
    who: whoOf(encounter, args, changed),
    encounter: encounter.id,
    before: Object.fromEntries(Object.keys(changed).map((id) => [id, own(sheets, id)])),
    after: changed,
    encounter_before: encounter,
    encounter_after: details.encounter,
  });
  await commitNow(app, { sheets: changed, encounters: { [encounter.id]: details.encounter }, entries: [step] });
  return { ...result, logged };
}

/** The GM's choice to pass over, on Next, a combatant who cannot act: remembered per campaign in this browser
 * (like the dice choice), apart from the campaign record; storage refused just means off. */
const skipKey = (campaignId) => `rules-companion:skip-unable:${campaignId}`;

export function rememberedSkip(campaignId) {
  try {
    return Boolean(campaignId) && localStorage.getItem(skipKey(campaignId)) === "on";
  } catch {
    return false;
  }
}

export function rememberSkip(campaignId, on) {
  try {
    if (campaignId) localStorage.setItem(skipKey(campaignId), on ? "on" : "off");
  } catch {
    /* not kept: the choice still holds on this screen */
  }
}

/**
 * Next, passing over each combatant who cannot act (``reasonOf(sheet)``: why not, in the game's words, or null):
 * every pass is the engine's own Next (so a round that ends on the way runs its rules), all stored as ONE step
 * with one log entry, whose lines say who was skipped and why ("Jack skipped: unconscious"). Physical dice
 * (``dice``: {physical, faces}) run on across the passes, each using the faces it needs in order; a die no face
 * is typed for yet is asked ("needs a die", its position counted over the whole step) and nothing is stored.
 */
export function nextTurn(app, shown, dice, reasonOf) {
  return inQueue(app, app.state.campaign.id, () =>
    nextNow(app, encounterById(app.state.campaign, shown.id) || shown, dice, reasonOf),
  );
}

/** One pass of Next with the physical ``faces`` left (an array): ``{result, used, unused}``. Given every face
 * left, a pass that needs fewer says which were not needed (``unused``, the engine's refusal); it is then given
 * fewer until it has just enough (the engine asks for a die while it has too few), so the rest go to the next pass. */
async function nextPass(app, state, sheets, faces, physical) {
  const once = (some) =>
    engineStep(app, state, sheets, "next", {}, { physical, faces: some.length ? some.join(" ") : null });
  if (!physical) return { result: await once([]), used: 0, unused: null };
  let unused;
  try {
    return { result: await once(faces), used: faces.length, unused: null };
  } catch (error) {
    if (error.code !== CODE.diceUnused) throw error;
    unused = error;
  }
  for (let used = 0; used < faces.length; used += 1) {
    try {
      return { result: await once(faces.slice(0, used)), used, unused };
    } catch (error) {
      if (error.code !== CODE.needsDie) throw error;
    }
  }
  throw unused;
}

async function nextNow(app, encounter, dice, reasonOf) {
  const sheets = combatantSheets(app.state.campaign, encounter);
  const before = Object.assign(Object.create(null), sheets);
  const changed = {};
  const results = [];
  const skipped = [];
  let state = encounter;
  const faces = String(dice.faces || "")
    .split(/[\s,;]+/)
    .filter(Boolean);
  let spent = 0; // faces used by the passes so far
  let unused = null; // the last pass's refusal of the faces it did not need
  for (let pass = 0; pass <= encounter.combatants.length; pass += 1) {
    let done;
    try {
      done = await nextPass(app, state, sheets, faces.slice(spent), Boolean(dice.physical));
    } catch (error) {
      if (error.code === CODE.needsDie && error.die) error.die = { ...error.die, position: error.die.position + spent };
      throw error;
    }
    const { result } = done;
    spent += done.used;
    unused = done.unused;
    results.push(result);
    Object.assign(changed, result.details.sheets || {});
    Object.assign(sheets, result.details.sheets || {});
    state = result.details.encounter;
    const now = state.ended ? null : state.combatants[state.turn];
    const sheet = now?.character_id && !now.skipped ? own(sheets, now.character_id) : null;
    const reason = sheet ? await reasonOf(sheet) : null;
    if (!reason || pass === encounter.combatants.length) break;
    skipped.push(`${now.name} skipped: ${reason}`);
  }
  if (spent < faces.length) throw unused; // faces typed beyond what every pass needed: nothing is stored
  const last = results[results.length - 1];
  const lines = (key) =>
    [
      last[key]?.[0],
      ...skipped.slice(0, results.length - 1),
      ...results.flatMap((each) => (each[key] || []).slice(1)),
    ].filter(Boolean);
  const logged = {
    ...stepResult(last),
    events: lines("events"),
    text: lines("text"),
    details: {
      current: last.details.current ?? null,
      decided: results.flatMap((each) => stepResult(each).details.decided),
    },
  };
  const step = makeEntry({
    op: "encounter.next",
    args: {},
    result: logged,
    who: Object.keys(changed),
    encounter: encounter.id,
    before: Object.fromEntries(Object.keys(changed).map((id) => [id, own(before, id)])),
    after: changed,
    encounter_before: encounter,
    encounter_after: state,
  });
  await commitNow(app, { sheets: changed, encounters: { [encounter.id]: state }, entries: [step] });
  return { ...last, details: { ...last.details, encounter: state, sheets: changed }, logged };
}

/**
 * What letting the time pass (``args``: unit, amount, activity) would run that the GM must be asked about first
 * (Survival Tests or dying rounds and how many, a death timer running out): plain sentences, none when nothing.
 * Only reads (engine's encounter.time_check): nothing is rolled or stored.
 */
export async function timeCheck(app, encounter, args) {
  const campaign = app.state.campaign;
  const now = encounterById(campaign, encounter.id) || encounter;
  const result = await app.services.engine.call("encounter.time_check", {
    encounter: now,
    sheets: combatantSheets(campaign, now),
    settings: campaign.settings || {},
    ...args,
  });
  return result.details.warnings || [];
}

/** A new encounter of the open campaign (round 1, nobody yet); returns its state. */
export function startEncounter(app, name) {
  return inQueue(app, app.state.campaign.id, () => startNow(app, name));
}

async function startNow(app, name) {
  const campaign = app.state.campaign;
  const args = { id: newId("enc"), name: name.trim(), game: campaign.game, combatants: [] };
  const result = await app.services.engine.call("encounter.start", { ...args, sheets: {} });
  const state = result.details.encounter;
  await commitNow(app, {
    encounters: { [state.id]: state },
    entries: [
      makeEntry({
        op: "encounter.start",
        args,
        result: stepResult(result),
        who: [],
        encounter: state.id,
        encounter_after: state,
      }),
    ],
  });
  return state;
}

/**
 * An NPC with a sheet of their own (they can be attacked, take damage and carry conditions): the game's new
 * character made from ``draft`` (its usual values plus the numbers given), checked by the game's rules,
 * added to the campaign as an NPC, then to the encounter.
 */
export async function addNpcCharacter(app, encounter, creation, draft) {
  const request = creation.derive(creation.toSheet(draft, []));
  const made = await app.services.engine.call(request.op, request.args);
  const sheet = await checkedSheet(app, app.state.campaign.game, made.state, "npc");
  const character = await addCharacter(app, app.state.campaign, sheet, "npc");
  return encounterStep(app, encounter, "add", { combatant: { character_id: character.id } });
}
