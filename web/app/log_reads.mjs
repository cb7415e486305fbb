// Reading the campaign log for the Log screen (TABLE.md, Log): pages of rows newest first, one entry in
// full, a stretch of entries for a forum post and the file it is saved as. Screens call these,
// never the storage itself; changes (undo, redo, a roll) go through log_actions.mjs.

import { download } from "../store/files.mjs";
import { resultHeadline } from "../store/log_rows.mjs";
import { spokenChange } from "./undo_scope.mjs";

export const PAGE_SIZE = 50;

/** A gap between two entries longer than this starts a new session (TABLE.md, Log: "a session"). */
export const SESSION_GAP_MS = 4 * 60 * 60 * 1000;

const storageOf = (app) => app.services.storage;

/** A character's name by id, for the search (the open campaign's party). */
const namesOf = (app) => {
  const names = new Map((app.state.campaign?.characters || []).map((each) => [each.id, each.sheet.name]));
  return (id) => names.get(id) || "";
};

/** One page of light rows of a campaign, newest first, older than ``beforeSeq`` and passing the filters
 * (``search`` looks in the headlines, the names of who took part and what was done). */
export async function readLogPage(
  app,
  campaignId,
  { beforeSeq = null, limit = PAGE_SIZE, who = null, encounter = null, search = "" } = {},
) {
  const titles = (op) => whatOf(app.state.catalog, op);
  return (await storageOf(app)).logPage(campaignId, {
    beforeSeq,
    limit,
    who,
    encounter,
    search,
    names: namesOf(app),
    titles,
  });
}

/** The full entry of a row (its result, the sheets before and after), or null. */
export async function readLogEntry(app, campaignId, row) {
  return (await (await storageOf(app)).logEntry(campaignId, row.id)) ?? null;
}

/**
 * The entries of a stretch, oldest first, read page by page from the newest back:
 * ``{kind: "last", count}``, ``{kind: "encounter", encounter}`` or ``{kind: "session"}`` (back to the first gap
 * of more than four hours between two entries); ``most`` caps any of them (the newest are kept). Only what the
 * stretch needs is read.
 */
export async function readStretch(app, campaignId, stretch) {
  const filter = stretch.kind === "encounter" ? { encounter: stretch.encounter } : {};
  const wanted = Math.min(stretch.kind === "last" ? Math.max(0, stretch.count) : Infinity, stretch.most ?? Infinity);
  const rows = [];
  let beforeSeq = null;
  while (rows.length < wanted) {
    const limit = Math.min(200, wanted - rows.length);
    const page = await readLogPage(app, campaignId, { ...filter, beforeSeq, limit });
    let stop = page.length < limit;
    for (const row of page) {
      const newer = rows[rows.length - 1];
      if (stretch.kind === "session" && newer && Date.parse(newer.at) - Date.parse(row.at) > SESSION_GAP_MS) {
        stop = true;
        break;
      }
      rows.push(row);
    }
    if (stop || !page.length) break;
    beforeSeq = page[page.length - 1].seq;
  }
  const entries = await Promise.all(rows.map((row) => readLogEntry(app, campaignId, row)));
  return entries.filter(Boolean).reverse();
}

/** A file name for a stretch of a campaign's log as a post: "masks-of-nyarlathotep-log.txt" (``extension`` the one
 * the post's format declares: app/forum_choices.mjs, fileKind). */
export function postFileName(campaignName, what = "log", extension = "txt") {
  const slug = (text) =>
    String(text)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return `${[slug(campaignName) || "campaign", slug(what)].filter(Boolean).join("-")}.${extension}`;
}

/** Save ``text`` as a file of MIME ``type`` (the browser's download). */
export function downloadPost(text, name, type = "text/plain") {
  download(new Blob([text], { type: `${type};charset=utf-8` }), name);
}

/**
 * What a change did, named for the Undo and Redo buttons: its label, said as a change ("Harvey's attack on Cultist"
 * from "Harvey: Attack → Cultist"); an encounter
 * step, whose label is only the encounter's name, by what was done ("Next — The cellar"); else what was done
 * and who ("Attack — Harvey, Cultist"); else its headline.
 */
export function changeWords(entry, catalog, nameOf) {
  const what = whatOf(catalog, entry.op);
  const label = entry.result?.label;
  if (entry.op.startsWith("encounter.") && what) return `${what}${label ? ` — ${label}` : ""}`;
  if (label) return what ? spokenChange(label) : label; // a game's move, labelled by the drawer (who → whom)
  const names = (entry.who || []).map(nameOf).filter(Boolean);
  if (what) return `${what}${names.length ? ` — ${names.join(", ")}` : ""}`;
  return resultHeadline(entry.result) || "the last change";
}

/** What a game's operation is called ("Attack", "Skill roll"); null for the log's own entries (an undo, an
 * edit of a sheet), whose headline says it all. */
export function whatOf(catalog, op) {
  const found = catalog?.op(op);
  return found && !["log", "campaign"].includes(found.system) ? found.title : null;
}
