"""Campaign operations for the JSON door (TABLE.md, Kept safe): check a campaign file before it is stored, bring the old
page's saved values into a first campaign, and check one character as the campaign would.

``campaign.check_file`` reads a whole file from its text (sent beside the request: a long log is tens of MB) and
checks it once, as ``campaign.validate`` would (a long file is read once); its answer leaves out the file's own log.
``campaign.validate`` and ``campaign.from_legacy`` answer in ``result.details``:
``{"valid", "problems": [{"path", "message", "text"}], "campaign", "migrated_from"}``; ``campaign.check_character``
answers ``{"valid", "problems", "character"}`` (paths inside the character, e.g. ``sheet.luck``), without
sending the whole campaign for one edited sheet. ``campaign.repair`` answers ``{"campaign", "dropped": [{"path",
"what", "why"}]}``: a stored campaign that fails the check, with only what fails it dropped (:mod:`.repair`).

A problem's ``path`` is for the page (where the field is); its ``text`` is what a user reads, who and which
field in the form's words, then why ("Character “Jack” — Strength: …", :mod:`.words`), and so are the steps.

The operations are declared by concern: on a whole file in :mod:`.ops_file`, on the cast in :mod:`.ops_cast`, the
repair in :mod:`.ops_repair`; what they share in :mod:`.ops_common`.
"""

from __future__ import annotations

from py_rules.campaign import ops_cast, ops_file
from py_rules.campaign.ops_repair import REPAIR
from py_rules.operations import System

__all__ = ("SYSTEM", "OPERATIONS")

SYSTEM = System("campaign", "Campaigns", "Game master", "TABLE.md, Kept safe")

# The catalog's order, which the page's lists of operations follow.
OPERATIONS = ops_file.OPERATIONS + (ops_cast.CHECK_CHARACTER, REPAIR, ops_cast.TEMPLATES)
