// Durations in the unit a person reads ("2 rounds", "12 minutes", "5 hours"; never "3000 rounds"): the page's
// twin of the engine's py_rules/durations.py, for timers the page shows from a sheet.

const MINUTE = 60,
  HOUR = 3600,
  DAY = 86400;

const counted = (number, unit) => `${number} ${number === 1 ? unit : `${unit}s`}`;

/** ``seconds`` in the largest unit that reads whole: rounds of ``roundSeconds`` (or seconds) under a minute, then
 * minutes, hours with the minutes over, days with the hours over (rounded up past a minute). */
export function durationText(seconds, roundSeconds = null) {
  const s = Math.max(0, Math.floor(Number(seconds) || 0));
  if (s < MINUTE) return roundSeconds && s >= roundSeconds ? counted(Math.ceil(s / roundSeconds), "round") : `${s} s`;
  const minutes = Math.ceil(s / MINUTE); // rounded up once: 59 min 30 s is "1 hour", never "60 minutes"
  if (minutes < 60) return counted(minutes, "minute");
  if (minutes * MINUTE < DAY) {
    const hours = Math.floor(minutes / 60),
      over = minutes % 60;
    return counted(hours, "hour") + (over ? ` ${counted(over, "minute")}` : "");
  }
  const hours = Math.ceil(s / HOUR);
  const days = Math.floor(hours / 24),
    over = hours % 24;
  return counted(days, "day") + (over ? ` ${counted(over, "hour")}` : "");
}
