// Module worker that owns Pyodide (PYODIDE.md §2.1). Boots with the byte-compiled stdlib and the build's
// lock so py_rules arrives with loadPyodide itself (no micropip at run time), then answers JSON requests
// through py_rules.api.call. No Python source is ever built from user input: requests are passed as data.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL("./", import.meta.url);

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

async function boot() {
  stage("python", 2, "Downloading and starting Python…");
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", here).href,
    stdLibURL: new URL("pyodide/python_stdlib.pyc.zip", here).href,
    lockFileURL: new URL("packages/pyodide-lock.json", here).href,
    packages: ["py-rules"],
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  marks.python = performance.now();
  stage("rules", 3, "Loading the rules…");
  const api = pyodide.pyimport("py_rules.api");
  const answer = JSON.parse(api.call(JSON.stringify({ op: "version" })));
  if (!answer.ok) throw new Error(answer.error.message);
  marks.rules = performance.now();
  return { api, version: answer.result.engine_version };
}

const booted = boot();
booted.then(
  ({ version }) => postMessage({ type: "ready", version, marks, timeOrigin: performance.timeOrigin }),
  (error) => postMessage({ type: "boot-error", message: `Python could not start: ${error?.message || error}` }),
);

onmessage = async (event) => {
  const { type, id, request, module } = event.data || {};
  if (type === "wasm-module") receiveModule(module);
  if (type !== "call") return;
  const { api } = await booted;
  let response;
  try {
    response = api.call(String(request));
  } catch (error) {
    response = JSON.stringify({ ok: false, error: { code: "internal", message: String(error?.message || error), field: null } });
  }
  postMessage({ type: "response", id, response });
};
