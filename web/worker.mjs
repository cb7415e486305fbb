// Module worker that owns Pyodide (PYODIDE.md §2.1), then answers JSON requests through py_rules.api.call.
// No Python source is ever built from user input: requests are passed as data.
//
// Boot: from the build's memory snapshot (tools/make_snapshot.mjs: Python started with every
// py_rules module imported), restored with Pyodide's private `_loadSnapshot`. The page's first script starts
// this worker (engine_start.js); every download starts at its first line; the snapshot is written into the
// memory image while Pyodide instantiates the wasm (fromSnapshot). The snapshot is used only if it is this
// site's: its description names this build (build-info.json) and the wheel the lock installs, and the bytes
// that arrive have the SHA-256 it gives (snapshot.mjs refusal, bytesRefusal). If anything about the snapshot
// fails (missing, truncated, damaged, another build of the site or of Pyodide, a restore error), or the page
// asks `?snapshot=off`, the worker says why in the console and boots as before: the byte-compiled stdlib and the build's lock, so py_rules
// arrives with loadPyodide itself (no micropip at run time). `marks` times each stage (html[data-boot-marks]).
// Pyodide's linker compiles each kind of its tiny function wrappers once (wasm_wrappers.mjs).
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { chunksOf, fill, refusal } from "./snapshot.mjs";
import { CODE } from "./error_codes.mjs";
import { compileSmallModulesOnce } from "./wasm_wrappers.mjs";

// Milliseconds since the worker's time origin, reported with "ready" so boot costs can be read per stage.
const marks = { start: performance.now() };
postMessage({ type: "alive" }); // the page compiles the wasm now (rpc.mjs)
compileSmallModulesOnce(); // Pyodide's linker wraps 261 functions in tiny modules of 30 kinds: each kind compiled once
const here = new URL("./", import.meta.url);
// The page names the worker "snapshot=off" to boot without the snapshot (a query would not survive: the
// service worker answers worker.mjs from its cache, whose URL has none).
const snapshotWanted = self.name !== "snapshot=off";

const pyodideURL = (name) => new URL(`pyodide/${name}`, here).href;
const STDLIB_URL = pyodideURL("python_stdlib.pyc.zip");
const LOCK_URL = new URL("packages/pyodide-lock.json", here).href;
const WASM_URL = pyodideURL("pyodide.asm.wasm");
const BUILD_INFO_URL = new URL("build-info.json", here).href;

// The page compiles pyodide.asm.wasm (see rpc.mjs sendWasmModule) and posts the module; Pyodide's own
// instantiateStreaming call then instantiates that module instead of compiling again. A null module
// (the page could not compile) falls back to a streaming compile here.
let receiveModule;
const moduleFromPage = new Promise((resolve) => {
  receiveModule = resolve;
});
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const module = await moduleFromPage;
  marks.module = performance.now();
  if (!module) return instantiateStreaming.call(WebAssembly, source, imports);
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// Everything loadPyodide downloads starts here, at the worker's first line, instead of one after another
// when loadPyodide reaches it: its script (the same module loadPyodide imports later), the standard library
// and the lock, handed over once each through `fetch` below. Pyodide's own fetch of the wasm is answered
// with nothing while the page's compiled module is on its way (it is only read if that module is null).
const realFetch = self.fetch.bind(self);
/** ``url`` downloaded whole, its arrival marked as ``mark``; a failed download is handed on as it came. */
const downloaded = (url, mark) =>
  realFetch(url).then(async (response) => {
    if (!response.ok) return response;
    const body = await response.arrayBuffer();
    marks[mark] = performance.now();
    return new Response(body, { status: response.status, headers: response.headers });
  });
const lock = downloaded(LOCK_URL, "lock");
// The lock's text for the snapshot's check (fromSnapshot), read from a copy before loadPyodide takes the body.
const lockText = lock.then((response) =>
  response.ok ? response.clone().text() : Promise.reject(new Error(`the lock: HTTP ${response.status}`)),
);
lockText.catch(() => {}); // read where it is used
const early = new Map([
  [STDLIB_URL, downloaded(STDLIB_URL, "stdlib")],
  [LOCK_URL, lock],
  [WASM_URL, moduleFromPage.then((module) => (module ? new Response(null) : realFetch(WASM_URL)))],
]);
for (const response of early.values()) response.catch(() => {}); // a failure shows where it is used
self.fetch = (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  const started = early.get(url);
  if (!started) return realFetch(input, init);
  early.delete(url); // once: a second boot (the fallback) downloads afresh
  return started;
};
import(pyodideURL("pyodide.asm.mjs")).then(
  () => {
    marks.script = performance.now();
  },
  () => {},
); // loadPyodide reports a failure

const stage = (name, step, text) => postMessage({ type: "stage", stage: name, step, text });

const options = () => ({
  indexURL: pyodideURL(""),
  stdLibURL: STDLIB_URL,
  lockFileURL: LOCK_URL,
  stdout: () => {},
  stderr: (line) => console.warn(line),
});

