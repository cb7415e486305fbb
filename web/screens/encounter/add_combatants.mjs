// Adding combatants: the party's characters and the cast's NPCs (full sheets) by one tap each, or all of a list
// not yet in the encounter by one tap (one step, one log entry: encounter.add_many), and walk-on
// NPCs by a name and only the numbers the game's order needs. A walk-on gets a sheet of its own by default
// (the game's usual values with those numbers, editable on the sheet later, and it joins the cast) because a
// GM expects to hit the cultist, not only to know when he acts; a "quick" NPC without a sheet only takes turns
// (a crowd, a bystander). The form says what each lacks next to a full sheet.
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { addNpcCharacter, encounterStep } from "../../app/encounter_actions.mjs";
import { CheckField, NumberField, TextField, readNumber } from "../../components/field.mjs";

/** What a walk-on's sheet lacks next to a full one: the game's usual values (web/games/*.mjs creation drafts). */
const LACKS = {
  armageddon:
    "No full sheet: every attribute 2 but Dexterity, no skills, so Life Points and Endurance from those; no weapons. For a full one, use the cast.",
  semiautomagic:
    "No full sheet: every ability 3, no skills, no armour (an average human). For a full one, use the cast.",
  coc: "No full sheet: every characteristic 50 but DEX, so HP 10, no Damage Bonus, Build 0, Luck 50; no skills but the combat skill. For a full one, use the cast.",
};

function NpcForm({ encounter, rules, run, busy }) {
  const app = useApp();
  const fresh = () =>
    Object.fromEntries(rules.npcFields.map((field) => [field.key, { text: String(field.start), bad: false }]));
  const [name, setName] = useState("");
  const [numbers, setNumbers] = useState(fresh);
  const [withSheet, setWithSheet] = useState(true);
  const [firearm, setFirearm] = useState(false);
  const [shown, setShown] = useState(false);
  const errors = Object.fromEntries(
    rules.npcFields.map((field) => [
      field.key,
      readNumber(numbers[field.key].text, { ...field, badInput: numbers[field.key].bad }).error,
    ]),
  );
  const nameError = shown && !name.trim() ? "An NPC needs a name." : null;
  const add = async (event) => {
    event.preventDefault();
    setShown(true);
    if (!name.trim() || Object.values(errors).some(Boolean)) return;
    const npc = Object.fromEntries(
      rules.npcFields.map((field) => [field.key, readNumber(numbers[field.key].text).value]),
    );
    const done = await run(() => {
      if (withSheet)
        return addNpcCharacter(
          app,
          encounter,
          rules.game.creation,
          rules.npcDraft(rules.game.creation.draft(), name.trim(), npc),
        );
      return encounterStep(app, encounter, "add", {
        combatant: { name: name.trim(), npc, ...(rules.firearm ? { firearm_ready: firearm } : {}) },
      });
    });
    if (done) {
      setName("");
      setNumbers(fresh());
      setShown(false);
    }
  };
  return html`<form class="npc-form" onSubmit=${add} noValidate aria-label="Add an NPC">
    <div class="grid-fields">
      <${TextField} label="NPC name" name="npc-name" value=${name} maxlength="80" error=${nameError} onInput=${setName} />
      ${rules.npcFields.map(
        (
          field,
        ) => html`<${NumberField} key=${field.key} label=${field.label} name=${`npc-${field.key}`} min=${field.min} max=${field.max}
        help=${field.help} value=${numbers[field.key].text} error=${shown ? errors[field.key] : null}
        onInput=${(text, bad) => setNumbers((old) => ({ ...old, [field.key]: { text, bad } }))} />`,
      )}
    </div>
    <${CheckField} label="Give them a sheet (they can be attacked, take damage and carry conditions)" name="npc-sheet" checked=${withSheet} onChange=${setWithSheet} />
    <p class="help npc-lacks">${withSheet ? LACKS[rules.game.id] : "No sheet: they only take turns. They cannot be attacked, take damage or carry conditions."}</p>
    ${rules.firearm && !withSheet ? html`<${CheckField} label="Firearm drawn" name="npc-firearm" checked=${firearm} onChange=${setFirearm} />` : null}
    <button type="submit" disabled=${busy}>Add the NPC</button>
  </form>`;
}

export function AddCombatants({ campaign, encounter, rules, run, busy }) {
  const app = useApp();
  const inFight = new Set(encounter.combatants.map((each) => each.character_id).filter(Boolean));
  const waiting = campaign.characters.filter((each) => !inFight.has(each.id));
  const addAll = (who) =>
    run(() =>
      encounterStep(app, encounter, "add_many", { combatants: who.map((each) => ({ character_id: each.id })) }),
    );
  const pick = (label, who, none, all) =>
    who.length
      ? html`<div class="party-pick" role="group" aria-label=${label}>
      <p class="help pick-label">${label}</p>
      ${
        who.length > 1
          ? html`<button type="button" class="add-all" data-add-all=${all} disabled=${busy} onClick=${() => addAll(who)}>
        Add all ${all === "cast" ? "from the cast" : "the party"} (${who.length})</button>`
          : null
      }
      ${who.map(
        (each) => html`<button type="button" key=${each.id} data-add=${each.id} disabled=${busy}
        onClick=${() => run(() => encounterStep(app, encounter, "add", { combatant: { character_id: each.id } }))}>
        + ${each.sheet.name}${each.kind === "npc" ? " (NPC)" : ""}</button>`,
      )}
    </div>`
      : html`<p class="help">${none}</p>`;
  const castLeft = waiting.filter((each) => each.kind === "npc");
  const castAll = campaign.characters.some((each) => each.kind === "npc");
  return html`<section class="panel add-combatants" aria-labelledby="add-title">
    <h2 id="add-title">Add combatants</h2>
    ${pick(
      "From the party",
      waiting.filter((each) => each.kind !== "npc"),
      campaign.characters.some((each) => each.kind !== "npc")
        ? "Everyone in the party is in this encounter."
        : "The party has no one yet.",
      "party",
    )}
    ${pick("From the cast", castLeft, castAll ? "Everyone in the cast is in this encounter." : "The cast has no NPCs yet; add a walk-on below or build the cast.", "cast")}
    <h3 class="walk-on-title">A walk-on NPC</h3>
    <${NpcForm} encounter=${encounter} rules=${rules} run=${run} busy=${busy} />
  </section>`;
}
