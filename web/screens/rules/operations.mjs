// All operations: every operation the engine offers for this game, its fields generated from the catalog,
// characters picked from the campaign instead of typed as JSON. The results' sheets are stored. Reached from
// the house rules (every move on one character is on its sheet and card: games/moves.mjs).
import { html, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { CODE } from "../../error_codes.mjs";
import { plainHelp } from "../../app/engine.mjs";
import { runOperation } from "../../app/operation_actions.mjs";
import { ChoiceField } from "../../components/field.mjs";
import { useOpForm } from "../../drawer/op_form.mjs";
import { Result } from "../../drawer/result.mjs";
import { CampaignNav } from "../campaign_nav.mjs";
import { paths } from "../../app/router.mjs";

export function OperationsScreen() {
  const app = useApp();
  const campaign = app.state.campaign;
  const operations = app.state.catalog.operations.filter((op) => op.system === campaign.game);
  const [opId, setOpId] = useState(operations[0].id);
  const op = app.state.catalog.op(opId);
  return html`<section class="screen operations" aria-labelledby="ops-title">
    <${CampaignNav} campaign=${campaign} here="rules" />
    <p class="back"><a href=${paths.rules(campaign.id)}>‹ House rules</a></p>
    <h1 id="ops-title">All operations</h1>
    <p class="help">Every move on one character is on their sheet and their encounter card; here is everything the rules offer, each form on its own.</p>
    <${ChoiceField} label="Operation" name="operation" value=${opId} onChange=${setOpId} options=${operations.map((each) => [each.id, each.title])} />
    <p class="help">${plainHelp(op.summary)}</p>
    <${OperationForm} key=${opId} op=${op} campaign=${campaign} app=${app} />
  </section>`;
}

function OperationForm({ op, campaign, app }) {
  const sheets = op.params.filter((param) => param.kind === "json" && param.state_key);
  const fields = op.params
    .filter((param) => !param.setting && !(param.kind === "json" && param.state_key) && param.name !== "dice")
    .map((param) => param.name);
  const form = useOpForm(op, fields, {}, { onNext: () => next() });
  const [picked, setPicked] = useState(() =>
    Object.fromEntries(
      sheets.map((param, index) => [param.name, campaign.characters[index]?.id || campaign.characters[0]?.id || ""]),
    ),
  );
  const [outcome, setOutcome] = useState(null);
  const [busy, setBusy] = useState(false);
  /** Physical dice are asked one at a time (drawer/dice_field.mjs): the die asked is typed, then the same run again. */
  const next = () => {
    if (!busy && form.answerDie()) go();
  };
  const go = async () => {
    const args = form.read();
    if (!args) return;
    const missing = sheets.find((param) => param.required && !picked[param.name]);
    if (missing) {
      setOutcome({ error: `${missing.label}: add a character to the party first.` });
      return;
    }
    const physical = form.physical();
    setBusy(true);
    try {
      setOutcome({
        result: await runOperation(
          app,
          op.id,
          args,
          Object.fromEntries(Object.entries(picked).filter(([, id]) => id)),
          { dice: physical ? "physical" : null },
        ),
      });
      if (physical) form.clearDice();
    } catch (error) {
      if (error.code === CODE.needsDie && error.die) {
        form.askDie(error.die);
        setOutcome(null);
        return;
      }
      setOutcome(form.showEngineError(error) ? null : { error: error.message });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event) => {
    event.preventDefault();
    if (form.asking) next();
    else go();
  };
  return html`<form class="panel op-form" data-op=${op.id} onSubmit=${submit} noValidate>
    ${sheets.map(
      (
        param,
      ) => html`<${ChoiceField} key=${param.name} label=${param.label} name=${param.name} value=${picked[param.name]}
      onChange=${(id) => setPicked((old) => ({ ...old, [param.name]: id }))}
      options=${[...(param.required ? [] : [["", "Nobody"]]), ...campaign.characters.map((each) => [each.id, each.sheet.name])]} />`,
    )}
    ${form.view}
    ${outcome?.error ? html`<p class="drawer-error" role="alert">${outcome.error}</p>` : null}
    ${outcome?.result ? html`<${Result} result=${outcome.result} title=${op.title} />` : null}
    <button type="submit" class="primary" disabled=${busy}>${form.asking ? "Next" : op.rolls ? "Roll" : "Apply"}</button>
  </form>`;
}
