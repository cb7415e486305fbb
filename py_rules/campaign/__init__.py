"""Campaigns: the file a game master keeps for months, validated and migrated by the engine.

Modules, each importing only those before it: ``problems`` (a problem of the file, its bounds and the checks of
one part), ``games`` (what the campaign file needs from each game: its sheet validation, its reading of an older
sheet and its declared house-rule settings, imported lazily), ``migrations`` (the current schema, and old schema →
upgrade: the old page's localStorage values as ``rules-companion.campaign/0``, and version 1 read as version 2),
``entries`` (the log and encounters checked),
``file`` (the schema ``rules-companion.campaign/2`` checked: :func:`file.validate` migrates, then checks),
``repair`` and ``operations`` (``campaign.validate``, ``campaign.from_legacy``).
"""
