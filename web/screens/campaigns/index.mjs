// Home: every campaign (name, game, player characters and cast, last played), a new one (a name and one of three games as
// large cards), import a campaign file. Per campaign: open, rename, duplicate, export, delete (confirmed,
// undoable for a few seconds).
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { paths } from "../../app/router.mjs";
import { deleteCampaign, duplicateCampaign, renameCampaign } from "../../app/actions.mjs";
import { exportCampaign } from "../../app/file_actions.mjs";
import { gameNames } from "../../games/index.mjs";
import { Confirm } from "../../components/confirm.mjs";
import { NewCampaign } from "./new_campaign.mjs";
import { ImportCampaign } from "./import_campaign.mjs";
import { RenameForm } from "./rename.mjs";
import { BackupPanel } from "./backup.mjs";
import { exportedTimes } from "../../store/backup.mjs";
import { own } from "../../store/own.mjs";

function when(iso) {
  const date = typeof iso === "string" && !iso.startsWith("1970") ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
    : "not yet";
}

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** Who is in a campaign, the party apart from the GM's cast: "2 player characters · 3 in the cast". */
function who(campaign) {
  const players = campaign.players ?? campaign.characters;
  const party = count(players, "player character", "player characters");
  return campaign.cast ? `${party} · ${campaign.cast} in the cast` : party;
}

export function CampaignsScreen() {
  const app = useApp();
  const campaigns = app.state.campaigns;
  const [deleting, setDeleting] = useState(null);
  const [renaming, setRenaming] = useState(null);
  const exported = exportedTimes(); // read again on every render: app.state.exportVersion changes after an export
  return html`<section class="screen campaigns" aria-labelledby="campaigns-title">
    <h1 id="campaigns-title">Campaigns</h1>
    ${campaigns === null ? html`<p>Opening your campaigns…</p>` : null}
    ${campaigns?.length === 0 ? html`<p class="empty">No campaign yet. Start one below, or import a campaign file.</p>` : null}
    <ul class="campaign-list">
      ${(campaigns || []).map(
        (campaign) => html`<li class="campaign-row" key=${campaign.id} data-campaign=${campaign.id}>
        ${
          renaming === campaign.id
            ? html`<${RenameForm} name=${campaign.name} onCancel=${() => setRenaming(null)}
              onSave=${async (name) => {
                await renameCampaign(app, campaign.id, name);
                setRenaming(null);
              }} />`
            : html`<a class="campaign-open" href=${paths.party(campaign.id)}>
              <span class="campaign-name">${campaign.playing ? `${campaign.playing} in ${campaign.name} (player)` : campaign.name}</span>
              ${
                campaign.damaged
                  ? html`<span class="campaign-meta campaign-damaged">Damaged: ${typeof campaign.damaged === "string" ? campaign.damaged : "its saved record cannot be read."} Open it to export what is there or repair it.</span>`
                  : campaign.playing
                    ? html`<span class="campaign-meta">${own(gameNames, campaign.game) || "A game this app does not know"} · held by your game master · last updated ${when(campaign.updated)}</span>`
                    : html`<span class="campaign-meta">${own(gameNames, campaign.game) || "A game this app does not know"} · ${who(campaign)} · last played ${when(campaign.updated)} · ${exported.has(campaign.id) ? `backed up ${when(exported.get(campaign.id))}` : "never backed up"}</span>`
              }
            </a>`
        }
        <div class="row-actions" role="group" aria-label=${`Actions for ${campaign.name}`}>
          ${
            campaign.damaged || campaign.playing
              ? null
              : html`<button type="button" onClick=${() => setRenaming(campaign.id)}>Rename</button>
          <button type="button" onClick=${() => duplicateCampaign(app, campaign.id)}>Duplicate</button>`
          }
          <button type="button" onClick=${() => exportCampaign(app, campaign.id, { share: true })}>Export</button>
          <button type="button" class="danger" onClick=${() => setDeleting(campaign)}>Delete</button>
        </div>
      </li>`,
      )}
    </ul>
    <p class="row-actions join-game"><a class="button" href=${paths.join()}>Join a game</a>
      <span class="help">Your game master sent you an invitation: keep your character on this device.</span></p>
    <${NewCampaign} />
    <${ImportCampaign} />
    <${BackupPanel} />
    ${
      deleting
        ? html`<${Confirm} title=${`Delete “${deleting.name}”?`} danger
      text=${`Its ${deleting.characters} ${deleting.characters === 1 ? "character" : "characters"} and house rules go with it. You can undo for a few seconds.`}
      confirmLabel="Delete" onCancel=${() => setDeleting(null)}
      onConfirm=${() => {
        const id = deleting.id;
        setDeleting(null);
        deleteCampaign(app, id);
      }} />`
        : null
    }
  </section>`;
}
