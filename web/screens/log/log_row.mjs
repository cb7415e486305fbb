// One log row: the headline, who, when and the encounter as a tag; one tap opens the whole result with its
// trace (drawer/result.mjs on the stored result), read from storage only then. Rows come in pages, and a
// page that has not changed is never rendered again, so thousands of loaded rows cost nothing per new page.
import { Component, html, useEffect, useState } from "../../app/html.mjs";
import { useApp } from "../../app/state.mjs";
import { readLogEntry } from "../../app/log_reads.mjs";
import { Result } from "../../drawer/result.mjs";
import { fullWhen, whenText } from "./when.mjs";
import { CopyForForum } from "../../components/copy_forum.mjs";

/** ``look``: {nameOf(id), encounterName(id), campaignId}. */
function Detail({ row, look }) {
  const app = useApp();
  const [state, setState] = useState({ entry: null, target: null, failed: false });
  useEffect(() => {
    let live = true;
    (async () => {
      const entry = await readLogEntry(app, look.campaignId, row);
      const undoing = entry && (entry.kind === "undo" || entry.kind === "redo");
      const target = undoing ? await readLogEntry(app, look.campaignId, { id: entry.args?.entry }) : null;
      if (live) setState({ entry, target, failed: !entry });
    })().catch(() => live && setState({ entry: null, target: null, failed: true }));
    return () => {
      live = false;
    };
  }, [row.id]);
  const { entry, target, failed } = state;
  if (failed) return html`<p class="log-detail">This entry could not be read.</p>`;
  if (!entry) return html`<p class="log-detail" aria-busy="true">Reading…</p>`;
  const changed = Object.keys(entry.before || {}).map(look.nameOf);
  const undoing = entry.kind === "undo" || entry.kind === "redo";
  return html`<div class="log-detail">
    <p class="log-when-full">${fullWhen(entry.at)}</p>
    ${
      undoing
        ? html`<p>${entry.kind === "undo" ? "Put back as they were before" : "Made again"}${changed.length ? `: ${changed.join(", ")}` : ""}.</p>
        ${target?.result ? html`<${Result} result=${target.result} title=${entry.kind === "undo" ? "What was undone" : "What was made again"} traceOpen forum=${false} />` : null}`
        : html`${entry.result ? html`<${Result} result=${entry.result} traceOpen forum=${false} />` : null}
        ${changed.length ? html`<p class="log-changed">Sheets changed: ${changed.join(", ")}.</p>` : null}
        <${CopyForForum} entries=${async () => [entry]} />`
    }
  </div>`;
}

function LogRow({ row, look }) {
  const [open, setOpen] = useState(false);
  const names = (row.who || []).map(look.nameOf).join(", ");
  const encounter = row.encounter ? look.encounterName(row.encounter) : null;
  // "Harvey: Spot Hidden roll"; an encounter step's label is only the encounter's name, which its tag shows
  const labelled =
    row.label && !row.op.startsWith("encounter.") && !row.headline.startsWith(row.label) ? row.label : null;
  const what = row.kind === "roll" || row.kind === "change" ? labelled || look.whatOf(row.op) : null;
  return html`<li class=${`log-row kind-${row.kind}`} data-entry=${row.id}>
    <button type="button" class="log-open" aria-expanded=${open ? "true" : "false"} onClick=${() => setOpen(!open)}>
      <span class="log-headline">${what ? html`<span class="log-what">${what}: </span>` : null}${row.headline}</span>
      <span class="log-meta">
        ${names ? html`<span class="log-who">${names}</span>` : null}
        <time datetime=${row.at}>${whenText(row.at)}</time>
        ${encounter ? html`<span class="tag log-encounter">${encounter}</span>` : null}
      </span>
    </button>
    ${open ? html`<${Detail} row=${row} look=${look} />` : null}
  </li>`;
}

/** Pages far from the screen (more than a few screens away) keep only their height: a long log's document
 * stays a few hundred rows, whatever was scrolled past. One observer watches every page. */
const FAR = "3000px 0px";
const pagesWatched = new Map();
let watcher = null;
function watch(node, onChange) {
  if (typeof IntersectionObserver === "undefined") return () => {};
  watcher ??= new IntersectionObserver(
    (seen) => {
      for (const each of seen) pagesWatched.get(each.target)?.(each.isIntersecting, each.boundingClientRect.height);
    },
    { rootMargin: FAR },
  );
  pagesWatched.set(node, onChange);
  watcher.observe(node);
  return () => {
    watcher.unobserve(node);
    pagesWatched.delete(node);
  };
}

/** A page of rows as its own list, rendered again only when its rows or the names it shows change, or when it
 * comes near the screen again; far away it is an empty list of the same height. */
export class LogChunk extends Component {
  constructor(props) {
    super(props);
    this.state = { near: true, height: 0 };
  }

  componentDidMount() {
    // the same <ol> stays whether near or far, so it is watched once
    this.stop = watch(this.list, (near, height) => {
      // a page not laid out yet (no height: the screen still being drawn) is never taken for one far away, which
      // would leave the top of the log an empty list until it is scrolled
      if (!near && !height) return;
      if (near !== this.state.near) this.setState(near ? { near } : { near, height });
    });
  }

  componentWillUnmount() {
    this.stop?.();
  }

  shouldComponentUpdate(next, state) {
    return next.rows !== this.props.rows || next.look !== this.props.look || state.near !== this.state.near;
  }

  render({ rows, look }, { near, height }) {
    const keep = (node) => {
      if (node) this.list = node;
    };
    if (!near)
      return html`<ol ref=${keep} class="log-chunk far" style=${`height: ${height}px`} data-rows=${rows.length}></ol>`;
    return html`<ol ref=${keep} class="log-chunk">${rows.map((row) => html`<${LogRow} key=${row.id} row=${row} look=${look} />`)}</ol>`;
  }
}
