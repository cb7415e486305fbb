// The page's side of the engine worker (STYLE.md A3b/A3c): start the module worker, follow its boot
// stages, and send JSON requests by id. The worker runs one call at a time; replies match by id.
//
// A deadline per call: the worker answers in the order it was asked, so the oldest call not yet answered is the one
// running, and its clock starts when it reaches the front (CallLine). A call still running at its deadline is
// stopped: its promise answers "stopped" (an engine refusal, code ``stopped``), the worker is terminated (Python
// cannot be interrupted otherwise) and a fresh one boots from the memory snapshot as at first; the calls that were
// waiting behind it are sent to the fresh worker, in order. Re-sending is safe: every engine call is a pure function
// of its request, and the page stores an answer only once it has it, so nothing stored is ever half written.
import { CODE } from "./error_codes.mjs";

const DEFAULT_BOOT_TIMEOUT_MS = 90_000;

/** The message of a call stopped at its deadline when its caller gave none (app/engine.mjs names the operation). */
export const STOPPED = "The rules engine took too long to answer and was stopped; nothing was lost.";

/**
 * The calls sent to one worker, oldest first, and the clock of the one running (pure: the timers are given).
 * ``onExpired(call)`` is told when the call at the front is still unanswered ``call.deadlineMs`` after it reached
 * the front; a call without ``deadlineMs`` waits as long as it takes.
 */
export class CallLine {
  /** @param {{onExpired: Function, timers?: {setTimeout: Function, clearTimeout: Function}}} options */
  constructor({ onExpired, timers = globalThis }) {
    this.onExpired = onExpired;
    this.timers = timers;
    this.calls = new Map(); // id → call, in the order sent (a Map keeps it)
    this.timer = null;
    this.front = null; // the call whose clock runs
  }

  get size() {
    return this.calls.size;
  }

  /** ``call`` ({id, deadlineMs?, …}) was sent: it waits behind the others, or runs at once if none is ahead. */
  add(call) {
    this.calls.set(call.id, call);
    this.clock();
  }

  /** The call ``id`` was answered: it leaves the line (returned; undefined if it is not in it) and the next one's
   * clock starts. */
  settle(id) {
    const call = this.calls.get(id);
    if (!call) return undefined;
    this.calls.delete(id);
    this.clock();
    return call;
  }

  /** Every call, oldest first, taken out of the line (its worker is gone); no clock runs. */
  takeAll() {
    const calls = [...this.calls.values()];
    this.calls.clear();
    this.clock();
    return calls;
  }

  /** Start the front call's clock if it is not already running. */
  clock() {
    const front = this.calls.values().next().value ?? null;
    if (front === this.front) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.front = front;
    if (!front || !(front.deadlineMs > 0)) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      if (this.front !== front || this.calls.get(front.id) !== front) return;
      this.calls.delete(front.id);
      this.front = null;
      this.onExpired(front); // the calls behind it wait: whoever is told decides (Engine.renew takes them)
    }, front.deadlineMs);
  }
}

export class Engine extends EventTarget {
  /** Hooks of the first boot and of Retry. A fresh worker started after a stopped call says nothing to them: it is
   * told as the events ``stopped`` (``detail``: {op, message}) and ``renewed`` (``detail``: the ready message).
   * @param {{onStage?: Function, onReady?: Function, onBootError?: Function, bootTimeoutMs?: number, snapshot?: boolean, base?: URL}} hooks */
  constructor(hooks = {}) {
    super();
    this.hooks = hooks;
    this.bootTimeoutMs = hooks.bootTimeoutMs || DEFAULT_BOOT_TIMEOUT_MS;
    this.nextId = 1;
    this.held = []; // calls waiting for a fresh worker to be ready (renewing)
    this.renewing = false;
    this.start();
  }

  /** The site's folder: where this module is, or ``hooks.base`` (a test that imports the unbundled module
   * from dist/src/ points it at the site, where worker.mjs and pyodide/ are). */
  base() {
    return this.hooks.base || new URL("./", import.meta.url);
  }

