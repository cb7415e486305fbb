// NPCs from the game's ready-made ones (a thug, a police officer, a cultist …; campaign.templates), one or
// several at once with numbered names ("Cultist 1", "Cultist 2", "Cultist 3").
import { html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { snack } from "../../app/actions.mjs";
import { ChoiceField, NumberField, readNumber } from "../../components/field.mjs";
import { addCharacters, namesOf } from "./actions.mjs";

const MAX = 20;

export function FromTemplate({ campaign, onDone }) {
  const app = useApp();
  const [answer, setAnswer] = useState(null); // {templates, names} | {error}
  const [key, setKey] = useState("");
  const [count, setCount] = useState({ text: "1", bad: false });
  const [busy, setBusy] = useState(false);
  const number = readNumber(count.text, { min: 1, max: MAX, label: "How many", badInput: count.bad });
  const taken = namesOf(campaign);

  useEffect(() => {
    if (number.error) return undefined;
    let live = true;
    app.services.engine.call("campaign.templates", { game: campaign.game, count: number.value, taken }).then(
      (result) => {
        if (live) {
          setAnswer(result.details);
          setKey((old) => old || result.details.templates[0]?.key || "");
        }
      },
      (error) => live && setAnswer({ error: error.message }),
    );
    return () => {
      live = false;
    };
  }, [number.value, JSON.stringify(taken)]);

  const chosen = answer?.templates?.find((each) => each.key === key);
  const names = chosen && !number.error ? answer.names[key] : [];
  const add = async (event) => {
    event.preventDefault();
    if (!chosen || number.error) return;
    setBusy(true);
    try {
      await addCharacters(
        app,
        campaign,
        names.map((name) => ({ ...structuredClone(chosen.sheet), name })),
        "npc",
      );
      snack(app, `${names.join(", ")} joined the cast.`);
      onDone();
    } catch (error) {
      setAnswer((old) => ({ ...old, error: error.first || error.message }));
    } finally {
      setBusy(false);
    }
  };
  return html`<form class="panel from-template" onSubmit=${add} noValidate aria-labelledby="template-title">
    <h2 id="template-title">From a ready-made NPC</h2>
    ${
      answer?.templates
        ? html`
      <div class="grid-fields">
        <${ChoiceField} label="Who" name="template" value=${key} onChange=${setKey}
          options=${answer.templates.map((each) => [each.key, each.name])} help=${chosen?.summary} />
        <${NumberField} label="How many" name="template-count" min="1" max=${MAX} value=${count.text} error=${number.error}
          onInput=${(text, bad) => setCount({ text, bad })} help="Several get numbered names." />
      </div>
      ${names.length ? html`<p class="help" aria-live="polite">Adds ${names.join(", ")}.</p>` : null}`
        : html`<p class="help">${answer?.error ? "" : "Getting the ready-made NPCs…"}</p>`
    }
    ${answer?.error ? html`<p class="field-error" role="alert">${answer.error}</p>` : null}
    <div class="row-actions">
      <button type="button" onClick=${onDone}>Cancel</button>
      <button type="submit" class="primary" disabled=${busy || !chosen || Boolean(number.error)}>
        ${names.length > 1 ? `Add ${names.length} to the cast` : "Add to the cast"}</button>
    </div>
  </form>`;
}
