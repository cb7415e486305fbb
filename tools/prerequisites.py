"""What the test run needs from the machine beyond Python packages, installed where missing (a fresh machine).

The README's test command must work on a fresh Debian machine by itself: the browser tests drive Debian's
Chromium (Playwright cannot download browsers here) and Debian's WebKitGTK through WebKitWebDriver on an Xvfb
display, so where one of them is missing this installs the Debian package with ``apt-get`` (as root, or through ``sudo`` when it asks no password), and otherwise
stops with the one command to run.
"""

from __future__ import annotations

import os
import shutil
import subprocess

DEBIAN_PACKAGES = {
    "chromium": os.environ.get("CHROMIUM", "/usr/bin/chromium"),
    "webkit2gtk-driver": "/usr/bin/WebKitWebDriver",  # the WebKit pass (tests/webkit): the engine of every iPad
    "xvfb": "/usr/bin/Xvfb",  # its private X display
}
"""Debian package → the file it provides that the tests use (``CHROMIUM`` names another browser binary, as
the tests read it: GitHub's runners have Google Chrome)."""


def missing(packages: dict[str, str] = DEBIAN_PACKAGES) -> list[str]:
    """The packages whose file is not on this machine."""
    return [name for name, path in packages.items() if not os.path.exists(path)]


def _apt_prefix() -> list[str] | None:
    """How to run apt-get here: directly as root, through a password-less sudo, or not at all."""
    if shutil.which("apt-get") is None:
        return None
    if os.geteuid() == 0:
        return []
    if (
        shutil.which("sudo")
        and subprocess.run(["sudo", "-n", "true"], capture_output=True, check=False).returncode == 0
    ):
        return ["sudo", "-n"]
    return None


def ensure(packages: dict[str, str] = DEBIAN_PACKAGES) -> None:
    """Install the missing packages, or raise SystemExit saying what to install."""
    need = missing(packages)
    if not need:
        return
    prefix = _apt_prefix()
    if prefix is None:
        raise SystemExit(f"[test] missing: {' '.join(need)}. Install it with: sudo apt-get install -y {' '.join(need)}")
    print(f"[test] installing {' '.join(need)} (apt-get)", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*prefix, "apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run([*prefix, "apt-get", "install", "-y", "-qq", *need], check=True, env=env, stdout=subprocess.DEVNULL)
    still = missing(packages)
    if still:
        raise SystemExit(f"[test] apt-get did not provide: {' '.join(still)}")
