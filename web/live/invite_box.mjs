// "Connect a phone at this table (same Wi-Fi)" on the Players screen: the tablet's code (QR and text), a box for the phone's
// answer, then who is connected and what each roll that came did (host.mjs). Loaded only when asked for.
import { html, useEffect, useState } from "../app/html.mjs";
import { decisionLine } from "../app/table_words.mjs";
import { OwnCode, TheirCode } from "./code_pair.mjs";
import { liveUnavailable } from "./connect.mjs";
import { hostTable } from "./host.mjs";
import { measured } from "./sync.mjs";

const tables = new Map(); // campaign id -> its live table, kept while the tab lives (phones stay connected)

function tableFor(app, campaignId) {
  if (!tables.has(campaignId)) {
    const made = hostTable(app, campaignId);
    made.catch(() => tables.delete(campaignId));
    tables.set(campaignId, made);
  }
  return tables.get(campaignId);
}

function People({ state, campaign, catalog }) {
  const nameOf = (id) => campaign.characters.find((each) => each.id === id)?.sheet.name ?? null;
  return html`<div class="live-people" role="status">
    <h3>At this tablet</h3>
    ${
      state.peers.length
        ? html`<ul class="live-peers">${state.peers.map(
            (peer) => html`<li key=${peer.id} data-connected=${String(peer.connected)}>
              ${peer.name}: ${peer.connected ? "connected" : "connection lost (they can join again by scanning a new code)"}</li>`,
          )}</ul>`
        : html`<p>No phone has joined yet.</p>`
    }
    ${
      state.results.length
        ? html`<h3>Rolls that came in</h3><ul class="live-results">${state.results.map(
            ({ decision }) =>
              html`<li key=${decision.proposal} data-status=${decision.status}>${decisionLine(decision, {
                proposal: null,
                nameOf,
                opOf: (id) => catalog.op(id),
                earlier: null,
              })}</li>`,
          )}</ul>`
        : null
    }
  </div>`;
}

export function InviteBox({ app, campaign }) {
  const unavailable = liveUnavailable();
  const [table, setTable] = useState(null);
  const [state, setState] = useState(null);
  const [invite, setInvite] = useState(null);
  const [failed, setFailed] = useState("");

  useEffect(() => {
    if (unavailable) return undefined;
    let stop = () => {};
    tableFor(app, campaign.id).then(
      (made) => {
        setTable(made);
        setState({ ...made.state });
        stop = made.subscribe((next) => setState({ ...next }));
      },
      (error) => setFailed(`The live table could not start here (${error.message}). Use the codes or a file.`),
    );
    return () => stop();
  }, [campaign.id]);

  const newInvite = async () => {
    setFailed("");
    try {
      setInvite(await table.invite());
    } catch (error) {
      setFailed(error.message);
    }
  };
  const takeAnswer = async (text) => {
    try {
      await invite.accept(text);
      setInvite(null);
      return "";
    } catch (error) {
      return error.message;
    }
  };

  if (unavailable) {
    return html`<div class="live-invite" data-live="unavailable"><p class="field-error" role="alert">${unavailable}</p>
      <p class="help">Give the player their invitation code (above), then paste their rolls under “What players sent”.</p></div>`;
  }
  // data-load-ms: how long the sync engine took to start in this tab (tools/bench_live.py reads it)
  return html`<div class="live-invite" data-live=${table ? "ready" : "starting"} data-load-ms=${measured.loadMs ?? ""}>
    ${failed ? html`<p class="field-error" role="alert">${failed}</p>` : null}
    ${!table && !failed ? html`<p aria-busy="true">Starting the live table…</p>` : null}
    ${
      table && !invite
        ? html`<div class="row-actions"><button type="button" class="primary" onClick=${newInvite}>Show a code for a phone</button></div>`
        : null
    }
    ${
      invite
        ? html`<ol class="live-steps">
        <li><${OwnCode} code=${invite.code} label="The tablet's code"
          help="On the phone: open the game, choose “Join at the table” and scan this code (or paste this text)." /></li>
        <li><${TheirCode} label="The phone's code" button="Connect" onCode=${takeAnswer} /></li>
      </ol>`
        : null
    }
    ${state ? html`<${People} state=${state} campaign=${campaign} catalog=${app.state.catalog} />` : null}
  </div>`;
}
