"""The shipped wheel under Pyodide (Python 3.14 in Node) answers exactly as py_rules does in CPython.

For every catalog operation it sends requests built from the declarations (defaults, examples, lowest
values, a seed for digital dice) plus malformed ones, and compares the JSON responses byte for byte.
No response may be an ``internal`` error: the worker must survive every input.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from py_rules import api

HERE = Path(__file__).resolve().parent


def _sample(param: dict):
    if param["kind"] == "json":
        return param["example"]
    if param["kind"] == "choice":
        return param["choices"][-1]
    if param["kind"] in ("int", "number"):
        return param["min"] if param["min"] is not None else 1
    if param["kind"] == "bool":
        return True
    if param["kind"] == "faces":
        return None
    return "Ann <b>&</b>"


def requests_for_every_operation() -> list[str]:
    requests = ["{not json", "[]", json.dumps({"op": "no.such.op"}), json.dumps({"op": "catalog"})]
    for op in api.catalog()["operations"]:
        sample = {p["name"]: _sample(p) for p in op["params"] if _sample(p) is not None}
        requests.append(json.dumps({"op": op["id"], "args": sample, "seed": 7}))
        requests.append(json.dumps({"op": op["id"], "args": {}, "seed": 7}))
        requests.append(json.dumps({"op": op["id"], "args": {p: "?" for p in sample}, "seed": 7}))
        if op["odds"]:  # the exact odds answer the same under Pyodide
            requests.append(json.dumps({"op": op["id"], "args": sample, "mode": "odds"}))
    requests.append(json.dumps({"op": "armageddon.task", "args": {"attribute": 2, "skill": 3, "dice": "10 7"}}))
    return requests


def test_wheel_in_pyodide_answers_like_cpython(dist_dir, tmp_path):
    requests = requests_for_every_operation()
    (tmp_path / "requests.json").write_text(json.dumps(requests))
    subprocess.run(
        [
            "node",
            str(HERE / "run_requests.mjs"),
            str(dist_dir),
            str(tmp_path / "requests.json"),
            str(tmp_path / "out.json"),
        ],
        check=True,
        timeout=300,
    )
    out = json.loads((tmp_path / "out.json").read_text())
    assert out["python"].startswith("3.14")
    expected = [api.call(request) for request in requests]
    for request, got, want in zip(requests, out["responses"], expected, strict=True):
        assert json.loads(got) == json.loads(want), request
        assert json.loads(got).get("error", {}).get("code") != "internal", (request, got)
    task = json.loads(out["responses"][-1])["result"]
    assert task["total"] == 17 and task["level_name"] == "5 Success Levels (Excellent)"
