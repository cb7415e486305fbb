// Call of Cthulhu's "By occupation" part of the guided form (rules/coc.md §3.2a): pick an occupation the app ships or
// type the table's own, take its formula, and spend occupation and personal interest points skill by skill. Every
// number shown (the budgets, what is spent and left, each skill's base + occupation + personal = value, the Credit
// Rating range) is the engine's answer (coc.creation_points), asked as the points are typed, as the derived panel
// asks for the derived values; a refusal is shown beside the skill it names, in its words.
import { html, useEffect, useState } from "../../app/html.mjs";
import { CheckField, ChoiceField, NumberField, TextField, readNumber } from "../../components/field.mjs";
import { skillList } from "./skill_list.mjs";
import { groupFields } from "../../games/sheet_spec.mjs";

const TYPED = "typed";

/** The characteristics the points are reckoned from, as the sheet declares them (``characteristics.*``). */
export const characteristicNames = (spec) =>
  groupFields(spec, "Characteristics")
    .filter((field) => field.path.startsWith("characteristics."))
    .map((field) => field.path.slice("characteristics.".length));

/** The occupation as the engine reads it: a shipped one by name, or the typed one's fields. */
export function occupationArg(choice, typed) {
  if (choice !== TYPED) return { name: choice };
  const formulas = [typed.formula, typed.other].filter((key, index, all) => key && all.indexOf(key) === index);
  return {
    name: typed.name.trim() || "Typed occupation",
    formulas,
    skills: typed.skills,
    credit_rating: [typed.low, typed.high],
  };
}

/** Points typed per skill → the numbers to send ({skill: n}, zeros left out) and the errors of those not numbers. */
export function readPoints(typed, words) {
  const values = {};
  const errors = {};
  for (const [skill, text] of Object.entries(typed)) {
    const read = readNumber(text, { min: 0, max: 999, required: false, label: `${skill} (${words})` });
    if (read.error) errors[skill] = read.error;
    else if (read.value)
      Object.defineProperty(values, skill, { value: read.value, enumerable: true, writable: true, configurable: true });
  }
  return { values, errors };
}

/** The request for the engine: the draft's characteristics (``names``) and age, the occupation, the formula, the points. */
export function pointsRequest(draft, names, occupation, formula, occ, personal, complete = false) {
  return {
    ...Object.fromEntries(names.map((key) => [key, draft[key]])),
    age: draft.age,
    occupation,
    formula,
    occupation_points: occ,
    personal_points: personal,
    complete,
  };
}

/**
 * ``draft``: the form's numbers; ``settings``: the campaign's house rules (the cap at creation);
 * ``onChange({active, skills, occupation, request, blocked})``: the skills' values to put on the sheet, the occupation's
 * name, the request to check once more when the investigator is made, and why it cannot be made yet (or null).
 */
