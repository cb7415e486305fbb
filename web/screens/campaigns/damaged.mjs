// A campaign whose saved record is damaged (TABLE.md, Kept safe): what is wrong in plain words, "Export what is there"
// (the file as it is, to keep or to mend by hand), and, where the engine can, "Repair": it lists exactly what
// it would remove (only what fails the check) before anything is written.
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { paths } from "../../app/router.mjs";
import { repairCampaign, repairPreview } from "../../app/actions.mjs";
import { exportCampaign } from "../../app/file_actions.mjs";

export function DamagedCampaignScreen({ damaged }) {
  const app = useApp();
  const [preview, setPreview] = useState(null);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState(null);
  useEffect(() => {
    let live = true;
    repairPreview(app, damaged.id).then((answer) => live && setPreview(answer));
    return () => {
      live = false;
    };
  }, [damaged.id]);
  const repair = async () => {
    setWorking(true);
    setFailure(null);
    try {
      await repairCampaign(app, preview);
    } catch (error) {
      setFailure(error.message);
      setWorking(false);
    }
  };
  return html`<section class="screen damaged" aria-labelledby="damaged-title">
    <h1 id="damaged-title" tabindex="-1">“${damaged.name}” cannot be opened</h1>
    <p role="alert">Its saved record on this device is damaged, so it is not shown (nothing has been changed):</p>
    <ul class="damaged-problems">${damaged.problems.slice(0, 20).map((text) => html`<li>${text.charAt(0).toUpperCase()}${text.slice(1)}</li>`)}</ul>
    ${damaged.problems.length > 20 ? html`<p>… and ${damaged.problems.length - 20} more.</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${() => exportCampaign(app, damaged.id)}>Export what is there</button>
      <a class="button" href=${paths.home()}>All campaigns</a>
    </div>
    <h2>Repair</h2>
    ${preview === null ? html`<p aria-busy="true">Working out what a repair would remove…</p>` : null}
    ${preview?.refused ? html`<p>It cannot be repaired here: ${preview.refused}</p>` : null}
    ${
      preview?.campaign
        ? html`
      <p>${preview.dropped.length ? "Repair keeps everything that passes the rules' check and removes or resets only this:" : "Repair removes nothing: it only writes the campaign back in good order."}</p>
      ${preview.dropped.length ? html`<ul class="damaged-dropped">${preview.dropped.map((each) => html`<li>${each.what}: ${each.why}</li>`)}</ul>` : null}
      <p>Export what is there first if you want to keep a copy of it as it is.</p>
      <button type="button" class="primary" disabled=${working} onClick=${repair}>${working ? "Repairing…" : "Repair"}</button>`
        : null
    }
    ${failure ? html`<p role="alert" class="error">${failure}</p>` : null}
  </section>`;
}
