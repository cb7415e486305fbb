"""Results and stretches of the log as a forum post, in the forum's own format (issue 18): BBCode (phpBB),
Markdown (Discord, Reddit, GitHub) and plain text, each written from one shared line model (:mod:`.lines`)."""