export function OccupationPoints({ app, decl, draft, settings = {}, onChange }) {
  const [active, setActive] = useState(false);
  const [list, setList] = useState(null); // the shipped occupations, from the engine
  const [choice, setChoice] = useState("");
  const [typed, setTyped] = useState({ name: "", skills: "", formula: "EDU4", other: "", low: 0, high: 50 });
  const [formula, setFormula] = useState("");
  const [occText, setOccText] = useState({}); // skill → typed occupation points
  const [personalText, setPersonalText] = useState({});
  const [answer, setAnswer] = useState(null); // {key, result} | {key, error}
  const [lastGood, setLastGood] = useState(null);
  const [skills, setSkills] = useState([]);
  const [adding, setAdding] = useState("");

  useEffect(() => {
    if (!active || list) return;
    app.services.engine.call(decl.listOp, {}).then(
      (result) => {
        setList(result.details);
        setChoice((old) => old || result.details.occupations[0]?.name || TYPED);
      },
      () => setList({ occupations: [], formulas: [] }),
    );
    skillList(app, "coc").then(setSkills);
  }, [active]);

  const occ = readPoints(occText, "occupation points");
  const personal = readPoints(personalText, "personal interest points");
  const lowRead = readNumber(String(typed.low), { min: 0, max: 99, label: "Credit Rating, lowest" });
  const highRead = readNumber(String(typed.high), { min: 0, max: 99, label: "Credit Rating, highest" });
  const clientErrors = { ...occ.errors, ...personal.errors };
  const typedBad = choice === TYPED && (lowRead.error || highRead.error);
  const occupation = occupationArg(choice, { ...typed, low: lowRead.value, high: highRead.value });
  const cap = settings.creation_skill_cap;
  const request = pointsRequest(
    draft,
    characteristicNames(app.state.catalog?.sheet?.(app.state.campaign?.game)),
    occupation,
    formula,
    occ.values,
    personal.values,
  );
  if (cap !== undefined && cap !== null) request.creation_skill_cap = cap;
  const key = JSON.stringify(request);
  const clientBad = Object.keys(clientErrors).length > 0 || Boolean(typedBad) || !choice;

  useEffect(() => {
    if (!active || clientBad) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      app.services.engine.call(decl.op, request).then(
        (result) => {
          if (live) {
            setAnswer({ key, result });
            setLastGood(result);
          }
        },
        (error) => live && setAnswer({ key, error }),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, active, clientBad]);

  const error = answer?.error;
  const shown = answer?.result ?? lastGood;
  const details = shown?.details;
  const fresh = answer?.key === key;
  useEffect(() => {
    if (!active) {
      onChange({ active: false });
      return;
    }
    const blocked = clientBad
      ? "Fix the marked points first."
      : error
        ? error.detail || error.message
        : !fresh
          ? "Working out the points…"
          : null;
    onChange({
      active: true,
      skills: answer?.result?.details.skill_values ?? null,
      occupation: details?.occupation.name ?? "",
      request: { ...request, complete: true },
      blocked,
    });
  }, [active, key, answer, clientBad]);

  const errorPath = error?.path || "";
  const typedErrors = { occupation_points: occ.errors, personal_points: personal.errors };
  const errorFor = (field, skill) =>
    typedErrors[field][skill] || (errorPath === `${field}.${skill}` ? error.detail || error.message : null);

  const rows = details?.skills || [];
  const seen = new Set(rows.map((row) => row.name));
  const pending = [...new Set([...Object.keys(occText), ...Object.keys(personalText)])].filter(
    (name) => !seen.has(name),
  );
  const placed =
    error &&
    [...seen, ...pending].some(
      (name) => errorPath === `occupation_points.${name}` || errorPath === `personal_points.${name}`,
    );
  const shippedOptions = (list?.occupations || []).map((o) => [o.name, o.name]);
  const formulas = details?.occupation.formulas || [];
  const formulaWords = Object.fromEntries((list?.formulas || []).map((f) => [f.key, f.words]));
  const budgets = details?.budgets;
  const credit = details?.credit_rating;
  const setPoints = (setter, skill) => (text) => setter((old) => ({ ...old, [skill]: text }));
  const add = () => {
    const name = adding.trim();
    if (!name) return;
    setPersonalText((old) => (name in old ? old : { ...old, [name]: "0" }));
    setAdding("");
  };

  const row = (name, data) => html`<li class="points-row" key=${name}>
    <span class="points-name">${name}${data?.listed_as && data.listed_as !== name && name !== "Credit Rating" ? html` <small class="help">(${data.listed_as})</small>` : null}</span>
    <span class="points-base">base ${data ? data.base : "…"}</span>
    <${NumberField} label=${`${name}: occupation points`} name=${`occupation_points.${name}`} min="0" max="999" value=${occText[name] ?? String(data?.occupation ?? 0)}
      error=${errorFor("occupation_points", name)} onInput=${setPoints(setOccText, name)} />
    <${NumberField} label=${`${name}: personal points`} name=${`personal_points.${name}`} min="0" max="999" value=${personalText[name] ?? String(data?.personal ?? 0)}
      error=${errorFor("personal_points", name)} onInput=${setPoints(setPersonalText, name)} />
    <span class="points-value" aria-label=${`${name} value`}>= ${data ? data.value : "…"}</span>
  </li>`;

  return html`<fieldset class="occupation-points" aria-labelledby="by-occupation">
    <legend id="by-occupation">By occupation</legend>
    <${CheckField} label="Spend skill points by occupation (the book's way)" name="by-occupation" checked=${active} onChange=${setActive} />
    ${
      active
        ? html`
      <div class="grid-fields">
        <${ChoiceField} label="Occupation" name="occupation" value=${choice} onChange=${(value) => {
          setChoice(value);
          setFormula("");
        }}
          options=${[...shippedOptions, [TYPED, "Typed by the table…"]]} />
        ${
          formulas.length > 1
            ? html`<${ChoiceField} label="Skill points formula" name="formula" value=${formula || formulas[0].key}
          options=${formulas.map((f) => [f.key, f.words])} onChange=${setFormula} error=${error?.field === "formula" ? error.detail || error.message : null} />`
            : null
        }
      </div>
      ${
        choice === TYPED
          ? html`<div class="grid-fields typed-occupation">
        <${TextField} label="Occupation name" name="typed-name" value=${typed.name} maxlength="80" onInput=${(value) => setTyped((old) => ({ ...old, name: value }))} />
        <${ChoiceField} label="Formula" name="typed-formula" value=${typed.formula} options=${Object.entries(formulaWords)} onChange=${(value) => setTyped((old) => ({ ...old, formula: value }))} />
        <${ChoiceField} label="Or the player takes" name="typed-other" value=${typed.other} options=${[["", "No other formula"], ...Object.entries(formulaWords)]} onChange=${(value) => setTyped((old) => ({ ...old, other: value }))} />
        <${NumberField} label="Credit Rating, lowest" name="typed-low" min="0" max="99" value=${String(typed.low)} error=${lowRead.error} onInput=${(text) => setTyped((old) => ({ ...old, low: text }))} />
        <${NumberField} label="Credit Rating, highest" name="typed-high" min="0" max="99" value=${String(typed.high)} error=${highRead.error} onInput=${(text) => setTyped((old) => ({ ...old, high: text }))} />
        <div class="wide"><${TextField} label="Its skills" name="typed-skills" value=${typed.skills} maxlength="1000"
          help="Separated by commas, e.g. Library Use, History, Science (any), Charm or Persuade, any two others"
          error=${error?.field === "occupation" ? error.detail || error.message : null} onInput=${(value) => setTyped((old) => ({ ...old, skills: value }))} /></div>
      </div>`
          : null
      }
      ${details ? html`<p class="help occupation-skills">${details.occupation.name}: ${details.occupation.skills.join(", ")}; and Credit Rating.</p>` : null}
      ${
        budgets
          ? html`<dl class="budgets" aria-live="polite" aria-busy=${fresh ? undefined : "true"}>
        ${["occupation_points", "personal_points"].map(
          (field) => html`<div key=${field} data-budget=${field}>
          <dt>${budgets[field].label}</dt>
          <dd><strong>${budgets[field].spent}</strong> of ${budgets[field].total} spent, <strong>${budgets[field].left}</strong> left <small class="help">(${budgets[field].working})</small></dd>
        </div>`,
        )}
        <div data-budget="credit_rating"><dt>Credit Rating range</dt><dd>${credit.low}–${credit.high} (now <strong>${credit.value}</strong>)</dd></div>
      </dl>`
          : null
      }
      ${(details?.to_do || []).map((note) => html`<p class="help" key=${note}>${note}</p>`)}
      <ul class="points-rows" aria-label="Skill points">
        ${rows.map((data) => row(data.name, data))}
        ${pending.map((name) => row(name, null))}
      </ul>
      <div class="add-skill">
        <div class="field">
          <label for="points-add">Spend points on another skill</label>
          <input id="points-add" list="points-skills" autocomplete="off" value=${adding} placeholder="Type or pick a skill"
            onInput=${(event) => setAdding(event.currentTarget.value)} onKeyDown=${(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                add();
              }
            }} />
          <datalist id="points-skills">${skills.filter((entry) => !entry.family).map((entry) => html`<option key=${entry.name} value=${entry.name} />`)}</datalist>
        </div>
        <button type="button" onClick=${add}>Add the skill</button>
      </div>
      ${error && !placed && error.field !== "formula" && !(choice === TYPED && error.field === "occupation") ? html`<p class="field-error" role="alert">${error.detail || error.message}</p>` : null}
    `
        : html`<p class="help">Or type each skill's value below.</p>`
    }
  </fieldset>`;
}
