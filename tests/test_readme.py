"""The README links only to files that exist in the repository."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_relative_link_in_the_readme_is_a_file_of_the_repository():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = [t for t in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in t]
    assert targets
    for target in targets:
        path = (ROOT / target.split("#")[0]).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), target
    assert "../" not in text and "DEVELOPERS.md" not in text
