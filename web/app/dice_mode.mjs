// The campaign's dice: digital (the app rolls) or physical (the table rolls, each face typed as the rules ask for it).
// One choice per campaign, kept in its record (``dice``, checked by campaign.validate: py_rules/campaign/dice_mode.py),
// read by the roll drawer and the encounter alike, so it survives a reload and travels with an export. A campaign
// whose choice was made before the record held it (kept in this browser's localStorage) is read from there until a
// choice is made again, which stores it in the record and forgets the old one.

export const DICE_MODES = ["digital", "physical"];
const oldKey = (campaignId) => `rules-companion:dice:${campaignId}`;

/** The dice ``campaign`` rolls with: its record's, else what this browser kept before, else digital. */
export function campaignDice(campaign) {
  if (DICE_MODES.includes(campaign?.dice)) return campaign.dice;
  try {
    return campaign?.id && localStorage.getItem(oldKey(campaign.id)) === "physical" ? "physical" : "digital";
  } catch {
    return "digital"; // storage refused (a private window): digital
  }
}

/** Forget what this browser kept for ``campaignId`` (the record holds the choice now). */
export function forgetOldDice(campaignId) {
  try {
    localStorage.removeItem(oldKey(campaignId));
  } catch {
    /* nothing kept */
  }
}

/** What the Roll button says: the table's own dice are named on it, so the choice is never silent. */
export const rollWords = (mode) => (mode === "physical" ? "Roll with your dice" : "Roll");
