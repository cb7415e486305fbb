// The page's side of the engine worker (STYLE.md A3b/A3c): start the module worker, follow its boot
// stages, and send JSON requests by id. The worker runs one call at a time; replies match by id.

const DEFAULT_BOOT_TIMEOUT_MS = 90_000;

export class Engine {
  /** @param {{onStage?: Function, onReady?: Function, onBootError?: Function, bootTimeoutMs?: number, snapshot?: boolean, base?: URL}} hooks */
  constructor(hooks = {}) {
    this.hooks = hooks;
    this.bootTimeoutMs = hooks.bootTimeoutMs || DEFAULT_BOOT_TIMEOUT_MS;
    this.start();
  }

  /** The site's folder: where this module is, or ``hooks.base`` (a test that imports the unbundled module
   * from dist/src/ points it at the site, where worker.mjs and pyodide/ are). */
  base() {
    return this.hooks.base || new URL("./", import.meta.url);
  }

  start() {
    this.pending = new Map();
    this.nextId = 1;
    this.ready = false;
    const name = this.hooks.snapshot === false ? "snapshot=off" : "rules"; // the fallback boot, on purpose
    const early = this.adoptEarlyWorker(name);
    this.worker = early?.worker ?? new Worker(new URL("./worker.mjs", this.base()), { type: "module", name });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => this.fail(`The engine worker stopped: ${event.message || "script error"}.`);
    this.timer = setTimeout(
      () => this.fail(`Python did not start within ${Math.round(this.bootTimeoutMs / 1000)} s.`),
      this.bootTimeoutMs,
    );
    for (const message of early?.messages ?? []) this.receive(message);
    if (early?.error) this.fail(`The engine worker stopped: ${early.error}.`);
  }

  /** The worker engine_start.js started before the bundles loaded, once, if it is the one wanted here
   * (same boot path, the site's own folder); null otherwise. */
  adoptEarlyWorker(name) {
    const early = globalThis.rulesEngineWorker;
    if (!early || this.hooks.base || early.name !== name) return null;
    delete globalThis.rulesEngineWorker;
    return early;
  }

  /**
   * Compile Pyodide's wasm here, on the page's thread, and hand the module to the worker. Chromium keeps
   * the compiled code of a streamed compile between visits on the page's thread but not in the worker:
   * measured here, a warm boot fell from 2.2 s to 1.3 s. If compiling fails, the worker is told so and
   * Pyodide compiles the wasm itself.
   */
  sendWasmModule() {
    // A retry compiles afresh unless a compile already succeeded: the first may hang on a dead download.
    const compiling = this.compiledWasm || WebAssembly.compileStreaming(fetch(new URL("./pyodide/pyodide.asm.wasm", this.base())));
    const worker = this.worker;
    compiling.then(
      (module) => {
        this.compiledWasm = compiling;
        worker.postMessage({ type: "wasm-module", module });
      },
      () => worker.postMessage({ type: "wasm-module", module: null }),
    );
  }

  /** Terminate the worker and boot a fresh one (the retry button); a slow device gets twice as long. */
  restart() {
    clearTimeout(this.timer);
    this.bootTimeoutMs *= 2;
    this.worker.terminate();
    for (const { reject } of this.pending.values()) reject(new Error("The engine was restarted."));
    this.start();
  }

  receive(message) {
    // The compile waits for the worker's first line: both need this thread at first, and a worker
    // started late delays everything after it, while the module is needed only later (measured, issue 19).
    if (message.type === "alive") this.sendWasmModule();
    else if (message.type === "stage") this.hooks.onStage?.(message);
    else if (message.type === "ready") {
      clearTimeout(this.timer);
      this.ready = true;
      this.hooks.onReady?.(message);
    } else if (message.type === "boot-error") this.fail(message.message);
    else if (message.type === "response") {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      waiting?.resolve(JSON.parse(message.response));
    }
  }

  /** The worker failed to boot, or died later: stop it, fail what was waiting, offer a retry. */
  fail(text) {
    clearTimeout(this.timer);
    this.worker.terminate();
    this.ready = false;
    for (const { reject } of this.pending.values()) reject(new Error(`${text} Press Retry above.`));
    this.pending.clear();
    this.hooks.onBootError?.(text);
  }

  /** Send one request; resolves with the engine's {ok, result | error} response. ``options`` adds
   * request fields such as ``{mode: "odds"}`` (the exact distribution instead of a roll); ``options.text``, a long
   * text such as a whole campaign file (a string, or its UTF-8 bytes: a Uint8Array), travels beside the request as
   * it is (the engine reads it as ``args.text``): never written into the request's JSON, so never escaped, copied or
   * checked twice. */
  call(op, args = {}, options = {}) {
    if (!this.ready) return Promise.resolve({ ok: false, error: { code: "not_ready", message: "The engine is still starting.", field: null } });
    const id = this.nextId++;
    const { text, ...fields } = options || {};
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: "call", id, request: JSON.stringify({ ...fields, op, args }), ...(typeof text === "string" || text instanceof Uint8Array ? { text } : {}) });
    });
  }
}
