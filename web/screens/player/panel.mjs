// The player's part of their sheet (a game held elsewhere): the rolls still waiting for the game master (the sheet
// already shows them, provisionally), the game master's refusals with the engine's reason, the rolls the game master
// asks for (a tap opens the drawer filled in), the game master's post pasted back, the rolls shared as a file.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { readUpdate, shareRolls, snackOf } from "../../app/player_actions.mjs";
import { openRequests, refusals } from "../../player/record.mjs";
import { proposalWords, requestSpec } from "../../player/requests.mjs";
import { PasteCode } from "./paste_code.mjs";
import { PlayerAttack } from "./attack.mjs";
import { LiveEntry } from "../live_entry.mjs";

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** ``onOpen(spec, event)`` opens the roll drawer. */
export function PlayerPanel({ record, onOpen }) {
  const app = useApp();
  const catalog = app.state.catalog;
  const [pasting, setPasting] = useState(false);
  const [said, setSaid] = useState("");
  const { outbox, turn, seq } = record.joined;
  const asked = openRequests(record);
  const refused = refusals(record);
  const share = async () => {
    setSaid("");
    try {
      const shared = await shareRolls(app, record);
      setSaid(
        shared ? `${count(shared, "roll", "rolls")} saved as a file: send it to your game master.` : "Not shared.",
      );
    } catch (error) {
      setSaid(`Not shared: ${error.message}`);
    }
  };
  const update = async (text) => {
    const answer = await readUpdate(app, record, text);
    if (answer.refused) return answer;
    setPasting(false);
    snackOf(app, answer);
    return answer;
  };
  return html`<section class="player-panel" aria-labelledby="player-title" data-player-panel>
    <h2 id="player-title">At the game master's table</h2>
    <p class="help">${`${seq ? `Your sheet is the game master's as of update ${seq}.` : "Your sheet is the one in the invitation."} Your rolls count once the game master's app accepts them.`}</p>
    ${turn ? html`<p class="player-turn" data-turn>${turn.encounter ? `${turn.encounter}: ` : ""}${turn.whose}'s turn.</p>` : null}
    ${
      outbox.length
        ? html`<div class="pending" role="status" data-pending>
      <p><strong>${count(outbox.length, "roll", "rolls")} waiting for the game master.</strong> The sheet shows ${outbox.length === 1 ? "it" : "them"} already; the game master's answer decides.</p>
      <ul>${outbox.map((each) => html`<li key=${each.id} data-proposal=${each.id}>${proposalWords(catalog, each)}</li>`)}</ul>
    </div>`
        : null
    }
    ${
      asked.length
        ? html`<div class="asked" role="group" aria-labelledby="asked-title">
      <h3 id="asked-title">The game master asks you to roll</h3>
      <div class="quick-actions">${asked.map((request) => {
        const spec = requestSpec(catalog, request);
        return html`<button type="button" key=${request.id} data-request=${request.id} disabled=${!spec}
          onClick=${(event) => onOpen(spec, event)}>${request.label || catalog.op(request.op)?.title || "A roll"}</button>`;
      })}</div>
    </div>`
        : null
    }
    ${
      refused.length
        ? html`<div class="refused" data-refused>
      <h3>Refused by the game master</h3>
      <ul>${refused.map(
        (each) =>
          html`<li key=${each.proposal} data-refused-proposal=${each.proposal}>${each.op ? `${proposalWords(catalog, each)}: ` : ""}${each.reason || "no reason given"}</li>`,
      )}</ul>
    </div>`
        : null
    }
    <${PlayerAttack} record=${record} />
    <div class="row-actions">
      <button type="button" aria-expanded=${String(pasting)} onClick=${() => setPasting(!pasting)}>Paste the game master's post</button>
      ${outbox.length ? html`<button type="button" onClick=${share}>Share my rolls as a file</button>` : null}
    </div>
    ${said ? html`<p class="help" role="status">${said}</p>` : null}
    <${LiveEntry} title="Join at the table" button="Join at the table"
      help="At the same table as the game master's tablet, on the same Wi-Fi: scan the tablet's code and your rolls go there by themselves."
      load=${() => import("../../live/join_box.mjs")} name="JoinBox" place=${record.id} props=${{ app, record }} />
    ${
      pasting
        ? html`<${PasteCode} label="The game master's post" button="Bring my sheet up to date" fileLabel="Open an update file"
      help="Paste the game master's whole post (or the code in it), or open the update file the game master sent."
      disabled=${app.state.engine !== "ready"} onRead=${update} />`
        : null
    }
  </section>`;
}
