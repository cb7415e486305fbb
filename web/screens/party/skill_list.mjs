// Each game's skill list as data from the engine (<game>.skill_list: name, base value, group), asked once.
// A base the rules take from the character (Call of Cthulhu: Dodge = half DEX) comes as data, ``base_from =
// {of, divide_by, words}``; ``baseValue`` reads it against the numbers typed so far (py_rules.skill_lists.base_value).

const cache = new Map();

export function skillList(app, game) {
  if (!cache.has(game)) {
    cache.set(game, app.services.engine.call(`${game}.skill_list`).then((result) => result.details.skills, () => {
      cache.delete(game); // ask again next time (the engine may not have been ready)
      return [];
    }));
  }
  return cache.get(game);
}

/** The base of list row ``entry`` for numbers ``values`` (name → value), at most ``high``; null when none. */
export function baseValue(entry, values = {}, high = null) {
  const rule = entry?.base_from;
  if (!rule) return entry?.base ?? null;
  const number = values?.[rule.of];
  if (!Number.isInteger(number)) return null;
  const value = Math.floor(number / rule.divide_by);
  return high === null ? value : Math.min(high, value);
}

/** How the list shows a base: "(20)", "(half DEX: 27)", or nothing. */
export function baseWords(entry, values) {
  const value = baseValue(entry, values);
  if (entry?.base_from) return ` (${entry.base_from.words}${value === null ? "" : `: ${value}`})`;
  return value === null ? "" : ` (${value})`;
}
