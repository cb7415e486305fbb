// About: what this is, which games it follows, the rules engine's version, the reference for developers and each
// campaign's tools for power users (tools.mjs: character JSON).
// The main interface speaks the games' words; version numbers and developer links live here.
import { html, useEffect, useState } from "../../app/html.mjs";
import { keepingWords, storageKeeping } from "../../store/persistence.mjs";
import { useApp } from "../../app/state.mjs";
import { paths } from "../../app/router.mjs";

export function AboutScreen() {
  const app = useApp();
  const catalog = app.state.catalog?.raw;
  const [keeping, setKeeping] = useState(null);
  useEffect(() => {
    storageKeeping().then(setKeeping);
  }, []);
  const campaigns = (app.state.campaigns || []).filter((each) => !each.damaged);
  const games = (catalog?.systems || [])
    .filter((system) => ["armageddon", "semiautomagic", "coc"].includes(system.id))
    .map((system) => system.name);
  return html`<section class="screen about" aria-labelledby="about-title">
    <p class="back"><a href=${paths.home()}>← Campaigns</a></p>
    <h1 id="about-title" tabindex="-1">About</h1>
    <p>Rules Companion resolves rolls and keeps characters by the rules of your table's games, with every die and
      modifier shown. It works without a network once it has been opened once.</p>
    ${games.length ? html`<p>Games: ${games.join(", ")}.</p>` : null}
    <p data-about-storage>${keepingWords(keeping)}</p>
    <p data-about-version>Rules engine version ${catalog?.engine_version || "(loading)"}.</p>
    <p>For developers: every operation, its fields and where each rule comes from.</p>
    <p><a class="button" href="reference.html">Reference for developers</a></p>
    <h2>Tools</h2>
    <p>Character files (JSON): one character's sheet out as a file, or in from a file made elsewhere, checked by the
      game's rules first. Choose the campaign:</p>
    ${
      campaigns.length
        ? html`<ul class="tool-campaigns">
      ${campaigns.map((each) => html`<li key=${each.id}><a class="button" href=${paths.tools(each.id)}>Tools for ${each.name}</a></li>`)}
    </ul>`
        : html`<p class="empty">No campaign yet.</p>`
    }
  </section>`;
}
