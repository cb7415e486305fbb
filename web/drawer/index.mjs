// The roll drawer: what is rolled, its fields with every default visible, the opponent from the campaign,
// dice, the house rules this roll uses named just above a Roll button that never scrolls away, then the
// result with the follow-ups the rules allow. A bottom sheet on portrait screens, a side panel when wide (app.css).
import { html, useEffect, useRef, useState } from "../app/html.mjs";
import { useApp } from "../app/state.mjs";
import { activeHouseRules, choiceLabel } from "../app/engine.mjs";
import { requestFor, runOperation } from "../app/actions.mjs";
import { ChoiceField } from "../components/field.mjs";
import { useOpForm } from "./op_form.mjs";
import { Result } from "./result.mjs";
import { OddsRegion } from "./odds_region.mjs";

/** ``spec``: {title, op, bind, fixed, fields, defaults, target, opposed}; ``characterId`` is who acts;
 * ``opponent``: a character id picked already (an encounter's target); ``encounter``: the id its rolls log under. */
export function Drawer({ spec: initialSpec, characterId, game, onClose, opponent = "", encounter = null }) {
  const app = useApp();
  const { catalog, campaign } = app.state;
  const [spec, setSpec] = useState(initialSpec);
  const [opponentId, setOpponentId] = useState(opponent || "");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState(null); // {result, title} | {error}
  const others = campaign.characters.filter((each) => each.id !== characterId);
  const opposed = spec.opposed && opponentId ? spec.opposed : null;
  const sheetOf = (id) => campaign.characters.find((each) => each.id === id)?.sheet;
  const active = resolve(opposed ? { ...spec, ...opposed } : spec, sheetOf(characterId), sheetOf(opponentId));
  const op = catalog.op(active.op);
  const key = `${active.op}|${active.title}|${(active.fields || []).join()}|${opposed ? opponentId : ""}`;
  const aside = useRef(null);
  useEffect(() => { aside.current?.querySelector("#drawer-title")?.focus(); }, []); // once, when it opens
  return html`<aside ref=${aside} class="drawer" role="dialog" aria-modal="false" aria-labelledby="drawer-title" data-drawer=${active.op}
    onKeyDown=${(event) => { if (event.key === "Escape") onClose(); }}>
    <${DrawerBody} key=${key} app=${app} spec=${active} op=${op} campaign=${campaign} characterId=${characterId} others=${others}
      game=${game} encounter=${encounter} opponentId=${opponentId} setOpponentId=${setOpponentId} canOppose=${Boolean(spec.opposed || spec.target || spec.pickTarget)}
      busy=${busy} setBusy=${setBusy} outcome=${outcome} setOutcome=${setOutcome} onClose=${onClose}
      onFollowUp=${(next) => { setOutcome(null); setSpec({ ...next, title: next.label }); }} />
  </aside>`;
}

/** A house rule set away from its default, in the game's words: "House rule: Target Number: 12 (default 9)".
 * A choice names the choice in force (its default's words are often a sentence of their own). */
export function houseRuleWords(param, value) {
  if (param.kind === "choice") return `House rule: ${param.label}: ${choiceLabel(param, value)}`;
  if (param.kind === "bool") return `House rule: ${param.label}: ${value ? "on" : "off"} (default ${param.default ? "on" : "off"})`;
  if (param.kind === "json") return `House rule: ${param.label}: the campaign's own table`;
  const words = (number) => (number === null || number === undefined ? "empty" : String(number));
  return `House rule: ${param.label}: ${words(value)} (default ${words(param.default)})`;
}

/** Who did what, for the log and a forum post ("Harvey: Spot Hidden roll → Ghoul"), where the result has no
 * label of its own. */
function logLabel(app, runSpec, bind) {
  const name = (id) => app.state.campaign.characters.find((each) => each.id === id)?.sheet.name;
  const actor = name(bind[runSpec.bindTarget || runSpec.bind]);
  const target = runSpec.target && name(bind[runSpec.target]);
  const what = runSpec.title || runSpec.label;
  return [actor ? `${actor}: ${what}` : what, target ? ` → ${target}` : ""].join("").slice(0, 200);
}

/** A spec's ``fixed`` and ``defaults`` may depend on the two sheets (an opposed roll reads the opponent's). */
function resolve(spec, me, them) {
  const value = (part) => (typeof part === "function" ? (me && them ? part(me, them) : {}) : part);
  return { ...spec, fixed: value(spec.fixed), defaults: value(spec.defaults) };
}

