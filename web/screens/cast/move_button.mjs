// One tap moves a character between the party (played by a player) and the cast (played by the GM).
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { snack } from "../../app/actions.mjs";
import { setKind } from "./actions.mjs";

export function MoveButton({ campaign, character }) {
  const app = useApp();
  const [busy, setBusy] = useState(false);
  const toCast = character.kind !== "npc";
  const move = async () => {
    setBusy(true);
    try {
      await setKind(app, campaign, character.id, toCast ? "npc" : "pc");
      snack(app, `${character.sheet.name} ${toCast ? "joined the cast" : "joined the party"}.`);
    } catch (error) {
      snack(app, error.message);
    } finally {
      setBusy(false);
    }
  };
  return html`<button type="button" class="move-kind" disabled=${busy} onClick=${move}
    aria-label=${`Move to the ${toCast ? "cast" : "party"}: ${character.sheet.name}`}>${toCast ? "Move to the cast" : "Move to the party"}</button>`;
}
