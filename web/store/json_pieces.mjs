// A long JSON text written a piece at a time (a 10,000-entry campaign is 34 MB of
// JSON, compressed while it is written, on another thread: store/gzip.mjs). The pieces put together are exactly
// JSON.stringify(value): the same keys in the same order, the same values left out or written null.

/** Array elements written together as one piece. */
const GROUP = 200;

/** How deep long arrays are looked for: a backup's campaigns' logs are 3 levels down (the backup, its list of
 * campaigns, a campaign, its log); a short array above that is written an element at a time, so the long ones
 * inside it are found. */
const DEPTH = 4;

const plain = (value) =>
  value !== null &&
  typeof value === "object" &&
  typeof value.toJSON !== "function" &&
  [Object.prototype, Array.prototype, null].includes(Object.getPrototypeOf(value));

/** ``JSON.stringify(value)`` (no indent) in pieces, long arrays a group of elements at a time. */
export function* jsonPieces(value, depth = 0) {
  if (depth >= DEPTH || !plain(value)) {
    yield JSON.stringify(value) ?? "null";
    return;
  }
  if (Array.isArray(value)) {
    if (value.length <= GROUP) {
      if (depth + 1 >= DEPTH) {
        yield JSON.stringify(value);
        return;
      }
      yield "[";
      for (let i = 0; i < value.length; i += 1) {
        // a hole, as an element JSON leaves out, is null
        if (i) yield ",";
        yield* jsonPieces(value[i], depth + 1);
      }
      yield "]";
      return;
    }
    yield "[";
    for (let start = 0; start < value.length; start += GROUP) {
      const texts = [];
      for (let i = start; i < Math.min(start + GROUP, value.length); i += 1)
        texts.push(JSON.stringify(value[i]) ?? "null"); // a hole too
      yield `${start ? "," : ""}${texts.join(",")}`;
    }
    yield "]";
    return;
  }
  yield "{";
  let first = true;
  for (const key of Object.keys(value)) {
    const each = value[key];
    if (each === undefined || typeof each === "function" || typeof each === "symbol") continue; // left out, as JSON.stringify does
    yield `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(each, depth + 1);
  }
  yield "}";
}
