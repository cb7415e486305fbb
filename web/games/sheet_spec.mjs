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
  return (
    fields.find((field) => {
      const star = field.path.indexOf("*");
      if (star < 0) return false;
      const [head, tail] = [field.path.slice(0, star), field.path.slice(star + 1)];
      return path.length > head.length + tail.length && path.startsWith(head) && path.endsWith(tail);
    }) || null
  );
}

/** ``[value, words]`` pairs of a choice field. */
export const choicesOf = (field) =>
  (field?.choices || []).map((value, index) => [value, field.choice_labels?.[index] ?? value]);

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
 * declared with a ``section`` (and asked of ``sheetKind``, when given). An optional choice starts with a blank option
 * (``""``: nothing chosen, e.g. an object that is not electronic). */
export function sectionsOf(spec, sheetKind = null) {
  const sections = new Map();
  for (const field of spec?.fields || []) {
    if (!field.section || !forKind(field, sheetKind)) continue;
    if (!sections.has(field.section)) sections.set(field.section, []);
    const limits = limitsOf(spec, field.path);
    if (limits.choices && field.optional) limits.choices = [["", "None"], ...limits.choices];
    sections.get(field.section).push({ path: field.path, ...limits });
  }
  return [...sections].map(([title, fields]) => ({ title, fields }));
}

const define = (node, key, value) =>
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });

/** The default of ``path`` for a sheet of ``sheetKind``: the kind's own default (``kind_defaults``) first. */
export function defaultFor(spec, path, sheetKind = null) {
  const own = spec?.kind_defaults?.[sheetKind];
  if (own && Object.hasOwn(own, path)) return own[path];
  return fieldAt(spec, path)?.default;
}

/** A new sheet's values for the guided form: each sectioned field's declared default (its kind's own, when the
 * sheet has kinds), nested by its path; an optional choice left empty is ``""``. */
export function draftOf(spec, sheetKind = null) {
  const draft = {};
  const kind = sheetKind ?? (spec?.kind_field ? fieldAt(spec, spec.kind_field)?.default : null);
  for (const field of spec?.fields || []) {
    if (!field.section || !forKind(field, kind)) continue;
    const value = field.path === spec.kind_field && kind ? kind : defaultFor(spec, field.path, kind);
    const blank = field.kind === "choice" && field.optional; // an optional choice left empty is ""
    if (value === undefined && !blank) continue;
    const keys = parts(field.path);
    let node = draft;
    for (const key of keys.slice(0, -1)) node = Object.hasOwn(node, key) ? node[key] : define(node, key, {})[key];
    define(node, keys.at(-1), (value ?? null) === null && blank ? "" : structuredClone(value));
  }
  return draft;
}

const valueAt = (object, path) =>
  parts(path).reduce(
    (node, key) => (node !== null && typeof node === "object" && Object.hasOwn(node, key) ? node[key] : undefined),
    object,
  );

/** The form's values when the kind of sheet changes to ``sheetKind``: that kind's first values, with what was typed
 * kept for every field the new kind is asked too (a kind's own default, such as a robot's EMP complexity, is its own). */
export function redraft(spec, old, sheetKind) {
  const draft = draftOf(spec, sheetKind);
  const ownDefaults = spec?.kind_defaults?.[sheetKind] || {};
  for (const field of spec?.fields || []) {
    if (
      !field.section ||
      field.path === spec.kind_field ||
      !forKind(field, sheetKind) ||
      Object.hasOwn(ownDefaults, field.path)
    )
      continue;
    const kept = valueAt(old, field.path);
    if (kept === undefined) continue;
    const keys = parts(field.path);
    let node = draft;
    for (const key of keys.slice(0, -1)) node = node[key];
    define(node, keys.at(-1), structuredClone(kept));
  }
  // the rest of what the form holds (the name, the skills) stays, unless the new kind has no such field
  for (const [key, value] of Object.entries(old || {})) {
    const declared = fieldAt(spec, key);
    if (!Object.hasOwn(draft, key) && !declared?.section && (!declared || forKind(declared, sheetKind)))
      define(draft, key, structuredClone(value));
  }
  for (const field of spec?.fields || []) {
    // a field the new kind is not asked leaves the form (an object's speed)
    if (!field.section || forKind(field, sheetKind)) continue;
    const keys = parts(field.path);
    const parent = valueAt(draft, keys.slice(0, -1).join("."));
    if (keys.length > 1 && parent && typeof parent === "object") delete parent[keys.at(-1)];
  }
  return draft;
}

/** Where a sheet brought in from a file belongs: "npc" (the cast) when its kind is one the game master runs
 * (``cast_kinds``: a Semiautomagic object, vehicle or robot), else "pc" (the party). */
export const playsAs = (spec, sheet) =>
  spec?.kind_field && (spec.cast_kinds || []).includes(sheet?.[spec.kind_field]) ? "npc" : "pc";

/** The fields of each entry of a list (``weapons``) as an editor lists them: [{key, label, kind, min, max, maxlength,
 * choices, help, optional}], overlaid with ``extra[key]`` (what only the page knows: choices drawn from the sheet). */
