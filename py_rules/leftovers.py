"""What a call leaves to be freed after its answer (a long campaign's file is millions of values).

A long campaign file read and checked is millions of Python values; freeing them takes a tenth of a second in the
browser, and the page is waiting for the answer meanwhile. ``campaign.check_file`` leaves them here instead; the
web worker calls :func:`py_rules.api.tidy` once the answer is sent. One call's leftovers are kept at most: the next
one's take their place (so a caller that never tidies holds one file's values, not more).
"""

from __future__ import annotations

import gc

__all__ = ("leave", "release")

_LEFT: list = []


def leave(*values) -> None:
    """Keep ``values`` until :func:`release` (or the next :func:`leave`, which gives what the cycle collector was
    told to leave alone back to it, as :func:`release` does)."""
    _LEFT[:] = values
    gc.unfreeze()


def release() -> None:
    """Free what was left, and give what the cycle collector was told to leave alone (``gc.freeze``:
    ``campaign.check_file``) back to it."""
    _LEFT.clear()
    gc.unfreeze()
