"""The registry of output formats: every format a result or a stretch of the log can be written in, declared once.

Each format is one writer module in this package holding its declaration (``FORMAT``, a :class:`Format`: its id, its
name in plain words, what it can do) and three functions over the line model (:mod:`.lines`):

- ``escape(text)``: a user's text as the format shows it literally;
- ``block_text(block)``: one result;
- ``post(blocks, title="", quote=False)``: a stretch, the title first (``quote`` where the format can quote).

:data:`WRITERS` names the modules, in the order the page offers them (the first forum format is a campaign's default:
BBCode, for phpBB). The door's forum operations (:mod:`py_rules.forum.operations`) offer every format marked ``forum``;
the engine's catalog publishes all of them (``formats``), and the page reads them from there (its forum choices,
the file a post is saved as).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from types import ModuleType

__all__ = ("Format", "WRITERS", "formats", "forum_formats", "format_of", "writer")


@dataclass(frozen=True)
class Format:
    """What the page and the door need to know of a format.

    ``label`` is the choice as a user reads it (with where the format is read); ``name`` is the format in a sentence
    ("Copied as Markdown", "The result in plain text"). ``forum``: offered as a forum's format (the page's trace text
    is not). ``strike``: a stretch can show an undone entry marked as undone (struck through, greyed or said so);
    without it an undone entry is always left out. ``quote``: the whole post can be put in a quote. A post saved as a
    file gets ``extension`` and ``media_type``.
    """

    id: str
    label: str
    name: str
    forum: bool = True
    strike: bool = False
    quote: bool = False
    extension: str = "txt"
    media_type: str = "text/plain"

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "label": self.label,
            "name": self.name,
            "forum": self.forum,
            "strike": self.strike,
            "quote": self.quote,
            "extension": self.extension,
            "media_type": self.media_type,
        }


WRITERS = ("bbcode", "markdown", "plain", "trace_text")
"""The writer modules of :mod:`py_rules.render`, one per format."""


@cache
def _writers() -> dict[str, ModuleType]:
    modules = [importlib.import_module(f"py_rules.render.{name}") for name in WRITERS]
    by_id = {module.FORMAT.id: module for module in modules}
    if len(by_id) != len(modules):
        raise RuntimeError("each writer must declare a format of its own")
    return by_id


def formats() -> tuple[Format, ...]:
    """Every format, in the registry's order."""
    return tuple(module.FORMAT for module in _writers().values())


def forum_formats() -> tuple[Format, ...]:
    """The formats offered for a forum post, the campaign's default first."""
    return tuple(each for each in formats() if each.forum)


def format_of(format_id: str) -> Format:
    """The declaration of the format ``format_id`` (a KeyError for an unknown one)."""
    return _writers()[format_id].FORMAT


def writer(format_id: str) -> ModuleType:
    """The writer module of the format ``format_id`` (a KeyError for an unknown one)."""
    return _writers()[format_id]
