// Sheet: everything on one character. Each attribute, characteristic and skill is a row with its number
// (CoC: half and fifth too); tapping it opens the roll drawer. Quick actions run the engine and store the
// sheet it returns; the rarer moves wait behind "More moves" (games/moves.mjs checks every one has a place).
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { navigate, paths } from "../../app/router.mjs";
import { removeCharacter } from "../../app/actions.mjs";
import { gameFor } from "../../games/index.mjs";
import { Drawer } from "../../drawer/index.mjs";
import { Confirm } from "../../components/confirm.mjs";
import { CharacterCard } from "../party/character_card.mjs";
import { CampaignNav } from "../campaign_nav.mjs";
import { SheetRows } from "./rows.mjs";
import { SheetEditor } from "./edit.mjs";
import { WeaponsPanel } from "./weapons.mjs";
import { EntriesPanel } from "./entries.mjs";
import { MoreMoves } from "./more_moves.mjs";
import { SheetNotes } from "./notes.mjs";
import { UndoBar } from "../../components/undo_bar.mjs";
import { isPlayer } from "../../player/record.mjs";
import { playerMay, playerOps } from "../../player/moves.mjs";

/** The sheet's rows, only those whose roll ``keep`` allows when given (a player's view). */
const rowsOf = (groups, keep) => (keep ? groups.map((group) => ({ ...group, rows: group.rows.filter(keep) })) : groups);

/** ``panel(open)``: what a player's view shows above the sheet (screens/player/), given the drawer's opener. */
export function SheetScreen({ characterId, panel = null }) {
  const app = useApp();
  const campaign = app.state.campaign;
  const game = gameFor(app.state.catalog, campaign.game);
  const character = campaign.characters.find((each) => each.id === characterId);
  const [drawer, setDrawer] = useState(null); // {spec, opener}
  const [removing, setRemoving] = useState(false);
  const [editing, setEditing] = useState(false);
  if (!character)
    return html`<section class="screen"><${CampaignNav} campaign=${campaign} /><p>This character is not in the campaign (any more).</p></section>`;
  // the sheet's moves: one tap for the common ones, the rarer behind "More moves" (its rows are the rolls)
  // a player's view offers the player's own moves only (player/moves.mjs); one against another character needs one
  const player = isPlayer(campaign);
  const ops = player ? playerOps(app.state.catalog) : null;
  const others = campaign.characters.length > 1;
  const mine = (action) => !player || (playerMay(ops, action) && (others || !action.target || action.targetOptional));
  const actions = game.actions(character.sheet).filter((action) => action.onSheet !== false && mine(action));
  const open = (spec, event) => setDrawer({ spec, opener: event?.currentTarget, id: Date.now() });
  const close = () => {
    drawer?.opener?.focus?.();
    setDrawer(null);
  };
  return html`<div class=${`sheet-layout${drawer ? " with-drawer" : ""}`}>
    <section class="screen sheet" aria-labelledby="sheet-title" data-character=${character.id}>
      <${CampaignNav} campaign=${campaign} here="sheet" />
      <h1 id="sheet-title">${character.sheet.name}</h1>
      <${CharacterCard} character=${character} game=${game} href=${paths.party(campaign.id)} compact />
      ${
        game.sheetFacts
          ? html`<dl class="sheet-facts">${game
              .sheetFacts(character.sheet)
              .filter(([, value]) => value !== undefined && value !== null)
              .map(([label, value]) => html`<div key=${label}><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>`
          : null
      }
      ${panel ? panel(open) : null}
      ${player ? null : html`<${UndoBar} app=${app} compact where=${{ character: character.id }} />`}
      <div class="quick-actions" role="group" aria-label="Quick actions">
        ${actions
          .filter((action) => !action.more)
          .map(
            (action) => html`<button type="button" key=${action.key} data-action=${action.key} data-op=${action.op}
          onClick=${(event) => open({ ...action, title: action.label }, event)}>${action.label}</button>`,
          )}
      </div>
      <${MoreMoves} game=${game} sheet=${character.sheet} actions=${actions.filter((action) => action.more)} onOpen=${open} id="sheet-more" name=${character.sheet.name} />
      ${
        editing && !player
          ? html`<${SheetEditor} character=${character} game=${game} onDone=${() => setEditing(false)} />`
          : html`<${SheetRows} groups=${rowsOf(game.groups(character.sheet), player ? (row) => mine(row.roll) : null)} onRoll=${open} game=${game} sheet=${character.sheet} />
          ${player ? null : html`<button type="button" class="edit-sheet" onClick=${() => setEditing(true)}>Edit values</button>`}`
      }
      ${editing ? null : html`<${SheetNotes} game=${game} character=${character} />`}
      ${(game.sheetNotes?.(character.sheet) || []).map(
        (note) => html`<section class="sheet-notes" key=${note.title} aria-label=${note.title}>
        <h2>${note.title}</h2><ul>${note.lines.map((line, index) => html`<li key=${index}>${line}</li>`)}</ul></section>`,
      )}
      <${WeaponsPanel} character=${character} game=${game} readOnly=${player} />
      ${(game.lists || []).map((list) => html`<${EntriesPanel} key=${list.path} character=${character} game=${game} list=${list} readOnly=${player} />`)}
      ${
        player
          ? null
          : html`<div class="row-actions danger-zone">
        <button type="button" class="danger" onClick=${() => setRemoving(true)}>Remove ${character.sheet.name} from the campaign</button>
      </div>`
      }
    </section>
    ${drawer ? html`<${Drawer} key=${drawer.id} spec=${drawer.spec} characterId=${character.id} game=${game} onClose=${close} />` : null}
    ${
      removing
        ? html`<${Confirm} title=${`Remove ${character.sheet.name}?`} text="Their sheet is deleted from this campaign." danger confirmLabel="Remove"
      onCancel=${() => setRemoving(false)} onConfirm=${async () => {
        setRemoving(false);
        await removeCharacter(app, campaign, character.id);
        navigate(paths.party(campaign.id));
      }} />`
        : null
    }
  </div>`;
}
