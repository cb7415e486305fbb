// Each game's skill list as data from the engine (<game>.skill_list: name, base value, group), asked once.
// A base the rules take from the character (Call of Cthulhu: Dodge = half DEX) comes as data, ``base_from =
// {of, divide_by, words}``; ``baseValue`` reads it against the numbers typed so far (py_rules.skill_lists.base_value).
// A row with ``family: true`` is a family of the game (py_rules/skill_names.py): a speciality typed for it is a skill
// of its own, named as ``specialityName`` writes it.

const cache = new Map();

export function skillList(app, game) {
  if (!cache.has(game)) {
    cache.set(
      game,
      app.services.engine.call(`${game}.skill_list`).then(
        (result) => result.details.skills,
        () => {
          cache.delete(game); // ask again next time (the engine may not have been ready)
          return [];
        },
      ),
    );
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

/** The skill a speciality of family row ``family`` is: "Science (Biology)", "Language (Other) (Latin)" (the one way
 * py_rules.skill_names.format_name writes it; the engine reads the name back and checks it). */
export function specialityName(family, speciality) {
  const words = (text) => String(text).split(/\s+/).filter(Boolean).join(" ");
  return `${words(family.name)} (${words(speciality)})`;
}
