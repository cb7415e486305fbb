// A refused write is a message to the user, never an uncaught error: a change written over a newer revision from
// another tab (StaleError, store/records.mjs), a database of a newer version (ReadOnlyError), a full disk
// (StorageFullError), or a transaction the browser itself aborted or closed (IndexedDB's DOMExceptions). The
// action that wrote usually says so where the user is (a snackbar, the drawer's error) and marks the error told;
// start.mjs turns any refusal that no caller handled into the snackbar's message instead of a console error.

/** What the user reads when the browser's storage refused a change without a reason of the app's own. */
export const STORAGE_REFUSED =
  "This change was not saved: the browser's storage refused it. Try it again; if that fails too, reload the page.";

/** The app's own refusals: their message is already in plain words. */
const OWN = new Set(["StaleError", "ReadOnlyError", "StorageFullError"]);

/** IndexedDB's failures of a request or transaction (a DOMException of one of these names). */
const STORAGE = new Set([
  "AbortError",
  "TransactionInactiveError",
  "InvalidStateError",
  "QuotaExceededError",
  "UnknownError",
  "ConstraintError",
  "DataError",
  "DataCloneError",
  "NotFoundError",
  "VersionError",
  "ReadOnlyError",
]);

const told = new WeakSet();

/** ``error`` has been said to the user already (it is still thrown, so callers stop). Returns it. */
export function markTold(error) {
  if (error && typeof error === "object") told.add(error);
  return error;
}

export const wasTold = (error) => Boolean(error && typeof error === "object" && told.has(error));

/** The words for ``error`` if it is a refused write, else null (any other error is left as it is: a bug to see). */
export function refusalWords(error) {
  if (!error || typeof error !== "object") return null;
  if (OWN.has(error.name) && !(typeof DOMException !== "undefined" && error instanceof DOMException))
    return String(error.message || STORAGE_REFUSED);
  if (typeof DOMException !== "undefined" && error instanceof DOMException && STORAGE.has(error.name))
    return STORAGE_REFUSED;
  return null;
}