export function entryFields(spec, listPath, keys, extra = {}) {
  return keys.map((key) => {
    return { key, ...limitsOf(spec, `${listPath}.*.${key}`), ...(extra[key] || {}) };
  });
}

/** The fields declared in the sheet's group ``group`` (a group of rows such as "Attributes"), in order, each with its
 * limits: [{path, label, min, max, ...}]. Fields of maps (``skills.*``) are left out: their rows are the sheet's keys. */
export const groupFields = (spec, group) =>
  (spec?.fields || [])
    .filter((field) => field.group === group && !field.path.includes("*"))
    .map((field) => ({ path: field.path, ...limitsOf(spec, field.path) }));

/** The sheet's texts a person writes and reads as they are (occupation, backstory, notes …): the declared
 * one-line or multi-line texts at the sheet's top level, the name aside (it heads the sheet), those of ``sheetKind``
 * (when given) first in the declaration's order: [{path, label, kind, maxlength, help, optional}]. */
export const noteFields = (spec, sheetKind = null) =>
  (spec?.fields || [])
    .filter(
      (field) =>
        ["text", "note"].includes(field.kind) &&
        !field.path.includes(".") &&
        field.path !== "name" &&
        forKind(field, sheetKind),
    )
    .map((field) => ({ path: field.path, ...limitsOf(spec, field.path) }));

/** The numbers ``paths`` a game's editor offers beside the sheet's rows (Call of Cthulhu: a creature's printed MOV),
 * those a sheet of ``sheetKind`` has, each with its limits and the guided form's heading for it: [{path, section, label,
 * min, max, help, optional}]. */
export const extraNumbers = (spec, paths, sheetKind = null) =>
  (paths || [])
    .map((path) => fieldAt(spec, path))
    .filter((field) => field && ["int", "number"].includes(field.kind) && forKind(field, sheetKind))
    .map((field) => ({ path: field.path, section: field.section, ...limitsOf(spec, field.path) }));

/** The derived values with their words, for the form's "Derived, by the rules" panel: [[label, value]]. */
export function derivedRows(spec, derived, format = {}) {
  return (
    (spec?.derived || [])
      // a value the sheet's kind has not (an object's Will is null) is no row, unless the game words its absence
      .filter((each) => derived?.[each.key] !== undefined && (derived[each.key] !== null || format[each.key]))
      .map((each) => [each.label, format[each.key] ? format[each.key](derived[each.key]) : derived[each.key]])
  );
}

const bounds = (limits) =>
  Object.fromEntries(
    ["min", "max", "maxlength"].filter((key) => limits[key] !== undefined).map((key) => [key, limits[key]]),
  );

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
 * from the sheet), what the module builds from the declaration itself (``fromSpec(spec)``, e.g. words of its
 * choices), and the card with the declaration. Without a declaration the module is returned as it is.
 */
export function resolveGame(module, spec) {
  if (!spec || !module) return module;
  const cached = resolved.get(module);
  if (cached?.spec === spec) return cached.game;
  // what a module builds from the declaration's words (``fromSpec``), laid over the module before the rest
  const game = module.fromSpec ? { ...module, ...module.fromSpec(spec) } : module;
  const kindOf = (draft) => (spec.kind_field ? draft?.[spec.kind_field] : null);
  const creation = game.creation && {
    ...game.creation,
    sections: game.creation.sections ?? sectionsOf(spec),
    // a game whose sheets are of several kinds asks each kind its own fields, and the kind is picked first
    ...(spec.kind_field && !game.creation.sections
      ? {
          kindField: spec.kind_field,
          castKinds: spec.cast_kinds || [],
          sectionsFor: (draft) =>
            game.creation.sectionsFor ? game.creation.sectionsFor(draft, spec) : sectionsOf(spec, kindOf(draft)),
          rekind: (draft, kind) => redraft(spec, draft, kind),
        }
      : {}),
    draft: () => game.creation.draft(spec),
    skills: { ...game.creation.skills, ...bounds(limitsOf(spec, "skills.*")) },
    derived: (result) => game.creation.derived(result, spec),
  };
  let weapons = game.weapons;
  if (weapons?.keys) {
    const path = weapons.path || "weapons";
    const extra = typeof weapons.extra === "function" ? weapons.extra(spec) : weapons.extra; // choices from the declaration
    weapons = { ...weapons, fields: entryFields(spec, path, weapons.keys, extra) };
    const armour = weapons.armour;
    if (armour?.keys)
      weapons.armour = { ...armour, fields: recordFields(spec, armour.path, armour.keys, armour.extra) };
    else if (armour) weapons.armour = { ...armour, ...bounds(limitsOf(spec, armour.path)) };
  }
  if (creation && typeof game.creation.errorPaths === "function") creation.errorPaths = game.creation.errorPaths(spec);
  const card = game.card && ((sheet) => game.card(sheet, spec));
  const groups = (sheet) =>
    game.groups(sheet, spec).map((group) => ({
      ...group,
      rows: group.rows.map((row) => (row.path ? { ...row, ...bounds(limitsOf(spec, row.path)) } : row)),
    }));
  const out = { ...game, sheet: spec, creation, weapons, card, groups };
  resolved.set(module, { spec, game: out });
  return out;
}
