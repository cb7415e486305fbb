// Roll requests: the game master asks one player, several or everyone with a seat for a roll, its fields those of the
// roll drawer built from the catalog (drawer/op_form.mjs); the request goes out with the next updates, and the list
// shows who has answered.
import { html, useState } from "../../app/html.mjs";
import { addRequest, removeRequest } from "../../app/table_actions.mjs";
import { requestableOps, requestFields, requestLabel } from "../../app/table_words.mjs";
import { useOpForm } from "../../drawer/op_form.mjs";
import { ChoiceField } from "../../components/field.mjs";
import { answered } from "../../store/table_record.mjs";

function RequestFields({ op, form }) {
  return html`<div class="request-fields" data-op=${op.id}>${form.fieldsView}</div>`;
}

function AskForm({ app, campaign, table, ops, onDone }) {
  const [opId, setOpId] = useState(ops[0].id);
  const op = ops.find((each) => each.id === opId);
  return html`<${AskFormFor} key=${opId} app=${app} campaign=${campaign} table=${table} ops=${ops} op=${op}
    setOpId=${setOpId} onDone=${onDone} />`;
}

function AskFormFor({ app, campaign, table, ops, op, setOpId, onDone }) {
  const form = useOpForm(op, requestFields(op));
  const [chosen, setChosen] = useState(() => table.seats.map((seat) => seat.id));
  const [failed, setFailed] = useState("");
  const [busy, setBusy] = useState(false);
  const nameOf = (seat) => campaign.characters.find((each) => each.id === seat.character)?.sheet.name ?? "someone";
  const toggle = (id, on) => setChosen((old) => (on ? [...old, id] : old.filter((each) => each !== id)));
  const ask = async (event) => {
    event.preventDefault();
    const args = form.read();
    if (!args) return;
    const seats = table.seats.filter((seat) => chosen.includes(seat.id));
    if (!seats.length) {
      setFailed("Choose who is asked.");
      return;
    }
    setBusy(true);
    try {
      const label = requestLabel(op, args, seats.map(nameOf), seats.length === table.seats.length);
      await addRequest(app, { op: op.id, args, label, seats: seats.map((seat) => seat.id) });
      onDone();
    } catch (error) {
      setFailed(`Not asked: ${error.message}`);
      setBusy(false);
    }
  };
  return html`<form class="ask-form" onSubmit=${ask}>
    <${ChoiceField} label="The roll" name="request-op" value=${op.id} onChange=${setOpId}
      options=${ops.map((each) => [each.id, each.title])} />
    <${RequestFields} op=${op} form=${form} />
    <fieldset class="ask-who">
      <legend>Who is asked</legend>
      <div class="row-actions">
        <button type="button" onClick=${() => setChosen(table.seats.map((seat) => seat.id))}>Everyone</button>
        ${table.seats.map(
          (seat) => html`<label key=${seat.id} class="check">
          <input type="checkbox" name="ask-seat" value=${seat.id} checked=${chosen.includes(seat.id)}
            onChange=${(event) => toggle(seat.id, event.currentTarget.checked)} /> <span>${nameOf(seat)}</span></label>`,
        )}
      </div>
    </fieldset>
    ${failed ? html`<p class="field-error" role="alert">${failed}</p>` : null}
    <div class="row-actions ask-actions">
      <button type="submit" class="primary" disabled=${busy}>Ask for the roll</button>
      <button type="button" onClick=${onDone}>Cancel</button>
    </div>
  </form>`;
}

function RequestRow({ app, campaign, table, request }) {
  const name = (seatId) => {
    const seat = table.seats.find((each) => each.id === seatId);
    const character = campaign.characters.find((each) => each.id === seat?.character);
    return character?.sheet.name ?? "a player no longer seated";
  };
  const done = request.seats.filter((seat) => answered(request, seat));
  const waiting = request.seats.filter((seat) => !answered(request, seat));
  return html`<li class="request" data-request=${request.id}>
    <p class="request-label">${request.label}</p>
    <p class="request-answers">
      ${done.map((seat) => html`<span key=${seat} class="answered">✓ ${name(seat)}</span> `)}
      ${waiting.length ? html`<span class="waiting">Waiting for ${waiting.map(name).join(", ")}</span>` : html`<span>Everyone asked has answered.</span>`}
    </p>
    <button type="button" class="ghost" onClick=${() => removeRequest(app, request.id).catch(() => null)}>
      ${waiting.length ? "Withdraw this request" : "Clear from the list"}</button>
  </li>`;
}

export function Requests({ app, campaign, table }) {
  const [asking, setAsking] = useState(false);
  const ops = requestableOps(app.state.catalog.raw, campaign.game);
  return html`<section class="table-part requests" aria-labelledby="requests-title">
    <h2 id="requests-title">Roll requests</h2>
    ${table.requests.length ? html`<ul class="request-list">${table.requests.map((request) => html`<${RequestRow} key=${request.id} app=${app} campaign=${campaign} table=${table} request=${request} />`)}</ul>` : html`<p class="empty">No roll asked for.</p>`}
    ${
      asking
        ? html`<${AskForm} app=${app} campaign=${campaign} table=${table} ops=${ops} onDone=${() => setAsking(false)} />`
        : html`<button type="button" disabled=${!table.seats.length || !ops.length} onClick=${() => setAsking(true)}>Ask for a roll</button>
      ${table.seats.length ? html`<p class="help">The request goes out with your next post for players.</p>` : html`<p class="help">Invite a player first.</p>`}`
    }
  </section>`;
}
