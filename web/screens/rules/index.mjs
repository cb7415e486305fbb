// House rules of this campaign: every setting the engine declares for the game, in plain words, the
// default marked. A checked value is stored when it is committed (setting_control.mjs); rolls in the drawer
// use it and name it above the Roll button. "All operations" (operations.mjs) is one link from here.
import { html } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { plainHelp } from "../../app/engine.mjs";
import { setSetting, snack } from "../../app/actions.mjs";
import { CampaignNav } from "../campaign_nav.mjs";
import { paths } from "../../app/router.mjs";
import { SettingControl, describe } from "./setting_control.mjs";

export { describe };

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Store ``value`` for ``param`` in the campaign as it is now (never a copy from an older render), and only
 * when it differs from what is stored: a change event followed by a blur writes once. */
function store(app, campaignId, param, value) {
  const live = app.state.campaign;
  if (!live || live.id !== campaignId) return Promise.resolve(null); // the table moved on to another campaign
  if (same(live.settings?.[param.name] ?? param.default, value)) return Promise.resolve(live);
  return setSetting(app, live, param.name, value, param.default);
}

/** The rule's help in plain words: a sentence naming a file's field names (a table's columns) is left to the file. */
function ruleHelp(param) {
  const sentences = plainHelp(param.help).split(/(?<=[.!?])\s+/);
  return sentences.filter((sentence) => !/\b[a-z]+_[a-z_]+\b/.test(sentence)).join(" ");
}

export function RulesScreen() {
  const app = useApp();
  const campaign = app.state.campaign;
  const settings = app.state.catalog.settings(campaign.game);
  return html`<section class="screen rules" aria-labelledby="rules-title">
    <${CampaignNav} campaign=${campaign} here="rules" />
    <h1 id="rules-title">${campaign.name}: house rules</h1>
    <p class="rules-links"><a class="button" href=${paths.operations(campaign.id)}>All operations</a>
      <span class="help">Every rule of the game as a form of its own: the moves of one character are on their sheet.</span></p>
    <p class="help">Each rule starts at the book's or the table's default. A number is kept when you leave its field or press Enter. A changed rule shows in the roll drawer and is named in the result.</p>
    <ul class="settings-list">
      ${settings.map((param) => {
        const value = campaign.settings[param.name] ?? param.default;
        const changed = !same(value, param.default);
        return html`<li class=${`setting${changed ? " changed" : ""}`} key=${param.name} data-setting=${param.name}>
          <${SettingControl} param=${param} value=${value} revision=${campaign.revision} onChange=${(next) => store(app, campaign.id, param, next)}
            onNotStored=${(words) => snack(app, words)} />
          <p class="help">${ruleHelp(param)}</p>
          <p class="default-note">${changed ? html`<strong>Changed.</strong> Default: ${describe(param, param.default)}` : "Default"}
            ${changed ? html` <button type="button" onClick=${() => store(app, campaign.id, param, param.default).catch(() => {})}>Back to default</button>` : null}</p>
        </li>`;
      })}
    </ul>
  </section>`;
}
