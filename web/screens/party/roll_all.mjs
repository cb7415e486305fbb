// Rolling a new character's numbers at once (Call of Cthulhu: the characteristics and Luck, and the age's dice;
// rules/coc.md §3.2a), with digital dice or physical ones typed, through the same dice path as every roll
// (drawer/dice_field.mjs: the faces in the order rolled go to the engine as ``dice``). The engine keeps each die in the
// sheet's creation record; a face a die cannot show, or too few faces, is said here in the engine's words.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { DiceField, diceArgs, freshDice } from "../../drawer/dice_field.mjs";
import { CODE } from "../../error_codes.mjs";

export function RollAll({ roll, draft, onRolled }) {
  const app = useApp();
  const [dice, setDice] = useState(() => freshDice());
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    const typed = diceArgs(dice);
    if (typed.error) {
      setError(typed.error);
      return;
    }
    const asked = roll.request(draft);
    setBusy(true);
    try {
      onRolled(roll.values(await app.services.engine.call(asked.op, { ...asked.args, ...typed.args })));
      setError(null);
      setDice((old) => ({ ...old, faces: "" }));
    } catch (refused) {
      setError(
        refused.code === CODE.needsDie
          ? `More faces are needed: next, ${refused.die?.prompt || "one more die"}. Type every face in the order rolled.`
          : refused.message,
      );
    } finally {
      setBusy(false);
    }
  };
  return html`<div class="roll-all">
    <${DiceField} dice=${dice} error=${error} hint=${roll.physicalHelp}
      onChange=${(next) => {
        setDice(next);
        setError(null);
      }} />
    <button type="button" onClick=${go} disabled=${busy}>${roll.label}</button>
  </div>`;
}
