// "Post for players": one update per seat (its character's sheet as it is now, what became of its rolls, the rolls it
// is asked for, whose turn it is), stored before the codes are shown, then copied one block per player or all in one
// post, or shared as one file.
import { html, useState } from "../../app/html.mjs";
import { makeUpdates } from "../../app/table_actions.mjs";
import { updatesFileName } from "../../store/table_record.mjs";
import { CodeBox } from "./code_box.mjs";

/** A player's block of a post: whom it is for, then the code their app reads. */
const block = ({ seat, character, code }) =>
  `For ${character.sheet.name}${seat.player ? ` (${seat.player})` : ""}: paste this into your app.\n${code}`;

export function PostUpdates({ app, campaign, table }) {
  const [made, setMade] = useState(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState("");
  const post = async () => {
    setBusy(true);
    setFailed("");
    setMade(null); // the codes of an earlier post are not shown beside the new ones
    try {
      setMade(await makeUpdates(app));
    } catch (error) {
      setFailed(`No update was made: ${error.message}`);
    } finally {
      setBusy(false);
    }
  };
  const file = made?.length && {
    name: updatesFileName(campaign.name),
    value: { kind: "rules-companion.updates", campaign: campaign.name, codes: made.map((each) => each.code) },
  };
  return html`<section class="table-part updates" aria-labelledby="updates-title">
    <h2 id="updates-title">Post for players</h2>
    <p class="help">Each player's app takes its character's sheet as it is here, what became of their rolls and the rolls
      you ask for from your post.</p>
    <button type="button" class="primary" disabled=${busy || !table.seats.length} onClick=${post}>${busy ? "Making the post…" : "Post for players"}</button>
    ${failed ? html`<p class="field-error" role="alert">${failed}</p>` : null}
    ${
      made
        ? html`<div class="made-updates" role="status">
      ${made.map((each) => html`<${CodeBox} key=${each.seat.id} label=${`For ${each.character.sheet.name}: update ${each.seq}`} text=${block(each)} name="update" />`)}
      ${made.length > 1 ? html`<${CodeBox} label="All in one post" text=${made.map(block).join("\n\n")} file=${file} copyLabel="Copy all" rows=${4} name="updates-all" />` : null}
      ${made.length === 1 ? html`<${CodeBox} label="As a file" text=${made[0].code} file=${file} copyLabel="Copy the code" rows=${2} name="updates-file" />` : null}
    </div>`
        : null
    }
  </section>`;
}
