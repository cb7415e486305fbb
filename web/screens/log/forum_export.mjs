// A stretch of the log as a forum post (TABLE.md, Log): this session (back to the last pause of more than four hours
// between two entries: an evening's play, even past midnight), one encounter, or the last N entries, written by the
// engine (forum.stretch) in the campaign's format (one of the catalog's forum formats, chosen right here and kept in
// the campaign) with its choice for undone entries: turn bookkeeping left out, dice as a person reads them. The post
// is shown before it is copied, shared or saved as a file (of the extension and type its format declares).
import { html, useEffect, useId, useRef, useState } from "../../app/html.mjs";
import { downloadPost, postFileName, readStretch } from "../../app/log_reads.mjs";
import { ChoiceField, NumberField, TextField, readNumber } from "../../components/field.mjs";
import {
  ForumChoices,
  copyText,
  fileKind,
  forumChoices,
  formatName,
  writeStretch,
} from "../../components/copy_forum.mjs";

const MOST = 1000;
const KINDS = [
  ["session", "This session"],
  ["encounter", "An encounter"],
  ["last", "The last entries"],
];

function titleFor(campaign, stretch, encounters) {
  if (stretch.kind === "encounter")
    return `${campaign.name}: ${encounters.find((each) => each.id === stretch.encounter)?.name || "an encounter"}`;
  return campaign.name;
}

const canShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

function countWords(catalog, made) {
  if (made.busy) return "Writing the post…";
  if (!made.count) return "The post";
  return `The post (${made.count === 1 ? "1 entry" : `${made.count} entries`}, ${formatName(catalog, made.format)})`;
}

export function ForumExport({ app, campaign, encounters, version }) {
  const id = useId();
  const [kind, setKind] = useState("session");
  const [encounter, setEncounter] = useState(encounters.at(-1)?.id || "");
  const [count, setCount] = useState({ text: "10", bad: false });
  const [title, setTitle] = useState(null); // null: the title follows the stretch
  const catalog = app.state.catalog;
  const { format, undone } = forumChoices(catalog, campaign);
  const [made, setMade] = useState({ text: "", count: 0, entries: 0, format, error: null, busy: false });
  const [said, setSaid] = useState("");
  const area = useRef(null);
  const number = readNumber(count.text, { min: 1, max: MOST, label: "How many", badInput: count.bad });
  const stretch =
    kind === "last" ? { kind, count: number.value } : kind === "encounter" ? { kind, encounter } : { kind };
  const heading = title ?? titleFor(campaign, stretch, encounters);
  const [open, setOpen] = useState(false);
  const ready = open && !(kind === "last" && number.error) && !(kind === "encounter" && !encounter);
  const what =
    kind === "encounter"
      ? encounters.find((each) => each.id === encounter)?.name || "encounter"
      : kind === "session"
        ? "session"
        : "log";
  const { extension, type } = fileKind(catalog, made.format);

  useEffect(() => {
    if (!ready) return undefined;
    let live = true;
    setSaid("");
    setMade((old) => ({ ...old, busy: true, error: null }));
    const timer = setTimeout(async () => {
      try {
        const entries = await readStretch(app, campaign.id, { ...stretch, most: MOST });
        const post = await writeStretch(app, entries, { format, undone, title: heading });
        if (live) setMade({ ...post, entries: entries.length, format, error: null, busy: false });
      } catch (error) {
        if (live) setMade({ text: "", count: 0, entries: 0, format, error: error.message, busy: false });
      }
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, encounter, number.value, heading, version, ready, format, undone]);

  async function copy() {
    if ((await copyText(made.text)) === "copied") {
      setSaid(`Copied as ${formatName(catalog, made.format)}: paste it into your post.`);
      return;
    }
    area.current?.focus();
    area.current?.select();
    setSaid("The browser did not allow copying: the post is selected, copy it by hand.");
  }

  async function share() {
    try {
      await navigator.share({ text: made.text });
      setSaid("Shared.");
    } catch (error) {
      setSaid(error?.name === "AbortError" ? "Not shared." : "The browser could not share it.");
    }
  }

  const choices = encounters.length ? KINDS : KINDS.filter(([value]) => value !== "encounter");
  const none = made.entries
    ? "Nothing for a post here: turn bookkeeping and undone entries are left out."
    : "No entries in this stretch yet.";
  const off = !made.count || made.busy;
  return html`<details class="panel forum-export" onToggle=${(event) => setOpen(event.currentTarget.open)}>
    <summary>Copy for a forum post</summary>
    <fieldset class="forum-pick">
      <legend>Which entries</legend>
      <div class="segmented" role="radiogroup" aria-label="Which entries">
        ${choices.map(
          ([value, words]) => html`<label key=${value} class=${kind === value ? "on" : ""}>
          <input type="radio" name=${`${id}-kind`} value=${value} checked=${kind === value} onChange=${() => setKind(value)} /> ${words}</label>`,
        )}
      </div>
      ${kind === "session" ? html`<p class="help">Everything since the last pause of more than four hours.</p>` : null}
      ${
        kind === "encounter"
          ? html`<${ChoiceField} label="Encounter" name="stretch-encounter" value=${encounter} onChange=${setEncounter}
        options=${encounters.map((each) => [each.id, each.name])} />`
          : null
      }
      ${
        kind === "last"
          ? html`<${NumberField} label="How many" name="stretch-count" min=${1} max=${MOST} value=${count.text} error=${number.error}
        onInput=${(text, bad) => setCount({ text, bad })} />`
          : null
      }
      <${TextField} label="Heading" name="stretch-title" value=${heading} maxlength="200" onInput=${setTitle} />
    </fieldset>
    ${open ? html`<${ForumChoices} app=${app} campaign=${campaign} />` : null}
    ${made.error ? html`<p class="field-error" role="alert">${made.error}</p>` : null}
    <div class="field">
      <label for=${`${id}-text`}>${countWords(catalog, made)}</label>
      <textarea id=${`${id}-text`} ref=${area} class="forum-preview" readonly rows="10" value=${made.count ? made.text : ""}
        placeholder=${none}></textarea>
    </div>
    <div class="row-actions">
      <button type="button" class="primary" disabled=${off} onClick=${copy}>Copy for the forum (${formatName(catalog, made.format)})</button>
      ${canShare() ? html`<button type="button" disabled=${off} onClick=${share}>Share</button>` : null}
      <button type="button" disabled=${off}
        onClick=${() => {
          downloadPost(made.text, postFileName(campaign.name, what, extension), type);
          setSaid("Saved as a file.");
        }}>Download a .${extension} file</button>
      <span role="status" aria-live="polite">${said}</span>
    </div>
  </details>`;
}
