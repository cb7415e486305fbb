// Byte-compile inside Pyodide under Node, with the build's own compiler (tools/pyodide_compile.py), an archive of
// some standard-library entries and the py_rules wheel; tests/test_reproducible_build.py compares the results with
// dist/. Nothing is loaded by name, so Node never reaches for the CDN (PYODIDE.md §5.3).
//   node compile_sample.mjs <pyodide dir> <stdlib sample .zip> <py_rules wheel> <out dir>
// Writes <out dir>/sample.pyc.zip (tools/pyodide_compile.py compile_stdlib) and <out dir>/shipped/<wheel name>
// (compile_wheel).
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { compileWheel, loadCompiler } from "../../tools/pyodide_compiler.mjs";

const [pyodideDir, sample, rulesWheel, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: compile_sample.mjs <pyodide dir> <stdlib sample .zip> <py_rules wheel> <out dir>");
  process.exit(2);
}
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
const compiler = await loadCompiler(py);

py.FS.writeFile("/tmp/sample.zip", new Uint8Array(await readFile(sample)));
const count = compiler.compile_stdlib("/tmp/sample.zip", "/tmp/sample.pyc.zip");
await writeFile(path.join(outDir, "sample.pyc.zip"), py.FS.readFile("/tmp/sample.pyc.zip"));

const compiled = await compileWheel(py, compiler, rulesWheel, outDir);
console.log(`compiled ${count} standard-library modules and ${compiled} py_rules modules`);
