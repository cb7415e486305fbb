// The roll drawer: what is rolled, its fields with every default visible, the opponent from the campaign,
// dice, the exact odds below every input (they arrive late on a just-booted page, and drawn above an input they would
// move it under a finger), the house rules this roll uses named just above a Roll button that never scrolls away, then
// the result with the follow-ups the rules allow. A bottom sheet on portrait screens, a side panel when wide (app.css).
// No input can hurt (TABLE.md, "No default that can hurt"): nothing that changes a sheet is pre-filled (games/*.mjs), a
// change beyond the character's pool asks first, a second tap while a roll runs is ignored, and once a roll
// changed a sheet the button turns into "Done" and a "Roll again" that a tap landing right after the result
// does not press. Physical dice are asked one at a time as the rules need them (drawer/dice_field.mjs): the
// Roll button turns into Next while a die is asked, and a die left empty is asked again in view.
import { html, useEffect, useRef, useState } from "../app/html.mjs";
import { useApp } from "../app/state.mjs";
import { CODE } from "../error_codes.mjs";
import { activeHouseRules, choiceLabel } from "../app/engine.mjs";
import { requestFor, runOperation } from "../app/operation_actions.mjs";
import { ChoiceField } from "../components/field.mjs";
import { Confirm } from "../components/confirm.mjs";
import { useOpForm } from "./op_form.mjs";
import { keepChoices, keptChoices } from "./kept_choices.mjs";
import { Result } from "./result.mjs";
import { OddsRegion } from "./odds_region.mjs";
import { RuleWarning } from "./warning.mjs";
import { own } from "../store/own.mjs";
import { campaignDice, rollWords } from "../app/dice_mode.mjs";
import { setDiceMode } from "../app/actions.mjs";
import { healerSkill, healingSpec, parties, pickable } from "../games/healing.mjs";
import { RoleSwitch, useHealing } from "./healing_pick.mjs";
import { isPlayer } from "../player/record.mjs";
import { playerMay, playerOps } from "../player/moves.mjs";

/** Results shown by any drawer in this tab, counted: the key that makes each result its own element. */
let shownResults = 0;

/** ``spec``: {title, op, bind, fixed, fields, defaults, target, targetOptional, opposed}; ``characterId`` is who acts;
 * ``opponent``: a character id picked already (an encounter's target); ``encounter``: the id its rolls log under. */
export function Drawer({ spec: initialSpec, characterId, game, onClose, opponent = "", encounter = null }) {
  const app = useApp();
  const { catalog, campaign } = app.state;
  const [spec, setSpec] = useState(initialSpec);
  const [opponentId, setOpponentId] = useState(opponent || "");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState(null); // {result, title} | {error}
  const others = campaign.characters.filter((each) => each.id !== characterId);
  const heal = useHealing(app, game, spec, campaign.characters, characterId);
  const picked = heal.role === "patient" && heal.able.get(opponentId) === false ? "" : opponentId; // never a dead medic
  const opposed = spec.opposed && picked ? spec.opposed : null;
  const sheetOf = (id) => campaign.characters.find((each) => each.id === id)?.sheet;
  // a healing move binds the patient; its defaults read the healer (games/healing.mjs)
  const base = heal.role ? { ...healingSpec(spec, heal.role), parties: parties(heal.role, characterId, picked) } : spec;
  const [me, them] =
    heal.role === "healer" ? [sheetOf(picked) || {}, sheetOf(characterId)] : [sheetOf(characterId), sheetOf(picked)];
  const active = resolve(opposed ? { ...base, ...opposed } : base, me, them);
  const options = heal.role
    ? pickable(spec.heal, heal.role, others, heal.able)
    : others.map((each) => [each.id, each.sheet.name]);
  // another one picked: a message that asked for one ("Choose who is treated first.") has had its answer
  const pickOther = (id) => {
    setOpponentId(id);
    setOutcome((shown) => (shown?.error ? null : shown));
  };
  const healing = heal.role && {
    ...heal,
    canAct: heal.able.get(characterId),
    healer: sheetOf(active.parties.healer),
    setRole: (role) => {
      heal.setRole(role);
      pickOther("");
    },
  };
  const op = catalog.op(active.op);
  // a forum post names the medic as well as the patient: the healer picked goes with the roll (medic_name)
  const medic = active.parties?.healer && op.params.some((p) => p.name === "medic_name");
  const named = medic
    ? { ...active, fixed: { ...(active.fixed || {}), medic_name: sheetOf(active.parties.healer)?.name } }
    : active;
  // fields filled from the other party's sheet (an opponent, the medic) fill again when another is picked
  const fromThem = opposed || typeof spec.fixed === "function" || typeof spec.defaults === "function";
  const key = `${active.op}|${active.title}|${(active.fields || []).join()}|${fromThem ? picked : ""}|${heal.role}`;
  const aside = useRef(null);
  useEffect(() => {
    aside.current?.querySelector("#drawer-title")?.focus();
  }, []); // once, when it opens
  return html`<aside ref=${aside} class="drawer" role="dialog" aria-modal="false" aria-labelledby="drawer-title" data-drawer=${active.op}
    onKeyDown=${(event) => {
      if (event.key === "Escape") onClose();
    }}>
    <${DrawerBody} key=${key} app=${app} spec=${named} op=${op} campaign=${campaign} characterId=${characterId} others=${others}
      game=${game} encounter=${encounter} opponentId=${picked} setOpponentId=${pickOther} canOppose=${Boolean(spec.opposed || spec.target || spec.pickTarget)}
      options=${options} healing=${healing}
      busy=${busy} setBusy=${setBusy} outcome=${outcome} setOutcome=${setOutcome} onClose=${onClose}
      onFollowUp=${(next) => {
        setOutcome(null);
        setSpec({ ...next, title: next.label });
      }} />
  </aside>`;
}

