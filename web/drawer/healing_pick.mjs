// The drawer's part of a healing move (games/healing.mjs): who the character it opened on is — the one who treats,
// or the one treated — and who can act, asked of the engine (<game>.capacity) for everyone who could be picked. It
// opens from the healer unless that character cannot act (a dead medic treats nobody) or is alone: then from the patient.
import { html, useEffect, useState } from "../app/html.mjs";
import { capacityRequest } from "../screens/party/character_card.mjs";

/** ``{able, role, setRole}``: ``able`` a Map of id → whether the engine says they can act (an id not answered yet is
 * missing); ``role`` "healer" or "patient" for a healing move, null for any other. */
export function useHealing(app, game, spec, characters, characterId) {
  const [able, setAble] = useState(() => new Map());
  const [chosen, setChosen] = useState(null); // the role the GM chose; null: as the character's state says
  const key = spec.heal ? `${app.state.campaign?.revision}|${characters.map((each) => each.id).join()}` : "";
  useEffect(() => {
    if (!spec.heal) return undefined;
    let live = true;
    for (const each of characters) {
      const request = capacityRequest(app, game, each.sheet);
      if (!request) continue;
      app.services.engine.call(request.op, request.args).then(
        (result) => live && setAble((known) => new Map(known).set(each.id, Boolean(result.details?.can_act))),
        () => live && setAble((known) => new Map(known).set(each.id, true)), // no answer is no verdict: offered
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  if (!spec.heal) return { able, role: null, setRole: setChosen };
  // nobody else to treat (a party of one), or unable to act: they are the patient
  const role = chosen || (able.get(characterId) === false || characters.length < 2 ? "patient" : "healer");
  return { able, role, setRole: setChosen };
}

/** Which end the character it opened on is: "Harvey gives it" / "Harvey receives it". A character who cannot act
 * cannot give it (the choice is off, and says why). */
export function RoleSwitch({ name, role, onChange, canAct }) {
  const option = (value, words, disabled) => html`<label class=${role === value ? "on" : ""}>
    <input type="radio" name="heal-role" value=${value} checked=${role === value} disabled=${disabled}
      onChange=${() => onChange(value)} /> ${words}</label>`;
  return html`<fieldset class="heal-role">
    <legend>Who is ${name}?</legend>
    <div class="segmented" role="radiogroup" aria-label=${`Who is ${name}?`}>
      ${option("healer", "Gives it", canAct === false)}
      ${option("patient", "Receives it", false)}
    </div>
    ${canAct === false ? html`<small class="help">${name} cannot act now, so cannot treat anyone.</small>` : null}
  </fieldset>`;
}
