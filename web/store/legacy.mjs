// Once: what the old page kept in localStorage ("rules-companion:<state_key>" and
// "rules-companion:<game>.setting.<name>", see the old state_store.mjs) becomes the first campaign of
// each game, built and checked by the engine (campaign.from_legacy). A meta flag marks it done.

const PREFIX = "rules-companion:";
const DONE = "legacy-migrated";
const GAMES = ["armageddon", "semiautomagic", "coc"];

/** The old page's values grouped by game: {game: {states, settings}}; empty when there are none. */
export function readLegacy(storage = safeLocalStorage()) {
  const found = {};
  if (!storage) return found;
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (!key?.startsWith(PREFIX)) continue;
    const name = key.slice(PREFIX.length);
    const game = name.split(".", 1)[0];
    if (!GAMES.includes(game)) continue;
    let value;
    try {
      value = JSON.parse(storage.getItem(key));
    } catch {
      continue;
    }
    found[game] ??= { states: {}, settings: {} };
    const entry = found[game];
    const setting = name.match(/^[a-z]+\.setting\.(.+)$/);
    if (setting) entry.settings[setting[1]] = value;
    else entry.states[name] = value;
  }
  return found;
}

/** Build and store the legacy campaigns once; returns the campaigns added. */
export async function migrateLegacy(storage, engine, names) {
  if (await storage.getMeta(DONE)) return [];
  const legacy = readLegacy();
  const added = [];
  for (const [game, { states, settings }] of Object.entries(legacy)) {
    if (!Object.keys(states).length && !Object.keys(settings).length) continue;
    try {
      const result = await engine.call("campaign.from_legacy", {
        game,
        states,
        settings,
        now: new Date().toISOString(),
      });
      const campaign = result.details?.campaign || result.campaign || result.state;
      if (!campaign) continue;
      campaign.name = `${names[game]} — from before`;
      added.push(await storage.add(campaign));
    } catch (error) {
      console.warn("Could not bring over the old page's", game, "values:", error.message);
    }
  }
  await storage.setMeta(DONE, new Date().toISOString());
  return added;
}

function safeLocalStorage() {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}
