// The campaign's forum choices (issue 18: "the campaign remembers its forum's format"): the format its posts are
// written in and what an undone log entry becomes in a stretch. They are kept in the campaign record (its ``forum``
// field, checked by campaign.validate: py_rules/campaign/file.py), so they travel with an export, a backup and an
// import. A campaign whose choices were made before the record held them (kept in this browser's localStorage) is
// read from there until a choice is made again, which stores both in the record and forgets the old ones.

export const FORMATS = [["bbcode", "BBCode (phpBB)"], ["markdown", "Markdown (Discord, Reddit)"], ["plain", "Plain text"]];
export const UNDONE = [["leave_out", "Leave out"], ["strike", "Struck through"]];
const CHOICES = { format: FORMATS, undone: UNDONE };
const oldKey = (what, campaignId) => `rules-companion:forum-${what}:${campaignId}`;

/** The choice this browser kept for a campaign before the record held it, or null. */
function oldChoice(what, campaignId) {
  try {
    return campaignId ? localStorage.getItem(oldKey(what, campaignId)) : null;
  } catch {
    return null;
  }
}

/** ``what`` ("format" or "undone") of ``campaign``: its record's, else the one this browser kept, else the default. */
export function forumChoice(campaign, what) {
  const choices = CHOICES[what];
  const known = (value) => choices.some(([each]) => each === value);
  const stored = campaign?.forum?.[what];
  if (known(stored)) return stored;
  const old = campaign?.forum ? null : oldChoice(what, campaign?.id);
  return known(old) ? old : choices[0][0];
}

/** Both choices, as the record keeps them. */
export const forumChoices = (campaign) => ({ format: forumChoice(campaign, "format"), undone: forumChoice(campaign, "undone") });

/** Forget what this browser kept for ``campaignId`` (the record holds the choices now). */
export function forgetOldChoices(campaignId) {
  try {
    for (const what of Object.keys(CHOICES)) localStorage.removeItem(oldKey(what, campaignId));
  } catch { /* nothing kept */ }
}

export const formatName = (format) => FORMATS.find(([each]) => each === format)?.[1].replace(/ \(.*\)$/, "") || "BBCode";

/** A file's extension and type for a post in ``format``: Markdown is a .md file, BBCode and plain text .txt. */
export const fileKind = (format) => (format === "markdown" ? { extension: "md", type: "text/markdown" } : { extension: "txt", type: "text/plain" });
