// The seats: each party character shared with one player through an invitation (a code, a file or a link the
// player's app opens), and the way to stop sharing (that player's later codes are refused).
import { html, useEffect, useState } from "../../app/html.mjs";
import { addSeat, invitationOf, removeSeat } from "../../app/table_actions.mjs";
import { TextField } from "../../components/field.mjs";
import { Confirm } from "../../components/confirm.mjs";
import { inviteFileName, seatOf } from "../../store/table_record.mjs";
import { CodeBox } from "./code_box.mjs";

/** The page's own address with the join route: the link a player opens. */
const joinLink = (code) => `${location.href.split("#")[0]}#/join/${code}`;

function Invitation({ app, campaign, seat, name, onClose }) {
  const [code, setCode] = useState(null);
  const [failed, setFailed] = useState("");
  useEffect(() => {
    let live = true;
    invitationOf(app, seat).then(
      (made) => live && setCode(made),
      (error) => live && setFailed(error.message),
    );
    return () => {
      live = false;
    };
  }, [seat.id]);
  if (failed)
    return html`<div class="invitation"><p class="field-error" role="alert">The invitation could not be made: ${failed}</p>
      <button type="button" onClick=${onClose}>Hide</button></div>`;
  if (!code) return html`<p class="help" aria-busy="true">Making the invitation…</p>`;
  const file = {
    name: inviteFileName(campaign.name, name),
    value: { kind: "rules-companion.invitation", campaign: campaign.name, character: name, code },
  };
  return html`<div class="invitation" data-seat=${seat.id}>
    <p class="help">Give this to ${seat.player || "the player"}: they paste the code into their app, open the file, or
      open the link. It holds ${name}'s sheet as it is now and the key their rolls are signed with.</p>
    <${CodeBox} label=${`Invitation for ${name}`} text=${code} file=${file} copyLabel="Copy the code" name="invitation" primary=${true} />
    <${CodeBox} label="Or the link" text=${joinLink(code)} copyLabel="Copy the link" rows=${2} name="invitation-link" />
    <button type="button" class="ghost" onClick=${onClose}>Hide the invitation</button>
  </div>`;
}

function NewSeat({ app, character, onMade, onCancel }) {
  const [player, setPlayer] = useState("");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState("");
  const make = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      onMade(await addSeat(app, character.id, player));
    } catch (error) {
      setFailed(error.message);
      setBusy(false);
    }
  };
  return html`<form class="new-seat" onSubmit=${make}>
    <${TextField} label="Player's name (optional)" name="player" value=${player} onInput=${setPlayer} maxlength=${80} />
    <div class="row-actions">
      <button type="submit" class="primary" disabled=${busy}>Make the invitation</button>
      <button type="button" onClick=${onCancel}>Cancel</button>
    </div>
    ${failed ? html`<p class="field-error" role="alert">Not made: ${failed}</p>` : null}
  </form>`;
}

function SeatRow({ app, campaign, character, table, open, setOpen }) {
  const seat = seatOf(table, character.id);
  const [asking, setAsking] = useState(false);
  const name = character.sheet.name;
  const here = open === character.id;
  const stop = async () => {
    setAsking(false);
    setOpen(null);
    await removeSeat(app, seat.id).catch(() => null); // a refused write is already told (actions.mjs)
  };
  return html`<li class="seat" data-character=${character.id}>
    <h3>${name}</h3>
    ${
      seat
        ? html`<p class="seat-who">Shared with ${seat.player || "a player"} since ${new Date(seat.made).toLocaleDateString()}.</p>`
        : html`<p class="seat-who help">Not shared: you roll for ${name} here.</p>`
    }
    ${
      here && !seat
        ? html`<${NewSeat} app=${app} character=${character} onMade=${() => setOpen(character.id)} onCancel=${() => setOpen(null)} />`
        : null
    }
    ${here && seat ? html`<${Invitation} app=${app} campaign=${campaign} seat=${seat} name=${name} onClose=${() => setOpen(null)} />` : null}
    ${
      here
        ? null
        : html`<div class="row-actions">
      ${
        seat
          ? html`<button type="button" onClick=${() => setOpen(character.id)}>Show the invitation</button>
        <button type="button" class="danger" onClick=${() => setAsking(true)}>Stop sharing with this player</button>`
          : html`<button type="button" onClick=${() => setOpen(character.id)}>Invite a player</button>`
      }
    </div>`
    }
    ${
      asking
        ? html`<${Confirm} title=${`Stop sharing ${name}?`} danger=${true} confirmLabel="Stop sharing"
      text=${`${seat.player || "The player"}'s app keeps what it has, but the rolls it sends from now on are refused here. You can invite them again later with a new invitation.`}
      onConfirm=${stop} onCancel=${() => setAsking(false)} />`
        : null
    }
  </li>`;
}

export function Seats({ app, campaign, table }) {
  const [open, setOpen] = useState(null); // the character whose invitation or new seat form is shown
  const party = campaign.characters.filter((each) => each.kind === "pc");
  return html`<section class="table-part seats" aria-labelledby="seats-title">
    <h2 id="seats-title">Seats</h2>
    ${
      party.length
        ? html`<ul class="seat-list">${party.map(
            (character) =>
              html`<${SeatRow} key=${character.id} app=${app} campaign=${campaign} character=${character} table=${table} open=${open} setOpen=${setOpen} />`,
          )}</ul>`
        : html`<p class="empty">No player characters yet: make them in the party first, then invite their players here.</p>`
    }
  </section>`;
}
