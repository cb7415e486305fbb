// Keys that come from the user (a campaign, character or encounter id, a game or skill name, a tag) are read
// only as an object's own: a plain object also answers its inherited keys ("constructor", "toString",
// "__proto__"), which are never data. Lookups by such keys use these, a Map, or a table without a prototype.

/** Is ``key`` one of ``object``'s own keys (an inherited one never is)? */
export const hasOwn = (object, key) => object !== null && typeof object === "object" && Object.hasOwn(object, key);

/** ``object[key]`` when ``key`` is its own, else undefined. */
export const own = (object, key) => (hasOwn(object, key) ? object[key] : undefined);

/** A frozen lookup table of ``pairs`` with no prototype: only the keys given answer. */
export const table = (pairs) => {
  const out = Object.create(null);
  for (const [key, value] of pairs) out[key] = value;
  return Object.freeze(out);
};
