// Each game's skill list as data from the engine (<game>.skill_list: name, base value, group), asked once.

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
