// Run JSON requests through py_rules.api.call inside Pyodide under Node, using the files the build ships:
// the compiled stdlib and the py_rules wheel, unpacked locally (nothing is loaded by name, so Node never
// reaches for the CDN; PYODIDE.md §5.3).
//   node run_requests.mjs <dist dir> <requests.json> <responses.json>
import { loadPyodide } from "../../node_modules/pyodide/pyodide.mjs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const [dist, requestsFile, responsesFile] = process.argv.slice(2);
const lock = JSON.parse(await readFile(path.join(dist, "packages", "pyodide-lock.json"), "utf8"));
const wheel = path.join(dist, "packages", lock.packages["py-rules"].file_name);
const py = await loadPyodide({ stdLibURL: path.resolve(dist, "pyodide", "python_stdlib.pyc.zip") });
const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
py.unpackArchive(new Uint8Array(await readFile(wheel)), "wheel", { extractDir: site });
const api = py.pyimport("py_rules.api");
const version = py.runPython("import sys; sys.version.split()[0]");
const requests = JSON.parse(await readFile(requestsFile, "utf8"));
const responses = requests.map((request) => api.call(request));
await writeFile(responsesFile, JSON.stringify({ python: version, responses }));
