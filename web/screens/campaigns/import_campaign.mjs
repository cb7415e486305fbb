// Import a campaign file: the engine checks the whole file first; on any problem, each is listed with where
// it is, and nothing is stored.
import { html, useEffect, useRef, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { dropImport, importCampaign, importClash } from "../../app/file_actions.mjs";
import { Confirm } from "../../components/confirm.mjs";

export function ImportCampaign() {
  const app = useApp();
  const [problems, setProblems] = useState([]);
  const [busy, setBusy] = useState(null); // null, or what is being done ("Checking the log: 3,000 of 10,000 entries…")
  const [clash, setClash] = useState(null); // {campaign, here}: the file's campaign is already on this device
  const [replacing, setReplacing] = useState(false);
  const pending = useRef(null); // the question's campaign, its log written ahead: taken back if the question goes unanswered
  pending.current = clash;
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
      dropImport(app, pending.current);
    },
    [],
  );
  const settle = async (how) => {
    const { campaign, staged } = clash;
    setClash(null);
    setReplacing(false);
    setBusy(how === "copy" ? "Importing a copy…" : "Replacing…");
    try {
      await importClash(app, campaign, how, staged);
    } finally {
      setBusy(null);
    }
  };
  const choose = async (event) => {
    const file = event.currentTarget.files[0];
    event.currentTarget.value = "";
    if (!file) return;
    if (clash) {
      dropImport(app, clash);
      setClash(null);
    } // a new file in place of the question's
    setBusy("Checking the file…");
    setProblems([]);
    let answer;
    try {
      answer = await importCampaign(app, file, setBusy);
    } catch (error) {
      // never left on "Checking the file…": what went wrong, in words, and nothing imported
      console.error("Import failed:", error);
      answer = [{ path: "(file)", message: `The file could not be imported: ${error?.message || error}` }];
    }
    if (!mounted.current) {
      dropImport(app, answer.clash);
      return;
    } // the screen was left meanwhile
    setBusy(null);
    if (Array.isArray(answer)) setProblems(answer);
    else if (answer.clash) setClash(answer.clash);
  };
  return html`<section class="panel import" aria-labelledby="import-title">
    <h2 id="import-title">Import a campaign</h2>
    <p class="help">A campaign file exported from this app. It is checked completely before anything is saved.</p>
    <label class="button file-button">
      <span aria-live="polite">${busy || "Choose a campaign file"}</span>
      <input type="file" accept=".json,.gz,application/json,application/gzip" name="campaign-file" class="visually-hidden" onChange=${choose} disabled=${Boolean(busy)} />
    </label>
    ${
      problems.length
        ? html`<div class="problems" role="alert" data-import-problems>
      <p><strong>Nothing was imported.</strong> ${problems.length === 1 ? "One problem" : `${problems.length} problems`} in this file:</p>
      <ul>${problems.map((problem, index) => html`<li key=${index}>${problem.text || problem.message}</li>`)}</ul>
    </div>`
        : null
    }
    ${
      clash
        ? html`<div class="panel clash" role="alert" data-import-clash>
      <p><strong>“${clash.here.name}” is already on this device.</strong> The file holds the same campaign${clash.here.revision !== clash.campaign.revision ? ` (here it has had ${clash.here.revision} changes, in the file ${clash.campaign.revision})` : ""}.</p>
      <div class="row-actions">
        <button type="button" onClick=${() => settle("copy")}>Keep both</button>
        <button type="button" class="danger" onClick=${() => setReplacing(true)}>Replace it with the file</button>
        <button type="button" onClick=${() => {
          dropImport(app, clash);
          setClash(null);
        }}>Cancel</button>
      </div>
    </div>`
        : null
    }
    ${
      replacing
        ? html`<${Confirm} title=${`Replace “${clash.here.name}”?`} danger
      text="The campaign on this device, its log and its undo history are replaced by the file's. You can undo for a few seconds."
      confirmLabel="Replace" onCancel=${() => setReplacing(false)} onConfirm=${() => settle("replace")} />`
        : null
    }
  </section>`;
}
