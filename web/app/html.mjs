// Preact + htm without a build step (STYLE.md Part C, preact-www "no-build workflows"): build.py vendors
// the pinned npm files into dist/vendor/ with relative imports, so no import map and no inline script.
import { h, render, createContext, Fragment, Component } from "../vendor/preact.mjs";
import htm from "../vendor/htm.mjs";

export { useState, useEffect, useReducer, useContext, useRef, useMemo, useCallback, useId } from "../vendor/hooks.mjs";
export { h, render, createContext, Fragment, Component };

/** Tagged templates → Preact vnodes; htm parses at run time without eval, so the CSP stays strict. */
export const html = htm.bind(h);
