// Each game's skill list as data from the engine (<game>.skill_list); until that operation exists in the
// catalog, the choices the game's own skill roll declares.

const cache = new Map();

export function skillList(app, game) {
  if (!cache.has(game)) cache.set(game, load(app, game));
  return cache.get(game);
}

async function load(app, game) {
  const catalog = app.state.catalog;
  if (catalog.has(`${game}.skill_list`)) {
    try {
      const result = await app.services.engine.call(`${game}.skill_list`);
      return (result.details || result).skills;
    } catch { /* fall through to the declared choices */ }
  }
  const from = { coc: ["coc.skill_roll", "skill"], semiautomagic: ["semiautomagic.skill_check", "skill"] }[game];
  if (!from) return ["Brawling", "Dodge", "First Aid", "Handguns", "Notice", "Occult Knowledge", "Stealth"].map((name) => ({ name, base: null, group: null }));
  const abilities = ["Strength", "Dexterity", "Endurance", "Intelligence", "Spirit"];
  return catalog.op(from[0]).params.find((param) => param.name === from[1]).choices
    .filter((name) => !abilities.includes(name)).map((name) => ({ name, base: null, group: null }));
}