  start() {
    this.line = new CallLine({ onExpired: (call) => this.expired(call) });
    this.ready = false;
    const name = this.hooks.snapshot === false ? "snapshot=off" : "rules"; // the fallback boot, on purpose
    const early = this.adoptEarlyWorker(name);
    this.worker = early?.worker ?? new Worker(new URL("./worker.mjs", this.base()), { type: "module", name });
    const worker = this.worker; // a worker stopped at a deadline is no longer heard, should a message of it still come
    worker.onmessage = (event) => {
      if (this.worker === worker) this.receive(event.data);
    };
    worker.onerror = (event) => {
      if (this.worker === worker) this.fail(`The engine worker stopped: ${event.message || "script error"}.`);
    };
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
    const compiling =
      this.compiledWasm || WebAssembly.compileStreaming(fetch(new URL("./pyodide/pyodide.asm.wasm", this.base())));
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
    for (const { reject } of this.takeWaiting()) reject(new Error("The engine was restarted."));
    this.start();
  }

  /** Every call sent or held, oldest first, no longer waited for here. */
  takeWaiting() {
    const calls = [...this.line.takeAll(), ...this.held];
    this.held = [];
    this.renewing = false;
    return calls;
  }

  /** ``call`` ran past its deadline: it answers "stopped", its worker is terminated and a fresh one boots, and the
   * calls behind it go to that one. */
  expired(call) {
    const message = call.stopped || STOPPED;
    call.resolve({ ok: false, error: { code: CODE.stopped, message, field: null } });
    this.renew();
    this.dispatchEvent(new CustomEvent("stopped", { detail: { op: call.op, message } }));
  }

  /** A fresh worker in place of this one (booted the same way), the calls sent to this one held for it in order. */
  renew() {
    clearTimeout(this.timer);
    this.worker.terminate();
    const behind = this.line.takeAll();
    this.start();
    this.held = [...behind, ...this.held];
    this.renewing = true;
  }

  receive(message) {
    // The compile waits for the worker's first line: both need this thread at first, and a worker
    // started late delays everything after it, while the module is needed only later (measured).
    if (message.type === "alive") this.sendWasmModule();
    else if (message.type === "stage") {
      if (!this.renewing) this.hooks.onStage?.(message);
    } else if (message.type === "ready") {
      clearTimeout(this.timer);
      this.ready = true;
      if (this.renewing) this.renewed(message);
      else this.hooks.onReady?.(message);
    } else if (message.type === "boot-error") this.fail(message.message);
    else if (message.type === "response") this.line.settle(message.id)?.resolve(JSON.parse(message.response));
  }

  /** The fresh worker is ready: the held calls go to it, oldest first. */
  renewed(message) {
    this.renewing = false;
    const held = this.held;
    this.held = [];
    for (const call of held) this.send(call);
    this.dispatchEvent(new CustomEvent("renewed", { detail: message }));
  }

  /** The worker failed to boot, or died later: stop it, fail what was waiting, offer a retry. */
  fail(text) {
    clearTimeout(this.timer);
    this.worker.terminate();
    this.ready = false;
    for (const { reject } of this.takeWaiting()) reject(new Error(`${text} Press Retry above.`));
    this.hooks.onBootError?.(text);
  }

  /** Send one request; resolves with the engine's {ok, result | error} response. ``options`` adds
   * request fields such as ``{mode: "odds"}`` (the exact distribution instead of a roll); ``options.text``, a long
   * text such as a whole campaign file (a string, or its UTF-8 bytes: a Uint8Array), travels beside the request as
   * it is (the engine reads it as ``args.text``): never written into the request's JSON, so never escaped, copied or
   * checked twice.
   * ``limit``: ``{ms, stopped}``, how long it may run before it is stopped and the message its answer then carries
   * (none: as long as it takes). While a fresh worker boots after a stopped call, a call waits for it. */
  call(op, args = {}, options = {}, limit = {}) {
    if (!this.ready && !this.renewing)
      return Promise.resolve({
        ok: false,
        error: { code: CODE.notReady, message: "The engine is still starting.", field: null },
      });
    const id = this.nextId++;
    const { text, ...fields } = options || {};
    const message = {
      type: "call",
      id,
      request: JSON.stringify({ ...fields, op, args }),
      ...(typeof text === "string" || text instanceof Uint8Array ? { text } : {}),
    };
    return new Promise((resolve, reject) => {
      const call = { id, op, message, resolve, reject, deadlineMs: limit?.ms, stopped: limit?.stopped };
      if (this.renewing) this.held.push(call);
      else this.send(call);
    });
  }

  send(call) {
    this.line.add(call);
    this.worker.postMessage(call.message);
  }
}
