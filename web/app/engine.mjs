// The page's use of the engine: wait for the worker, call an operation under its deadline, turn a refusal into an
// error that names its field. rpc.mjs is the worker bridge; this adds a ready gate, the catalog and what it declares
// of each operation's deadline.

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

/** How long a call of ``op`` may run and what its answer says if it is stopped then (rpc.mjs ``call``'s
 * ``limit``), from the catalog: the operation's ``deadline_seconds`` (py_rules/operations.py), else the catalog's
 * own for a request no operation lists; the operation named by its title, in the game's words. ``mode: "odds"``
 * names the odds of it. No catalog: no limit (the page already says to reload it). */
export function limitOf(catalog, op, options = undefined) {
  const declared = catalog?.operations?.find((each) => each.id === op);
  const seconds = declared?.deadline_seconds ?? catalog?.deadline_seconds;
  if (!(seconds > 0)) return {};
  const what = declared
    ? `${options?.mode === "odds" ? "Working out the odds of " : ""}“${declared.title}”`
    : "The rules engine";
  const shown = seconds === 1 ? "1 second" : `${seconds.toLocaleString("en")} seconds`;
  return { ms: seconds * 1000, stopped: `${what} took longer than ${shown} and was stopped; nothing was lost.` };
}

/** Wrap an rpc Engine: ``call`` waits until Python is ready, resolves with the result or throws EngineError.
 * ``options``: request fields beside op and args (``{dice: "physical"}``: typed dice, each missing die asked).
 * Every call runs under its operation's deadline from the catalog (``limitOf``): past it the engine is stopped
 * and started afresh, and the call throws an EngineError of code ``stopped`` naming the operation. */
export function engineClient(engine, readyPromise) {
  let catalogPromise = null;
  let limits = null; // op id → limit, once the catalog is read
  const limitFor = async (op, options) => {
    if (!limits) {
      const catalog = await client.catalog().catch(() => null);
      limits = new Map();
      limits.catalog = catalog;
    }
    const key = `${options?.mode === "odds" ? "odds:" : ""}${op}`;
    if (!limits.has(key)) limits.set(key, limitOf(limits.catalog, op, options));
    return limits.get(key);
  };
  const client = {
    ready: readyPromise,
    /** The engine's answer, ``{ok, result | error}``, as rpc.mjs gives it, under the operation's deadline. */
    async answer(op, args = {}, options = undefined) {
      await readyPromise;
      return engine.call(op, args, options, await limitFor(op, options));
    },
    async call(op, args = {}, options = undefined) {
      const response = await client.answer(op, args, options);
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
  return client;
}

/** Index a catalog once: operations by id and the house-rule settings each game declares. */
export function indexCatalog(catalog) {
  const ops = new Map(catalog.operations.map((op) => [op.id, op]));
  const settings = new Map();
  const sheets = new Map((catalog.sheets || []).map((sheet) => [sheet.game, sheet]));
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
    /** A game's character sheet as the engine declares it (py_rules/sheet_spec.py; games/sheet_spec.mjs reads it). */
    sheet: (game) => sheets.get(game) ?? null,
  };
}

/** The settings an operation declares, taken from the campaign's house rules. */
export function settingArgs(op, settings = {}) {
  const args = {};
  for (const param of op.params)
    if (param.setting && settings[param.name] !== undefined) args[param.name] = settings[param.name];
  return args;
}

/** Settings of the campaign that differ from the default and that this operation uses. */
export function activeHouseRules(op, settings = {}) {
  return op.params.filter(
    (param) =>
      param.setting &&
      settings[param.name] !== undefined &&
      JSON.stringify(settings[param.name]) !== JSON.stringify(param.default),
  );
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
    .replace(/\s*\((?:[^()]*(?:rules\/[\w-]+\.md|seed \d+|DEVELOPERS\.md|§)[^()]*)\)/gi, "")
    .replace(/(?:rules\/[\w-]+\.md|DEVELOPERS\.md)\s*§?[\d.–-]*\s*[A-Z]?\d*[:;,]?\s*/g, "")
    .replace(/\b[Ss]eed \d+,?\s*/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\s{2,}/g, " ")
    .trim();
}
