// A new character through a guided form per game: the game's attributes or characteristics, skills from a
// searchable list, and the derived values computed live by the engine's own operation. The engine's answer
// is what is stored, so a sheet is valid by construction. A skill whose base the rules take from the character
// (Call of Cthulhu: Dodge = half DEX) follows that number until the user types its value; a refusal is shown
// next to the form's own field, in its words, and the derived panel always says where it stands.
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { addCharacter, snack } from "../../app/actions.mjs";
import { ChoiceField, NoteField, NumberField, TextField, readNumber } from "../../components/field.mjs";
import { SkillPicker } from "./skill_picker.mjs";
import { OccupationPoints } from "./occupation_points.mjs";
import { RollAll } from "./roll_all.mjs";
import { baseValue } from "./skill_list.mjs";
import { WeaponsEditor, readWeapons, weaponsDraft } from "../sheet/weapons.mjs";
import { EntryEditor, readEntries } from "../sheet/entries.mjs";
import { limitsOf } from "../../games/sheet_spec.mjs";
import { own } from "../../store/own.mjs";

const getPath = (object, path) => path.split(".").reduce((value, key) => value?.[key], object);
function setPath(object, path, value) {
  const keys = path.split(".");
  const copy = structuredClone(object);
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key];
  // defined, not assigned: a skill the user names "__proto__" is a key like any other, never the prototype
  Object.defineProperty(node, keys.at(-1), { value, writable: true, enumerable: true, configurable: true });
  return copy;
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Dodge follows half DEX and Language (Own) EDU until you type their values." for [[skill, words]]. */
function followNote(pairs) {
  if (!pairs.length) return null;
  const parts = pairs.map(([name, words], index) => (index ? `${name} ${words}` : `${name} follows ${words}`));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  return `${list} until you type ${pairs.length > 1 ? "their values" : "a value"}.`;
}

/** The form's path for an engine refusal: where in the sheet (``path``) or which field, as the form names it. */
function formPath(spec, error) {
  const path = (error?.path || error?.field || "").replace(/\.level$/, "");
  return path ? (spec.errorPaths?.[path] ?? path) : null;
}

