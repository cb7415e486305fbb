// House rules of this campaign: every setting the engine declares for the game, in plain words, the
// default marked. A change is stored at once; rolls in the drawer use it and show it as a badge.
import { html } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { choiceLabel, plainHelp } from "../../app/engine.mjs";
import { setSetting } from "../../app/actions.mjs";
import { CampaignNav } from "../campaign_nav.mjs";
import { SettingControl } from "./setting_control.mjs";

export function RulesScreen() {
  const app = useApp();
  const campaign = app.state.campaign;
  const settings = app.state.catalog.settings(campaign.game);
  return html`<section class="screen rules" aria-labelledby="rules-title">
    <${CampaignNav} campaign=${campaign} here="rules" />
    <h1 id="rules-title">${campaign.name}: house rules</h1>
    <p class="help">Each rule starts at the book's or the table's default. A changed rule shows in the roll drawer and is named in the result.</p>
    <ul class="settings-list">
      ${settings.map((param) => {
        const value = campaign.settings[param.name] ?? param.default;
        const changed = JSON.stringify(value) !== JSON.stringify(param.default);
        return html`<li class=${`setting${changed ? " changed" : ""}`} key=${param.name} data-setting=${param.name}>
          <${SettingControl} param=${param} value=${value} onChange=${(next) => setSetting(app, campaign, param.name, next, param.default)} />
          <p class="help">${plainHelp(param.help)}</p>
          <p class="default-note">${changed ? html`<strong>Changed.</strong> Default: ${describe(param, param.default)}` : "Default"}
            ${changed ? html` <button type="button" onClick=${() => setSetting(app, campaign, param.name, param.default, param.default)}>Back to default</button>` : null}</p>
        </li>`;
      })}
    </ul>
  </section>`;
}

export function describe(param, value) {
  if (param.kind === "choice") return choiceLabel(param, value);
  if (param.kind === "bool") return value ? "on" : "off";
  if (param.kind === "json") return "the table in the rules";
  return String(value);
}
