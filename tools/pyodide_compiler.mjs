// The build's byte-compiler (tools/pyodide_compile.py) inside a Pyodide under Node, shared by the build
// (tools/pyodide_prepare.mjs) and the test that compiles again and compares (tests/pyodide/compile_sample.mjs).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** tools/pyodide_compile.py imported in ``py`` (its functions are called as ``compiler.compile_wheel(...)``). */
export async function loadCompiler(py) {
  py.FS.writeFile("/tmp/pyodide_compile.py", await readFile(new URL("./pyodide_compile.py", import.meta.url), "utf8"));
  py.pyimport("sys").path.insert(0, "/tmp");
  return py.pyimport("pyodide_compile");
}

/** The py_rules wheel at ``rulesWheel`` byte-compiled into <outDir>/shipped/<same name>; answers how many modules. */
export async function compileWheel(py, compiler, rulesWheel, outDir) {
  const wheelName = path.basename(rulesWheel);
  py.FS.mkdirTree("/tmp/source");
  py.FS.mkdirTree("/tmp/shipped");
  py.FS.writeFile(`/tmp/source/${wheelName}`, new Uint8Array(await readFile(rulesWheel)));
  const compiled = compiler.compile_wheel(`/tmp/source/${wheelName}`, `/tmp/shipped/${wheelName}`);
  await mkdir(path.join(outDir, "shipped"), { recursive: true });
  await writeFile(path.join(outDir, "shipped", wheelName), py.FS.readFile(`/tmp/shipped/${wheelName}`));
  return compiled;
}
