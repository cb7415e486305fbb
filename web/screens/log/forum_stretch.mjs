// The log's stretch for a forum in the campaign's own format (issue 18): the campaign's forum choices (format,
// undone entries) and "Copy for the forum" / "Share" of the stretch the Markdown export has chosen.
import { html, useState } from "../../app/html.mjs";
import { CopyForForum, ForumChoices } from "../../components/copy_forum.mjs";

/** ``entries``: a function answering the stretch's entries, oldest first; ``heading`` the post's title. */
export function ForumStretch({ campaignId, entries, heading }) {
  const [version, setVersion] = useState(0); // a changed choice re-labels the button
  return html`<div class="forum-stretch">
    <${ForumChoices} campaignId=${campaignId} onChange=${() => setVersion(version + 1)} />
    <${CopyForForum} key=${version} entries=${entries} heading=${heading} label="Copy the stretch for the forum" />
  </div>`;
}
