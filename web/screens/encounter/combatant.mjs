// One combatant in the turn order, compact so a tablet shows four or more at once (TABLE.md, Encounter): their
// initiative number, name and state (the game's card: bars, conditions with the rounds left, timers), what the
// last step decided for them (a Confusion row, a dying check: ``told``), the quick actions (attack a target
// picked by touch, damage, heal, condition), more moves and the turn controls (delay / act now, skip, move up /
// down, remove) in one row. The on/off ones (Delay, Sit out, Firearm drawn) are toggle buttons that show their
// state (aria-pressed, a pressed look); Firearm drawn sits in the head, by the order it changes (Call of Cthulhu:
// DEX +50, rules/coc.md §3.14), and not for one who cannot act (unless drawn already: it can be put away). A move
// the engine refuses them now (<game>.capacity ``refused``: the dead's attack, treatment, Luck) is not offered.
import { html } from "../../app/html.mjs";
import { choiceLabel } from "../../app/engine.mjs";
import { Bar } from "../../components/bar.mjs";
import { CapacityView, SummaryLine, useCapacity } from "../party/character_card.mjs";
import { MoreMoves } from "../sheet/more_moves.mjs";
import { cardMoreMoves } from "../../games/moves.mjs";

function CardView({ sheet, rules, capacity }) {
  const card = rules.game.card(sheet);
  const timers = rules.timers(sheet);
  return html`<div class="combatant-card">
    ${card.bars.length ? html`<div class="bars">${card.bars.map((bar) => html`<${Bar} key=${bar.label} ...${bar} />`)}</div>` : null}
    ${card.facts ? html`<p class="facts">${card.facts.map(([label, value]) => html`<span key=${label}>${label} ${value}</span>`)}</p>` : null}
    <${SummaryLine} query=${card.query} />
    <${CapacityView} details=${capacity} />
    <p class="conditions" data-conditions>${card.conditions.length ? card.conditions.join(", ") : "No conditions"}</p>
    ${timers.length ? html`<p class="timers" data-timers>${timers.join(" · ")}</p>` : null}
  </div>`;
}

/** What the step the encounter is at decided for this combatant, in the engine's plain lines. */
export function Told({ lines, id }) {
  return lines?.length
    ? html`<ul class="told" data-told=${id} aria-label="What the last step decided">
    ${lines.map((line, index) => html`<li key=${index}>${line}</li>`)}
  </ul>`
    : null;
}

function Status({ combatant, current, unable }) {
  const tags = [
    current ? "their turn" : null,
    unable ? "can't act" : null,
    combatant.delayed ? "delaying" : null,
    combatant.skipped ? "sits out" : null,
  ].filter(Boolean);
  const kind = { "their turn": " now", "can't act": " unable" };
  return tags.map((tag) => html`<span class=${`tag${kind[tag] || ""}`} key=${tag}>${tag}</span>`);
}