function DrawerBody({ app, spec, op, campaign, characterId, others, game, encounter, opponentId, setOpponentId, canOppose, busy, setBusy, outcome, setOutcome, onClose, onFollowUp }) {
  const form = useOpForm(op, spec.fields || [], spec.defaults || {}, { compact: true });
  const scroller = useRef(null);
  const character = campaign.characters.find((each) => each.id === characterId);
  const rules = activeHouseRules(op, campaign.settings);
  const needsTarget = Boolean(spec.target);

  /** Values computed from what is shown (side A's Attribute level from the Attribute chosen). */
  const prepared = (runSpec, args) => (runSpec.prepare ? runSpec.prepare(args, character.sheet) : {});

  async function run(extra = {}, runSpec = spec) {
    const args = runSpec === spec ? form.read() : {};
    if (!args) return;
    if (needsTarget && !opponentId && runSpec === spec) {
      setOutcome({ error: `Choose who is ${spec.op.endsWith("attack") ? "attacked" : "opposing"} first.` });
      return;
    }
    const bind = runSpec.bindTarget ? { [runSpec.bindTarget]: opponentId } : { [runSpec.bind]: characterId };
    if (runSpec.target && opponentId) bind[runSpec.target] = opponentId;
    setBusy(true);
    try {
      const sent = { ...(runSpec.fixed || {}), ...args, ...prepared(runSpec, args), ...extra };
      const result = await runOperation(app, runSpec.op, sent, bind, { encounter, label: logLabel(app, runSpec, bind) });
      setOutcome({ result, title: runSpec.title || runSpec.label, args: sent });
    } catch (error) {
      if (error.name === "StaleError") setOutcome({ error: error.message });
      else if (!form.showEngineError(error)) setOutcome({ error: error.message });
    } finally {
      setBusy(false);
    }
    requestAnimationFrame(() => scroller.current?.scrollTo({ top: 0 }));
  }

  const shown = form.peek();
  const oddsBind = { [spec.bind]: characterId, ...(spec.target && opponentId ? { [spec.target]: opponentId } : {}) };
  const oddsRequest = shown && (!needsTarget || opponentId) ? requestFor(app, spec.op, { ...(spec.fixed || {}), ...shown, ...prepared(spec, shown) }, oddsBind).request : null;
  const fresh = app.state.campaign.characters.find((each) => each.id === characterId)?.sheet;
  const target = app.state.campaign.characters.find((each) => each.id === opponentId);
  const followUps = outcome?.result && game.followUps ? game.followUps(outcome.result, fresh, target, outcome.args) : [];
  return html`
    <header class="drawer-head">
      <div>
        <p class="drawer-who">${character?.sheet.name}</p>
        <h2 id="drawer-title" tabindex="-1">${spec.title || spec.label}</h2>
      </div>
      <button type="button" class="ghost close" aria-label="Close the roll drawer" onClick=${onClose}>✕</button>
    </header>
    <div class="drawer-scroll" ref=${scroller}>
      ${outcome?.error ? html`<p class="drawer-error" role="alert">${outcome.error}</p>` : null}
      ${outcome?.result ? html`<${Result} result=${outcome.result} title=${outcome.title} />` : null}
      ${followUps.length ? html`<div class="follow-ups" role="group" aria-label="What the rules allow next">
        ${followUps.map((next) => html`<button type="button" key=${next.key} onClick=${() => (next.now ? run(next.fixed || {}, next) : onFollowUp(next))}>${next.label}</button>`)}
      </div>` : null}
      ${canOppose ? html`<${ChoiceField} label=${spec.opposed ? "Against (opposed roll)" : "Target"} name="opponent" value=${opponentId} onChange=${setOpponentId}
        options=${[["", spec.target ? "Choose…" : spec.opposed ? "Nobody: an unopposed roll" : "Nobody yet"], ...others.map((each) => [each.id, each.sheet.name])]} />` : null}
      ${canOppose && !others.length ? html`<p class="help">Add another character to the party to pick an opponent.</p>` : null}
      ${form.fieldsView}
      <${OddsRegion} app=${app} op=${op} request=${oddsRequest} />
      ${form.diceView}
    </div>
    <footer class="drawer-foot">
      ${rules.length ? html`<ul class="badges house-rules" aria-label="House rules this roll uses">
        ${rules.map((param) => html`<li class="badge" key=${param.name} data-house-rule=${param.name}>${houseRuleWords(param, campaign.settings[param.name])}</li>`)}
      </ul>` : null}
      <button type="button" class="primary roll" disabled=${busy || app.state.engine === "failed"} onClick=${() => run()}>
        ${busy ? "Rolling…" : app.state.engine === "ready" ? (op.rolls ? "Roll" : "Apply") : "Roll (engine starting…)"}
      </button>
    </footer>`;
}
