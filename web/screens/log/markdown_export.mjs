// A stretch of the log as Markdown for a play-by-post forum: this session (back to the last pause of more
// than four hours between two entries: an evening's play, even past midnight), one encounter, or the last N
// entries. The engine writes the text (log.markdown, the same rendering as the page's results); it is shown
// before it is copied or saved as a .md file named after the campaign.
import { html, useEffect, useId, useRef, useState } from "../../app/html.mjs";
import { downloadMarkdown, logMarkdown, markdownFileName, readStretch } from "../../app/log_reads.mjs";
import { ChoiceField, NumberField, TextField, readNumber } from "../../components/field.mjs";
import { ForumStretch } from "./forum_stretch.mjs";

const MOST = 1000;
const KINDS = [["session", "This session"], ["encounter", "An encounter"], ["last", "The last entries"]];

function titleFor(campaign, stretch, encounters) {
  if (stretch.kind === "encounter") return `${campaign.name}: ${encounters.find((each) => each.id === stretch.encounter)?.name || "an encounter"}`;
  return campaign.name;
}

/** Copy ``text``; where the clipboard is refused, select it in ``area`` so the reader can copy it by hand. */
async function copy(text, area) {
  try {
    await navigator.clipboard.writeText(text);
    return "Copied: paste it into your post.";
  } catch {
    area?.focus();
    area?.select();
    return "The browser did not allow copying: the text is selected, copy it by hand.";
  }
}

export function MarkdownExport({ app, campaign, encounters, version }) {
  const id = useId();
  const [kind, setKind] = useState("session");
  const [encounter, setEncounter] = useState(encounters.at(-1)?.id || "");
  const [count, setCount] = useState({ text: "10", bad: false });
  const [title, setTitle] = useState(null); // null: the title follows the stretch
  const [made, setMade] = useState({ text: "", count: 0, error: null, busy: false });
  const [said, setSaid] = useState("");
  const area = useRef(null);
  const number = readNumber(count.text, { min: 1, max: MOST, label: "How many", badInput: count.bad });
  const stretch = kind === "last" ? { kind, count: number.value } : kind === "encounter" ? { kind, encounter } : { kind };
  const heading = title ?? titleFor(campaign, stretch, encounters);
  const [open, setOpen] = useState(false);
  const ready = open && !(kind === "last" && number.error) && !(kind === "encounter" && !encounter);
  const encounterName = encounters.find((each) => each.id === encounter)?.name || "encounter";

  useEffect(() => {
    if (!ready) return undefined;
    let live = true;
    setSaid("");
    setMade((old) => ({ ...old, busy: true, error: null }));
    const timer = setTimeout(async () => {
      try {
        const entries = await readStretch(app, campaign.id, { ...stretch, most: MOST });
        const text = entries.length ? await logMarkdown(app, entries, heading) : "";
        if (live) setMade({ text, count: entries.length, error: null, busy: false });
      } catch (error) {
        if (live) setMade({ text: "", count: 0, error: error.message, busy: false });
      }
    }, 300);
    return () => { live = false; clearTimeout(timer); };
  }, [kind, encounter, number.value, heading, version, ready]);

  const choices = encounters.length ? KINDS : KINDS.filter(([value]) => value !== "encounter");
  return html`<details class="panel md-export" onToggle=${(event) => setOpen(event.currentTarget.open)}>
    <summary>Copy for a forum post</summary>
    <fieldset class="md-stretch">
      <legend>Which entries</legend>
      <div class="segmented" role="radiogroup" aria-label="Which entries">
        ${choices.map(([value, words]) => html`<label key=${value} class=${kind === value ? "on" : ""}>
          <input type="radio" name=${`${id}-kind`} value=${value} checked=${kind === value} onChange=${() => setKind(value)} /> ${words}</label>`)}
      </div>
      ${kind === "session" ? html`<p class="help">Everything since the last pause of more than four hours.</p>` : null}
      ${kind === "encounter" ? html`<${ChoiceField} label="Encounter" name="md-encounter" value=${encounter} onChange=${setEncounter}
        options=${encounters.map((each) => [each.id, each.name])} />` : null}
      ${kind === "last" ? html`<${NumberField} label="How many" name="md-count" min=${1} max=${MOST} value=${count.text} error=${number.error}
        onInput=${(text, bad) => setCount({ text, bad })} />` : null}
      <${TextField} label="Heading" name="md-title" value=${heading} maxlength="200" onInput=${setTitle} />
    </fieldset>
    ${made.error ? html`<p class="field-error" role="alert">${made.error}</p>` : null}
    <div class="field">
      <label for=${`${id}-text`}>${made.busy ? "Writing the text…" : made.count ? `The text (${made.count === 1 ? "1 entry" : `${made.count} entries`})` : "The text"}</label>
      <textarea id=${`${id}-text`} ref=${area} class="md-preview" readonly rows="10" value=${made.count ? made.text : ""}
        placeholder="No entries in this stretch yet."></textarea>
    </div>
    <div class="row-actions">
      <button type="button" class="primary" disabled=${!made.count || made.busy} onClick=${async () => setSaid(await copy(made.text, area.current))}>Copy to the clipboard</button>
      <button type="button" disabled=${!made.count || made.busy}
        onClick=${() => { downloadMarkdown(made.text, markdownFileName(campaign.name, kind === "encounter" ? encounterName : kind === "session" ? "session" : "log")); setSaid("Saved as a file."); }}>Download a .md file</button>
      <span role="status" aria-live="polite">${said}</span>
    </div>
    ${open ? html`<${ForumStretch} campaignId=${campaign.id} heading=${heading} entries=${() => readStretch(app, campaign.id, { ...stretch, most: MOST })} />` : null}
  </details>`;
}