/** A house rule set away from its default, in the game's words: "House rule: Target Number: 12 (default 9)".
 * A choice names the choice in force (its default's words are often a sentence of their own). */
export function houseRuleWords(param, value) {
  if (param.kind === "choice") return `House rule: ${param.label}: ${choiceLabel(param, value)}`;
  if (param.kind === "bool")
    return `House rule: ${param.label}: ${value ? "on" : "off"} (default ${param.default ? "on" : "off"})`;
  if (param.kind === "json") return `House rule: ${param.label}: the campaign's own table`;
  const words = (number) => (number === null || number === undefined ? "empty" : String(number));
  return `House rule: ${param.label}: ${words(value)} (default ${words(param.default)})`;
}

/** Who did what, for the log and a forum post ("Harvey: Spot Hidden roll → Ghoul"), where the result has no
 * label of its own. */
function logLabel(app, runSpec, bind) {
  const name = (id) => app.state.campaign.characters.find((each) => each.id === id)?.sheet.name;
  const { healer, patient } = runSpec.parties || {};
  const actor = runSpec.parties ? name(healer) : name(bind[runSpec.bindTarget || runSpec.bind]);
  const target = runSpec.parties ? name(patient) : runSpec.target && name(bind[runSpec.target]);
  const what = runSpec.title || runSpec.label;
  return [actor ? `${actor}: ${what}` : what, target ? ` → ${target}` : ""].join("").slice(0, 200);
}

/** Whether a result changed a bound sheet beyond the record of the last roll (a CoC skill roll keeps it to
 * push or spend Luck on; rolling again only replaces it). ``before``: the sheets by id as they were sent. */
function changedASheet(op, bind, before, result) {
  const plain = (sheet) => JSON.stringify({ ...(sheet || {}), last_roll: null });
  return op.params.some(
    (param) =>
      param.state_key &&
      bind[param.name] &&
      result.states?.[param.state_key] &&
      plain(result.states[param.state_key]) !== plain(own(before, bind[param.name])),
  );
}

/** A tap this soon after the result shows is the second half of a double tap, not a wish to roll again. */
const SETTLE_MS = 700;

/** A spec's ``fixed`` and ``defaults`` may depend on the two sheets (an opposed roll reads the opponent's);
 * its ``choices`` on the actor's sheet (and the target's, once picked). */
function resolve(spec, me, them) {
  const value = (part) => (typeof part === "function" ? (me && them ? part(me, them) : {}) : part);
  const choices = typeof spec.choices === "function" ? (me ? spec.choices(me, them) : {}) : spec.choices;
  return { ...spec, fixed: value(spec.fixed), defaults: value(spec.defaults), choices: choices || {} };
}

