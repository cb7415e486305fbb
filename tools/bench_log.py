"""Benchmark (prints numbers, asserts nothing): checking and exporting a long campaign log in CPython.

10,000 entries alternating a CoC attack (both sheets before and after) and an Armageddon Task; prints the time
to validate every entry (campaign import) and to render them all as one Markdown document (forum export).
Run: ``.venv/bin/python tools/bench_log.py [count]``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from py_rules import api  # noqa: E402
from py_rules.coc.investigator import EXAMPLE, EXAMPLE_OPPONENT  # noqa: E402
from py_rules.log.entry import validate_log_entry  # noqa: E402
from py_rules.markdown import entries_markdown  # noqa: E402


def _entries(count: int) -> list[dict]:
    attack = api.handle({"op": "coc.attack", "args": {"investigator": EXAMPLE, "opponent": EXAMPLE_OPPONENT},
                         "seed": 1})["result"]
    task = api.handle({"op": "armageddon.task", "args": {"attribute": 2, "skill": 3}, "seed": 2})["result"]
    out = []
    for i in range(count):
        if i % 2:
            out.append({"id": f"e{i}", "at": "2026-12-01T20:15:03Z", "op": "armageddon.task", "args": {},
                        "result": task, "who": [], "encounter": None, "before": {}, "after": {}, "kind": "roll"})
        else:
            out.append({"id": f"e{i}", "at": "2026-12-01T20:15:03Z", "op": "coc.attack", "args": {},
                        "result": attack, "who": ["a", "b"], "encounter": "enc-1",
                        "before": {"a": EXAMPLE, "b": EXAMPLE_OPPONENT},
                        "after": {"a": attack["states"]["coc.investigator"], "b": attack["states"]["coc.opponent"]},
                        "kind": "change"})
    return json.loads(json.dumps(out))  # independent copies, as a file import gives


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    entries = _entries(count)
    size = len(json.dumps(entries))
    start = time.perf_counter()
    problems = [p for i, e in enumerate(entries) for p in validate_log_entry(e, f"log.{i}")]
    checked = time.perf_counter() - start
    start = time.perf_counter()
    text = entries_markdown(entries, "Campaign")
    rendered = time.perf_counter() - start
    print(f"entries: {count:,} ({size / 1e6:.1f} MB of JSON), problems: {len(problems)}")
    print(f"validate every entry: {checked * 1000:.0f} ms ({checked / count * 1e6:.0f} µs each)")
    print(f"render as Markdown: {rendered * 1000:.0f} ms ({len(text) / 1e6:.2f} MB of text)")


if __name__ == "__main__":
    main()
