// The player's view of a game held elsewhere: their one character's sheet with only the player's own moves
// (player/moves.mjs) and, above it, what the game master's table says (panel.mjs). Every route of such a record lands
// here (app/shell.mjs): the game master's screens are not on this device.
import { html } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { ownCharacter } from "../../player/record.mjs";
import { SheetScreen } from "../sheet/index.mjs";
import { PlayerPanel } from "./panel.mjs";

export function PlayerScreen() {
  const app = useApp();
  const record = app.state.campaign;
  const character = ownCharacter(record);
  return html`<${SheetScreen} characterId=${character?.id}
    panel=${(open) => html`<${PlayerPanel} record=${record} onOpen=${open} />`} />`;
}
