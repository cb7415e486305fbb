"""The campaign log: the entry format and its checks (:mod:`.entry`), and the door's ``log.*`` operations."""
