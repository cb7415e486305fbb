// The API reference, rendered from catalog.json (the operations' own declarations) with textContent only.

const el = (tag, text = "", className = "") => {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
};

function range(param) {
  if (param.choices.length) return param.choices.join(" | ");
  if (param.min !== null || param.max !== null) return `${param.min ?? "…"} to ${param.max ?? "…"}`;
  const limits = [];
  if (param.max_length) limits.push(`at most ${param.max_length} characters`);
  if (param.max_depth) limits.push(`nested at most ${param.max_depth} deep`);
  return limits.join(", ");
}

function paramTable(op) {
  const table = el("table", "", "params");
  const head = table.createTHead().insertRow();
  for (const title of ["field", "kind", "values", "default", "meaning"]) head.append(el("th", title));
  const body = table.createTBody();
  for (const param of op.params) {
    const row = body.insertRow();
    row.append(
      el("td", param.name + (param.required ? " *" : "")),
      el(
        "td",
        param.kind + (param.setting ? " (setting)" : "") + (param.state_key ? ` (shared: ${param.state_key})` : ""),
      ),
      el("td", range(param)),
      el("td", param.required || param.default === null ? "" : JSON.stringify(param.default)),
      el("td", `${param.label}: ${param.help}`),
    );
  }
  return table;
}

function render(catalog) {
  const root = document.getElementById("reference");
  root.append(el("p", `Engine ${catalog.engine_version}: ${catalog.operations.length} operations.`));
  for (const system of catalog.systems) {
    const section = el("section");
    section.append(el("h2", `${system.name} — GM: ${system.gm_title} (${system.source})`));
    for (const op of catalog.operations.filter((each) => each.system === system.id)) {
      const article = el("article", "", "op-ref");
      article.id = op.id;
      article.append(
        el("h3", `${op.id} — ${op.title}`),
        el("p", op.summary),
        el("p", `Covers ${op.covers.join(", ")}. Source: ${op.source}.`, "summary"),
        paramTable(op),
      );
      section.append(article);
    }
    root.append(section);
  }
}

fetch("catalog.json")
  .then((response) => response.json())
  .then(render)
  .catch((error) =>
    document.getElementById("reference").append(el("p", `The catalog could not be loaded: ${error.message}`)),
  );
