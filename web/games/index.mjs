// The three games by id; each module says what its screens show and which operations they call.
import armageddon from "./armageddon.mjs";
import semiautomagic from "./semiautomagic.mjs";
import coc from "./coc.mjs";

export const GAMES = [armageddon, semiautomagic, coc];
export const gameById = Object.fromEntries(GAMES.map((game) => [game.id, game]));
export const gameNames = Object.fromEntries(GAMES.map((game) => [game.id, game.name]));