/** After a restore every boot would draw the same `random` sequence: reseed it from the browser's crypto. */
function reseed(pyodide) {
  const words = crypto.getRandomValues(new Uint32Array(8));
  const hex = Array.from(words, (word) => word.toString(16).padStart(8, "0")).join("");
  const random = pyodide.pyimport("random");
  random.seed(BigInt(`0x${hex}`)); // a call, not Python source: a cold boot compiles no parser (measured)
  random.destroy();
}

/** Every zip on Python's path is in its file system (the standard library, written by loadPyodide). */
function stdlibArrived(pyodide) {
  const sys = pyodide.pyimport("sys");
  const zips = sys.path.toJs().filter((entry) => entry.endsWith(".zip"));
  sys.destroy();
  return zips.every((zip) => pyodide.FS.analyzePath(zip).exists && pyodide.FS.stat(zip).size > 0);
}

const fetchJson = (url, what) =>
  fetch(url).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${what}: HTTP ${r.status}`))));

/** What this site's own files say it is, for the snapshot's description to match (snapshot.mjs refusal):
 * its build (build-info.json's `sources`) and the wheel its lock installs. */
async function thisSite() {
  const [info, text] = await Promise.all([fetchJson(BUILD_INFO_URL, "this site's build-info.json"), lockText]);
  const wheel = JSON.parse(text).packages?.["py-rules"] ?? {};
  return { sources: info.sources, wheel: wheel.file_name, wheel_sha256: wheel.sha256 };
}

/**
 * Python restored from the snapshot, if it is this site's (snapshot.mjs refusal; its bytes are checked as
 * they arrive). Pyodide gets the zero-filled memory image at once, sized from the description, and
 * instantiates the wasm while `fill` (snapshot.mjs) writes the download into it; `fsInit`, which Pyodide
 * awaits before it restores the image, waits for the fill. A failed fill leaves the image's header zero,
 * which Pyodide refuses; the fill's own reason is what the console then shows.
 */
async function fromSnapshot() {
  const chunks = chunksOf(pyodideURL("py_rules.snapshot.gz")); // its download starts now
  let info;
  let image;
  try {
    const [description, site] = await Promise.all([
      fetchJson(pyodideURL("py_rules.snapshot.json"), "its description"),
      thisSite(),
    ]);
    const wrong = refusal(description, site);
    if (wrong) throw new Error(wrong);
    info = description;
    image = new Uint8Array(info.bytes);
  } catch (error) {
    chunks.stop?.();
    throw error;
  }
  const filled = fill(chunks, info, image, chunks.digest).then(() => {
    marks.snapshot = performance.now();
  });
  filled.catch(() => {}); // awaited below
  let pyodide;
  try {
    pyodide = await loadPyodide({ ...options(), _loadSnapshot: image, fsInit: () => filled.catch(() => {}) });
  } catch (error) {
    await filled; // its reason first, when the download was at fault
    throw error;
  }
  await filled;
  // Restored, Python needs no stdlib to start, so a failed stdlib download would show only at a later import.
  if (!stdlibArrived(pyodide)) {
    throw new Error("the standard library did not arrive");
  }
  reseed(pyodide);
  return pyodide;
}

async function fromScratch() {
  return loadPyodide({ ...options(), packages: ["py-rules"] });
}

async function boot() {
  stage("python", 2, "Starting the rules…");
  let pyodide = null;
  let how = "normal";
  if (snapshotWanted) {
    try {
      pyodide = await fromSnapshot();
      how = "snapshot";
    } catch (error) {
      console.warn(`Rules engine: booting without the memory snapshot (${error?.message || error}).`);
      marks.fallback = performance.now();
    }
  }
  pyodide ??= await fromScratch();
  marks.python = performance.now();
  stage("rules", 3, "Loading the rules…");
  const api = pyodide.pyimport("py_rules.api");
  const answer = JSON.parse(api.call(JSON.stringify({ op: "version" })));
  if (!answer.ok) throw new Error(answer.error.message);
  marks.rules = performance.now();
  return { api, version: answer.result.engine_version, how };
}

const booted = boot();
booted.then(
  ({ version, how }) => postMessage({ type: "ready", version, boot: how, marks, timeOrigin: performance.timeOrigin }),
  (error) => postMessage({ type: "boot-error", message: `Python could not start: ${error?.message || error}` }),
);

self.onmessage = async (event) => {
  const { type, id, request, module, text } = event.data || {};
  if (type === "wasm-module") receiveModule(module);
  if (type !== "call") return;
  const { api } = await booted;
  let response;
  try {
    response = text !== undefined ? api.call(String(request), text) : api.call(String(request)); // a long file beside it
  } catch (error) {
    response = JSON.stringify({
      ok: false,
      error: { code: CODE.internal, message: String(error?.message || error), field: null },
    });
  }
  postMessage({ type: "response", id, response });
  try {
    api.tidy?.();
  } catch {
    /* freeing is never worth an error: the next file checked frees it */
  } // a long file's values, now that the answer is sent
};
