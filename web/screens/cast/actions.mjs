// The Cast's changes of the campaign: several NPCs added as one change, a character moved between the party
// and the cast, and numbered names for copies ("Cultist 1", "Cultist 2", … skipping names already in use).
import { changeCampaign } from "../../app/actions.mjs";
import { checkedSheet } from "../../app/checked_sheet.mjs";
import { newId } from "../../store/records.mjs";

/** ``count`` names for copies of ``name``: the name itself for one, else "Name 1", "Name 2", … not ``taken``
 * (the same rule as the engine's py_rules/campaign/templates.numbered). */
export function numbered(name, count, taken = []) {
  if (count === 1) return [name];
  const used = new Set(taken);
  const out = [];
  for (let number = 1; out.length < count; number += 1)
    if (!used.has(`${name} ${number}`)) out.push(`${name} ${number}`);
  return out;
}

/** Each sheet checked by the game's rules, then all added in one change as ``kind``; returns the new characters. */
export async function addCharacters(app, campaign, sheets, kind = "npc") {
  const checked = [];
  for (const sheet of sheets) checked.push(await checkedSheet(app, campaign.game, sheet, kind));
  const made = checked.map((sheet) => ({ id: newId("ch"), kind, sheet }));
  await changeCampaign(app, campaign, (next) => ({ ...next, characters: [...next.characters, ...made] }), []);
  return made;
}

/** Move a character into the party ("pc") or the cast ("npc"). */
export function setKind(app, campaign, id, kind) {
  return changeCampaign(
    app,
    campaign,
    (next) => ({
      ...next,
      characters: next.characters.map((each) => (each.id === id ? { ...each, kind } : each)),
    }),
    [`character:${id}`],
  );
}

/** The names of everyone in the campaign (numbering skips them). */
export const namesOf = (campaign) => campaign.characters.map((each) => each.sheet.name);
