// Home's "Keep your campaigns" panel (Safari may delete them): the note that this browser may delete them (once, until
// dismissed, and only where that is so), "Back up everything" and "Restore".
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { importClash } from "../../app/file_actions.mjs";
import { backUpEverything, restoreBackup } from "../../app/backup_actions.mjs";
import { markNoteSeen, mayBeDeleted, noteSeen, storageKeeping } from "../../store/persistence.mjs";

function EvictionNote() {
  const [keeping, setKeeping] = useState(null);
  const [seen, setSeen] = useState(noteSeen());
  useEffect(() => {
    storageKeeping().then(setKeeping);
  }, []);
  if (seen || !mayBeDeleted(keeping)) return null;
  return html`<div class="note eviction-note" role="note" data-eviction-note>
    <p><strong>This browser may delete your campaigns</strong> if the app goes unused for a while (Safari does after
      seven days). To keep them on an iPad, open this page in Safari, tap Share, then “Add to Home Screen”, and open
      the app from there. And back up everything now and then: one file holds every campaign.</p>
    <button type="button" onClick=${() => {
      markNoteSeen();
      setSeen(true);
    }}>Got it</button>
  </div>`;
}

function RestoreReport({ report, onSettle }) {
  const { restored, refused, clashes } = report;
  return html`<div class="restore-report" role="status" data-restore-report>
    <p>${restored.length ? `Restored: ${restored.join(", ")}.` : "No new campaign was restored."}</p>
    ${
      refused.length
        ? html`<div class="problems" role="alert"><p><strong>Not restored</strong> (nothing of them was saved):</p>
      <ul>${refused.map((each, index) => html`<li key=${index}>${each.name}: ${each.problems.slice(0, 3).join(" ")}${each.problems.length > 3 ? ` And ${each.problems.length - 3} more.` : ""}</li>`)}</ul></div>`
        : null
    }
    ${
      clashes.length
        ? html`<p>${clashes.length === 1 ? "One campaign of the backup is" : `${clashes.length} campaigns of the backup are`} already on this device and ${clashes.length === 1 ? "was" : "were"} left as ${clashes.length === 1 ? "it is" : "they are"}:</p>
      <ul class="restore-clashes">${clashes.map(
        (clash) => html`<li key=${clash.campaign.id} data-restore-clash=${clash.campaign.id}>
        <span>${clash.here.name}</span>
        <div class="row-actions">
          <button type="button" onClick=${() => onSettle(clash, "copy")}>Keep both</button>
          <button type="button" class="danger" onClick=${() => onSettle(clash, "replace")}>Replace with the backup's</button>
          <button type="button" onClick=${() => onSettle(clash, null)}>Leave it</button>
        </div>
      </li>`,
      )}</ul>`
        : null
    }
  </div>`;
}

export function BackupPanel() {
  const app = useApp();
  const [busy, setBusy] = useState(null);
  const [problem, setProblem] = useState(null);
  const [report, setReport] = useState(null);
  const backUp = async () => {
    setBusy("Backing up…");
    try {
      const count = await backUpEverything(app);
      app.dispatch({
        type: "snack",
        snack: { text: `${count} ${count === 1 ? "campaign" : "campaigns"} backed up into one file.` },
      });
    } finally {
      setBusy(null);
    }
  };
  const choose = async (event) => {
    const file = event.currentTarget.files[0];
    event.currentTarget.value = "";
    if (!file) return;
    setProblem(null);
    setReport(null);
    setBusy("Checking the backup…");
    try {
      const answer = await restoreBackup(app, file, setBusy);
      if (answer.problem) setProblem(answer.problem);
      else setReport(answer);
    } finally {
      setBusy(null);
    }
  };
  const settle = async (clash, how) => {
    setReport((current) => ({ ...current, clashes: current.clashes.filter((each) => each !== clash) }));
    if (how) await importClash(app, clash.campaign, how);
  };
  return html`<section class="panel backup" aria-labelledby="backup-title">
    <h2 id="backup-title">Back up</h2>
    <${EvictionNote} />
    <p class="help">One file with every campaign, its characters, log and house rules. Restore checks it completely and replaces nothing without asking.</p>
    <div class="row-actions">
      <button type="button" onClick=${backUp} disabled=${Boolean(busy)}>Back up everything</button>
      <label class="button file-button">
        <span aria-live="polite">${busy || "Restore"}</span>
        <input type="file" accept=".json,.gz,application/json,application/gzip" name="backup-file" class="visually-hidden" onChange=${choose} disabled=${Boolean(busy)} />
      </label>
    </div>
    ${problem ? html`<p class="problems" role="alert" data-restore-problem><strong>Nothing was restored.</strong> ${problem}</p>` : null}
    ${report ? html`<${RestoreReport} report=${report} onSettle=${settle} />` : null}
  </section>`;
}
