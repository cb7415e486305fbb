// Module worker that owns Pyodide (PYODIDE.md §2.1), then answers JSON requests through py_rules.api.call.
// No Python source is ever built from user input: requests are passed as data.
//
// Boot (issue 19): from the build's memory snapshot (tools/make_snapshot.mjs: Python started with every
// py_rules module imported), restored with Pyodide's private `_loadSnapshot`. If anything about the snapshot
// fails (missing, truncated, another Pyodide build, a restore error), or the page asks `?snapshot=off`, the
// worker says why in the console and boots as before: the byte-compiled stdlib and the build's lock, so
// py_rules arrives with loadPyodide itself (no micropip at run time).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);
// The page names the worker "snapshot=off" to boot without the snapshot (a query would not survive: the
// service worker answers worker.mjs from its cache, whose URL has none).
const snapshotWanted = self.name !== "snapshot=off";

// The page compiles pyodide.asm.wasm (see rpc.mjs sendWasmModule) and posts the module; Pyodide's own
// instantiateStreaming call then instantiates that module instead of compiling again. A null module
// (the page could not compile) falls back to Pyodide's streaming compile.
let receiveModule;
const moduleFromPage = new Promise((resolve) => { receiveModule = resolve; });
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const module = await moduleFromPage;
  if (!module) return instantiateStreaming.call(WebAssembly, source, imports);
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};
const stage = (name, step, text) => postMessage({ type: "stage", stage: name, step, text });
// Milliseconds since the worker's time origin, reported with "ready" so boot costs can be read per stage.
const marks = { start: performance.now() };

const options = () => ({
  indexURL: new URL("pyodide/", here).href,
  stdLibURL: new URL("pyodide/python_stdlib.pyc.zip", here).href,
  lockFileURL: new URL("packages/pyodide-lock.json", here).href,
  stdout: () => {},
  stderr: (line) => console.warn(line),
});

const GZIP = [0x1f, 0x8b];

/** The snapshot's bytes, checked against what the build wrote beside it (raw size and Pyodide build id). */
async function snapshotBytes() {
  const [info, response] = await Promise.all([
    fetch(new URL("pyodide/py_rules.snapshot.json", here)).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`its description: HTTP ${r.status}`)))),
    fetch(new URL("pyodide/py_rules.snapshot.gz", here)),
  ]);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  let bytes = new Uint8Array(await response.arrayBuffer());
  // A host that sends .gz with Content-Encoding: gzip hands over the snapshot already decompressed.
  if (bytes[0] === GZIP[0] && bytes[1] === GZIP[1]) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  if (bytes.length !== info.bytes) throw new Error(`${bytes.length} bytes instead of ${info.bytes}`);
  const header = new Uint32Array(bytes.buffer, bytes.byteOffset, 12);
  const id = Array.from(header.subarray(4, 12), (word) => word.toString(16).padStart(8, "0")).join("");
  if (id !== info.build_id) throw new Error("made for another Pyodide build");
  return bytes;
}

/** After a restore every boot would draw the same `random` sequence: reseed it from the browser's crypto. */
function reseed(pyodide) {
  const words = crypto.getRandomValues(new Uint32Array(8));
  const hex = Array.from(words, (word) => word.toString(16).padStart(8, "0")).join("");
  pyodide.runPython(`import random; random.seed(0x${hex})`);
}

async function fromSnapshot() {
  const bytes = await snapshotBytes();
  marks.snapshot = performance.now();
  const pyodide = await loadPyodide({ ...options(), _loadSnapshot: bytes });
  // Restored, Python needs no stdlib to start, so a failed stdlib download would show only at a later import.
  if (!pyodide.runPython("import os, sys; all(os.path.exists(p) for p in sys.path if p.endswith('.zip'))")) {
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

onmessage = async (event) => {
  const { type, id, request, module, text } = event.data || {};
  if (type === "wasm-module") receiveModule(module);
  if (type !== "call") return;
  const { api } = await booted;
  let response;
  try {
    response = text !== undefined ? api.call(String(request), text) : api.call(String(request)); // a long file beside it
  } catch (error) {
    response = JSON.stringify({ ok: false, error: { code: "internal", message: String(error?.message || error), field: null } });
  }
  postMessage({ type: "response", id, response });
};
