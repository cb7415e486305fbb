// The campaign's forum choices: the format its posts are written in and what an undone log entry becomes in a stretch.
// Both lists are the engine's, read from its catalog (``formats``, declared by each writer in py_rules/render/, and
// the ``undone`` field of forum.stretch), so a format the engine adds is offered here as it is declared there.
// The choices are kept in the campaign record (its ``forum`` field, checked by campaign.validate:
// py_rules/campaign/file.py), so they travel with an export, a backup and an import. A campaign whose choices were made
// before the record held them (kept in this browser's localStorage) is read from there until a choice is made again,
// which stores both in the record and forgets the old ones.
//
// ``catalog`` is the indexed catalog (app.state.catalog: engine.mjs, indexCatalog); a campaign's screens open only
// once it is loaded.

const WHAT = ["format", "undone"];
const oldKey = (what, campaignId) => `rules-companion:forum-${what}:${campaignId}`;

/** The formats a forum post can be written in, as the catalog declares them, the default first. */
export const forumFormats = (catalog) => (catalog?.raw?.formats || []).filter((each) => each.forum);

const formatOf = (catalog, format) => forumFormats(catalog).find((each) => each.id === format);

/** The ``[value, words]`` choices of ``what``: the forum formats, or what an undone entry can become. */
export function choicesOf(catalog, what) {
  if (what === "format") return forumFormats(catalog).map((each) => [each.id, each.label]);
  const param = catalog?.op?.("forum.stretch")?.params.find((each) => each.name === what);
  return (param?.choices || []).map((value, index) => [value, param.choice_labels?.[index] || value]);
}

/** The choice this browser kept for a campaign before the record held it, or null. */
function oldChoice(what, campaignId) {
  try {
    return campaignId ? localStorage.getItem(oldKey(what, campaignId)) : null;
  } catch {
    return null;
  }
}

/** ``what`` ("format" or "undone") of ``campaign``: its record's, else the one this browser kept, else the default. */
export function forumChoice(catalog, campaign, what) {
  const choices = choicesOf(catalog, what);
  const known = (value) => choices.some(([each]) => each === value);
  const stored = campaign?.forum?.[what];
  if (known(stored)) return stored;
  const old = campaign?.forum ? null : oldChoice(what, campaign?.id);
  return known(old) ? old : (choices[0]?.[0] ?? null);
}

/** Both choices, as the record keeps them. */
export const forumChoices = (catalog, campaign) =>
  Object.fromEntries(WHAT.map((what) => [what, forumChoice(catalog, campaign, what)]));

/** Forget what this browser kept for ``campaignId`` (the record holds the choices now). */
export function forgetOldChoices(campaignId) {
  try {
    for (const what of WHAT) localStorage.removeItem(oldKey(what, campaignId));
  } catch {
    /* nothing kept */
  }
}

/** ``format`` as a button or a sentence names it: "Markdown", "Plain text". */
export function formatName(catalog, format) {
  const name = formatOf(catalog, format)?.name || "";
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Whether a post in ``format`` can show an undone entry marked (else it is left out, and there is nothing to choose). */
export const marksUndone = (catalog, format) => Boolean(formatOf(catalog, format)?.strike);

/** A file's extension and type for a post in ``format``, as the format declares them. */
export function fileKind(catalog, format) {
  const declared = formatOf(catalog, format);
  return { extension: declared?.extension || "txt", type: declared?.media_type || "text/plain" };
}
