// What the storage says when it cannot do as asked, in plain words for the banner and the snackbar
// (app/refusals.mjs names these errors).

/** What the banner says, in plain words. */
export const WORDS = {
  full: "The device's storage is full: your latest changes are only in this tab. They are saved by themselves once there is space again; until then keep this tab open, or export the campaign to keep it.",
  newer:
    "Your campaigns were saved by a newer version of the app: reload to update. Until then they can be read but not changed.",
  blocked:
    "Another tab of this app is still open with an older version: close it to open your campaigns. If something is being typed there, finish it: that tab then updates by itself.",
};

export class StorageFullError extends Error {
  constructor() {
    super(WORDS.full);
    this.name = "StorageFullError";
  }
}

/** A write to a database of a newer version: refused, nothing changes. */
export class ReadOnlyError extends Error {
  constructor() {
    super(WORDS.newer);
    this.name = "ReadOnlyError";
  }
}

export const isQuota = (error) => error?.name === "QuotaExceededError" || /quota/i.test(error?.message || "");
