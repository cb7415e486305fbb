"""Campaigns (issue 8): the file a game master keeps for months, validated and migrated by the engine.

Modules: ``games`` (what the campaign file needs from each game: its sheet validation and its declared
house-rule settings, imported lazily), ``file`` (the schema ``rules-companion.campaign/1``, its bounds and
:func:`file.validate`), ``migrations`` (old schema → upgrade, including the old page's localStorage values as
``rules-companion.campaign/0``) and ``operations`` (``campaign.validate``, ``campaign.from_legacy``).
"""
