// Build-time memory snapshot of Pyodide with py_rules imported (PYODIDE.md §2.4, item 5). Called by
// tools/site.py:
//
//   node tools/make_snapshot.mjs <pyodide dir> <stdlib .pyc.zip> <compiled py_rules wheel> <out .gz> <out .json> <sources>
//
// 1. Boots Pyodide with `_makeSnapshot: true` (a private API of Pyodide 314: pinned in package-lock.json),
//    unpacks the wheel into site-packages without micropip (`unpackArchive`; loadPackage before a snapshot
//    fails, pyodide#5195) and imports every module of py_rules, then runs one request per game so the first
//    roll in the page pays nothing.
// 2. Checks the snapshot's header: Pyodide's magic number and the build id of this exact Pyodide build, which
//    `_loadSnapshot` demands (pyodide#5009); a mismatch stops the build rather than ship a snapshot that
//    would always fall back.
// 3. Writes it packed (web/snapshot.mjs `withoutZeroRuns`: without its long runs of zeros), gzip-compressed,
//    and a small JSON with the build id, the raw and packed sizes, the SHA-256 of the raw memory, of the
//    packed bytes and of the gzip file, and what it belongs to: <sources> (the site build's digest of its
//    sources, build-info.json's `sources`) and the wheel's name and SHA-256. The worker checks all of them
//    (web/snapshot.mjs refusal, bytesRefusal) and the sizes and build id while it unpacks. The sources
//    digest, not the service worker's version: that is a hash of every file of dist/, this JSON included.
//
// Reproducible: the snapshot is the wasm memory, so everything that could differ between two builds is
// fixed while it is made: the string hash seed (PYTHONHASHSEED=0), the random bytes Python and the C library
// draw at start-up (a fixed sequence instead of node:crypto), the clock (a fixed date), and the program's
// name: under Node, Emscripten takes this script's path (process.argv[1]) for C's argv[0] and the `_`
// variable, and Python keeps it (sys.executable, sys.argv), so two checkouts in different folders made
// different memories. Without it Emscripten names the program "./this.program", as in the browser. Nothing
// of this survives into play: the worker reseeds `random` from crypto.getRandomValues after every restore,
// and each digital roll seeds its own generator from os.urandom, which is the browser's crypto at run time.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { withoutZeroRuns } from "../web/snapshot.mjs";

const [pyodideDir, stdlib, wheel, outGz, outJson, sources] = process.argv.slice(2);
if (!sources) {
  console.error("usage: make_snapshot.mjs <pyodide dir> <stdlib .pyc.zip> <py_rules wheel> <out .gz> <out .json> <sources>");
  process.exit(2);
}
process.argv.length = 1; // no path of this checkout in the memory (see above)

// A fixed byte sequence for every "random" draw while the snapshot is made (a linear congruential generator).
let state = 1;
const fixedBytes = (array) => {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < bytes.length; i += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return array;
};
const nodeCrypto = createRequire(import.meta.url)("node:crypto");
nodeCrypto.randomFillSync = fixedBytes;
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fixedBytes, configurable: true });
// A fixed clock: Python keeps start-up times in memory. Files unpacked under a fixed clock keep one mtime, so
// the import system's directory caches are invalidated by hand below.
let tick = 0;
Date.now = () => Date.UTC(2000, 0, 1);
performance.now = () => (tick += 1);

const pyodideMjs = await readFile(path.join(pyodideDir, "pyodide.mjs"), "utf8");
const buildId = /BUILD_ID:"([0-9a-f]{64})"/.exec(pyodideMjs)?.[1];
if (!buildId) throw new Error("make_snapshot: no BUILD_ID in pyodide.mjs (a Pyodide other than the pinned one?)");

const py = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  stdLibURL: path.resolve(stdlib),
  env: { PYTHONHASHSEED: "0" },
  stdout: () => {},
  stderr: (line) => console.warn(line),
  _makeSnapshot: true,
});
const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
py.unpackArchive(new Uint8Array(await readFile(wheel)), "wheel", { extractDir: sitePackages });
const imported = py.runPython(`
import importlib, json, pkgutil
importlib.invalidate_caches()
import py_rules, py_rules.api
names = sorted(m.name for m in pkgutil.walk_packages(py_rules.__path__, "py_rules."))
for name in names:
    importlib.import_module(name)
# One roll per game. Not the catalog: the page reads the build's catalog.json, and the garbage of building it
# (2 MB of freed strings) would ride in every snapshot.
warm = [
    {"op": "armageddon.test", "args": {"attribute": 3}, "seed": 1},
    {"op": "semiautomagic.check", "args": {"dc": 10}, "seed": 1},
    {"op": "coc.d100", "args": {}, "seed": 1},
]
for request in warm:
    answer = json.loads(py_rules.api.call(json.dumps(request)))
    if not answer["ok"]:
        raise SystemExit(f"warm-up {request['op']} failed: {answer['error']}")
len(names)
`);
const snapshot = py.makeMemorySnapshot();

const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 12);
const headerId = Array.from(header.subarray(4, 12), (word) => word.toString(16).padStart(8, "0")).join("");
if (headerId !== buildId) {
  throw new Error(`make_snapshot: the snapshot's build id ${headerId} is not Pyodide's ${buildId}`);
}
const packed = withoutZeroRuns(snapshot);
const gz = gzipSync(packed, { level: 9 });
await writeFile(outGz, gz);
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const info = {
  build_id: buildId,
  bytes: snapshot.length,
  packed_bytes: packed.length,
  sha256: sha256(snapshot),
  packed_sha256: sha256(packed),
  gz_sha256: sha256(gz),
  sources,
  wheel: path.basename(wheel),
  wheel_sha256: sha256(await readFile(wheel)),
  modules: imported,
};
await writeFile(outJson, JSON.stringify(info, null, 1) + "\n");
console.log(`snapshot: ${imported} py_rules modules, ${(snapshot.length / 1e6).toFixed(1)} MB raw`);
