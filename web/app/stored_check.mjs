// The engine's check of stored campaigns (campaign.validate: every sheet, rule and encounter by the game), beyond the
// shape check that lets Home and the first render go at once (store/record_check.mjs). Home lists a campaign that
// fails it as damaged, with the reason, as it lists one whose shape is damaged (README, "Kept whole"): each stored
// campaign is checked once per tab, in the background once the engine is ready, and its verdict kept for its revision
// (a repaired or replaced campaign has another). The engine may refuse a record before reading it as a campaign (the
// door refuses a text holding half a character, a value nested too deep, …): whatever the code, that is its verdict
// on this record. A failure that says nothing of the record (the engine not started yet, a call past its deadline,
// the worker restarted) is no verdict: the campaign stays as it was listed and is checked again later.
import { EngineError } from "./engine.mjs";
import { CODE } from "../error_codes.mjs";
import { describeProblem, problemSentence } from "../store/record_check.mjs";

/** Codes of an engine answer that is about the engine, not about the record sent (rpc.mjs): still starting, and
 * stopped at its deadline (the engine is started afresh). */
const TRANSIENT = new Set([CODE.notReady, CODE.stopped]);

/** A record at its revision (as Home's summary reads a revision: records.mjs summary). */
const keyOf = (record) => `${record.id}@${Number.isInteger(record.revision) ? record.revision : 0}`;
const verified = new Set(); // keys of records the engine found valid in this tab
const refused = new Map(); // key → the problems in plain sentences, of records the engine refused
const checkedIds = new Set(); // ids with a verdict in this tab (Home checks each once)
let sweeping = null;

/** An engine refusal of ``record`` in plain words: who or what (its path, as a form says it), then why, never the
 * path itself ("characters.0.sheet.name holds…" → "Character “Harvey” — Name: holds…"). */
export function refusalWords(record, error) {
  const path = error.path || "";
  if (error.code === CODE.internal) return `The rules engine failed while checking it (${error.message})`; // a fault met on this record
  let message = error.detail || error.message || "The engine refused this campaign.";
  if (path && message.startsWith(`${path} `)) message = message.slice(path.length + 1);
  return describeProblem(record, { path, message });
}

/**
 * The engine's verdict on stored ``record`` (its log left out: the log is checked as it is read): ``{valid: true}``,
 * ``{problems: [sentences]}`` (campaign.validate found problems, or the engine refused the record whatever its
 * code), or null when there is no verdict (a transient failure). Once per revision in this tab.
 */
export async function engineVerdict(app, record) {
  const key = keyOf(record);
  if (verified.has(key)) return { valid: true };
  if (refused.has(key)) return { problems: refused.get(key) };
  let verdict;
  try {
    verdict = (await app.services.engine.call("campaign.validate", { campaign: { ...record, log: [] } })).details;
  } catch (error) {
    if (!(error instanceof EngineError) || TRANSIENT.has(error.code)) return null;
    return noteRefused(record, [refusalWords(record, error)]);
  }
  if (verdict.valid) {
    verified.add(key);
    checkedIds.add(record.id);
    return { valid: true };
  }
  return noteRefused(
    record,
    verdict.problems.map((each) => describeProblem(record, each)),
  );
}

/** Keep ``problems`` as the verdict on ``record`` (an engine refusal met elsewhere too: an upgrade, a repair). */
export function noteRefused(record, problems) {
  refused.set(keyOf(record), problems);
  checkedIds.add(record.id);
  return { problems };
}

/** Is ``error`` (thrown by an engine call about a stored record) a refusal of that record, not a transient failure? */
export function isRefusal(error) {
  return error instanceof EngineError && !TRANSIENT.has(error.code);
}

/** The problems the engine found in stored ``record`` at its revision, in this tab; null if none are known. */
export function knownProblems(record) {
  return refused.get(keyOf(record)) || null;
}

/** Home's ``list`` (storage summaries) with each campaign the engine refused at its listed revision marked damaged,
 * its reason the first problems as one sentence. */
export function withVerdicts(list) {
  return list.map((each) => {
    if (each.damaged) return each;
    const problems = refused.get(keyOf(each));
    return problems ? { ...each, damaged: problemSentence(problems.map((text) => text.replace(/\.$/, ""))) } : each;
  });
}

/**
 * Check each listed campaign that has no verdict in this tab yet, one after another (``storage.get`` then
 * campaign.validate); ``onFound()`` hears that one was refused (Home lists it again). Stops at the first transient
 * failure (the engine is not answering: the next listing tries again). One sweep at a time.
 */
export function checkListed(app, list, onFound) {
  if (sweeping) return sweeping;
  const todo = list.filter((each) => !each.damaged && each.id && !checkedIds.has(each.id));
  if (!todo.length) return Promise.resolve();
  sweeping = (async () => {
    const storage = await app.services.storage;
    let found = false;
    for (const listed of todo) {
      const record = await storage.get(listed.id).catch(() => null);
      if (!record || keyOf(record) !== keyOf(listed)) continue; // changed meanwhile: the next listing has it
      const verdict = await engineVerdict(app, record);
      if (!verdict) break;
      if (verdict.problems) found = true;
    }
    if (found) onFound();
  })()
    .catch((error) => console.warn("The stored campaigns could not all be checked:", error))
    .finally(() => {
      sweeping = null;
    });
  return sweeping;
}
