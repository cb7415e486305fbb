"""Foundry VTT's rich text (HTML paragraphs) as plain text and back, for every Foundry format (:mod:`.foundry_coc7`,
:mod:`.foundry_unisystem`; TABLE.md, "Characters from where they already are"). Reading runs in time linear in the text
(the team's guide): no search walks past the last closing tag."""

from __future__ import annotations

import html
import re

from py_rules.interchange.report import text

__all__ = ("plain_text", "rich_text")

_PARAGRAPH = re.compile(r"<p>(.*?)</p>", re.DOTALL)
_TAG = re.compile(r"<[^>]*>")


def plain_text(value) -> str:
    """Foundry's rich text as plain text: each paragraph a line, tags dropped, entities read.

    >>> plain_text("<p>Tall &amp; thin</p><p></p><p>Reads <b>Greek</b></p>")
    'Tall & thin\\n\\nReads Greek'
    """
    raw = text(value)
    if "<" not in raw:
        return html.unescape(raw)
    end = raw.rfind("</p>") + len("</p>")  # no paragraph opens after the last "</p>": the search stops there
    paragraphs = _PARAGRAPH.findall(raw, 0, end)
    if paragraphs and (_PARAGRAPH.sub("", raw[:end]) + raw[end:]).strip() == "":
        return "\n".join(html.unescape(_untag(p, "")) for p in paragraphs).strip()
    return html.unescape(_untag(raw.replace("<br>", "\n").replace("<br/>", "\n"), " ")).strip()


def _untag(raw: str, by: str) -> str:
    """``raw`` with each tag replaced by ``by``. No tag opens after the last ``>``, so the search stops there: each
    ``<`` of a long run with no ``>`` after it would otherwise be walked to the end (time quadratic in the text)."""
    end = raw.rfind(">") + 1
    return _TAG.sub(by, raw[:end]) + raw[end:]


def rich_text(value: str) -> str:
    """Plain text as Foundry's rich text: each line a paragraph (:func:`plain_text` reads it back)."""
    return "".join(f"<p>{html.escape(line, quote=False)}</p>" for line in value.split("\n")) if value else ""
