// "Attack" on a player's device: whom (a character the game master's last update named) and with what (a weapon on
// the player's own sheet). The device rolls only the attacker's side — the weapon's skill on the player's own sheet,
// shown with its trace — and the game master's app rolls the defence when it accepts the post's code
// (app/player_actions.mjs proposeAttack). Once the game master's next update is read, each attack's outcome is shown.
import { html, useId, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { proposeAttack } from "../../app/player_actions.mjs";
import { PLAYER_ATTACKS, attackWeapons } from "../../player/moves.mjs";
import { ownCharacter } from "../../player/record.mjs";

/** The attacks the game master decided, each with its outcome and whom it was on. */
function decidedAttacks(record) {
  const game = PLAYER_ATTACKS[record.game];
  const named = new Map((record.joined.targets || []).map((each) => [each.id, each.name]));
  return (record.joined.decisions || [])
    .filter((each) => each.op === game.op && each.status === "accepted" && each.outcome)
    .map((each) => ({ ...each, whom: named.get(each.bind?.[game.target]) || "" }));
}

export function PlayerAttack({ record }) {
  const app = useApp();
  const id = useId();
  const game = PLAYER_ATTACKS[record.game];
  const targets = record.joined.targets || [];
  const weapons = attackWeapons(ownCharacter(record)?.sheet, record.game);
  const [targetId, setTargetId] = useState("");
  const [weapon, setWeapon] = useState(weapons[0]?.name ?? "");
  const [made, setMade] = useState(null);
  const [said, setSaid] = useState("");
  const [busy, setBusy] = useState(false);
  if (!game) return null;
  const chosen = targets.some((each) => each.id === targetId) ? targetId : (targets[0]?.id ?? "");
  const attack = async () => {
    setBusy(true);
    setSaid("");
    try {
      const answer = await proposeAttack(app, record, { targetId: chosen, weapon });
      if (answer.refused) setSaid(answer.refused);
      else setMade(answer);
    } catch (error) {
      setSaid(error?.message || String(error));
    } finally {
      setBusy(false);
    }
  };
  const decided = decidedAttacks(record);
  return html`<div class="player-attack" role="group" aria-labelledby=${`${id}-title`} data-player-attack>
    <h3 id=${`${id}-title`}>Attack</h3>
    ${
      targets.length
        ? html`<div class="field">
        <label for=${`${id}-whom`}>Whom</label>
        <select id=${`${id}-whom`} value=${chosen} onChange=${(event) => setTargetId(event.currentTarget.value)}>
          ${targets.map((each) => html`<option key=${each.id} value=${each.id}>${each.name}</option>`)}
        </select>
      </div>
      <div class="field">
        <label for=${`${id}-weapon`}>Weapon</label>
        <select id=${`${id}-weapon`} value=${weapon} onChange=${(event) => setWeapon(event.currentTarget.value)}>
          ${weapons.map((each) => html`<option key=${each.name} value=${each.name}>${each.label} (${each.skill})</option>`)}
        </select>
      </div>
      <div class="row-actions">
        <button type="button" class="primary" disabled=${busy || app.state.engine !== "ready"} onClick=${attack}>
          ${busy ? "Rolling…" : "Roll the attack"}</button>
      </div>`
        : html`<p class="help">The game master's next post names whom you can attack.</p>`
    }
    ${said ? html`<p class="field-error" role="alert">${said}</p>` : null}
    ${made ? html`<${AttackRoll} made=${made} />` : null}
    ${
      decided.length
        ? html`<ul class="attack-outcomes" data-attack-outcomes>${decided.map(
            (each) =>
              html`<li key=${each.proposal} data-attack-outcome=${each.proposal}>${each.whom ? `On ${each.whom}: ` : ""}${each.outcome}</li>`,
          )}</ul>`
        : null
    }
  </div>`;
}

/** The attacker's own roll as this device threw it, and the code for the forum post. */
function AttackRoll({ made }) {
  const id = useId();
  const lines = Array.isArray(made.result.text) ? made.result.text : [];
  return html`<div class="attack-roll" role="status" data-attack-roll>
    <p><strong>${`Your ${made.skill} roll against ${made.target.name}: ${made.result.level_name || made.result.headline || ""}`}</strong></p>
    <ul class="trace">${lines.map((line, index) => html`<li key=${index}>${line}</li>`)}</ul>
    <p data-gm-rolls>The game master rolls the defence: the outcome comes with the game master's next post.</p>
    <div class="field">
      <label for=${`${id}-code`}>Your post's code (paste it in your forum post)</label>
      <textarea id=${`${id}-code`} name="proposal-code" rows="3" readonly spellcheck="false" value=${made.code}></textarea>
    </div>
  </div>`;
}
