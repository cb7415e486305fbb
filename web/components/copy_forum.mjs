// "Copy for the forum": a result or a stretch of the log as a post in the campaign's forum format (one of the engine's
// formats, listed in its catalog), written by the engine (forum.result, forum.stretch), copied to the clipboard;
// "Share" where the browser has the Web Share API.
//
// The campaign's forum choices (its format; an undone entry left out or marked) are kept in its record
// (app/forum_choices.mjs).
import { html, useState } from "../app/html.mjs";
import { useApp } from "../app/state.mjs";
import { setForumChoice } from "../app/actions.mjs";
import { choicesOf, forumChoices, formatName, marksUndone } from "../app/forum_choices.mjs";
import { proposalCode } from "../app/player_actions.mjs";

export { fileKind, forumChoices, formatName } from "../app/forum_choices.mjs";

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

/** What a result says of who did it: its label, or the rolls it lists (the engine heads the post with who rolled
 * what), else the drawer's title after the name of the sheet it changed. */
function labelOf(result, title) {
  if (result.label || result.details?.who_rolled?.length) return "";
  const sheet = result.state || Object.values(result.states || {})[0];
  const who = sheet?.name;
  return who && title ? `${who}: ${title}` : title || "";
}

/** What the engine needs of a logged entry for a post: no sheets (a long stretch stays small); the steps stay, they
 * tell how a bonus die or a Rule of 10 was read. */
export function slim(entry) {
  const { encounter_before: _b, encounter_after: _a, after: _s, ...rest } = entry;
  return { ...rest, result: entry.result ? slimResult(entry.result) : null, before: {}, changes: {} };
}

/**
 * The buttons. Give ``result`` (with the drawer's ``title``), or ``entries`` (a function answering the log entries,
 * oldest first; ``heading`` the post's title) for a stretch. ``encounter``: the id of the encounter a result was
 * rolled in.
 */
export function CopyForForum({
  result = null,
  title = "",
  entries = null,
  heading = "",
  label = "Copy for the forum",
  encounter = null,
}) {
  const app = useApp();
  const campaign = app.state.campaign;
  const [said, setSaid] = useState({ text: "", post: "" });
  const [busy, setBusy] = useState(false);
  const catalog = app.state.catalog;
  const { format, undone } = forumChoices(catalog, campaign);

  async function write() {
    if (result) {
      // a roll on a player's device carries its proposal's code, for the game master to paste (player/propose.mjs)
      const code = result.proposal && campaign.joined ? await proposalCode(app, campaign, result.proposal) : null;
      // made in an encounter: the post ends with whose post is next (the forum's Attack Order)
      const fight = encounter && (campaign.encounters || []).find((each) => each.id === encounter);
      const answer = await app.services.engine.call("forum.result", {
        result: slimResult(result),
        format,
        label: labelOf(result, title),
        ...(code ? { code } : {}),
        ...(fight ? { encounter: fight } : {}),
      });
      return answer.details.text;
    }
    return (await writeStretch(app, await entries(), { format, undone, title: heading })).text;
  }

  async function act(how) {
    setBusy(true);
    try {
      const text = await write();
      if (!text) {
        setSaid({ text: "Nothing for a post here: turn bookkeeping and undone entries are left out.", post: "" });
        return;
      }
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
      setSaid(
        done === "copied"
          ? { text: `Copied as ${formatName(catalog, format)}: paste it into your post.`, post: "" }
          : { text: "The browser did not allow copying: select the text below and copy it by hand.", post: text },
      );
    } catch (error) {
      setSaid({ text: `Not copied: ${error.message}`, post: "" });
    } finally {
      setBusy(false);
    }
  }

  return html`<div class="row-actions copy-forum">
    <button type="button" disabled=${busy} onClick=${() => act("copy")}>${label} (${formatName(catalog, format)})</button>
    ${canShare() ? html`<button type="button" disabled=${busy} onClick=${() => act("share")}>Share</button>` : null}
    <span class="copy-said" aria-live="polite">${said.text}</span>
    ${
      said.post
        ? html`<textarea class="forum-post" readonly rows="6" aria-label="The post" value=${said.post}
      onFocus=${(event) => event.currentTarget.select()}></textarea>`
        : null
    }
  </div>`;
}

/** The result without the sheets it returned: the post needs none of them. */
function slimResult(result) {
  const { state: _s, states: _t, text: _x, ...rest } = result;
  return rest;
}

/**
 * The engine's post of a stretch of log ``entries`` (oldest first): ``{text, count}``; no text when only turn
 * bookkeeping or undone entries were in it (nothing to post).
 */
export async function writeStretch(app, entries, { format, undone, title = "" }) {
  if (!entries.length) return { text: "", count: 0 };
  const answer = await app.services.engine.call("forum.stretch", { entries: entries.map(slim), format, title, undone });
  return answer.details.count ? { text: answer.details.text, count: answer.details.count } : { text: "", count: 0 };
}

/** The campaign's forum choices (its format, what an undone entry becomes in a stretch where the format can mark
 * one), stored in its record. */
export function ForumChoices({ app, campaign, undone: withUndone = true }) {
  const catalog = app.state.catalog;
  const chosen = forumChoices(catalog, campaign);
  const [said, setSaid] = useState("");
  const choose = async (what, value) => {
    setSaid("");
    try {
      await setForumChoice(app, campaign, what, value);
    } catch (error) {
      setSaid(`Not kept: ${error.message}`);
    }
  };
  const group = (what, legend, choices) => html`<fieldset class="forum-choice">
    <legend>${legend}</legend>
    <div class="segmented" role="radiogroup" aria-label=${legend}>
      ${choices.map(
        ([each, words]) => html`<label key=${each} class=${chosen[what] === each ? "on" : ""}>
        <input type="radio" name=${`forum-${what}-${campaign.id}`} value=${each} checked=${chosen[what] === each}
          onChange=${() => choose(what, each)} /> ${words}</label>`,
      )}
    </div>
  </fieldset>`;
  return html`<div class="forum-choices">
    ${group("format", "The forum's format", choicesOf(catalog, "format"))}
    ${withUndone && marksUndone(catalog, chosen.format) ? group("undone", "Undone entries", choicesOf(catalog, "undone")) : null}
    ${said ? html`<p class="field-error" role="alert">${said}</p>` : null}
  </div>`;
}
