"""Benchmark (prints numbers, asserts nothing): checking and exporting a long campaign log in CPython.

10,000 entries alternating a CoC attack (both sheets before it and what changed in them, or with an older
engine both sheets before and after; the sheets normalized as a campaign keeps them) and an Armageddon
Task; prints the time
to validate every entry's shape, to validate the whole log as a Call of Cthulhu campaign's import does (every
sheet by the game's rules, each distinct sheet once) and as ``log.check`` does in the page's stretches of 3 MB,
and to write them all as one forum post in Markdown (the forum export's pipeline, py_rules/render).
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
from py_rules.log.entry import validate_log, validate_log_entry  # noqa: E402
from py_rules.render.formats import writer  # noqa: E402
from py_rules.render.lines import stretch_blocks  # noqa: E402


def _after(before: dict, after: dict) -> dict:
    """An entry's sheets after it, as this engine's entries keep them: what changed, or (older) whole."""
    try:
        from py_rules.log.changes import sheet_changes
    except ImportError:
        return {"after": after}
    return {"changes": {cid: sheet_changes(before[cid], sheet) for cid, sheet in after.items()}}


def _entries(count: int) -> list[dict]:
    from py_rules.campaign.games import validate_sheet

    me, them = validate_sheet("coc", EXAMPLE), validate_sheet("coc", EXAMPLE_OPPONENT)
    attack = api.handle({"op": "coc.attack", "args": {"investigator": me, "opponent": them}, "seed": 1})["result"]
    logged = {k: v for k, v in attack.items() if k not in ("state", "states")}  # as the page logs it
    task = api.handle({"op": "armageddon.task", "args": {"attribute": 2, "skill": 3}, "seed": 2})["result"]
    out = []
    for i in range(count):
        if i % 2:
            out.append(
                {
                    "id": f"e{i}",
                    "at": "2026-12-01T20:15:03Z",
                    "op": "armageddon.task",
                    "args": {},
                    "result": task,
                    "who": [],
                    "encounter": None,
                    "before": {},
                    **_after({}, {}),
                    "kind": "roll",
                }
            )
        else:
            out.append(
                {
                    "id": f"e{i}",
                    "at": "2026-12-01T20:15:03Z",
                    "op": "coc.attack",
                    "args": {},
                    "result": logged,
                    "who": ["a", "b"],
                    "encounter": "enc-1",
                    "before": {"a": me, "b": them},
                    **_after(
                        {"a": me, "b": them},
                        {"a": attack["states"]["coc.investigator"], "b": attack["states"]["coc.opponent"]},
                    ),
                    "kind": "change",
                }
            )
    return json.loads(json.dumps(out))  # independent copies, as a file import gives


def _takes_game() -> bool:
    catalog = api.handle({"op": "catalog"})["result"]
    ops = catalog["operations"] if isinstance(catalog, dict) else catalog
    check = next(op for op in ops if op["id"] == "log.check")
    return any(param["name"] == "game" for param in check["params"])


def _per_stretch(entries: list[dict]) -> int:
    """Entries per stretch of about 3 MB, the page's budget (web/app/actions.mjs, logStretches)."""
    return max(1, int(3_000_000 / (len(json.dumps(entries[:2])) / 2)))


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    entries = _entries(count)
    size = len(json.dumps(entries))
    start = time.perf_counter()
    problems = [p for i, e in enumerate(entries) for p in validate_log_entry(e, f"log.{i}")]
    checked = time.perf_counter() - start
    start = time.perf_counter()
    text = writer("markdown").post(stretch_blocks(entries), "Campaign")
    rendered = time.perf_counter() - start
    print(f"entries: {count:,} ({size / 1e6:.1f} MB of JSON), problems: {len(problems)}")
    print(f"validate every entry: {checked * 1000:.0f} ms ({checked / count * 1e6:.0f} µs each)")
    games = {"game": "coc"} if _takes_game() else {}  # an engine from before the log's sheets were checked: none
    start = time.perf_counter()
    problems = validate_log(entries, **games)
    whole = time.perf_counter() - start
    print(
        f"validate the log as an import does (sheets checked: {bool(games)}): {whole * 1000:.0f} ms "
        f"({whole / count * 1e6:.0f} µs each), problems: {len(problems)}"
    )
    start = time.perf_counter()
    problems, seen, size = [], set(), _per_stretch(entries)
    for first in range(0, count, size):
        stretch = entries[first : first + size]
        answer = api.handle(
            {
                "op": "log.check",
                "args": {**games, "entries": stretch, "start": first, "earlier": sorted(seen), "total": count},
            }
        )
        problems += answer["result"]["details"]["problems"]
        seen.update(e["id"] for e in stretch)
    stretched = time.perf_counter() - start
    print(f"log.check in stretches of 3 MB (through the door): {stretched * 1000:.0f} ms, problems: {len(problems)}")
    print(f"write as a forum post in Markdown: {rendered * 1000:.0f} ms ({len(text) / 1e6:.2f} MB of text)")


if __name__ == "__main__":
    main()
