// What players sent: their posts or codes pasted (a whole forum page is fine) or a file of rolls opened, every code
// checked and every roll run again by the rules against this campaign's own sheets (app/table_actions.mjs). The list
// below says what became of each one, once the batch is stored.
import { html, useState } from "../../app/html.mjs";
import { acceptCodes } from "../../app/table_actions.mjs";
import { decisionLine, problemWords } from "../../app/table_words.mjs";
import { readFileText } from "../../store/files.mjs";
import { hasOwn } from "../../store/own.mjs";
import { resultHeadline } from "../../store/log_rows.mjs";

/** The longest text table.read_codes takes (its declared ``max_length``), else a generous bound. */
function textBound(catalog) {
  const length = catalog.op("table.read_codes")?.params?.find((each) => each.name === "text")?.max_length;
  return Number.isFinite(length) && length > 0 ? length : 1_000_000;
}

function Outcome({ outcome, campaign, catalog }) {
  const nameOf = (id) => campaign.characters.find((each) => each.id === id)?.sheet.name ?? null;
  const opOf = (id) => catalog.op(id);
  const proposalOf = (id) => outcome.proposals.find((each) => each.id === id);
  const headlineOf = (id) => resultHeadline(outcome.entries.find((entry) => entry.proposal === id)?.result); // as the log says it
  const { decisions, problems } = outcome;
  if (!decisions.length && !problems.length)
    return html`<p class="accept-none" role="status">No code was found in that text. Paste the players' posts as they are: the codes start with “RC”.</p>`;
  return html`<div class="accept-outcome" role="status">
    ${decisions.length ? html`<h3>${decisions.length === 1 ? "1 roll" : `${decisions.length} rolls`}</h3>` : null}
    <ul class="decisions">
      ${decisions.map(
        (decision) => html`<li key=${decision.proposal} data-status=${decision.status}>
        <span>${decisionLine(decision, {
          proposal: proposalOf(decision.proposal),
          nameOf,
          opOf,
          earlier: hasOwn(outcome.before, decision.proposal) ? outcome.before[decision.proposal] : null,
        })}</span>
        ${headlineOf(decision.proposal) ? html`<p class="decision-result">${headlineOf(decision.proposal)}</p>` : null}
        ${decision.differs?.length ? html`<ul class="differs">${decision.differs.map((line) => html`<li>${line}</li>`)}</ul>` : null}
      </li>`,
      )}
    </ul>
    ${
      problems.length
        ? html`<h3>Codes not read</h3><ul class="code-problems">${problems.map(
            (problem, index) => html`<li key=${index}>${problemWords(outcome.text, problem)}</li>`,
          )}</ul>`
        : null
    }
  </div>`;
}

export function AcceptBox({ app, campaign }) {
  const catalog = app.state.catalog;
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState(null);
  const [failed, setFailed] = useState("");
  const bound = textBound(catalog);

  const accept = async (pasted) => {
    setFailed("");
    setOutcome(null);
    if (!pasted.trim()) {
      setFailed("Paste the players' posts or codes first.");
      return;
    }
    if (pasted.length > bound) {
      setFailed(
        `That is too long to read at once (${pasted.length.toLocaleString()} characters; at most ${bound.toLocaleString()}): paste fewer posts.`,
      );
      return;
    }
    setBusy(true);
    try {
      const done = await acceptCodes(app, pasted);
      setOutcome({ ...done, text: pasted }); // shown only once the batch is stored
      if (done.decisions.length) setText("");
    } catch (error) {
      setFailed(`Nothing was changed: ${error.message}`);
    } finally {
      setBusy(false);
    }
  };

  const openFile = async (event) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    const read = await readFileText(file, { limit: bound * 4 });
    if (read.problems.length) setFailed(`That file could not be read: ${read.problems[0].message}`);
    else await accept(read.text);
  };

  return html`<section class="table-part accept" aria-labelledby="accept-title">
    <h2 id="accept-title">What players sent</h2>
    <div class="field">
      <label for="players-posts">Paste players' posts or codes</label>
      <textarea id="players-posts" name="players-posts" rows="7" spellcheck="false" value=${text} disabled=${busy}
        aria-describedby="players-posts-help" onInput=${(event) => setText(event.currentTarget.value)}></textarea>
      <small id="players-posts-help" class="help">A whole forum page is fine: every code in it is read. Each roll is
        run again here against your own sheets; one already taken changes nothing.</small>
    </div>
    <div class="row-actions">
      <button type="button" class="primary" disabled=${busy} onClick=${() => accept(text)}>${busy ? "Reading…" : "Accept the rolls"}</button>
      <label class="button file-button">Open a file of rolls
        <input type="file" accept=".json,.txt,application/json,text/plain" name="rolls-file" class="visually-hidden" disabled=${busy} onChange=${openFile} /></label>
    </div>
    ${failed ? html`<p class="field-error" role="alert">${failed}</p>` : null}
    ${outcome ? html`<${Outcome} outcome=${outcome} campaign=${campaign} catalog=${catalog} />` : null}
  </section>`;
}
