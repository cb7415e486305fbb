// Whom the attack is aimed at: the other combatants by one tap each. A quick NPC has no sheet to take the hit,
// so it is shown but cannot be picked (give the NPC a sheet to attack them).
import { html, useEffect, useRef } from "../../app/html.mjs";

export function TargetPicker({ attacker, combatants, characters, onPick, onCancel }) {
  const first = useRef(null);
  useEffect(() => {
    first.current?.focus();
  }, []);
  const others = combatants.filter((each) => each.id !== attacker.id);
  let placed = false;
  return html`<div class="target-picker" role="group" aria-label=${`Whom does ${attacker.name} attack?`}
    onKeyDown=${(event) => {
      if (event.key === "Escape") onCancel();
    }}>
    <p class="picker-title">Whom does ${attacker.name} attack?</p>
    <div class="row-actions">
      ${others.map((each) => {
        const character = each.character_id && characters.find((c) => c.id === each.character_id);
        const ref = character && !placed ? first : undefined; // the first who can be picked takes the focus
        if (ref) placed = true;
        return html`<button type="button" key=${each.id} ref=${ref} data-target=${each.id} disabled=${!character}
          onClick=${() => onPick(character.id)}>${each.name}${character ? "" : " (no sheet)"}</button>`;
      })}
      <button type="button" class="ghost" onClick=${onCancel}>Cancel</button>
    </div>
  </div>`;
}
