"""What a call leaves to be freed after its answer (issue 19, "Long campaigns light").

A long campaign file read and checked is millions of Python values; freeing them takes a tenth of a second in the
browser, and the page is waiting for the answer meanwhile. ``campaign.check_file`` leaves them here instead; the
web worker calls :func:`py_rules.api.tidy` once the answer is sent. One call's leftovers are kept at most: the next
one's take their place (so a caller that never tidies holds one file's values, not more).
"""

from __future__ import annotations

__all__ = ("leave", "release")

_LEFT: list = []


def leave(*values) -> None:
    """Keep ``values`` until :func:`release` (or the next :func:`leave`)."""
    _LEFT[:] = values


def release() -> None:
    """Free what was left."""
    _LEFT.clear()
