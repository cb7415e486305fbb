// Encounter (issue 11; TABLE.md, Encounter): combatants from the party or as NPCs, the order by the game's
// rule (Semiautomagic: the GM's, moved by touch or keyboard), the round and whose turn it is, Next always in
// view, delay / skip / remove, and quick actions per combatant in at most three taps (Attack → target → Roll).
// Every step goes through app/encounter_actions.mjs (one commit, logged); rolls from the drawer are logged
// with the encounter's id. The state lives in the campaign record, so a reload carries on from the same turn.
import { html, useEffect, useRef, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { paths } from "../../app/router.mjs";
import { snack } from "../../app/actions.mjs";
import { encounterById, encounterStep } from "../../app/encounter_actions.mjs";
import { Drawer } from "../../drawer/index.mjs";
import { diceArgs } from "../../drawer/dice_field.mjs";
import { Confirm } from "../../components/confirm.mjs";
import { UndoBar } from "../../components/undo_bar.mjs";
import { CampaignNav } from "../campaign_nav.mjs";
import { encounterGame } from "./games.mjs";
import { EncounterList } from "./start.mjs";
import { AddCombatants } from "./add_combatants.mjs";
import { CombatantRow } from "./combatant.mjs";
import { TargetPicker } from "./target_picker.mjs";
import { TurnBar } from "./turn_bar.mjs";
import { Controls } from "./controls.mjs";
import { Happened } from "./happened.mjs";

export function EncounterScreen({ encounterId }) {
  const app = useApp();
  const campaign = app.state.campaign;
  const encounter = encounterId ? encounterById(campaign, encounterId) : null;
  return html`<section class="screen encounter-screen" aria-labelledby="encounter-title">
    <${CampaignNav} campaign=${campaign} here="encounter" />
    ${encounter
      ? html`<${RunningEncounter} key=${encounter.id} campaign=${campaign} encounter=${encounter} />`
      : html`<h1 id="encounter-title" tabindex="-1">${campaign.name}: encounters</h1>
        ${encounterId ? html`<p role="alert">That encounter is not in this campaign (any more).</p>` : null}
        <${EncounterList} campaign=${campaign} />`}
  </section>`;
}

function RunningEncounter({ campaign, encounter }) {
  const app = useApp();
  const rules = encounterGame(campaign.game);
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState({ result: null, serial: 0 });
  const [dice, setDice] = useState({ mode: "digital", faces: "" });
  const [diceError, setDiceError] = useState(null);
  const [picking, setPicking] = useState(null); // the attacker's combatant id while a target is picked
  const [drawer, setDrawer] = useState(null); // {spec, characterId, opponent, opener, id}
  const [ending, setEnding] = useState(false);
  const refocus = useRef(null); // [combatant id, "up" | "down"] after a move
  const list = useRef(null);
  useEffect(() => {
    if (!refocus.current) return;
    const [id, which] = refocus.current;
    refocus.current = null;
    const button = list.current?.querySelector(`[data-combatant="${id}"] [data-move="${which}"]`);
    (button && !button.disabled ? button : list.current?.querySelector(`[data-combatant="${id}"] [data-move]:not([disabled])`))?.focus();
  }, [encounter]);

  /** Run ``fn`` (an encounter step); errors are said where they belong. True when it went through. */
  async function run(fn) {
    setBusy(true);
    setDiceError(null);
    try {
      const result = await fn();
      setLast((old) => ({ result, serial: old.serial + 1 }));
      return true;
    } catch (error) {
      if (error.field === "dice") setDiceError(error.message);
      else if (error.name !== "StaleError") snack(app, error.message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function act(kind, args = {}) {
    // Physical dice with no faces typed: a step that rolls none goes through, one that rolls says which dice
    // to type (digital dice are never rolled behind the GM's back).
    const physical = dice.mode === "physical";
    const typed = physical && !dice.faces.trim() ? { args: {} } : diceArgs(dice);
    if (typed.error) { setDiceError(typed.error); return false; }
    const done = await run(() => encounterStep(app, encounter, kind, args, { faces: typed.args.dice || null, physical }));
    if (done && dice.mode === "physical") setDice({ ...dice, faces: "" });
    return done;
  }

  function move(id, delta, which) {
    const order = encounter.combatants.map((each) => each.id);
    const from = order.indexOf(id);
    const to = from + delta;
    if (to < 0 || to >= order.length) return;
    [order[from], order[to]] = [order[to], order[from]];
    refocus.current = [id, which];
    act("reorder", { order });
  }

  const open = (spec, characterId, opponent, event) => setDrawer({ spec: { ...spec, title: spec.label }, characterId, opponent, opener: event?.currentTarget, id: Date.now() });
  const close = () => { drawer?.opener?.focus?.(); setDrawer(null); };
  const onAction = (combatant, action, event) => {
    if (action.needsTarget) setPicking(picking === combatant.id ? null : combatant.id);
    else { setPicking(null); open(action, combatant.character_id, "", event); }
  };
  const characterOf = (combatant) => combatant.character_id && campaign.characters.find((each) => each.id === combatant.character_id);
  const activityParam = campaign.game === "armageddon" ? app.state.catalog.op("encounter.update").params.find((each) => each.name === "activity") : null;
  return html`<div class=${`encounter-layout${drawer ? " with-drawer" : ""}`}>
    <p class="back"><a href=${paths.encounter(campaign.id)}>‹ All encounters</a></p>
    <h1 id="encounter-title" tabindex="-1">${encounter.name}</h1>
    <${Happened} result=${last.result} serial=${last.serial} />
    <${UndoBar} app=${app} compact />
    ${encounter.combatants.length ? html`<ol class="combatants" ref=${list} aria-label="Turn order">
      ${encounter.combatants.map((combatant, index) => html`<${CombatantRow} key=${combatant.id} combatant=${combatant} index=${index}
        count=${encounter.combatants.length} current=${!encounter.ended && index === encounter.turn} character=${characterOf(combatant)}
        rules=${rules} ended=${encounter.ended} act=${act} onMove=${move} onAction=${onAction} picking=${picking} activityParam=${activityParam}>
        ${picking === combatant.id ? html`<${TargetPicker} attacker=${combatant} combatants=${encounter.combatants} characters=${campaign.characters}
          onCancel=${() => setPicking(null)}
          onPick=${(target) => { setPicking(null); open(rules.actions.find((each) => each.key === "attack"), combatant.character_id, target); }} />` : null}
      </${CombatantRow}>`)}
    </ol>` : html`<p class="empty">Nobody in this encounter yet: add the party and the NPCs.</p>`}
    ${encounter.ended ? null : html`<${AddCombatants} campaign=${campaign} encounter=${encounter} rules=${rules} run=${run} busy=${busy} />`}
    <${Controls} encounter=${encounter} rules=${rules} catalog=${app.state.catalog} busy=${busy} act=${act}
      dice=${dice} setDice=${(next) => { setDice(next); setDiceError(null); }} diceError=${diceError} onEnd=${() => setEnding(true)} />
    <${TurnBar} encounter=${encounter} busy=${busy} engine=${app.state.engine} onNext=${() => act("next")} />
    ${drawer ? html`<${Drawer} key=${drawer.id} spec=${drawer.spec} characterId=${drawer.characterId} opponent=${drawer.opponent}
      encounter=${encounter.id} game=${rules.game} onClose=${close} />` : null}
    ${ending ? html`<${Confirm} title=${`End “${encounter.name}”?`} text="No more turns; its log stays, and time can still pass for its combatants."
      confirmLabel="End the encounter" danger onCancel=${() => setEnding(false)}
      onConfirm=${async () => { setEnding(false); await act("end"); }} />` : null}
  </div>`;
}
