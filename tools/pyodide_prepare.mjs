// Build-time work inside Pyodide under Node (PYODIDE.md §1.4, §2.4). Called by tools/site.py.
//
//   node tools/pyodide_prepare.mjs <pyodide dir> <micropip wheel> <py_rules wheel> <out dir> [<stdlib cache>]
//
// 1. Byte-compiles the standard library (inside Pyodide, so the magic number is 3.14) into
//    <out>/python_stdlib.pyc.zip, unless <stdlib cache> already exists, in which case it is copied.
// 2. Loads micropip from the PyPI wheel (a local path: Node must never fetch by name, it would go to the CDN),
//    installs the py_rules wheel from emfs: with micropip, imports it, and writes micropip.freeze() to
//    <out>/freeze.json so the build can take its lock entry.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFile, writeFile, copyFile, access } from "node:fs/promises";
import path from "node:path";

const [pyodideDir, micropipWheel, rulesWheel, outDir, stdlibCache] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: pyodide_prepare.mjs <pyodide dir> <micropip wheel> <py_rules wheel> <out dir> [<stdlib cache>]");
  process.exit(2);
}

const exists = (p) => access(p).then(() => true, () => false);
const py = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });

const stdlibOut = path.join(outDir, "python_stdlib.pyc.zip");
if (stdlibCache && (await exists(stdlibCache))) {
  await copyFile(stdlibCache, stdlibOut);
  console.log("stdlib: reused", stdlibCache);
} else {
  const zipBytes = new Uint8Array(await readFile(path.join(pyodideDir, "python_stdlib.zip")));
  py.FS.writeFile("/tmp/stdlib.zip", zipBytes);
  const count = py.runPython(`
import importlib._bootstrap_external as ext, marshal, zipfile
count = 0
with zipfile.ZipFile("/tmp/stdlib.zip") as src, zipfile.ZipFile("/tmp/stdlib.pyc.zip", "w", zipfile.ZIP_DEFLATED) as out:
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".py"):
            code = compile(data, info.filename, "exec", dont_inherit=True, optimize=0)
            out.writestr(info.filename[:-3] + ".pyc", bytes(ext._code_to_timestamp_pyc(code, 0, len(data))))
            count += 1
        else:
            out.writestr(info, data)
count
`);
  await writeFile(stdlibOut, py.FS.readFile("/tmp/stdlib.pyc.zip"));
  if (stdlibCache) await copyFile(stdlibOut, stdlibCache);
  console.log(`stdlib: compiled ${count} modules`);
}

await py.loadPackage(path.resolve(micropipWheel));
const wheelName = path.basename(rulesWheel);
py.FS.writeFile(`/tmp/${wheelName}`, new Uint8Array(await readFile(rulesWheel)));
const micropip = py.pyimport("micropip");
await micropip.install(`emfs:/tmp/${wheelName}`);
const check = py.runPython(`import py_rules.api, json; json.loads(py_rules.api.call('{"op": "catalog"}'))["ok"]`);
if (check !== true) throw new Error("py_rules did not answer the catalog inside Pyodide");
await writeFile(path.join(outDir, "freeze.json"), micropip.freeze());
console.log("micropip: installed", wheelName, "and froze the lock");
