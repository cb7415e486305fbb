// Adding combatants: the party's characters by one tap each, and NPCs by a name and only the numbers the
// game's order needs. An NPC gets a sheet of its own by default (the game's usual values with those numbers,
// editable on the sheet later) because a GM expects to hit the cultist, not only to know when he acts; a
// "quick" NPC without a sheet only takes turns (a crowd, a bystander).
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { addNpcCharacter, encounterStep } from "../../app/encounter_actions.mjs";
import { CheckField, NumberField, TextField, readNumber } from "../../components/field.mjs";

function NpcForm({ encounter, rules, run, busy }) {
  const app = useApp();
  const fresh = () => Object.fromEntries(rules.npcFields.map((field) => [field.key, { text: String(field.start), bad: false }]));
  const [name, setName] = useState("");
  const [numbers, setNumbers] = useState(fresh);
  const [withSheet, setWithSheet] = useState(true);
  const [firearm, setFirearm] = useState(false);
  const [shown, setShown] = useState(false);
  const errors = Object.fromEntries(rules.npcFields.map((field) => [field.key, readNumber(numbers[field.key].text, { ...field, badInput: numbers[field.key].bad }).error]));
  const nameError = shown && !name.trim() ? "An NPC needs a name." : null;
  const add = async (event) => {
    event.preventDefault();
    setShown(true);
    if (!name.trim() || Object.values(errors).some(Boolean)) return;
    const npc = Object.fromEntries(rules.npcFields.map((field) => [field.key, readNumber(numbers[field.key].text).value]));
    const done = await run(() => {
      if (withSheet) return addNpcCharacter(app, encounter, rules.game.creation, rules.npcDraft(rules.game.creation.draft(), name.trim(), npc));
      return encounterStep(app, encounter, "add", { combatant: { name: name.trim(), npc, ...(rules.firearm ? { firearm_ready: firearm } : {}) } });
    });
    if (done) { setName(""); setNumbers(fresh()); setShown(false); }
  };
  return html`<form class="npc-form" onSubmit=${add} noValidate aria-label="Add an NPC">
    <div class="grid-fields">
      <${TextField} label="NPC name" name="npc-name" value=${name} maxlength="80" error=${nameError} onInput=${setName} />
      ${rules.npcFields.map((field) => html`<${NumberField} key=${field.key} label=${field.label} name=${`npc-${field.key}`} min=${field.min} max=${field.max}
        help=${field.help} value=${numbers[field.key].text} error=${shown ? errors[field.key] : null}
        onInput=${(text, bad) => setNumbers((old) => ({ ...old, [field.key]: { text, bad } }))} />`)}
    </div>
    <${CheckField} label="Give them a sheet (they can be attacked, take damage and carry conditions)" name="npc-sheet" checked=${withSheet} onChange=${setWithSheet} />
    ${rules.firearm && !withSheet ? html`<${CheckField} label="Firearm drawn" name="npc-firearm" checked=${firearm} onChange=${setFirearm} />` : null}
    <button type="submit" disabled=${busy}>Add the NPC</button>
  </form>`;
}

export function AddCombatants({ campaign, encounter, rules, run, busy }) {
  const app = useApp();
  const inFight = new Set(encounter.combatants.map((each) => each.character_id).filter(Boolean));
  const waiting = campaign.characters.filter((each) => !inFight.has(each.id));
  return html`<section class="panel add-combatants" aria-labelledby="add-title">
    <h2 id="add-title">Add combatants</h2>
    ${waiting.length ? html`<div class="party-pick" role="group" aria-label="From the party">
      ${waiting.map((each) => html`<button type="button" key=${each.id} data-add=${each.id} disabled=${busy}
        onClick=${() => run(() => encounterStep(app, encounter, "add", { combatant: { character_id: each.id } }))}>
        + ${each.sheet.name}${each.kind === "npc" ? " (NPC)" : ""}</button>`)}
    </div>` : html`<p class="help">Everyone in the party is in this encounter.</p>`}
    <${NpcForm} encounter=${encounter} rules=${rules} run=${run} busy=${busy} />
  </section>`;
}
