// When an entry happened, in the reader's own words: "just now", "12 min ago", "3 h ago", then the local
// date and time ("Tue 3 Dec, 20:15"). Pure helpers.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const dayTime = new Intl.DateTimeFormat(undefined, {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});
const fullTime = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "short" });

/** "just now", "5 min ago", "3 h ago" within a day, else the local day and time. */
export function whenText(at, now = Date.now()) {
  const time = Date.parse(at);
  if (!Number.isFinite(time)) return "";
  const ago = now - time;
  if (ago >= 0 && ago < MINUTE) return "just now";
  if (ago >= 0 && ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago >= 0 && ago < 12 * HOUR) return `${Math.floor(ago / HOUR)} h ago`;
  return dayTime.format(time);
}

/** The local date and time in full, for a tooltip and the detail. */
export function fullWhen(at) {
  const time = Date.parse(at);
  return Number.isFinite(time) ? fullTime.format(time) : "";
}
