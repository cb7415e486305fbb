// The log, newest first, a page at a time from storage: the first page at once, older pages when the end of
// the list comes into view (an IntersectionObserver) or on "Older entries". A change to the log (a roll, an
// undo, another tab) re-reads the first page and puts what is new on top; a change of filters starts over.
import { html, useEffect, useRef, useState } from "../../app/html.mjs";
import { PAGE_SIZE, readLogPage } from "../../app/log_reads.mjs";
import { LogChunk } from "./log_row.mjs";

const EMPTY = { chunks: [], done: false, loading: true, failed: null };

/** Pages of rows for ``filters`` ({who, encounter, search}); ``version`` changes when the log does. */
function useLogPages(app, campaignId, filters, version) {
  const [state, setRendered] = useState(EMPTY);
  // The state as last set, not as last rendered: a read that starts right after another's setState must see it
  // (a page appended, or the first page replaced), or it pages from a stale list (seen: 80 rows of 130 shown).
  const current = useRef(EMPTY);
  const setState = (next) => {
    current.current = typeof next === "function" ? next(current.current) : next;
    setRendered(current.current);
  };
  const reading = useRef(null); // the read under way, so two never overlap
  const paging = useRef(false);
  const generation = useRef(0); // a new first page makes an older page read under way stale
  const key = JSON.stringify(filters);
  const read = (work) => {
    const run = (reading.current || Promise.resolve())
      .then(work)
      .catch((error) => setState((old) => ({ ...old, loading: false, failed: error.message })));
    reading.current = run;
    return run;
  };

  useEffect(() => {
    // a new campaign or new filters: the first page again
    let live = true;
    generation.current += 1;
    setState(EMPTY);
    read(async () => {
      const rows = await readLogPage(app, campaignId, filters);
      if (live)
        setState({ chunks: rows.length ? [rows] : [], done: rows.length < PAGE_SIZE, loading: false, failed: null });
    });
    return () => {
      live = false;
    };
  }, [campaignId, key]);

  const seenVersion = useRef(version);
  useEffect(() => {
    // the log changed: what is new goes on top (everything again when more than a page is new)
    if (seenVersion.current === version) return;
    seenVersion.current = version;
    read(async () => {
      const rows = await readLogPage(app, campaignId, filters);
      const newest = current.current.chunks[0]?.[0]?.seq ?? 0;
      const fresh = rows.filter((row) => row.seq > newest);
      if (!fresh.length) return;
      if (fresh.length === rows.length) {
        generation.current += 1; // a page read under way belongs to the list replaced here
        setState({ chunks: [rows], done: rows.length < PAGE_SIZE, loading: false, failed: null });
      } else setState((old) => ({ ...old, chunks: [fresh, ...old.chunks] }));
    });
  }, [version]);

  const more = () => {
    if (current.current.done || current.current.loading || paging.current) return;
    paging.current = true;
    setState((old) => ({ ...old, loading: true }));
    const started = generation.current;
    read(async () => {
      const chunks = current.current.chunks;
      const oldest = chunks[chunks.length - 1]?.at(-1)?.seq ?? null;
      const rows = await readLogPage(app, campaignId, { ...filters, beforeSeq: oldest });
      if (started !== generation.current) return;
      setState((old) => ({
        ...old,
        chunks: rows.length ? [...old.chunks, rows] : old.chunks,
        done: rows.length < PAGE_SIZE,
        loading: false,
      }));
    }).finally(() => {
      paging.current = false;
    });
  };
  return { ...state, more };
}

/** The list with its end marker; ``look`` names characters and encounters. */
export function LogList({ app, campaignId, filters, version, look, filtered }) {
  const pages = useLogPages(app, campaignId, filters, version);
  const end = useRef(null);
  const watcher = useRef(null);
  const more = useRef(pages.more);
  more.current = pages.more;
  useEffect(() => {
    // the next page when the end of the list comes near
    if (typeof IntersectionObserver === "undefined") return undefined;
    watcher.current = new IntersectionObserver(
      (seen) => {
        if (seen.some((each) => each.isIntersecting)) more.current();
      },
      { rootMargin: "800px 0px" },
    );
    return () => watcher.current.disconnect();
  }, []);
  useEffect(() => {
    // after each page, watch the end afresh: a new watch reports at once whether it is still near
    const node = end.current;
    if (!node || !watcher.current || pages.loading || pages.done) return;
    watcher.current.unobserve(node);
    watcher.current.observe(node);
  }, [pages.chunks, pages.loading, pages.done]);
  const count = pages.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  return html`<div class="log-list-wrap">
    ${!count && !pages.loading ? html`<p class="empty">${filtered ? "No entry matches these filters." : "Nothing has happened yet: every roll and every change made in this campaign will be listed here."}</p>` : null}
    <div class="log-list" role="region" aria-label="Log entries, newest first" aria-busy=${pages.loading ? "true" : "false"}>
      ${pages.chunks.map((rows) => html`<${LogChunk} key=${rows[0].id} rows=${rows} look=${look} />`)}
    </div>
    ${pages.failed ? html`<p class="field-error" role="alert">The log could not be read: ${pages.failed}</p>` : null}
    <div ref=${end} class="log-end" data-log-end=${pages.done ? "done" : "more"}>
      ${
        pages.done
          ? count
            ? html`<p class="empty">${count === 1 ? "1 entry" : `${count.toLocaleString()} entries`}: the beginning of the ${filtered ? "matching entries" : "log"}.</p>`
            : null
          : html`<button type="button" class="log-more" disabled=${pages.loading} onClick=${pages.more}>${pages.loading ? "Reading…" : "Older entries"}</button>`
      }
    </div>
  </div>`;
}
