// Import a campaign file: the engine checks the whole file first; on any problem, each is listed with where
// it is, and nothing is stored.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { importCampaign } from "../../app/actions.mjs";

export function ImportCampaign() {
  const app = useApp();
  const [problems, setProblems] = useState([]);
  const [busy, setBusy] = useState(null); // null, or what is being done ("Checking the log: 3,000 of 10,000 entries…")
  const choose = async (event) => {
    const file = event.currentTarget.files[0];
    event.currentTarget.value = "";
    if (!file) return;
    setBusy("Checking the file…");
    setProblems([]);
    const answer = await importCampaign(app, file, setBusy);
    setBusy(null);
    if (Array.isArray(answer)) setProblems(answer);
  };
  return html`<section class="panel import" aria-labelledby="import-title">
    <h2 id="import-title">Import a campaign</h2>
    <p class="help">A campaign file exported from this app. It is checked completely before anything is saved.</p>
    <label class="button file-button">
      <span aria-live="polite">${busy || "Choose a campaign file"}</span>
      <input type="file" accept=".json,application/json" name="campaign-file" class="visually-hidden" onChange=${choose} disabled=${Boolean(busy)} />
    </label>
    ${problems.length ? html`<div class="problems" role="alert" data-import-problems>
      <p><strong>Nothing was imported.</strong> ${problems.length === 1 ? "One problem" : `${problems.length} problems`} in this file:</p>
      <ul>${problems.map((problem, index) => html`<li key=${index}>${problem.text || problem.message}</li>`)}</ul>
    </div>` : null}
  </section>`;
}
