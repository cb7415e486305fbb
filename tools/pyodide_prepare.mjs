// Build-time work inside Pyodide under Node (PYODIDE.md §1.4, §2.4). Called by tools/site.py:
//
//   node tools/pyodide_prepare.mjs <pyodide dir> <micropip wheel> <py_rules wheel> <out dir> [<stdlib cache>]
//
// 1. Byte-compiles the standard library into <out>/python_stdlib.pyc.zip (or copies <stdlib cache>).
// 2. Byte-compiles the py_rules wheel into <out>/shipped/<same name> (tools/pyodide_compile.py).
// 3. Loads micropip from the PyPI wheel (a local path: Node must never fetch by name, it would go to the
//    CDN), installs the compiled wheel from emfs: with micropip, checks it answers, and writes
//    micropip.freeze() to <out>/freeze.json: the lock the page boots from.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFile, writeFile, copyFile, access } from "node:fs/promises";
import path from "node:path";
import { compileWheel, loadCompiler } from "./pyodide_compiler.mjs";

const [pyodideDir, micropipWheel, rulesWheel, outDir, stdlibCache] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: pyodide_prepare.mjs <pyodide dir> <micropip wheel> <py_rules wheel> <out dir> [<stdlib cache>]");
  process.exit(2);
}

const exists = (p) => access(p).then(() => true, () => false);
// With the compiled stdlib cached, Python boots from it: about 2 s less of compiling the modules it imports at start
// (PYODIDE.md §2.4). The cache is keyed by the npm zip and the compiler, and compile() is the interpreter's own, so
// what is made below is the same either way (tests/test_reproducible_build.py compiles from a source boot).
const cached = Boolean(stdlibCache) && (await exists(stdlibCache));
const py = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  ...(cached ? { stdLibURL: path.resolve(stdlibCache) } : {}),
});
const compiler = await loadCompiler(py);

const stdlibOut = path.join(outDir, "python_stdlib.pyc.zip");
if (cached) {
  await copyFile(stdlibCache, stdlibOut);
  console.log("stdlib: reused", path.basename(stdlibCache));
} else {
  py.FS.writeFile("/tmp/stdlib.zip", new Uint8Array(await readFile(path.join(pyodideDir, "python_stdlib.zip"))));
  const count = compiler.compile_stdlib("/tmp/stdlib.zip", "/tmp/stdlib.pyc.zip");
  await writeFile(stdlibOut, py.FS.readFile("/tmp/stdlib.pyc.zip"));
  if (stdlibCache) await copyFile(stdlibOut, stdlibCache);
  console.log(`stdlib: compiled ${count} modules`);
}

const wheelName = path.basename(rulesWheel);
const compiled = await compileWheel(py, compiler, rulesWheel, outDir);
console.log(`py_rules: compiled ${compiled} modules into the wheel`);

await py.loadPackage(path.resolve(micropipWheel));
const micropip = py.pyimport("micropip");
await micropip.install(`emfs:/tmp/shipped/${wheelName}`);
const check = py.runPython(`
import json, os, py_rules.api
ok = json.loads(py_rules.api.call('{"op": "catalog"}'))["ok"]
ok and os.path.exists(py_rules.api.__spec__.cached)
`);
if (check !== true) throw new Error("py_rules did not answer the catalog from its compiled modules inside Pyodide");
await writeFile(path.join(outDir, "freeze.json"), micropip.freeze());
console.log("micropip: installed", wheelName, "and froze the lock");
