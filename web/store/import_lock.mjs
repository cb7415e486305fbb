// Who is importing what, across tabs: a tab that writes a campaign's log ahead of its check (staging.mjs stageLog)
// holds a Web Lock named after the id the log is kept under until the campaign is written or the log taken back, and
// the browser lets go of a closed tab's locks by itself. So a start that finds a log written ahead whose lock no one
// holds knows its import was abandoned, however recent (staging.mjs sweepStaged), and never takes back the log of a
// question still open in another tab: it waits for that tab to let go (an answer, or the tab closed). Web Locks are in every browser this app runs on from Safari 15.4; where there
// are none, ``canLock()`` is false and the sweep goes by the age of the log instead.

const PREFIX = "rules-companion:import:";

/** Does this browser have Web Locks? */
export const canLock = () => typeof navigator !== "undefined" && typeof navigator.locks?.request === "function";

/** Hold the lock of an import whose log is written under ``id``: resolves, once held, to the function that lets go of
 * it (one that does nothing where there are no Web Locks), or to null when another tab holds it (it imports into
 * that id: this one does not write there, and never waits for that tab's question). */
export function holdImport(id) {
  if (!canLock()) return Promise.resolve(() => {});
  return new Promise((held) => {
    navigator.locks
      .request(PREFIX + id, { ifAvailable: true }, (lock) => (lock ? new Promise((letGo) => held(letGo)) : held(null)))
      .catch(() => held(() => {}));
  });
}

/** Run ``work()`` holding the lock of ``id``'s import once no tab holds it: at once when none does (its import was
 * abandoned), else as soon as the importing tab lets go (it answered, or it closed). Resolves to true once done,
 * false where there are no Web Locks or the lock cannot be had. */
export async function afterImport(id, work) {
  if (!canLock()) return false;
  try {
    return await navigator.locks.request(PREFIX + id, async () => {
      await work();
      return true;
    });
  } catch {
    return false;
  }
}
