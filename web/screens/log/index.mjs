// Log: every roll and every state change of the campaign, newest first (headline, who, when, encounter),
// the whole result one tap away; filters by character and encounter and a search; Undo and Redo of the last
// change; a stretch as a forum post in the campaign's format (TABLE.md, Log). Rows are read a page at a
// time from storage, so a campaign of thousands of entries opens as fast as a new one.
import { html, useMemo, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { CampaignNav } from "../campaign_nav.mjs";
import { LogFilters } from "./log_filters.mjs";
import { LogList } from "./log_list.mjs";
import { UndoBar } from "../../components/undo_bar.mjs";
import { ForumExport } from "./forum_export.mjs";
import { whatOf } from "../../app/log_reads.mjs";

const NO_FILTERS = { who: null, encounter: null, search: "" };

/** Names for rows: characters by id (one no longer in the party is still named), encounters by id, and
 * what a game's operation is called ("Attack", "Skill roll"). */
function useLook(campaign, catalog) {
  return useMemo(() => {
    const names = new Map(campaign.characters.map((each) => [each.id, each.sheet.name]));
    const encounters = new Map((campaign.encounters || []).map((each) => [each.id, each.name]));
    return {
      campaignId: campaign.id,
      nameOf: (id) => names.get(id) || "someone no longer in the party",
      encounterName: (id) => encounters.get(id) || "an encounter since removed",
      whatOf: (op) => whatOf(catalog, op),
    };
  }, [campaign.id, campaign.characters, campaign.encounters, catalog]);
}

export function LogScreen() {
  const app = useApp();
  const campaign = app.state.campaign;
  const [filters, setFilters] = useState(NO_FILTERS);
  const [cleared, setCleared] = useState(0); // "Show every entry" empties the search box too
  const look = useLook(campaign, app.state.catalog);
  const encounters = campaign.encounters || [];
  const version = `${app.state.logVersion ?? 0}|${campaign.revision}`;
  const filtered = Boolean(filters.who || filters.encounter || filters.search.trim());
  return html`<section class="screen log" aria-labelledby="log-title">
    <${CampaignNav} campaign=${campaign} here="log" />
    <h1 id="log-title">${campaign.name}: the log</h1>
    <${UndoBar} app=${app} />
    <${LogFilters} key=${cleared} filters=${filters} onChange=${setFilters} characters=${campaign.characters} encounters=${encounters} />
    ${
      filtered
        ? html`<button type="button" class="ghost" onClick=${() => {
            setFilters(NO_FILTERS);
            setCleared(cleared + 1);
          }}>Show every entry</button>`
        : null
    }
    <${ForumExport} app=${app} campaign=${campaign} encounters=${encounters} version=${version} />
    <${LogList} app=${app} campaignId=${campaign.id} filters=${{ ...filters, search: filters.search.trim() }} version=${version} look=${look} filtered=${filtered} />
  </section>`;
}
