// A screen loaded the first time it is shown, so its modules stay out of the first render (boot time is the
// page's most visible number). The service worker precaches them, so this works offline too.
import { html, useEffect, useReducer } from "./html.mjs";

/** A component that imports ``load()``'s ``name`` export when first rendered, then renders it with its props. */
export function lazyScreen(load, name) {
  let Loaded = null;
  let loading = null;
  let failed = null;
  return function LazyScreen(props) {
    const [, refresh] = useReducer((count) => count + 1, 0);
    useEffect(() => {
      if (Loaded) return undefined;
      let live = true;
      loading ??= load().then(
        (module) => {
          Loaded = module[name];
        },
        (error) => {
          failed = error;
        },
      );
      loading.then(() => live && refresh());
      return () => {
        live = false;
      };
    }, []);
    useEffect(() => {
      // the screen's title takes the focus once it is there, as for the screens loaded at once
      if (Loaded) document.getElementById("app")?.querySelector("h1")?.focus?.();
    }, [Boolean(Loaded)]);
    if (Loaded) return html`<${Loaded} ...${props} />`;
    return html`<section class="screen" aria-busy=${failed ? "false" : "true"}><p role=${failed ? "alert" : undefined}>${failed ? `This screen could not be loaded (${failed.message}). Reload the page.` : "Loading…"}</p></section>`;
  };
}
