// One character at a glance: pools against their maxima, who can act (the engine's <game>.capacity: can they
// act, defend, which rolls are still theirs), every penalty their state imposes with the rolls it reaches and
// the values it lowers for a while, then the conditions.
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { settingArgs } from "../../app/engine.mjs";
import { Bar } from "../../components/bar.mjs";

const NBSP = "\u00a0"; // a line's height, with nothing to read

/** What the engine last answered to the cards' questions, by request (its operation and arguments). The engine is a
 * pure function of its request, so an answer once had stays the answer: a card shown again for the same sheet (the
 * party, then the encounter; the sheet, then its roll drawer) shows it at once, with nothing to wait for and nothing
 * to move. The oldest answers go once ANSWERS_KEPT are kept; a failure is not kept (it is asked again). */
const answers = new Map();
const ANSWERS_KEPT = 400;

function keep(key, value) {
  answers.delete(key);
  answers.set(key, value);
  if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value);
}

/** ``request``'s answer ({op, args}) read through ``read``: ``waiting`` until the engine first answers it, ``failed``
 * when it cannot (and when there is no request). While a changed request waits, the last answer shown stays. */
function useAnswer(request, read, waiting, failed) {
  const app = useApp();
  const key = request ? `${request.op} ${JSON.stringify(request.args)}` : "";
  const [shown, setShown] = useState(() => (answers.has(key) ? answers.get(key) : waiting));
  useEffect(() => {
    if (!request || answers.has(key)) return undefined;
    let live = true;
    app.services.engine.call(request.op, request.args).then(
      (result) => {
        const value = read(result);
        keep(key, value);
        if (live) setShown(value);
      },
      () => live && setShown(failed),
    );
    return () => {
      live = false;
    };
  }, [key]);
  if (!request) return failed;
  return answers.has(key) ? answers.get(key) : shown;
}

/** The engine's one-line summary of a sheet (e.g. the state's penalty), refreshed when the sheet changes: null until
 * the engine first answers ``query``, "" when there is none or it could not be had. */
export function useSheetSummary(query) {
  return useAnswer(query, (result) => query.show(result), null, "");
}

/** The summary line, or while the engine works out the first one, a line's height kept for it: the rows below a card
 * must not move under a finger when the answer comes (TABLE.md, Sheet: tapping a row opens the roll drawer for it). */
export function SummaryLine({ query }) {
  const summary = useSheetSummary(query);
  if (summary === null) return html`<p class="summary-line waiting" aria-hidden="true">${NBSP}</p>`;
  return summary ? html`<p class="summary-line">${summary}</p>` : null;
}

/** The request for who can act: ``<game>.capacity`` on the sheet, with the campaign's house rules it declares. */
export function capacityRequest(app, game, sheet) {
  const op = `${game.id}.capacity`;
  const declared = app.state.catalog?.op(op);
  if (!declared || !sheet) return null;
  return { op, args: { ...settingArgs(declared, app.state.campaign?.settings), [game.sheetParam]: sheet } };
}

/** Who can act, as the engine says it for ``sheet`` (the result's ``details``): undefined until it first answers,
 * null when there is nothing to ask or it could not answer. */
export function useCapacity(game, sheet) {
  const app = useApp();
  return useAnswer(capacityRequest(app, game, sheet), (result) => result.details ?? null, undefined, null);
}

/** Can they act (the headline), what limits them, each penalty with the rolls it reaches, what is lowered. "No
 * penalty" is said only of one who acts: of the dying or the dead it would read as if nothing were wrong. */
export function CapacityView({ details }) {
  // until the engine first answers, the height of its usual two lines is kept (see SummaryLine)
  if (details === undefined)
    return html`<div class="capacity-waiting" aria-hidden="true"><p>${NBSP}</p><p>${NBSP}</p></div>`;
  if (!details) return null;
  const notes = details.limits.filter((each) => each.what === "note").map((each) => each.text);
  const more = details.limits
    .filter((each) => each.what !== "note")
    .slice(1)
    .map((each) => each.text)
    .filter((text) => !details.headline.includes(text.replace(/^Can't (act|defend): /, "")));
  const lines = [...more, ...notes, ...details.lowered.map((each) => each.text)];
  return html`<div class="capacity" data-can-act=${String(details.can_act)} data-can-defend=${String(details.can_defend)}>
    <p class=${`capacity-line${details.can_act && details.can_defend ? "" : " unable"}`}>${details.headline}</p>
    ${lines.length ? html`<ul class="capacity-notes">${lines.map((line) => html`<li key=${line}>${line}</li>`)}</ul>` : null}
    ${
      details.penalties.length || details.can_act
        ? html`<p class="capacity-penalties" data-penalties=${details.penalties.length}>${
            details.penalties.length
              ? details.penalties.map((each) => html`<span key=${each.text}>${each.text}</span>`)
              : "No penalty from their state"
          }</p>`
        : null
    }
  </div>`;
}

export function CharacterCard({ character, game, href, compact = false }) {
  const card = game.card(character.sheet);
  const capacity = useCapacity(game, character.sheet);
  return html`<article class="character-card" data-character=${character.id}>
    ${compact ? null : html`<h2>${character.sheet.name} ${character.kind === "npc" ? html`<span class="tag">NPC</span>` : null}</h2>`}
    ${card.bars.map((bar) => html`<${Bar} key=${bar.label} ...${bar} />`)}
    ${card.facts ? html`<p class="facts">${card.facts.map(([label, value]) => html`<span key=${label}>${label} ${value}</span>`)}</p>` : null}
    <${SummaryLine} query=${card.query} />
    <${CapacityView} details=${capacity} />
    <p class="conditions">${card.conditions.length ? card.conditions.join(", ") : "No conditions"}</p>
    ${compact ? null : html`<a class="button" href=${href}>Open the sheet</a>`}
  </article>`;
}
