// What the GM picked in a roll's form that the same character's next roll of the same move keeps: a move lists
// the fields to keep (``keep`` in games/*.mjs: Semiautomagic's attack keeps its kind and weapon, so a bow ruled to
// roll Weapon Skill this fight is not silently back to Ranged Skill on the next attack; rules/semiautomagic.md
// §2.4). Kept per campaign, per encounter (the sheet screen is a scope of its own), per character and per move, in
// this browser's storage apart from the campaign record (its schema is unchanged), for the few latest scopes only.
// A value the move no longer offers is dropped, never shown; storage refused (a private window) keeps nothing and
// every roll starts from the move's own defaults, as before.

const keyOf = (campaignId) => `rules-companion:kept:${campaignId}`;

/** How many scopes (encounters, and the sheet screen) a campaign keeps choices for; the oldest goes first. */
export const SCOPES = 4;

const storageOf = (storage) => {
  try {
    return storage === undefined ? globalThis.localStorage : storage;
  } catch {
    return null;
  }
};

function read(storage, campaignId) {
  try {
    const raw = storage?.getItem(keyOf(campaignId));
    const value = raw ? JSON.parse(raw) : null;
    return value && Array.isArray(value.scopes) ? value : { scopes: [] };
  } catch {
    return { scopes: [] };
  }
}

const scopeOf = (where) => where.encounterId || "sheet";
const moveOf = (where) => `${where.characterId}|${where.op}`;

/** Whether ``value`` is one ``param`` (a catalog declaration) takes: a choice among its choices, a yes or no, a text. */
function fits(param, value) {
  if (!param) return false;
  if (param.kind === "choice") return param.choices.includes(value);
  if (param.kind === "bool") return typeof value === "boolean";
  if (param.kind === "text") return typeof value === "string";
  return false;
}

/** The kept values of ``fields`` for ``where`` ({campaignId, encounterId, characterId, op}) that ``op`` (its catalog
 * declaration) still takes: {name: value}, empty when nothing was kept. */
export function keptChoices(where, op, fields, storage) {
  const store = storageOf(storage);
  if (!where?.campaignId || !store || !fields?.length) return {};
  const scope = read(store, where.campaignId).scopes.find((each) => each.id === scopeOf(where));
  const kept = scope?.moves?.[moveOf(where)] || {};
  const out = {};
  for (const name of fields) {
    const param = op?.params?.find((each) => each.name === name);
    if (Object.hasOwn(kept, name) && fits(param, kept[name])) out[name] = kept[name];
  }
  return out;
}

/** Keep the values of ``fields`` in ``args`` (a roll just made) for ``where``; this scope becomes the latest. */
export function keepChoices(where, fields, args, storage) {
  const store = storageOf(storage);
  if (!where?.campaignId || !store || !fields?.length) return;
  const all = read(store, where.campaignId);
  const id = scopeOf(where);
  const scope = all.scopes.find((each) => each.id === id) || { id, moves: {} };
  const values = Object.fromEntries(
    fields.filter((name) => Object.hasOwn(args, name)).map((name) => [name, args[name]]),
  );
  scope.moves = { ...(scope.moves || {}), [moveOf(where)]: values };
  const scopes = [scope, ...all.scopes.filter((each) => each.id !== id)].slice(0, SCOPES);
  try {
    store.setItem(keyOf(where.campaignId), JSON.stringify({ scopes }));
  } catch {
    /* not kept: this roll still used the choice */
  }
}
