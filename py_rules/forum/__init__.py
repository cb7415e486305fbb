"""Results and stretches of the log as a forum post, for the JSON door (:mod:`.operations`); the formats and their
writers are the output pipeline's (:mod:`py_rules.render`)."""
