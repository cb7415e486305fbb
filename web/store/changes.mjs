// What changed in a sheet, kept in a log entry instead of the sheet twice (a long log stays light): the
// page's twin of py_rules/log/changes.py, same change records (the page makes entries and undoes them; the engine
// checks them). A change record over JSON values: for two objects, {key: change} for each key that differs, a
// change being [] (removed), [value] (the new value, whole) or an object (both values objects: their own record);
// otherwise [after], whole (lists, other values, and two objects whose keys would come back in another order).
// Pure; applying never changes ``before``. Exact: applySheetChanges(before, sheetChanges(before, after)) is
// ``after`` as JSON text, keys in the same order.

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const has = (object, key) => Object.hasOwn(object, key);
const isRemoval = (change) => Array.isArray(change) && change.length === 0;

/** Equal as JSON texts are: same keys in the same order, same values. */
export function sameJson(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((each, i) => sameJson(each, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  return keys.length === others.length && keys.every((key, i) => key === others[i] && sameJson(a[key], b[key]));
}

/** The keys in the order applying ``changes`` to ``before`` leaves them (as this engine orders an object's keys). */
function orderAfter(before, changes) {
  const keys = [
    ...Object.keys(before).filter((key) => !(has(changes, key) && isRemoval(changes[key]))),
    ...Object.keys(changes).filter((key) => !has(before, key)),
  ];
  return Object.keys(Object.fromEntries(keys.map((key) => [key, 0])));
}

/** The change record that turns ``before`` into ``after``. */
export function sheetChanges(before, after) {
  if (!isObject(before) || !isObject(after)) return [after];
  const out = [];
  for (const key of Object.keys(before)) {
    if (!has(after, key)) out.push([key, []]);
    else if (!sameJson(before[key], after[key])) {
      out.push([
        key,
        isObject(before[key]) && isObject(after[key]) ? sheetChanges(before[key], after[key]) : [after[key]],
      ]);
    }
  }
  for (const key of Object.keys(after)) if (!has(before, key)) out.push([key, [after[key]]]);
  const changes = Object.fromEntries(out);
  const order = orderAfter(before, changes);
  const keys = Object.keys(after);
  return order.length === keys.length && order.every((key, i) => key === keys[i]) ? changes : [after];
}

/** ``before`` with ``changes`` applied, a new value; a record that does not fit throws an Error. */
export function applySheetChanges(before, changes) {
  if (Array.isArray(changes)) {
    if (changes.length !== 1) throw new Error("A whole new value is a list of one value.");
    return structuredClone(changes[0]);
  }
  if (!isObject(changes)) throw new Error("A change record is an object or a list of one value.");
  if (!isObject(before)) throw new Error("Only an object's keys can be changed one by one.");
  const out = [];
  for (const key of Object.keys(before)) {
    if (!has(changes, key)) out.push([key, structuredClone(before[key])]);
    else if (!isRemoval(changes[key])) out.push([key, applyKey(before[key], changes[key], key)]);
  }
  for (const key of Object.keys(changes)) {
    if (has(before, key)) continue;
    const change = changes[key];
    if (!Array.isArray(change) || change.length !== 1) throw new Error(`“${key}” is not there to change or remove.`);
    out.push([key, structuredClone(change[0])]);
  }
  return Object.fromEntries(out);
}

function applyKey(old, change, key) {
  if (isObject(change)) {
    if (!isObject(old)) throw new Error(`“${key}” is not an object to change.`);
    return applySheetChanges(old, change);
  }
  if (Array.isArray(change) && change.length === 1) return structuredClone(change[0]);
  throw new Error(`The change of “${key}” is not [], [value] or an object.`);
}

/** Each sheet's change record: ``before`` and ``after`` map character ids to sheets. */
export const sheetsChanges = (before, after) =>
  Object.fromEntries(
    Object.keys(after || {}).map((id) => [
      id,
      sheetChanges(isObject(before) && has(before, id) ? before[id] : undefined, after[id]),
    ]),
  );

/** The sheets as a log entry left them ({character id: sheet}): its ``after`` (an entry of an older file) or each
 * sheet of ``before`` with its change record applied. Throws on a change record that does not fit. */
export function entryAfter(entry) {
  if (entry.after !== undefined) return entry.after;
  const before = entry.before || {};
  return Object.fromEntries(
    Object.keys(entry.changes || {}).map((id) => [
      id,
      applySheetChanges(isObject(before) && has(before, id) ? before[id] : undefined, entry.changes[id]),
    ]),
  );
}

/** ``entry`` in the current shape: an older entry's ``after`` becomes ``changes``, in its place among the keys
 * (an import of an older file); an entry already current comes back as it is. */
export function compactEntry(entry) {
  if (!isObject(entry) || entry.after === undefined || !isObject(entry.after)) return entry;
  const changes = sheetsChanges(entry.before || {}, entry.after);
  return Object.fromEntries(
    Object.entries(entry).map(([key, value]) => (key === "after" ? ["changes", changes] : [key, value])),
  );
}
