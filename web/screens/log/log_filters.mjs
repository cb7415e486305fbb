// What the log shows: one character's entries, one encounter's, and a search in the headlines and names.
// The search box waits for a pause in typing before the log is read again.
import { html, useEffect, useId, useState } from "../../app/html.mjs";
import { ChoiceField } from "../../components/field.mjs";

/** ``filters`` {who, encounter, search}; ``onChange`` gets the next filters. */
export function LogFilters({ filters, onChange, characters, encounters }) {
  const searchId = useId();
  const [typed, setTyped] = useState(filters.search);
  useEffect(() => {
    if (typed === filters.search) return undefined;
    const timer = setTimeout(() => onChange({ ...filters, search: typed }), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  return html`<div class="log-filters" role="search" aria-label="Filter the log">
    <${ChoiceField} label="Who" name="who" value=${filters.who || ""} onChange=${(who) => onChange({ ...filters, who: who || null })}
      options=${[["", "Everyone"], ...characters.map((each) => [each.id, each.sheet.name])]} />
    ${
      encounters.length
        ? html`<${ChoiceField} label="Encounter" name="encounter" value=${filters.encounter || ""} onChange=${(encounter) => onChange({ ...filters, encounter: encounter || null })}
      options=${[["", "All of the campaign"], ...encounters.map((each) => [each.id, each.name])]} />`
        : null
    }
    <div class="field">
      <label for=${searchId}>Search</label>
      <input id=${searchId} name="search" type="search" inputmode="search" autocomplete="off" placeholder="e.g. Dodge, ghoul, Extreme"
        value=${typed} onInput=${(event) => setTyped(event.currentTarget.value)}
        onKeyDown=${(event) => {
          if (event.key === "Enter") onChange({ ...filters, search: typed });
        }} />
    </div>
  </div>`;
}