/** ``act(fn)`` runs an encounter step; ``onAction(action, event)`` opens the drawer (or the target picker). */
export function CombatantRow({
  combatant,
  index,
  count,
  current,
  character,
  rules,
  ended,
  act,
  onAction,
  onMove,
  picking,
  activityParam,
  told = [],
  children,
}) {
  const name = combatant.name;
  const move = (delta, event) => onMove(combatant.id, delta, event.currentTarget.dataset.move);
  const capacity = useCapacity(rules.game, character?.sheet || null);
  const unable = capacity ? !capacity.can_act : false;
  // only the moves their state allows: the engine lists each operation it refuses them now (a dead investigator's
  // attack, treatment, Luck), so their card does not offer it (py_rules/capacity.py ``refused``)
  const refused = new Set(capacity?.refused || []);
  const allowed = (actions) => actions.filter((action) => !refused.has(action.op));
  const quick = allowed(rules.actions);
  const more = allowed(cardMoreMoves(rules.game, rules.actions));
  const reorderHere = !rules.orderLabel; // the GM's order is this game's only order: the arrows sit in the row
  const arrows = html`<div class="move" role="group" aria-label=${`Move ${name}`}>
    <button type="button" data-move="up" aria-label=${`Move ${name} up`} disabled=${ended || index === 0} onClick=${(event) => move(-1, event)}>↑</button>
    <button type="button" data-move="down" aria-label=${`Move ${name} down`} disabled=${ended || index === count - 1} onClick=${(event) => move(1, event)}>↓</button>
  </div>`;
  return html`<li class=${`combatant${current ? " current" : ""}${combatant.skipped ? " skipped" : ""}${unable ? " unable" : ""}`} data-combatant=${combatant.id}
    data-can-act=${capacity ? String(capacity.can_act) : undefined}
    aria-current=${current ? "true" : undefined} aria-labelledby=${`c-${combatant.id}`}>
    <div class="combatant-head">
      ${
        reorderHere
          ? html`<span class="initiative place"><span class="visually-hidden">Place </span>${index + 1}</span>`
          : html`<span class="initiative"><span class="visually-hidden">Initiative </span>${combatant.initiative ?? "–"}</span>`
      }
      <h3 id=${`c-${combatant.id}`}>${name}</h3>
      ${character?.kind === "npc" || combatant.npc ? html`<span class="tag">${character ? "NPC" : "quick NPC"}</span>` : null}
      <${Status} combatant=${combatant} current=${current} unable=${unable} />
      ${
        combatant.delayed && !ended
          ? html`<button type="button" data-step="act-now"
        onClick=${() => act("delay", { combatant_id: combatant.id, delayed: false })}>${name} acts now</button>`
          : null
      }
      ${
        rules.firearm && !ended && (!unable || combatant.firearm_ready)
          ? html`<button type="button" class="toggle firearm" data-step="firearm" aria-pressed=${String(Boolean(combatant.firearm_ready))}
        onClick=${() => act("update", { combatant_id: combatant.id, firearm_ready: !combatant.firearm_ready })}>Firearm drawn</button>`
          : null
      }
      ${reorderHere ? arrows : null}
    </div>
    <${Told} lines=${told} id=${combatant.id} />
    ${
      character
        ? html`<${CardView} sheet=${character.sheet} rules=${rules} capacity=${capacity} />`
        : html`<p class="help">${combatant.character_id ? "No longer in the campaign: remove them from the encounter." : "No sheet: takes turns only."}</p>`
    }
    <div class="combatant-actions">
    ${
      character && !ended && quick.length
        ? html`<div class="quick-actions" role="group" aria-label=${`What ${name} does`}>
      ${quick.map(
        (action) => html`<button type="button" key=${action.key} data-action=${action.key}
        aria-expanded=${action.needsTarget ? String(picking === combatant.id) : undefined}
        onClick=${(event) => onAction(combatant, action, event)}>${action.label}</button>`,
      )}
    </div>`
        : null
    }
    ${
      character && !ended && more.length
        ? html`<${MoreMoves} game=${rules.game} sheet=${character.sheet} actions=${more}
      onOpen=${(spec, event) => onAction(combatant, spec, event)} id=${`more-${combatant.id}`} name=${name} />`
        : null
    }
    ${
      ended
        ? null
        : html`<details class="more">
      <summary>Turn…<span class="visually-hidden"> delay, skip, move, remove</span></summary>
      <div class="row-actions">
        <button type="button" class="toggle" data-step="delay" aria-pressed=${String(Boolean(combatant.delayed))}
          onClick=${() => act("delay", { combatant_id: combatant.id, delayed: !combatant.delayed })}>Delay</button>
        <button type="button" class="toggle" data-step="skip" aria-pressed=${String(Boolean(combatant.skipped))}
          onClick=${() => act("skip", { combatant_id: combatant.id, skipped: !combatant.skipped })}>Sit out (skip)</button>
        ${
          activityParam
            ? html`<label class="activity">Each Turn
          <select value=${combatant.activity} onChange=${(event) => act("update", { combatant_id: combatant.id, activity: event.currentTarget.value })}>
            ${activityParam.choices.map((value) => html`<option value=${value} key=${value}>${choiceLabel(activityParam, value)}</option>`)}
          </select></label>`
            : null
        }
        ${reorderHere ? null : arrows}
        <button type="button" class="danger" data-step="remove" onClick=${() => act("remove", { combatant_id: combatant.id })}>Remove ${name}</button>
      </div>
    </details>`
    }
    </div>
    ${children}
  </li>`;
}
