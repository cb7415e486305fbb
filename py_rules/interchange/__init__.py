"""Characters in from the tools players already keep them in, and out again (TABLE.md).

One module per format, each reading its own file shape, checking it and saying in a :class:`~.report.Report` what
it read, what it mapped onto our sheet and what it left out; :mod:`.detect` tells the formats apart and
:mod:`.operations` puts every imported sheet through its game's own validation before the page shows it.
"""
