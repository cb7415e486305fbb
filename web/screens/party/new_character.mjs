// A new character through a guided form per game: the game's attributes or characteristics, skills from a
// searchable list, and the derived values computed live by the engine's own operation. The engine's answer
// is what is stored, so a sheet is valid by construction.
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { addCharacter } from "../../app/actions.mjs";
import { ChoiceField, NumberField, TextField, readNumber } from "../../components/field.mjs";
import { SkillPicker } from "./skill_picker.mjs";
import { ItemList, itemErrors, itemsOf } from "./item_list.mjs";

const getPath = (object, path) => path.split(".").reduce((value, key) => value?.[key], object);
function setPath(object, path, value) {
  const keys = path.split(".");
  const copy = structuredClone(object);
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys.at(-1)] = value;
  return copy;
}

export function NewCharacter({ game, onDone }) {
  const app = useApp();
  const spec = game.creation;
  const [draft, setDraft] = useState(spec.draft);
  const [raw, setRaw] = useState({}); // path → {text, bad} for numbers being typed
  const [kind, setKind] = useState("pc");
  const [items, setItems] = useState([]);
  const [engineAnswer, setEngineAnswer] = useState(null); // {result} | {error}
  const [saving, setSaving] = useState(false);

  const fields = spec.sections.flatMap((section) => section.fields);
  const numberErrors = {};
  for (const field of fields.filter((each) => !each.choices)) {
    const typed = raw[field.path];
    if (typed) numberErrors[field.path] = readNumber(typed.text, { ...field, badInput: typed.bad }).error || null;
  }
  for (const [skill, typed] of Object.entries(raw).filter(([path]) => path.startsWith("skills."))) {
    numberErrors[skill] = readNumber(typed.text, { ...spec.skills, label: skill.slice(7), badInput: typed.bad }).error || null;
  }
  const clientBad = Object.values(numberErrors).some(Boolean) || itemErrors(items).some(Boolean);
  const sheet = spec.toSheet({ ...draft, name: draft.name.trim() || "New character" }, itemsOf(items));
  const request = spec.derive(sheet);
  const requestKey = JSON.stringify(request);

  useEffect(() => {
    if (clientBad) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      app.services.engine.call(request.op, request.args).then(
        (result) => live && setEngineAnswer({ result }),
        (error) => live && setEngineAnswer({ error }),
      );
    }, 200);
    return () => { live = false; clearTimeout(timer); };
  }, [requestKey, clientBad]);

  const engineError = engineAnswer?.error;
  const errorAt = (path) => numberErrors[path] || (engineError?.field && [path, path.split(".").at(-1)].includes(engineError.field) ? engineError.message : null);
  const placedEngineError = engineError && [...fields.map((field) => field.path), ...Object.keys(draft.skills).map((skill) => `skills.${skill}`), "name"].some((path) => errorAt(path) === engineError.message);

  const setNumber = (path, text, bad) => {
    setRaw((old) => ({ ...old, [path]: { text, bad } }));
    const parsed = readNumber(text, { badInput: bad });
    if (parsed.value !== undefined && parsed.value !== null) setDraft((old) => setPath(old, path, parsed.value));
  };

  const rollAll = async () => {
    const asked = spec.rollAll.request(draft);
    try {
      const values = spec.rollAll.values(await app.services.engine.call(asked.op, asked.args));
      setDraft((old) => ({ ...old, ...values }));
      setRaw((old) => Object.fromEntries(Object.entries(old).filter(([path]) => !(path in values))));
    } catch (error) {
      setEngineAnswer({ error });
    }
  };

  const create = async (event) => {
    event.preventDefault();
    if (!draft.name.trim()) { setRaw((old) => ({ ...old, name: { missing: true } })); return; }
    if (clientBad || !engineAnswer?.result) return;
    setSaving(true);
    try {
      const result = await app.services.engine.call(request.op, request.args);
      await addCharacter(app, app.state.campaign, result.state, kind);
      onDone();
    } catch (error) {
      setEngineAnswer({ error });
    } finally {
      setSaving(false);
    }
  };

  return html`<form class="panel new-character" onSubmit=${create} noValidate aria-labelledby="new-character-title" data-game=${game.id}>
    <h2 id="new-character-title">New ${game.person}</h2>
    <${TextField} label="Name" name="name" value=${draft.name} maxlength="80" error=${raw.name?.missing && !draft.name.trim() ? "Give them a name." : errorAt("name")}
      onInput=${(value) => setDraft((old) => ({ ...old, name: value }))} />
    <${ChoiceField} label="Plays as" name="character-kind" value=${kind} onChange=${setKind} options=${[["pc", "Player character"], ["npc", `Non-player character (run by the ${game.gm})`]]} />
    ${spec.rollAll ? html`<button type="button" onClick=${rollAll}>${spec.rollAll.label}</button>` : null}
    ${spec.sections.map((section) => html`<fieldset class="grid-fields" key=${section.title}>
      <legend>${section.title}</legend>
      ${section.fields.map((field) => field.choices
        ? html`<${ChoiceField} key=${field.path} label=${field.label} name=${field.path} value=${getPath(draft, field.path)} options=${field.choices}
            help=${field.help} error=${errorAt(field.path)} onChange=${(value) => setDraft((old) => setPath(old, field.path, value))} />`
        : html`<${NumberField} key=${field.path} label=${field.label} name=${field.path} min=${field.min} max=${field.max} help=${field.help}
            value=${raw[field.path]?.text ?? String(getPath(draft, field.path))} error=${errorAt(field.path)}
            onInput=${(text, bad) => setNumber(field.path, text, bad)} />`)}
    </fieldset>`)}
    <${SkillPicker} game=${game} skills=${draft.skills} raw=${raw} errorAt=${errorAt}
      onSet=${(name, text, bad) => setNumber(`skills.${name}`, text, bad)}
      onAdd=${(name, value) => setDraft((old) => ({ ...old, skills: { ...old.skills, [name]: value } }))}
      onRemove=${(name) => { setDraft((old) => { const skills = { ...old.skills }; delete skills[name]; return { ...old, skills }; }); setRaw((old) => { const copy = { ...old }; delete copy[`skills.${name}`]; return copy; }); }} />
    ${spec.items ? html`<${ItemList} rows=${items} onChange=${setItems} />` : null}
    <section class="derived" aria-live="polite" aria-labelledby="derived-title">
      <h3 id="derived-title">Derived, by the rules</h3>
      ${engineAnswer?.result && !clientBad ? html`<dl>${spec.derived(engineAnswer.result).map(([label, value]) => html`<div key=${label}><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>`
        : html`<p class="help">${app.state.engine === "ready" ? (clientBad ? "Fix the marked fields to see them." : "Working them out…") : "The rules engine is starting…"}</p>`}
      ${engineError && !placedEngineError ? html`<p class="field-error" role="alert">${engineError.message}</p>` : null}
    </section>
    <div class="row-actions">
      <button type="button" onClick=${onDone}>Cancel</button>
      <button type="submit" class="primary" disabled=${saving}>Create ${draft.name.trim() || `the ${game.person}`}</button>
    </div>
  </form>`;
}
