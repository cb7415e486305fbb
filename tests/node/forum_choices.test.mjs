// The page's forum choices (web/app/forum_choices.mjs) are the engine's: read from its catalog (its ``formats`` and
// forum.stretch's ``undone`` field), the default first, so a format the engine declares is offered with its own name,
// file type and whether it can mark an undone entry, and nothing else is.
// Run: node --test tests/node/  (tests/test_page_modules_node.py runs it with pytest).
import assert from "node:assert/strict";
import { test } from "node:test";

import { indexCatalog } from "../../web/app/engine.mjs";
import {
  choicesOf,
  fileKind,
  forumChoice,
  forumChoices,
  forumFormats,
  formatName,
  marksUndone,
} from "../../web/app/forum_choices.mjs";
import { loadEngineCatalog } from "./engine.mjs";

/** The engine's own catalog, as build.py writes it to dist/catalog.json (py_rules from this checkout). */
const engineCatalog = loadEngineCatalog();
const catalog = indexCatalog(engineCatalog);

test("the formats offered are the engine's forum formats, in its words, the default first", () => {
  const declared = engineCatalog.formats.filter((each) => each.forum);
  assert.ok(declared.length >= 3);
  assert.deepEqual(
    choicesOf(catalog, "format"),
    declared.map((each) => [each.id, each.label]),
  );
  const field = catalog.op("forum.stretch").params.find((each) => each.name === "format");
  assert.deepEqual(
    choicesOf(catalog, "format").map(([id]) => id),
    field.choices,
  );
  assert.equal(forumChoice(catalog, {}, "format"), field.default);
  assert.ok(!choicesOf(catalog, "format").some(([id]) => id === "trace"), "the page's trace is no forum's format");
});

test("what an undone entry becomes is the forum.stretch field's choices", () => {
  const field = catalog.op("forum.stretch").params.find((each) => each.name === "undone");
  assert.deepEqual(
    choicesOf(catalog, "undone"),
    field.choices.map((value, index) => [value, field.choice_labels[index]]),
  );
  assert.deepEqual(forumChoices(catalog, { forum: {} }), {
    format: forumFormats(catalog)[0].id,
    undone: field.default,
  });
});

test("a campaign's stored choice stands when the catalog knows it, else the default", () => {
  for (const [id] of choicesOf(catalog, "format"))
    assert.equal(forumChoice(catalog, { forum: { format: id } }, "format"), id);
  assert.equal(forumChoice(catalog, { forum: { format: "html" } }, "format"), forumFormats(catalog)[0].id);
  assert.equal(forumChoice(catalog, { forum: { format: "trace" } }, "format"), forumFormats(catalog)[0].id);
});

test("names and files are the formats' own", () => {
  for (const each of forumFormats(catalog)) {
    const name = formatName(catalog, each.id);
    assert.equal(name.toLowerCase(), each.name.toLowerCase());
    assert.equal(name[0], name[0].toUpperCase());
    assert.deepEqual(fileKind(catalog, each.id), { extension: each.extension, type: each.media_type });
    assert.equal(marksUndone(catalog, each.id), each.strike);
  }
});

test("a fourth format the engine declares is offered with no change to the page", () => {
  const wiki = {
    id: "wikitext",
    label: "Wikitext (MediaWiki)",
    name: "wikitext",
    forum: true,
    strike: false,
    quote: false,
    extension: "wiki",
    media_type: "text/x-wiki",
  };
  const grown = indexCatalog({ ...engineCatalog, formats: [...engineCatalog.formats, wiki] });
  assert.deepEqual(choicesOf(grown, "format").at(-1), ["wikitext", "Wikitext (MediaWiki)"]);
  assert.equal(forumChoice(grown, { forum: { format: "wikitext" } }, "format"), "wikitext");
  assert.equal(formatName(grown, "wikitext"), "Wikitext");
  assert.deepEqual(fileKind(grown, "wikitext"), { extension: "wiki", type: "text/x-wiki" });
  assert.equal(marksUndone(grown, "wikitext"), false);
});
