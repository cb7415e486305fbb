// The engine (py_rules from this checkout, run by PYTHON or python3) for the node tests that check the page against
// it: its catalog, and its door answering request after request from one Python process per test file (a process
// per request spent most of a file's time starting Python and importing py_rules).
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const python = process.env.PYTHON || "python3";

/** The engine's own catalog, as build.py writes it to dist/catalog.json: read from CATALOG_JSON when the runner
 * wrote it there (tests/test_page_modules_node.py computes it once for every file), else asked of py_rules. */
export function loadEngineCatalog() {
  if (process.env.CATALOG_JSON) return JSON.parse(readFileSync(process.env.CATALOG_JSON, "utf8"));
  return JSON.parse(
    execFileSync(python, ["-c", "import json; from py_rules.api import catalog; print(json.dumps(catalog()))"], {
      encoding: "utf8",
      maxBuffer: 1 << 28,
    }),
  );
}

// One JSON line in, one out: ["call", request] is the door's answer to the request as the worker sends it
// (py_rules.api.call of its JSON text); ["example", op, param] is that parameter's declared example.
const LOOP = `
import json, sys
from py_rules.api import call, operation
for line in sys.stdin:
    kind, *rest = json.loads(line)
    if kind == "call":
        answer = json.loads(call(json.dumps(rest[0])))
    else:
        answer = next(p for p in operation(rest[0]).params if p.name == rest[1]).example
    print(json.dumps(answer), flush=True)
`;

/** One Python process answering the door: ``door(request)`` and ``example(op, param)`` resolve to its answers, in
 * the order asked; ``close()`` ends it (a test file calls it in ``after``). */
export function engineProcess() {
  const child = spawn(python, ["-c", LOOP], { stdio: ["pipe", "pipe", "inherit"] });
  const waiting = [];
  createInterface({ input: child.stdout }).on("line", (line) => waiting.shift().resolve(JSON.parse(line)));
  child.on("exit", (code) => {
    for (const each of waiting.splice(0)) each.reject(new Error(`the engine's Python exited (${code})`));
  });
  const ask = (message) =>
    new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      child.stdin.write(`${JSON.stringify(message)}\n`);
    });
  return {
    door: (request) => ask(["call", request]),
    example: (op, param) => ask(["example", op, param]),
    close: () => child.stdin.end(),
  };
}
