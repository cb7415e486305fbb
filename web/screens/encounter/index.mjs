// Encounter (TABLE.md, Encounter): combatants from the party or as NPCs, the order by the game's
// rule (Semiautomagic: the GM's, moved by touch or keyboard), the round and whose turn it is, Next always in
// view, delay / skip / remove, and quick actions per combatant in at most three taps (Attack → target → Roll).
// Every step goes through app/encounter_actions.mjs (one commit, logged); rolls from the drawer are logged
// with the encounter's id. The state lives in the campaign record, so a reload carries on from the same turn.
import { html, useEffect, useMemo, useRef, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { CODE } from "../../error_codes.mjs";
import { paths } from "../../app/router.mjs";
import { setDiceMode, snack } from "../../app/actions.mjs";
import { campaignDice } from "../../app/dice_mode.mjs";
import {
  encounterById,
  encounterStep,
  nextTurn,
  rememberSkip,
  rememberedSkip,
  timeCheck,
} from "../../app/encounter_actions.mjs";
import { capacityRequest, useCapacity } from "../party/character_card.mjs";
import { Drawer } from "../../drawer/index.mjs";
import { clearedDice, diceArgs, freshDice, readAskedFace } from "../../drawer/dice_field.mjs";
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
import { toldFor } from "./told.mjs";

/** JSON with sorted keys: an encounter read back from storage equals the state a step returned. */
function canon(value) {
  if (Array.isArray(value)) return `[${value.map(canon).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canon(value[key])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

/** After a step the current combatant's card is scrolled fully into view above the turn bar (fixed at the
 * bottom), never hidden behind it. ``settled`` is what else a step changes above the list (the summary, which
 * arrives a moment after the encounter): a change of it soon after the turn moved scrolls again. */
function useCurrentInView(list, encounter, settled) {
  const now = encounter.combatants[encounter.turn];
  const key = encounter.ended || !now ? null : `${now.id}@${encounter.round}`;
  const seen = useRef({ key, at: 0 });
  useEffect(() => {
    if (key !== seen.current.key) seen.current = { key, at: Date.now() };
    else if (Date.now() - seen.current.at > 2000) return;
    const card = key && list.current?.querySelector(`[data-combatant="${now.id}"]`);
    if (!card) return;
    const bar = document.querySelector(".turn-bar");
    card.style.scrollMarginBottom = `${(bar?.offsetHeight || 0) + 12}px`;
    card.scrollIntoView({ block: "nearest" });
  }, [key, settled]);
}

export function EncounterScreen({ encounterId }) {
  const app = useApp();
  const campaign = app.state.campaign;
  const encounter = encounterId ? encounterById(campaign, encounterId) : null;
  return html`<section class="screen encounter-screen" aria-labelledby="encounter-title">
    <${CampaignNav} campaign=${campaign} here="encounter" />
    ${
      encounter
        ? html`<${RunningEncounter} key=${encounter.id} campaign=${campaign} encounter=${encounter} />`
        : html`<h1 id="encounter-title" tabindex="-1">${campaign.name}: encounters</h1>
        ${encounterId ? html`<p role="alert">That encounter is not in this campaign (any more).</p>` : null}
        <${EncounterList} campaign=${campaign} />`
    }
  </section>`;
}

/** A step in words, for the die it asks: "End the round now", "The next turn" (never "Next": one button is). */
function stepWords(kind, rules) {
  const words = {
    next: "The next turn",
    end_round: "End the round now",
    skip_time: "Time passes",
    order: rules.orderLabel,
    add: "Add to the encounter",
  };
  return words[kind] || "This step";
}

/** The dice with none asked or answered one at a time (the faces typed up front stay). */
const unasked = (dice) => ({ ...dice, asked: [], asking: null, face: "" });

function RunningEncounter({ campaign, encounter }) {
  const app = useApp();
  const rules = encounterGame(campaign.game, app.state.catalog);
  const [busy, setBusy] = useState(false);
  const [steps, setSteps] = useState({ list: [], serial: 0 }); // the steps taken here: {result, after}
  const [dice, setDiceState] = useState(() => freshDice(campaignDice(campaign))); // the campaign's one choice
  const diceNow = useRef(dice); // read at once by a step that follows a change in the same moment
  const setDice = (next) => {
    diceNow.current = next;
    setDiceState(next);
  };
  const diceMode = campaignDice(campaign);
  useEffect(() => {
    if (diceNow.current.mode !== diceMode) setDice(freshDice(diceMode)); // chosen in a drawer: followed here
  }, [diceMode]);
  const pending = useRef(null); // (dice) => the step whose next physical die is asked (sent again once it is typed)
  const [askedFor, setAskedFor] = useState(""); // that step in the page's words ("End the round now")
  const stepping = useRef(0); // steps running (set at once: an Enter on the asked die in the same moment sees it)
  const [diceError, setDiceError] = useState(null);
  const [picking, setPicking] = useState(null); // the attacker's combatant id while a target is picked
  const [drawer, setDrawer] = useState(null); // {spec, characterId, opponent, opener, id}
  const [ending, setEnding] = useState(false);
  const [asking, setAsking] = useState(null); // {args, warnings}: time that would run dying rolls, asked first
  const [skipUnable, setSkipUnable] = useState(() => rememberedSkip(campaign.id)); // Next passes over who cannot act
  const refocus = useRef(null); // [combatant id, "up" | "down"] after a move
  const list = useRef(null);
  useEffect(() => {
    if (!refocus.current) return;
    const [id, which] = refocus.current;
    refocus.current = null;
    const button = list.current?.querySelector(`[data-combatant="${id}"] [data-move="${which}"]`);
    (button && !button.disabled
      ? button
      : list.current?.querySelector(`[data-combatant="${id}"] [data-move]:not([disabled])`)
    )?.focus();
  }, [encounter]);

  /** Run ``fn`` (an encounter step); errors are said where they belong. True when it went through. */
  async function run(fn) {
    setBusy(true);
    setDiceError(null);
    try {
      const result = await fn();
      if (result?.logged) {
        const done = { result: result.logged, after: canon(result.details.encounter) };
        setSteps((old) => ({ list: [...old.list.slice(-29), done], serial: old.serial + 1 }));
      }
      return true;
    } catch (error) {
      if (error.field === "dice") setDiceError(error.message);
      else if (error.name !== "StaleError") snack(app, error.message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** A step that may roll: ``go(dice)`` with the dice chosen ({physical, faces so far} or digital). Physical dice
   * are asked one at a time (drawer/dice_field.mjs): the faces typed up front go first, then each die the rules
   * need is asked in the controls (the engine's "needs a die", nothing stored meanwhile) and the step is sent
   * again with the faces so far (:func:`answerDie`). True when the step went through. */
  async function withDice(go, what, answering = false) {
    if (!answering && (diceNow.current.asking || diceNow.current.asked.length)) setDice(unasked(diceNow.current)); // another step: its own dice
    const typed = diceArgs(diceNow.current);
    if (typed.error) {
      setDiceError(typed.error);
      return false;
    }
    let asked = null;
    stepping.current += 1;
    const done = await run(async () => {
      try {
        return await go(typed.physical ? { physical: true, faces: typed.args.dice || null } : {});
      } catch (error) {
        if (error.code !== CODE.needsDie || !error.die) throw error;
        asked = error.die; // the rules need one more die: ask it
        return null;
      }
    }).finally(() => {
      stepping.current -= 1;
    });
    if (asked) {
      pending.current = go;
      setAskedFor(what);
      setDice({ ...diceNow.current, asking: asked, face: "" });
      return false;
    }
    pending.current = null;
    if (done && diceNow.current.mode === "physical")
      setDice(clearedDice(diceNow.current)); // the faces are never kept
    else if (!done) setDice(unasked(diceNow.current)); // refused: asked again from the faces typed up front
    return done;
  }

  /** The die asked is typed (Enter or Next): the same step again with the faces so far and this one. A face left
   * empty or not on the die is marked next to it, in view (never a silent no-op). */
  function answerDie() {
    if (stepping.current || !pending.current) return false; // a second Enter while the step runs
    const current = diceNow.current;
    const read = readAskedFace(current);
    if (read.error) {
      setDiceError(read.error);
      return false;
    }
    setDice({
      ...current,
      asked: [...current.asked, { prompt: current.asking.prompt, face: read.face }],
      asking: null,
      face: "",
    });
    return withDice(pending.current, askedFor, true);
  }

  /** Stop asking: the step is not taken, nothing was stored; the faces typed up front stay. */
  function stopAsking() {
    pending.current = null;
    setDice(unasked(diceNow.current));
    setDiceError(null);
  }

  const act = (kind, args = {}) =>
    withDice((chosen) => encounterStep(app, encounter, kind, args, chosen), stepWords(kind, rules));

  /** Why ``sheet`` cannot act now (the engine's first reason, in the game's words), or null when they can. */
  async function unableReason(sheet) {
    const request = capacityRequest(app, rules.game, sheet);
    if (!request) return null;
    const details = (await app.services.engine.call(request.op, request.args)).details;
    return details.can_act ? null : details.limits.find((each) => each.what === "act")?.reason || "cannot act";
  }

  /** Next; with the GM's choice on, passing over those who cannot act (one step, logged with who and why). While
   * a die is asked, Next answers it and carries on with the step that asked. */
  function next() {
    if (diceNow.current.asking && pending.current) return answerDie();
    if (!skipUnable) return act("next");
    return withDice((chosen) => nextTurn(app, encounter, chosen, unableReason), stepWords("next", rules));
  }

  /** Time passes, but first says what it would run (Survival Tests, dying rounds: how many) and asks. */
  async function letTimePass(args) {
    let warnings;
    try {
      warnings = await timeCheck(app, encounter, args);
    } catch (error) {
      snack(app, error.message);
      return;
    }
    if (warnings.length) setAsking({ args, warnings });
    else await act("skip_time", args);
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

  const open = (spec, characterId, opponent, event) =>
    setDrawer({
      spec: { ...spec, title: spec.label },
      characterId,
      opponent,
      opener: event?.currentTarget,
      id: Date.now(),
    });
  const close = () => {
    drawer?.opener?.focus?.();
    setDrawer(null);
  };
  const onAction = (combatant, action, event) => {
    if (action.needsTarget) setPicking(picking === combatant.id ? null : combatant.id);
    else {
      setPicking(null);
      open(action, combatant.character_id, "", event);
    }
  };
  // the summary says what the encounter as it now is says: the last step here that left it so (after an Undo,
  // the step it went back to; after a Redo, that step again), else nothing
  const shown = useMemo(() => {
    const now = canon(encounter);
    return steps.list.findLast((each) => each.after === now)?.result || null;
  }, [encounter, steps]);
  useCurrentInView(list, encounter, shown);
  const told = (combatant) => toldFor(shown, combatant);
  const characterOf = (combatant) =>
    combatant?.character_id && campaign.characters.find((each) => each.id === combatant.character_id);
  const nowCapacity = useCapacity(
    rules.game,
    (!encounter.ended && characterOf(encounter.combatants[encounter.turn])?.sheet) || null,
  );
  const nowUnable =
    nowCapacity && !nowCapacity.can_act ? nowCapacity.limits.find((each) => each.what === "act")?.reason || "" : null;
  const activityParam =
    campaign.game === "armageddon"
      ? app.state.catalog.op("encounter.update").params.find((each) => each.name === "activity")
      : null;
  return html`<div class=${`encounter-layout${drawer ? " with-drawer" : ""}`}>
    <p class="back"><a href=${paths.encounter(campaign.id)}>‹ All encounters</a></p>
    <h1 id="encounter-title" tabindex="-1">${encounter.name}</h1>
    <${Happened} result=${shown} serial=${steps.serial} />
    <${UndoBar} app=${app} compact where=${{ encounter: encounter.id, characters: encounter.combatants.map((each) => each.character_id) }} />
    ${
      encounter.combatants.length
        ? html`<ol class="combatants" ref=${list} aria-label="Turn order">
      ${encounter.combatants.map(
        (combatant, index) => html`<${CombatantRow} key=${combatant.id} combatant=${combatant} index=${index}
        count=${encounter.combatants.length} current=${!encounter.ended && index === encounter.turn} character=${characterOf(combatant)}
        rules=${rules} ended=${encounter.ended} act=${act} onMove=${move} onAction=${onAction} picking=${picking} activityParam=${activityParam}
        told=${told(combatant)}>
        ${
          picking === combatant.id
            ? html`<${TargetPicker} attacker=${combatant} combatants=${encounter.combatants} characters=${campaign.characters}
          onCancel=${() => setPicking(null)}
          onPick=${(target) => {
            setPicking(null);
            open(
              rules.actions.find((each) => each.key === "attack"),
              combatant.character_id,
              target,
            );
          }} />`
            : null
        }
      </${CombatantRow}>`,
      )}
    </ol>`
        : html`<p class="empty">Nobody in this encounter yet: add the party and the NPCs.</p>`
    }
    ${encounter.ended ? null : html`<${AddCombatants} campaign=${campaign} encounter=${encounter} rules=${rules} run=${run} busy=${busy} />`}
    <${Controls} encounter=${encounter} rules=${rules} catalog=${app.state.catalog} busy=${busy} act=${act} onPass=${letTimePass}
      dice=${dice} setDice=${(chosen) => {
        if (chosen.mode !== dice.mode) {
          pending.current = null;
          setDiceMode(app, campaign, chosen.mode);
        }
        setDice(chosen);
        setDiceError(null);
      }} diceError=${diceError}
      askedFor=${askedFor} onAnswer=${answerDie} onStop=${stopAsking} onEnd=${() => setEnding(true)}
      skipUnable=${skipUnable} setSkipUnable=${(on) => {
        setSkipUnable(on);
        rememberSkip(campaign.id, on);
      }} />
    <${TurnBar} encounter=${encounter} busy=${busy} engine=${app.state.engine} onNext=${next} unable=${nowUnable}
      told=${encounter.ended ? [] : told(encounter.combatants[encounter.turn])} />
    ${
      drawer
        ? html`<${Drawer} key=${drawer.id} spec=${drawer.spec} characterId=${drawer.characterId} opponent=${drawer.opponent}
      encounter=${encounter.id} game=${rules.game} onClose=${close} />`
        : null
    }
    ${
      ending
        ? html`<${Confirm} title=${`End “${encounter.name}”?`} text="No more turns; its log stays, and time can still pass for its combatants."
      confirmLabel="End the encounter" danger onCancel=${() => setEnding(false)}
      onConfirm=${async () => {
        setEnding(false);
        await act("end");
      }} />`
        : null
    }
    ${
      asking
        ? html`<${Confirm} title="Let the time pass?" text=${`${asking.warnings.join(" ")} Go on?`}
      confirmLabel="Let the time pass" onCancel=${() => setAsking(null)}
      onConfirm=${async () => {
        const { args } = asking;
        setAsking(null);
        await act("skip_time", args);
      }} />`
        : null
    }
  </div>`;
}
