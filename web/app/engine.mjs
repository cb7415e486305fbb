// The page's use of the engine: wait for the worker, call an operation, turn a refusal into an error that
// names its field. rpc.mjs (the worker bridge) stays as it is; this only adds a ready gate and the catalog.

export class EngineError extends Error {
  constructor({ code, message, field, path, detail, die }) {
    super(message);
    this.die = die || null; // "needs a die" (physical dice): the next die the rules ask for, named by its roll
    this.code = code;
    this.field = field || null;
    this.path = path || null; // inside a sheet field: where ("essence_channeling"), said as ``detail``
    this.detail = detail || null;
  }
}

/** Wrap an rpc Engine: ``call`` waits until Python is ready, resolves with the result or throws EngineError.
 * ``options``: request fields beside op and args (``{dice: "physical"}``: typed dice, each missing die asked). */
export function engineClient(engine, readyPromise) {
  let catalogPromise = null;
  return {
    ready: readyPromise,
    async call(op, args = {}, options = undefined) {
      await readyPromise;
      const response = await engine.call(op, args, options);
      if (!response.ok) throw new EngineError(response.error);
      return response.result;
    },
    /** The catalog written at build time (the same py_rules), available before Python boots. */
    catalog() {
      catalogPromise ??= fetch("catalog.json").then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      });
      return catalogPromise;
    },
  };
}

/** Index a catalog once: operations by id and the house-rule settings each game declares. */
export function indexCatalog(catalog) {
  const ops = new Map(catalog.operations.map((op) => [op.id, op]));
  const settings = new Map();
  for (const op of catalog.operations) {
    const list = settings.get(op.system) || settings.set(op.system, new Map()).get(op.system);
    for (const param of op.params) if (param.setting && !list.has(param.name)) list.set(param.name, param);
  }
  return {
    raw: catalog,
    op: (id) => ops.get(id),
    has: (id) => ops.has(id),
    settings: (game) => [...(settings.get(game)?.values() || [])],
    systems: catalog.systems,
    operations: catalog.operations,
  };
}

/** The settings an operation declares, taken from the campaign's house rules. */
export function settingArgs(op, settings = {}) {
  const args = {};
  for (const param of op.params) if (param.setting && settings[param.name] !== undefined) args[param.name] = settings[param.name];
  return args;
}

/** Settings of the campaign that differ from the default and that this operation uses. */
export function activeHouseRules(op, settings = {}) {
  return op.params.filter((param) => param.setting && settings[param.name] !== undefined && JSON.stringify(settings[param.name]) !== JSON.stringify(param.default));
}

/** Plain words for a choice: the catalog's choice_labels when it has them, else the value made readable. */
export function choiceLabel(param, value) {
  const index = param.choices?.indexOf(value) ?? -1;
  if (index >= 0 && param.choice_labels?.[index]) return param.choice_labels[index];
  if (value === "" || value === null || value === undefined) return "—";
  const text = String(value).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Help text a user may read: the catalog's help without developer citations (file names, sections). */
export function plainHelp(text = "") {
  return String(text)
    .replace(/\s*\((?:[^()]*(?:RULES\.md|seed \d+|DEVELOPERS\.md|§)[^()]*)\)/gi, "")
    .replace(/(?:RULES\.md|DEVELOPERS\.md)\s*§?[\d.–\-]*\s*[A-Z]?\d*[:;,]?\s*/g, "")
    .replace(/\b[Ss]eed \d+,?\s*/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}
