// "Copy for the forum" (issue 18): a result or a stretch of the log as a post in the campaign's forum format
// (BBCode for phpBB, Markdown for Discord/Reddit/GitHub, plain text), written by the engine (forum.result,
// forum.stretch), copied to the clipboard; "Share" where the browser has the Web Share API.
//
// The campaign's forum choices (its format; an undone entry left out or struck through) are remembered per
// campaign in this browser, like the dice choice (drawer/dice_field.mjs): stored apart from the campaign record,
// whose schema is unchanged; storage refused (a private window) means the defaults each time.
import { html, useState } from "../app/html.mjs";
import { useApp } from "../app/state.mjs";

export const FORMATS = [["bbcode", "BBCode (phpBB)"], ["markdown", "Markdown (Discord, Reddit)"], ["plain", "Plain text"]];
export const UNDONE = [["leave_out", "Leave out"], ["strike", "Struck through"]];
const key = (what, campaignId) => `rules-companion:forum-${what}:${campaignId}`;

function remembered(what, campaignId, choices) {
  try {
    const value = campaignId && localStorage.getItem(key(what, campaignId));
    return choices.some(([each]) => each === value) ? value : choices[0][0];
  } catch {
    return choices[0][0];
  }
}

function remember(what, campaignId, value) {
  try {
    if (campaignId) localStorage.setItem(key(what, campaignId), value);
  } catch { /* not kept: the choice holds until the page is left */ }
}

export const forumFormat = (campaignId) => remembered("format", campaignId, FORMATS);
export const setForumFormat = (campaignId, value) => remember("format", campaignId, value);
export const undoneChoice = (campaignId) => remembered("undone", campaignId, UNDONE);
export const setUndoneChoice = (campaignId, value) => remember("undone", campaignId, value);
export const formatName = (format) => FORMATS.find(([each]) => each === format)?.[1].replace(/ \(.*\)$/, "") || "BBCode";

/** Copy ``text``: "copied", or "refused" when the browser does not allow it. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch {
    return "refused";
  }
}

const canShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/** What a result says of who did it: its label, else the drawer's title after the name of the sheet it changed. */
function labelOf(result, title) {
  if (result.label) return "";
  const sheet = result.state || Object.values(result.states || {})[0];
  const who = sheet?.name;
  return who && title ? `${who}: ${title}` : title || "";
}

/** What the engine needs of a logged entry for a post: no sheets (a long stretch stays small); the steps stay, they
 * tell how a bonus die or a Rule of 10 was read. */
function slim(entry) {
  const { encounter_before: _b, encounter_after: _a, after: _s, ...rest } = entry;
  return { ...rest, result: entry.result ? slimResult(entry.result) : null, before: {}, changes: {} };
}

/**
 * The buttons. Give ``result`` (with the drawer's ``title``), or ``entries`` (a function answering the log entries,
 * oldest first; ``heading`` the post's title) for a stretch.
 */
export function CopyForForum({ result = null, title = "", entries = null, heading = "", label = "Copy for the forum" }) {
  const app = useApp();
  const campaignId = app.state.campaign?.id;
  const [said, setSaid] = useState({ text: "", post: "" });
  const [busy, setBusy] = useState(false);
  const format = forumFormat(campaignId);

  async function write() {
    if (result) {
      const answer = await app.services.engine.call("forum.result", { result: slimResult(result), format, label: labelOf(result, title) });
      return answer.details.text;
    }
    const list = await entries();
    if (!list.length) return "";
    const answer = await app.services.engine.call("forum.stretch", {
      entries: list.map(slim), format, title: heading, undone: undoneChoice(campaignId),
    });
    return answer.details.count ? answer.details.text : ""; // only turn bookkeeping or undone entries: nothing to post
  }

  async function act(how) {
    setBusy(true);
    try {
      const text = await write();
      if (!text) { setSaid({ text: "Nothing for a post here: turn bookkeeping and undone entries are left out.", post: "" }); return; }
      if (how === "share") {
        try {
          await navigator.share({ text });
          setSaid({ text: "Shared.", post: "" });
        } catch (error) {
          setSaid({ text: error?.name === "AbortError" ? "Not shared." : "The browser could not share it.", post: "" });
        }
        return;
      }
      const done = await copyText(text);
      setSaid(done === "copied"
        ? { text: `Copied as ${formatName(format)}: paste it into your post.`, post: "" }
        : { text: "The browser did not allow copying: select the text below and copy it by hand.", post: text });
    } catch (error) {
      setSaid({ text: `Not copied: ${error.message}`, post: "" });
    } finally {
      setBusy(false);
    }
  }

  return html`<div class="row-actions copy-forum">
    <button type="button" disabled=${busy} onClick=${() => act("copy")}>${label} (${formatName(format)})</button>
    ${canShare() ? html`<button type="button" disabled=${busy} onClick=${() => act("share")}>Share</button>` : null}
    <span class="copy-said" aria-live="polite">${said.text}</span>
    ${said.post ? html`<textarea class="forum-post" readonly rows="6" aria-label="The post" value=${said.post}
      onFocus=${(event) => event.currentTarget.select()}></textarea>` : null}
  </div>`;
}

/** The result without the sheets it returned: the post needs none of them. */
function slimResult(result) {
  const { state: _s, states: _t, text: _x, ...rest } = result;
  return rest;
}

/** The campaign's forum choices: its format and what an undone entry becomes in a stretch. */
export function ForumChoices({ campaignId, onChange = () => {} }) {
  const [format, setFormat] = useState(forumFormat(campaignId));
  const [undone, setUndone] = useState(undoneChoice(campaignId));
  const group = (name, legend, choices, value, set) => html`<fieldset class="forum-choice">
    <legend>${legend}</legend>
    <div class="segmented" role="radiogroup" aria-label=${legend}>
      ${choices.map(([each, words]) => html`<label key=${each} class=${value === each ? "on" : ""}>
        <input type="radio" name=${`${name}-${campaignId}`} value=${each} checked=${value === each}
          onChange=${() => { set(each); onChange(); }} /> ${words}</label>`)}
    </div>
  </fieldset>`;
  return html`<div class="forum-choices">
    ${group("forum-format", "The forum's format", FORMATS, format, (value) => { setForumFormat(campaignId, value); setFormat(value); })}
    ${group("forum-undone", "Undone entries", UNDONE, undone, (value) => { setUndoneChoice(campaignId, value); setUndone(value); })}
  </div>`;
}
