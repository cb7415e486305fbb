// A game's character sheet as the engine declares it (py_rules/sheet_spec.py, each game's py_rules/<game>/sheet.py),
// read from the catalog's ``sheets``: every field with its kind, bounds, choices, default and words. The guided form,
// the sheet editor, the weapons editor and their limits are built from it, so the page holds no copy of a bound or a
// field list: a field the engine adds or a bound it changes is offered here as it is declared there.
//
// A declared path is dotted as the sheet's JSON is nested; ``*`` stands for any key of a map or any entry of a list
// (``skills.*``, ``weapons.*.damage``). Pure functions of the declaration (tests/node/sheet_spec.test.mjs).

const parts = (path) => String(path).split(".");

function matches(pattern, path) {
  const [want, have] = [parts(pattern), parts(path)];
  return want.length === have.length && want.every((part, index) => part === "*" || part === have[index]);
}

/** The declaration of ``path`` (``skills.Handguns`` finds ``skills.*``), or null. A map's key may hold dots: after
 * the exact path and the patterns part by part, a pattern's head and tail around its ``*`` are tried. */
export function fieldAt(spec, path) {
  const fields = spec?.fields || [];
  const exact = fields.find((field) => field.path === path);
  if (exact) return exact;
  const byParts = fields.find((field) => field.path.includes("*") && matches(field.path, path));
  if (byParts) return byParts;
  return fields.find((field) => {
    const star = field.path.indexOf("*");
    if (star < 0) return false;
    const [head, tail] = [field.path.slice(0, star), field.path.slice(star + 1)];
    return path.length > head.length + tail.length && path.startsWith(head) && path.endsWith(tail);
  }) || null;
}

/** ``[value, words]`` pairs of a choice field. */
export const choicesOf = (field) => (field?.choices || []).map((value, index) => [value, field.choice_labels?.[index] ?? value]);

/** What a form field needs of ``path``: {label, kind, min, max, maxlength, choices, help, optional}; ``{}`` when the
 * game declares no such field (the form then shows it without limits and the engine's check speaks for it). */
export function limitsOf(spec, path) {
  const field = fieldAt(spec, path);
  if (!field) return {};
  const out = { label: field.label, kind: field.kind };
  if (field.minimum !== undefined) out.min = field.minimum;
  if (field.maximum !== undefined) out.max = field.maximum;
  if (field.max_length !== undefined) out.maxlength = field.max_length;
  if (field.choices) out.choices = choicesOf(field);
  if (field.help) out.help = field.help;
  if (field.optional) out.optional = true;
  return out;
}

const forKind = (field, sheetKind) => !sheetKind || !field.sheet_kinds?.length || field.sheet_kinds.includes(sheetKind);

/** The guided form's sections, in the declaration's order: [{title, fields: [{path, ...limitsOf}]}] of the fields
 * declared with a ``section`` (and asked of ``sheetKind``, when given). */
export function sectionsOf(spec, sheetKind = null) {
  const sections = new Map();
  for (const field of spec?.fields || []) {
    if (!field.section || !forKind(field, sheetKind)) continue;
    if (!sections.has(field.section)) sections.set(field.section, []);
    sections.get(field.section).push({ path: field.path, ...limitsOf(spec, field.path) });
  }
  return [...sections].map(([title, fields]) => ({ title, fields }));
}

/** A new sheet's values for the guided form: each sectioned field's declared default, nested by its path. */
export function draftOf(spec, sheetKind = null) {
  const draft = {};
  for (const field of spec?.fields || []) {
    if (!field.section || !forKind(field, sheetKind) || field.default === undefined) continue;
    const keys = parts(field.path);
    let node = draft;
    for (const key of keys.slice(0, -1)) node = Object.hasOwn(node, key) ? node[key] : Object.defineProperty(node, key, { value: {}, enumerable: true, writable: true, configurable: true })[key];
    Object.defineProperty(node, keys.at(-1), { value: structuredClone(field.default), enumerable: true, writable: true, configurable: true });
  }
  return draft;
}

/** The fields of each entry of a list (``weapons``) as an editor lists them: [{key, label, kind, min, max, maxlength,
 * choices, help, optional}], overlaid with ``extra[key]`` (what only the page knows: choices drawn from the sheet). */
export function entryFields(spec, listPath, keys, extra = {}) {
  return keys.map((key) => {
    return { key, ...limitsOf(spec, `${listPath}.*.${key}`), ...(extra[key] || {}) };
  });
}

/** The fields declared in the sheet's group ``group`` (a group of rows such as "Attributes"), in order, each with its
 * limits: [{path, label, min, max, ...}]. Fields of maps (``skills.*``) are left out: their rows are the sheet's keys. */
export const groupFields = (spec, group) => (spec?.fields || []).filter((field) => field.group === group && !field.path.includes("*"))
  .map((field) => ({ path: field.path, ...limitsOf(spec, field.path) }));

/** The derived values with their words, for the form's "Derived, by the rules" panel: [[label, value]]. */
export function derivedRows(spec, derived, format = {}) {
  return (spec?.derived || []).filter((each) => derived?.[each.key] !== undefined)
    .map((each) => [each.label, format[each.key] ? format[each.key](derived[each.key]) : derived[each.key]]);
}

const bounds = (limits) => Object.fromEntries(["min", "max", "maxlength"].filter((key) => limits[key] !== undefined).map((key) => [key, limits[key]]));

/** A record's fields (``armour``) as an editor lists them, like :func:`entryFields` without the list's ``*``. */
function recordFields(spec, path, keys, extra = {}) {
  return keys.map((key) => {
    return { key, ...limitsOf(spec, `${path}.${key}`), ...(extra[key] || {}) };
  });
}

const resolved = new WeakMap();

/**
 * ``game`` (a games/*.mjs module) with what its sheet declares filled in from ``spec`` (the catalog's declaration of
 * that game): the guided form's sections and first draft, the skills' bounds, every sheet row's bounds, and the
 * weapons and armour fields (a module lists their ``keys`` and only what the page alone knows, such as choices drawn
 * from the sheet). Without a declaration the module is returned as it is.
 */
export function resolveGame(game, spec) {
  if (!spec || !game) return game;
  const cached = resolved.get(game);
  if (cached?.spec === spec) return cached.game;
  const creation = game.creation && {
    ...game.creation,
    sections: game.creation.sections ?? sectionsOf(spec),
    draft: () => game.creation.draft(spec),
    skills: { ...game.creation.skills, ...bounds(limitsOf(spec, "skills.*")) },
    derived: (result) => game.creation.derived(result, spec),
  };
  let weapons = game.weapons;
  if (weapons?.keys) {
    const path = weapons.path || "weapons";
    weapons = { ...weapons, fields: entryFields(spec, path, weapons.keys, weapons.extra) };
    const armour = weapons.armour;
    if (armour?.keys) weapons.armour = { ...armour, fields: recordFields(spec, armour.path, armour.keys, armour.extra) };
    else if (armour) weapons.armour = { ...armour, ...bounds(limitsOf(spec, armour.path)) };
  }
  const groups = (sheet) => game.groups(sheet, spec).map((group) => ({
    ...group, rows: group.rows.map((row) => (row.path ? { ...row, ...bounds(limitsOf(spec, row.path)) } : row)),
  }));
  const out = { ...game, sheet: spec, creation, weapons, groups };
  resolved.set(game, { spec, game: out });
  return out;
}