function DrawerBody({
  app,
  spec,
  op,
  campaign,
  characterId,
  others,
  game,
  encounter,
  opponentId,
  setOpponentId,
  canOppose,
  busy,
  setBusy,
  outcome,
  setOutcome,
  onClose,
  onFollowUp,
  options,
  healing,
}) {
  // the fields the move keeps (an attack's kind and weapon) open as this character's last roll of it left them
  const where = { campaignId: campaign.id, encounterId: encounter, characterId, op: spec.op };
  const [kept] = useState(() => keptChoices(where, op, spec.keep));
  const form = useOpForm(
    op,
    spec.fields || [],
    { ...(spec.defaults || {}), ...kept },
    {
      compact: true,
      required: spec.required || [],
      diceMode: campaignDice(campaign),
      onDiceMode: (mode) => setDiceMode(app, campaign, mode),
      onNext: () => next(),
      choices: spec.choices || {},
    },
  );
  const scroller = useRef(null);
  const running = useRef(false); // set at once, not on the next render: a second tap in the same moment sees it
  const settledAt = useRef(-Infinity); // when a result that changed a sheet showed
  const [ask, setAsk] = useState(null); // {title, text, confirm, go}
  const [missing, setMissing] = useState(false);
  const pending = useRef(null); // {extra}: the roll whose next physical die is asked (always this drawer's own)
  const character = campaign.characters.find((each) => each.id === characterId);
  const rules = activeHouseRules(op, campaign.settings);
  // a Sanity roll's source may be nobody; a healing move opened from the healer needs its patient
  const needsTarget = (Boolean(spec.target) && !spec.targetOptional) || Boolean(spec.needsPick);

  /** Values computed from what is shown (side A's Attribute level from the Attribute chosen). */
  const prepared = (runSpec, args) => (runSpec.prepare ? runSpec.prepare(args, character.sheet) : {});

  /** The field the Roll button found wanting, brought into view with its message and focused. */
  function showMissing() {
    setMissing(true);
    requestAnimationFrame(() => {
      const field = scroller.current?.querySelector(".field.has-error, .field-error:not([hidden])");
      field?.scrollIntoView({ block: "nearest" });
      field?.closest(".field, fieldset")?.querySelector("input, select, textarea")?.focus({ preventScroll: true });
    });
  }

  /** The die asked is typed (Next or Enter): the same roll again with the faces so far and this one. A die left
   * empty is marked in view instead (never a silent no-op). */
  function next() {
    if (running.current) return;
    if (!form.answerDie()) return; // its field shows why, scrolled into view and focused
    run(pending.current?.extra || {}, spec, true, true); // ``spec`` is made anew each render: always the current one
  }

  async function run(extra = {}, runSpec = spec, checked = false, answering = false) {
    if (running.current) return; // a second tap while the first is running
    if (!answering && performance.now() - settledAt.current < SETTLE_MS) return; // …or landing just after it changed a sheet
    if (!answering && form.asking && runSpec === spec) {
      next();
      return;
    } // the Roll button reads "Next die" while a die is asked (the turn bar alone says "Next")
    const args = runSpec === spec ? form.read() : {};
    if (!args) {
      showMissing();
      return;
    }
    setMissing(false);
    if (needsTarget && !opponentId && runSpec === spec) {
      const who = spec.needsPick ? "treated" : spec.op.endsWith("attack") ? "attacked" : "opposing";
      setOutcome({ error: `Choose who is ${who} first.` });
      return;
    }
    const bind = runSpec.bindTarget ? { [runSpec.bindTarget]: opponentId } : { [runSpec.bind]: characterId };
    if (runSpec.target && opponentId) bind[runSpec.target] = opponentId;
    if (runSpec.bindSelf) bind[runSpec.bindSelf] = characterId; // the drawer's own character in another role
    const sheets = Object.fromEntries(
      app.state.campaign.characters
        .filter((each) => Object.values(bind).includes(each.id))
        .map((each) => [each.id, each.sheet]),
    );
    const sent = { ...(runSpec.fixed || {}), ...args, ...prepared(runSpec, args), ...extra };
    running.current = true;
    setBusy(true);
    try {
      const sheet = sheets[bind[runSpec.bindTarget || runSpec.bind]];
      const warning =
        !checked && runSpec.large && sheet
          ? await runSpec.large(sent, sheet, {
              settings: campaign.settings,
              engine: (id, request) => app.services.engine.call(id, request),
            })
          : null;
      if (warning) {
        setAsk({
          ...warning,
          go: () => {
            setAsk(null);
            run(extra, runSpec, true);
          },
        });
        return;
      }
      const physical = runSpec === spec && form.physical();
      const result = await runOperation(app, runSpec.op, sent, bind, {
        encounter,
        label: logLabel(app, runSpec, bind),
        dice: physical ? "physical" : null,
        request: runSpec === spec ? spec.request || null : null, // a roll the game master asked for (player/)
      });
      pending.current = null;
      if (runSpec === spec) keepChoices(where, spec.keep, sent);
      if (physical) form.clearDice(); // the faces are never kept: the next roll asks again
      const runOp = app.state.catalog.op(runSpec.op);
      const applied = Boolean(runSpec.applies) || changedASheet(runOp, bind, sheets, result);
      if (applied || runSpec.once) settledAt.current = performance.now();
      shownResults += 1; // each result its own element: two alike in a row are still two (screen readers, tests)
      setOutcome({
        result,
        title: runSpec.title || runSpec.label,
        args: sent,
        applied,
        once: runSpec.once || null,
        seq: shownResults,
      });
    } catch (error) {
      if (error.code === CODE.needsDie && error.die && runSpec === spec) {
        // physical dice: the rules need one more die
        pending.current = { extra };
        form.askDie(error.die);
        setOutcome(null);
        return;
      }
      // A roll allowed once that the rules refuse on the sheet itself (a roll already pushed can't be pushed again):
      // no Roll button stays live as if trying again could help, only Done.
      // a refusal the rules have a next step for (an empty weapon: Reload) shows that step with it, one tap away
      // (a treatment's push: from the healer, on the patient picked, as after a roll)
      const medic = campaign.characters.find((each) => spec.parties?.healer && each.id === spec.parties.healer);
      const offers =
        runSpec === spec && game.refusalFollowUps
          ? game
              .refusalFollowUps(error, spec.op, sent, sheets[bind[spec.bind]], sheets[bind[spec.target]], medic)
              .map((next) => (healing?.role === "healer" ? patientSide(next) : next))
          : [];
      if (error.name === "StaleError") setOutcome({ error: error.message });
      else if (offers.length) setOutcome({ error: error.message, offers });
      else if (!form.showEngineError(error))
        setOutcome({ error: error.message, final: Boolean(runSpec.once && error.code === CODE.ruleViolation) });
    } finally {
      running.current = false;
      setBusy(false);
    }
    requestAnimationFrame(() => scroller.current?.scrollTo({ top: 0 }));
  }

  const shown = form.peek();
  const oddsBind = spec.bindTarget
    ? { [spec.bindTarget]: opponentId }
    : { [spec.bind]: characterId, ...(spec.target && opponentId ? { [spec.target]: opponentId } : {}) };
  const oddsRequest =
    shown && (!needsTarget || opponentId)
      ? requestFor(app, spec.op, { ...(spec.fixed || {}), ...shown, ...prepared(spec, shown) }, oddsBind).request
      : null;
  const fresh = app.state.campaign.characters.find((each) => each.id === characterId)?.sheet;
  const target = app.state.campaign.characters.find((each) => each.id === opponentId);
  // from the healer, what follows a roll (a push) is the patient's, whose sheet the roll was made on; the healer is
  // the follow-up's other party (``target``: the medic whose Luck pays, seed 003, Luck), the drawer's own character
  const patientSide = (next) =>
    next.bindTarget
      ? next
      : next.target
        ? { ...next, bindTarget: next.bind, bindSelf: next.target, target: undefined }
        : { ...next, bindTarget: next.bind };
  const followUps = (
    outcome?.result && game.followUps
      ? healing?.role === "healer"
        ? game
            .followUps(outcome.result, target?.sheet, { id: characterId, sheet: fresh }, outcome.args)
            .map(patientSide)
        : game.followUps(outcome.result, fresh, target, outcome.args)
      : []
  ).filter((next) => !isPlayer(campaign) || playerMay(playerOps(app.state.catalog), next)); // a player's own moves only
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
      ${outcome?.offers ? html`<div class="follow-ups refusal-next" role="group" aria-label="What to do first">${outcome.offers.map((next) => html`<button type="button" key=${next.key} data-op=${next.op} onClick=${() => (next.now ? run(next.fixed || {}, next) : onFollowUp(next))}>${next.label}</button>`)}</div>` : null}
      ${outcome?.result ? html`<${Result} key=${outcome.seq} result=${outcome.result} title=${outcome.title} encounter=${encounter} />` : null}
      ${
        followUps.length
          ? html`<div class="follow-ups" role="group" aria-label="What the rules allow next">
        ${followUps.map((next) => html`<button type="button" key=${next.key} data-op=${next.op} onClick=${() => (next.now ? run(next.fixed || {}, next) : onFollowUp(next))}>${next.label}</button>`)}
      </div>`
          : null
      }
      ${healing ? html`<${RoleSwitch} name=${character?.sheet.name} role=${healing.role} onChange=${healing.setRole} canAct=${healing.canAct} />` : null}
      ${
        canOppose
          ? html`<${ChoiceField} label=${spec.pick?.label || (spec.opposed ? "Against (opposed roll)" : "Target")} name="opponent" value=${opponentId} onChange=${setOpponentId}
        options=${[["", spec.pick?.none || (spec.target ? "Choose…" : spec.opposed ? "Nobody: an unopposed roll" : "Nobody yet")], ...options]} />`
          : null
      }
      ${canOppose && !others.length && !isPlayer(campaign) ? html`<p class="help">Add another character to the party to pick an opponent.</p>` : null}
      ${healing?.healer ? html`<p class="help heal-skill">${healing.healer.name} rolls ${healerSkill(spec.heal, healing.healer)}.</p>` : null}
      ${form.fieldsView}
      ${form.diceView}
      <${OddsRegion} app=${app} op=${op} request=${oddsRequest} />
    </div>
    <footer class="drawer-foot">
      ${
        rules.length
          ? html`<ul class="badges house-rules" aria-label="House rules this roll uses">
        ${rules.map((param) => html`<li class="badge" key=${param.name} data-house-rule=${param.name}>${houseRuleWords(param, campaign.settings[param.name])}</li>`)}
      </ul>`
          : null
      }
      ${outcome?.result ? null : html`<${RuleWarning} op=${spec.op} game=${game} sheet=${fresh} target=${target?.sheet} />`}
      ${missing && !shown ? html`<p class="roll-missing" role="status">Fill in the field marked above first: nothing was rolled.</p>` : null}
      ${outcome?.result && outcome.once ? html`<p class="roll-done" role="status">${outcome.once}</p>` : null}
      ${
        outcome?.final
          ? html`<div class="roll-after">
        <button type="button" class="primary done" onClick=${onClose}>Done</button>
      </div>`
          : outcome?.result && (outcome.applied || outcome.once)
            ? html`<div class="roll-after">
        ${outcome.once ? null : html`<button type="button" class="roll again" disabled=${busy} onClick=${() => run()}>${busy ? "Rolling…" : op.rolls ? "Roll again" : "Apply again"}</button>`}
        <button type="button" class="primary done" onClick=${onClose}>Done</button>
      </div>`
            : html`<button type="button" class="primary roll" disabled=${busy || app.state.engine === "failed"} onClick=${() => run()}>
        ${busy ? "Rolling…" : app.state.engine !== "ready" ? "Roll (engine starting…)" : form.asking ? "Next die" : spec.rollLabel || (op.rolls ? rollWords(form.physical() ? "physical" : "digital") : "Apply")}
      </button>`
      }
      ${ask ? html`<${Confirm} title=${ask.title} text=${ask.text} confirmLabel=${ask.confirm || "Apply"} onConfirm=${ask.go} onCancel=${() => setAsk(null)} />` : null}
    </footer>`;
}
