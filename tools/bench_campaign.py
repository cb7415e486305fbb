"""Benchmark (prints numbers, asserts nothing): how long campaign.validate takes on a large campaign.

    .venv/bin/python tools/bench_campaign.py [log entries] [characters]

The log is filled with real Call of Cthulhu skill-roll results (each with its investigator's sheet), the way a
months-long campaign's log would look; the median of five runs is printed with the file's size.
"""

from __future__ import annotations

import copy
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from py_rules import api  # noqa: E402
from py_rules.campaign.file import validate  # noqa: E402
from py_rules.campaign.ops_common import EXAMPLE  # noqa: E402


def main(entries: int = 5000, characters: int = 30) -> None:
    sheet = EXAMPLE["characters"][0]["sheet"]
    roll = api.handle({"op": "coc.skill_roll", "args": {"investigator": sheet, "skill": "Spot Hidden"}, "seed": 1})
    campaign = copy.deepcopy(EXAMPLE)
    campaign["characters"] = [dict(campaign["characters"][0], id=f"pc-{i}") for i in range(characters)]
    after = roll["result"]["states"]["coc.investigator"]
    result = {k: v for k, v in roll["result"].items() if k not in ("state", "states")}
    campaign["log"] = [
        {
            "id": f"e{i}",
            "at": "2026-12-01T18:30:00Z",
            "op": "coc.skill_roll",
            "args": {},
            "result": result,
            "who": [f"pc-{i % characters}"],
            "encounter": None,
            "before": {f"pc-{i % characters}": sheet},
            "after": {f"pc-{i % characters}": after},
            "kind": "change",
        }
        for i in range(entries)
    ]
    text = json.dumps(campaign)
    times = []
    for _ in range(5):
        start = time.perf_counter()
        checked = validate(json.loads(text))
        times.append(time.perf_counter() - start)
    print(
        f"campaign.validate: {entries} log entries, {characters} characters, {len(text) / 1e6:.1f} MB: "
        f"median {statistics.median(times) * 1000:.0f} ms (valid: {checked.valid})"
    )


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
