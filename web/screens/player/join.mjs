// "Join a game": a player's device takes the game master's invitation (a pasted code, a file, or the link
// #/join/<code>) and keeps the player's character of that game (app/player_actions.mjs joinGame). Joining the same
// seat again refreshes it.
import { html, useEffect, useRef, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { paths } from "../../app/router.mjs";
import { joinGame } from "../../app/player_actions.mjs";
import { PasteCode } from "./paste_code.mjs";

export function JoinScreen({ code = "" }) {
  const app = useApp();
  const ready = app.state.engine === "ready" && app.state.campaigns !== null;
  const tried = useRef(false);
  const [linkSaid, setLinkSaid] = useState("");
  // arriving by the game master's link: the invitation is read at once, once the engine is up
  useEffect(() => {
    if (!code || !ready || tried.current) return;
    tried.current = true;
    joinGame(app, code).then((answer) => {
      if (answer?.refused) setLinkSaid(answer.refused);
    });
  }, [code, ready]);
  return html`<section class="screen join" aria-labelledby="join-title">
    <nav class="campaign-nav" aria-label="Campaign"><a href=${paths.home()}>‹ Campaigns</a></nav>
    <h1 id="join-title" tabindex="-1">Join a game</h1>
    <p>Your game master keeps the game; this device keeps your character. Your rolls are sent to the game master as
      codes in your forum posts (or as a file), and the game master's answers bring your sheet up to date.</p>
    ${linkSaid ? html`<p class="field-error" role="alert">The link's invitation was not read: ${linkSaid}</p>` : null}
    <${PasteCode} label="The invitation from your game master" initial=${code}
      help="Paste the invitation code (or the whole message it came in), or open the invitation file."
      button=${ready ? "Join" : "Join (engine starting…)"} fileLabel="Open an invitation file" disabled=${!ready}
      onRead=${(text) => joinGame(app, text)} />
  </section>`;
}
