// The three games by id; each module says what its screens show and which operations they call.
import armageddon from "./armageddon.mjs";
import semiautomagic from "./semiautomagic.mjs";
import coc from "./coc.mjs";
import { table } from "../store/own.mjs";

export const GAMES = [armageddon, semiautomagic, coc];
// Read with a campaign's ``game`` (a file's, so the user's): tables without a prototype, so "constructor" is no game.
export const gameById = table(GAMES.map((game) => [game.id, game]));
export const gameNames = table(GAMES.map((game) => [game.id, game.name]));
import { resolveGame } from "./sheet_spec.mjs";

/** The game ``id`` with its sheet's fields and bounds as the engine declares them (``catalog``: indexCatalog's). */
export const gameFor = (catalog, id) => resolveGame(gameById[id], catalog?.sheet?.(id));
