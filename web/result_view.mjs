// Results as readable text with the full trace (issue 2): the engine renders the lines, this only places
// them, always through textContent, newest first.

const MAX_RESULTS = 100;

/** Add a result card for ``op``'s response to ``list``. */
export function showResult(list, op, result) {
  const card = document.createElement("li");
  card.className = `result-card ${result.success === false ? "failure" : result.success ? "success" : "neutral"}`;
  card.dataset.op = op.id;

  const title = document.createElement("h3");
  title.textContent = result.label ? `${op.title} — ${result.label}` : op.title;
  card.append(title);

  const [headline, ...rest] = result.text.length ? result.text : ["Done."];
  const head = document.createElement("p");
  head.className = "headline";
  head.textContent = headline;
  card.append(head);

  const lines = document.createElement("ul");
  lines.className = "trace";
  for (const line of rest) {
    const item = document.createElement("li");
    item.textContent = line;
    lines.append(item);
  }
  card.append(lines);

  if (result.state) {
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = "The sheet in the forms now holds the updated state.";
    card.append(note);
  }
  list.prepend(card);
  while (list.children.length > MAX_RESULTS) list.lastElementChild.remove();
  return card;
}