export function NewCharacter({ game, onDone, initialKind = "pc" }) {
  const app = useApp();
  const spec = game.creation;
  const [draft, setDraft] = useState(spec.draft);
  const [raw, setRaw] = useState({}); // path → {text, bad} for numbers being typed
  const [kind, setKind] = useState(initialKind);
  const [engineAnswer, setEngineAnswer] = useState(null); // {key, result} | {key, error}: key = the request answered
  const [following, setFollowing] = useState({}); // skill → its list row, while its base follows a characteristic
  const [saving, setSaving] = useState(false);
  const [byOccupation, setByOccupation] = useState({ active: false }); // the game's "By occupation" part, when it has one
  const [occupationRefusal, setOccupationRefusal] = useState(null); // why the points stop the investigator being made
  const occupationChange = (status) => {
    setByOccupation(status);
    setOccupationRefusal(null);
    if (status.active) setFollowing({}); // every value now comes from the points
    if (status.active && status.skills)
      setDraft((old) => ({ ...old, skills: status.skills, occupation: status.occupation }));
  };
  const [gear, setGear] = useState(() => (game.weapons ? weaponsDraft(game.weapons, {}) : null)); // weapons and armour
  const gearRead = gear ? readWeapons(game.weapons, gear) : { values: {}, errors: {} };
  const [lists, setLists] = useState({}); // a list's path → its rows (Qualities and Drawbacks …: the game's ``lists``)
  const listsRead = (game.lists || []).map((list) => readEntries(game, list, lists[list.path] || []));
  const listValues = Object.assign({}, ...listsRead.map((read) => read.values));
  // a game with several kinds of sheet (Semiautomagic: creature, object, vehicle, robot) asks each its own fields
  const sections = spec.sectionsFor ? spec.sectionsFor(draft) : spec.sections;
  const setChoice = (path, value) => {
    if (path !== spec.kindField) {
      setDraft((old) => setPath(old, path, value));
      return;
    }
    setDraft((old) => spec.rekind(old, value));
    setKind(spec.castKinds.includes(value) ? "npc" : initialKind); // what the game master runs joins the cast
    setByOccupation({ active: false }); // a kind the occupation part is not offered to takes no points from it
    setOccupationRefusal(null);
  };

  const fields = sections.flatMap((section) => section.fields);
  // what is being made is asked first, above the name (its own field, taken out of its section)
  const kindField = spec.kindField ? fields.find((field) => field.path === spec.kindField) : null;
  // the heading names the kind picked when it is not the usual one ("New robot")
  const kindWords =
    kindField && draft[spec.kindField] !== kindField.choices[0][0]
      ? kindField.choices.find(([value]) => value === draft[spec.kindField])?.[1]
      : null;
  const shownSections = sections
    .map((section) => ({ ...section, fields: section.fields.filter((field) => field !== kindField) }))
    .filter((section) => section.fields.length);
  const values = spec.skills.values?.(draft) ?? {};
  const followed = Object.entries(following)
    .map(([name, entry]) => [name, baseValue(entry, values, spec.skills.max)])
    .filter(([, value]) => value !== null);
  const skills = { ...draft.skills, ...Object.fromEntries(followed) };
  const unfollow = (name) =>
    setFollowing((old) => {
      const copy = { ...old };
      delete copy[name];
      return copy;
    });
  const numberErrors = {};
  const isText = (field) => field.kind === "text" || field.kind === "note";
  for (const field of fields.filter((each) => !each.choices && !isText(each))) {
    const typed = raw[field.path];
    if (typed)
      numberErrors[field.path] =
        readNumber(typed.text, { ...field, required: !field.optional, badInput: typed.bad }).error || null;
  }
  for (const [skill, typed] of Object.entries(raw).filter(([path]) => path.startsWith("skills."))) {
    numberErrors[skill] =
      readNumber(typed.text, { ...spec.skills, label: skill.slice(7), badInput: typed.bad }).error || null;
  }
  Object.assign(numberErrors, gearRead.errors, ...listsRead.map((read) => read.errors));
  const clientBad = Object.values(numberErrors).some(Boolean);
  const sheet = spec.toSheet({
    ...draft,
    skills,
    name: draft.name.trim() || "New character",
    ...gearRead.values,
    ...listValues,
  });
  const request = spec.derive(sheet);
  const requestKey = JSON.stringify(request);

  useEffect(() => {
    if (clientBad) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      app.services.engine.call(request.op, request.args).then(
        (result) => live && setEngineAnswer({ key: requestKey, result }),
        (error) => live && setEngineAnswer({ key: requestKey, error }),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [requestKey, clientBad]);

  // The latest answer's refusal stays until the next answer (no flicker while typing); it is said without the
  // engine's own names: next to the field it concerns, or under the panel with that field's label.
  const engineError = engineAnswer?.error;
  const errorField = formPath(spec, engineError);
  const errorWords = engineError ? capital(engineError.detail || engineError.message) : null;
  const shownPaths = [
    ...fields.map((field) => field.path),
    ...Object.keys(skills).map((skill) => `skills.${skill}`),
    "name",
  ];
  const errorAt = (path) => numberErrors[path] || (engineError && errorField === path ? errorWords : null);
  const gearPaths = gear
    ? [
        ...gear.rows.flatMap((_, index) =>
          game.weapons.fields.map((field) => `${game.weapons.path || "weapons"}.${index}.${field.key}`),
        ),
        game.weapons.armour?.path,
      ]
    : [];
  const inList = (game.lists || []).some((list) => String(errorField || "").startsWith(`${list.path}.`));
  const placedEngineError =
    engineError && (shownPaths.includes(errorField) || gearPaths.includes(errorField) || inList);
  const labelOf = (path) =>
    fields.find((field) => field.path === path)?.label ??
    (path?.startsWith("skills.") ? path.slice(7) : (spec.pathLabels?.[path] ?? limitsOf(game.sheet, path ?? "").label));
  const panelError =
    engineError && !placedEngineError
      ? labelOf(errorField)
        ? `${labelOf(errorField)}: ${errorWords}`
        : errorWords
      : null;
  const answered = engineAnswer?.key === requestKey;
  const waiting = !clientBad && !answered;

  // an optional number left empty (a creature's MOV: the rules' then) is null, sent as nothing
  const setNumber = (path, text, bad, optional = false) => {
    setRaw((old) => ({ ...old, [path]: { text, bad } }));
    const parsed = readNumber(text, { badInput: bad, required: !optional });
    if (parsed.value !== undefined && (parsed.value !== null || optional))
      setDraft((old) => setPath(old, path, parsed.value));
  };
  // the parts a game offers only some kinds of sheet (Call of Cthulhu: rolling and occupation points are a person's)
  const offers = (part) => Boolean(spec[part]) && (spec.offers?.(draft, part) ?? true);

  const rolled = (values) => {
    setDraft((old) => ({ ...old, ...values }));
    setRaw((old) => Object.fromEntries(Object.entries(old).filter(([path]) => !(path in values))));
  };

  const create = async (event) => {
    event.preventDefault();
    if (!draft.name.trim()) {
      setRaw((old) => ({ ...old, name: { missing: true } }));
      return;
    }
    // A refusal of what the form holds now is shown already; a tap made while the preview of the last change is
    // still on its way is not lost: the engine checks the sheet as it makes it, and a refusal then is shown the same.
    if (clientBad || (answered && engineAnswer.error)) return;
    setSaving(true);
    try {
      if (byOccupation.active) {
        // the points are checked as finished (a Credit Rating inside its range) before saving
        const refused =
          byOccupation.blocked ??
          (await app.services.engine.call(spec.occupation.op, byOccupation.request).then(
            () => null,
            (error) => error.detail || error.message,
          ));
        setOccupationRefusal(refused);
        if (refused) return;
      }
      const result = await app.services.engine.call(request.op, request.args);
      await addCharacter(app, app.state.campaign, result.state, kind);
      if (kind !== initialKind)
        snack(app, `${result.state.name} ${kind === "npc" ? "joined the cast" : "joined the party"}.`);
      onDone();
    } catch (error) {
      setEngineAnswer({ key: requestKey, error });
    } finally {
      setSaving(false);
    }
  };

  return html`<form class="panel new-character" onSubmit=${create} noValidate aria-labelledby="new-character-title" data-game=${game.id}>
    <h2 id="new-character-title">${kindWords ? `New ${kindWords.toLowerCase()}` : initialKind === "npc" ? "New NPC" : `New ${game.person}`}</h2>
    ${
      kindField
        ? html`<${ChoiceField} label=${kindField.label} name=${kindField.path} value=${draft[spec.kindField]} options=${kindField.choices}
      help=${kindField.help} error=${errorAt(kindField.path)} onChange=${(value) => setChoice(kindField.path, value)} />`
        : null
    }
    <${TextField} label="Name" name="name" value=${draft.name} maxlength=${limitsOf(game.sheet, "name").maxlength} error=${raw.name?.missing && !draft.name.trim() ? "Give them a name." : errorAt("name")}
      onInput=${(value) => setDraft((old) => ({ ...old, name: value }))} />
    <${ChoiceField} label="Plays as" name="character-kind" value=${kind} onChange=${setKind} options=${[["pc", "Player character"], ["npc", `Non-player character (run by the ${game.gm})`]]} />
    ${offers("rollAll") ? html`<${RollAll} roll=${spec.rollAll} draft=${draft} onRolled=${rolled} />` : null}
    ${shownSections.map(
      (section) => html`<fieldset class="grid-fields" key=${section.title}>
      <legend>${section.title}</legend>
      ${section.fields.map((field) =>
        field.choices
          ? html`<${ChoiceField} key=${field.path} label=${field.label} name=${field.path} value=${getPath(draft, field.path)} options=${field.choices}
            help=${field.help} error=${errorAt(field.path)} onChange=${(value) => setChoice(field.path, value)} />`
          : isText(field)
            ? html`<${field.kind === "note" ? NoteField : TextField} key=${field.path} label=${field.label} name=${field.path} maxlength=${field.maxlength}
            help=${field.help} value=${getPath(draft, field.path) ?? ""} error=${errorAt(field.path)}
            onInput=${(value) => setDraft((old) => setPath(old, field.path, value))} />`
            : html`<${NumberField} key=${field.path} label=${field.label} name=${field.path} min=${field.min} max=${field.max} help=${spec.rolledWords?.(draft, field.path) ?? field.help}
            value=${raw[field.path]?.text ?? String(getPath(draft, field.path) ?? "")} error=${errorAt(field.path)}
            onInput=${(text, bad) => setNumber(field.path, text, bad, field.optional)} />`,
      )}
    </fieldset>`,
    )}
    ${offers("occupation") ? html`<${OccupationPoints} app=${app} decl=${spec.occupation} draft=${draft} settings=${app.state.campaign?.settings} onChange=${occupationChange} />` : null}
    ${
      byOccupation.active
        ? null
        : html`<${SkillPicker} game=${game} skills=${skills} values=${values} raw=${raw} errorAt=${errorAt}
      note=${followNote(followed.map(([name]) => [name, following[name].base_from.words]))}
      onSet=${(name, text, bad) => {
        if (own(following, name)) {
          setDraft((old) => ({ ...old, skills: { ...old.skills, [name]: skills[name] } }));
          unfollow(name);
        }
        setNumber(`skills.${name}`, text, bad);
      }}
      onAdd=${(name, value, entry) => {
        setDraft((old) => ({ ...old, skills: { ...old.skills, [name]: value } }));
        if (entry?.base_from) setFollowing((old) => ({ ...old, [name]: entry }));
      }}
      onRemove=${(name) => {
        unfollow(name);
        setDraft((old) => {
          const rest = { ...old.skills };
          delete rest[name];
          return { ...old, skills: rest };
        });
        setRaw((old) => {
          const copy = { ...old };
          delete copy[`skills.${name}`];
          return copy;
        });
      }} />`
    }
    ${(game.lists || []).map(
      (
        list,
      ) => html`<${EntryEditor} key=${list.path} game=${game} list=${list} rows=${lists[list.path] || []} sheet=${sheet} errorAt=${errorAt}
      onChange=${(rows) => setLists((old) => ({ ...old, [list.path]: rows }))} />`,
    )}
    ${gear ? html`<${WeaponsEditor} decl=${game.weapons} draft=${gear} sheet=${sheet} errorAt=${errorAt} onChange=${setGear} />` : null}
    <section class="derived" aria-live="polite" aria-labelledby="derived-title">
      <h3 id="derived-title">Derived, by the rules</h3>
      ${
        engineAnswer?.result && !clientBad
          ? html`<dl aria-busy=${waiting ? "true" : undefined}>${spec.derived(engineAnswer.result).map(([label, value]) => html`<div key=${label}><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>`
          : html`<p class="help">${
              app.state.engine !== "ready"
                ? "The rules engine is starting…"
                : clientBad
                  ? "Fix the marked fields to see them."
                  : engineError
                    ? placedEngineError
                      ? `Fix the marked field (${labelOf(errorField)}) to see them.`
                      : "Fix this to see them:"
                    : "Working them out…"
            }</p>`
      }
      ${panelError ? html`<p class="field-error" role="alert">${panelError}</p>` : null}
    </section>
    ${occupationRefusal ? html`<p class="field-error" role="alert" data-refused="occupation">Skill points: ${occupationRefusal}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${onDone}>Cancel</button>
      <button type="submit" class="primary" disabled=${saving}>Create ${draft.name.trim() || `the ${game.person}`}</button>
    </div>
  </form>`;
}
