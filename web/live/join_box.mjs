// "Join at the table" on a player's phone: the tablet's code (scanned or pasted), then this phone's answer (QR and
// text) for the tablet to scan; once the devices are connected, rolls go to the tablet and the tablet's answers
// update the sheet by themselves (guest.mjs). Loaded only when asked for.
import { html, useEffect, useState } from "../app/html.mjs";
import { snackOf } from "../app/player_actions.mjs";
import { OwnCode, TheirCode } from "./code_pair.mjs";
import { liveUnavailable } from "./connect.mjs";
import { joinTable } from "./guest.mjs";

// The live session of each player record, kept outside the screen: the connection outlives the join box (the player
// opens their sheet, the log, another screen and comes back), so what it shows comes back with it.
const sessions = new Map(); // record id -> {status: "" | "waiting" | "connected" | "lost", answer, failed}
const listeners = new Set();
const EMPTY = { status: "", answer: null, failed: "" };

export const sessionOf = (recordId) => sessions.get(recordId) ?? EMPTY;

function setSession(recordId, change) {
  sessions.set(recordId, { ...sessionOf(recordId), ...change });
  for (const listener of listeners) listener();
}

function useSession(recordId) {
  const [, setSeen] = useState(0);
  useEffect(() => {
    const listener = () => setSeen((n) => n + 1);
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, []);
  return sessionOf(recordId);
}

export function JoinBox({ app, record }) {
  const unavailable = liveUnavailable();
  const { status, answer, failed } = useSession(record.id);

  const takeOffer = async (text) => {
    setSession(record.id, { failed: "" });
    try {
      const joined = await joinTable(app, record, text, {
        onUpdate: (done) => {
          if (done?.record) snackOf(app, done);
        },
        onClose: () => setSession(record.id, { status: "lost" }),
      });
      app.dispatch({ type: "snack", snack: null }); // an earlier notice would cover the code the tablet must read
      setSession(record.id, { answer: joined.code, status: "waiting" });
      joined.open.then(
        () => setSession(record.id, { status: "connected", answer: null }),
        (error) => setSession(record.id, { status: "", answer: null, failed: error.message }),
      );
      return "";
    } catch (error) {
      return error.message;
    }
  };

  if (unavailable) {
    return html`<div class="live-join" data-live="unavailable"><p class="field-error" role="alert">${unavailable}</p>
      <p class="help">Your rolls can still go to the game master as codes in your posts or as a file (below).</p></div>`;
  }
  return html`<div class="live-join" data-live=${status || "idle"}>
    ${status === "connected" ? html`<p role="status" class="live-connected">Connected to the game master's tablet: your rolls go there by themselves.</p>` : null}
    ${status === "lost" ? html`<p role="status">The connection to the tablet was lost. Your rolls wait on this phone: scan a new code from the tablet to join again.</p>` : null}
    ${failed ? html`<p class="field-error" role="alert">${failed}</p>` : null}
    ${
      status === "connected"
        ? null
        : answer
          ? html`<${OwnCode} code=${answer} label="This phone's code"
              help="Show this to the game master's tablet to scan (or send them this text). Waiting for the tablet…" />`
          : html`<${TheirCode} label="The tablet's code" button="Join" onCode=${takeOffer} />`
    }
  </div>`;
}
