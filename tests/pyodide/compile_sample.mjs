// Byte-compile inside Pyodide under Node, with the build's own compiler (tools/pyodide_compile.py), an archive of
// some standard-library entries and the py_rules wheel; tests/test_reproducible_build.py compares the results with
// dist/. Nothing is loaded by name, so Node never reaches for the CDN (PYODIDE.md §5.3).
//   node compile_sample.mjs <pyodide dir> <stdlib sample .zip> <py_rules wheel> <out dir>
// Writes <out dir>/sample.pyc.zip (tools/pyodide_compile.py compile_stdlib) and <out dir>/shipped/<wheel name>
// (compile_wheel).
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const [pyodideDir, sample, rulesWheel, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: compile_sample.mjs <pyodide dir> <stdlib sample .zip> <py_rules wheel> <out dir>");
  process.exit(2);
}
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
const compilerSource = await readFile(new URL("../../tools/pyodide_compile.py", import.meta.url), "utf8");
py.FS.writeFile("/tmp/pyodide_compile.py", compilerSource);
py.pyimport("sys").path.insert(0, "/tmp");
const compiler = py.pyimport("pyodide_compile");

py.FS.writeFile("/tmp/sample.zip", new Uint8Array(await readFile(sample)));
const count = compiler.compile_stdlib("/tmp/sample.zip", "/tmp/sample.pyc.zip");
await writeFile(path.join(outDir, "sample.pyc.zip"), py.FS.readFile("/tmp/sample.pyc.zip"));

const wheelName = path.basename(rulesWheel);
py.FS.mkdir("/tmp/source");
py.FS.mkdir("/tmp/shipped");
py.FS.writeFile(`/tmp/source/${wheelName}`, new Uint8Array(await readFile(rulesWheel)));
const compiled = compiler.compile_wheel(`/tmp/source/${wheelName}`, `/tmp/shipped/${wheelName}`);
await mkdir(path.join(outDir, "shipped"), { recursive: true });
await writeFile(path.join(outDir, "shipped", wheelName), py.FS.readFile(`/tmp/shipped/${wheelName}`));
console.log(`compiled ${count} standard-library modules and ${compiled} py_rules modules`);
