// App state: one plain object changed only by ``reduce`` (a pure (state, action) → state step), held by a
// tiny store passed down by context so tests or another shell can supply their own (STYLE.md Part C).
import { createContext, useContext, useEffect, useReducer } from "./html.mjs";

export const initialState = {
  catalog: null, // indexCatalog(catalog.json)
  engine: "starting", // "starting" | "ready" | "failed"
  storage: { kind: "starting", problem: null },
  campaigns: null, // summaries for the home screen
  campaign: null, // the open campaign record
  damaged: null, // {id, name, problems: [plain sentences]}: the campaign the route names cannot be shown
  snack: null, // {id, text, actionLabel, onAction, timeout}
  history: { undo: null, redo: null }, // the open campaign's Undo / Redo: {id, words} or null each
  logVersion: 0, // changes whenever the open campaign's log grows (screens re-read their first page)
  exportVersion: 0, // changes when a campaign was exported or backed up (Home re-reads when each last was)
};

export function reduce(state, action) {
  switch (action.type) {
    case "catalog":
      return { ...state, catalog: action.catalog };
    case "engine":
      return { ...state, engine: action.status };
    case "storage":
      return { ...state, storage: { kind: action.kind, problem: action.problem } };
    case "campaigns":
      return { ...state, campaigns: action.campaigns };
    case "campaign":
      return action.campaign?.id === state.campaign?.id
        ? { ...state, campaign: action.campaign, damaged: null }
        : { ...state, campaign: action.campaign, damaged: null, history: initialState.history };
    case "damaged":
      return { ...state, campaign: null, damaged: action.damaged, history: initialState.history };
    case "history":
      return { ...state, history: action.history };
    case "logged":
      return { ...state, logVersion: state.logVersion + 1 };
    case "exported":
      return { ...state, exportVersion: state.exportVersion + 1 };
    case "snack":
      return { ...state, snack: action.snack && { id: Date.now() + Math.random(), timeout: 6000, ...action.snack } };
    default:
      throw new Error(`Unknown action ${action.type}`);
  }
}

/** A store around ``reduce``; ``services`` are the engine, storage and tab channel the actions use. */
export function createAppState(services, state = initialState) {
  const listeners = new Set();
  return {
    services,
    get state() {
      return state;
    },
    dispatch(action) {
      state = reduce(state, action);
      for (const listener of listeners) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const AppContext = createContext(null);

/** The app store, re-rendering the calling component on every change: one made between this render and the
 * subscription (effects run after the paint; a blocked database says so at once) included. */
export function useApp() {
  const app = useContext(AppContext);
  const [, refresh] = useReducer((count) => count + 1, 0);
  const rendered = app.state;
  useEffect(() => {
    const stop = app.subscribe(refresh);
    if (app.state !== rendered) refresh();
    return stop;
  }, [app]);
  return app;
}
