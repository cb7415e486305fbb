#!/usr/bin/env python3
"""Build the offline rules companion into dist/, serve it, or benchmark its boot.

    python3 build.py              # build dist/
    python3 build.py serve        # build, then serve dist/ at http://127.0.0.1:8000/
    python3 build.py bench        # build, then measure boot time in headless Chromium and in WebKitGTK
    python3 build.py test         # install Chromium, WebKitWebDriver and Xvfb if missing, lint, build, then run every test

The work is done by the modules in tools/ (site.py builds, serve.py serves, bench.py measures: Chromium through
its DevTools pipe, and WebKitGTK through WebKitWebDriver on an Xvfb display, run_webkit_bench; prerequisites.py installs
what the tests drive, lint.py runs ruff and Biome before the tests).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from tools import site  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "bench", "test"))
    parser.add_argument("--out", default="dist", help="output folder (default dist)")
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    parser.add_argument("--runs", type=int, default=5, help="runs per scenario for bench (default 5)")
    parser.add_argument("--no-build", action="store_true", help="serve or bench the existing output")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "test":
        from tools import lint, prerequisites

        prerequisites.ensure()
        site.ensure_node_modules()  # Biome is one of the pinned npm packages
        failed = lint.run()  # fail fast, before the build
        if failed:
            return failed
    dist = (ROOT / args.out).resolve()
    if not args.no_build or not dist.exists():
        site.build(dist)
    if args.command == "serve":
        from tools.serve import serve_forever

        serve_forever(dist, args.port)
    elif args.command == "bench":
        from tools.bench import run_bench

        run_bench(dist, args.runs)
    elif args.command == "test":
        import subprocess

        # pytest in its own process, as the README ran it before: the arguments after "test" are pytest's. Unless
        # they say otherwise (-n, or -p no:xdist), the suite runs on up to four workers, one per core: a browser
        # test waits on the page about as much as it computes, so two workers on two cores save about a quarter.
        # Work stealing: a worker that runs out takes tests still queued for the other, so the run never ends on one
        # worker going through a batch of browser tests while the other sits idle (plain "load" hands out batches).
        workers = (
            []
            if any(a == "-n" or a.startswith("-n") or a == "no:xdist" for a in rest)
            else [
                "-n",
                str(min(os.cpu_count() or 1, 4)),
                *([] if any(a.startswith("--dist") for a in rest) else ["--dist", "worksteal"]),
            ]
        )
        return subprocess.run([sys.executable, "-m", "pytest", *workers, *rest], cwd=ROOT, check=False).returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
