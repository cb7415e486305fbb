"""One output pipeline for everything the engine writes out of a result: the page's trace text under an answer and
a result or a stretch of the log as a forum post (BBCode, Markdown, plain text).

A result (an answer's JSON, or a logged one) is read once into the line model (:mod:`.lines`, built with the words
of :mod:`.reading` and :mod:`.dice_words`); one writer module per format writes it (:mod:`.bbcode`, :mod:`.markdown`,
:mod:`.plain`, :mod:`.trace_text`), each declaring what it is and can do; :mod:`.formats` is their registry, read by
the door's forum operations, the campaign file's check of its forum choices and the catalog (so by the page).

A new format is one writer module with its ``FORMAT``, its name added to :data:`.formats.WRITERS`, and its golden
texts in the tests (tests/render); the page and the door offer it from the catalog.

Nothing is imported here: the door loads the parts it uses when it first uses them (the engine's start stays small).
"""
