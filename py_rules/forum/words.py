"""Forum fields in plain words (issue 18; issue 8, Words)."""

CHOICES = {
    "format": {"bbcode": "BBCode (phpBB)", "markdown": "Markdown (Discord, Reddit, GitHub)", "plain": "Plain text"},
    "dice_source": {"unknown": "Not said", "digital": "Digital", "physical": "Physical"},
    "undone": {"leave_out": "Leave out", "strike": "Struck through"},
}
