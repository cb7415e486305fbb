// The campaign's encounters: those running (open one to carry on), those ended, and a new one by name.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { navigate, paths } from "../../app/router.mjs";
import { startEncounter } from "../../app/encounter_actions.mjs";
import { TextField } from "../../components/field.mjs";

const rounds = (n) => `${n} round${n === 1 ? "" : "s"}`;

export function EncounterList({ campaign }) {
  const app = useApp();
  const [name, setName] = useState("");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const encounters = [...(campaign.encounters || [])].reverse();
  const start = async (event) => {
    event.preventDefault();
    if (!name.trim()) {
      setError("Name the encounter (e.g. “The cellar”).");
      return;
    }
    setBusy(true);
    try {
      const state = await startEncounter(app, name);
      navigate(paths.encounter(campaign.id, state.id));
    } catch (failure) {
      setError(failure.message);
    } finally {
      setBusy(false);
    }
  };
  return html`
    <form class="panel encounter-start" onSubmit=${start} noValidate aria-label="Start an encounter">
      <${TextField} label="Name of the encounter" name="encounter-name" value=${name} maxlength="90" error=${error}
        placeholder="The cellar" onInput=${(text) => {
          setName(text);
          setError(null);
        }} />
      <button type="submit" class="primary" disabled=${busy || app.state.engine === "failed"}>Start the encounter</button>
    </form>
    ${
      encounters.length
        ? html`<ul class="encounter-list">
      ${encounters.map(
        (each) => html`<li key=${each.id}>
        <a class="button" href=${paths.encounter(campaign.id, each.id)}>
          <span class="encounter-name">${each.name}</span>
          <span class="campaign-meta">${each.ended ? `ended after ${rounds(each.round)}` : `round ${each.round}`} · ${each.combatants.length} combatant${each.combatants.length === 1 ? "" : "s"}</span>
        </a>
      </li>`,
      )}
    </ul>`
        : html`<p class="empty">No encounter yet in this campaign.</p>`
    }`;
}
