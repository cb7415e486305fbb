// A number field's text is read as a whole number within its range or refused in words that name the field
// (web/components/number_text.mjs): what a house rule, a form or a count stores is only a checked value. The house
// rules' Target Number (1 to 30, default 9) is the field tests/web/test_settings_fields.py types into; the browser
// test keeps the whole flow (the message beside the field, nothing stored, the next roll) for a few texts, and every
// text's reading is checked here.
// Run: node --test tests/node/  (tests/test_page_modules_node.py runs it with pytest).
import assert from "node:assert/strict";
import { test } from "node:test";

import { readNumber } from "../../web/components/number_text.mjs";

const TN = { min: 1, max: 30, label: "Target Number", required: true };

test("a whole number in the range is read as that number, spaces and a typographic minus allowed", () => {
  assert.deepEqual(readNumber("12", TN), { value: 12 });
  assert.deepEqual(readNumber(" 30 ", TN), { value: 30 });
  assert.deepEqual(readNumber("1", TN), { value: 1 });
  assert.deepEqual(readNumber("−5", { min: -30, max: 30, label: "DC" }), { value: -5 });
  assert.deepEqual(readNumber(12, TN), { value: 12 });
});

test("a number out of the rule's range names the bound it passes", () => {
  assert.deepEqual(readNumber("35", TN), { error: "Target Number must be at most 30." });
  assert.deepEqual(readNumber("31", TN), { error: "Target Number must be at most 30." });
  assert.deepEqual(readNumber("-3", TN), { error: "Target Number must be at least 1." });
  assert.deepEqual(readNumber("0", TN), { error: "Target Number must be at least 1." });
  assert.deepEqual(readNumber("-31", { min: -30, max: 30, label: "Always-wakes noise DC" }), {
    error: "Always-wakes noise DC must be at least -30.",
  });
});

test("a fraction is not a whole number, and says what was typed", () => {
  assert.deepEqual(readNumber("2.5", TN), { error: "Target Number: “2.5” is not a whole number." });
  assert.deepEqual(readNumber("1e3", TN), { error: "Target Number: “1e3” is not a whole number." });
  assert.deepEqual(readNumber("--4", TN), { error: "Target Number: “--4” is not a whole number." });
});

test("an empty field is refused where the rule has a default, and is the rules' own value where it has none", () => {
  assert.deepEqual(readNumber("", TN), { error: "Target Number: enter a number." });
  assert.deepEqual(readNumber("   ", TN), { error: "Target Number: enter a number." });
  assert.deepEqual(readNumber(null, TN), { error: "Target Number: enter a number." });
  assert.deepEqual(readNumber("", { ...TN, label: "Medicine DC to stabilise", required: false }), { value: null });
});

test("text the browser could not read as a number (a number too large, letters) asks for digits", () => {
  // what Chromium reports for "1e309" (past the largest number) or Firefox for letters: validity.badInput, the
  // field's value then empty
  assert.deepEqual(readNumber("", { ...TN, badInput: true }), {
    error: "Target Number: enter a whole number (digits).",
  });
  assert.deepEqual(readNumber("", { min: -30, max: 30, label: "DC", badInput: true }), {
    error: "DC: enter a whole number (digits, a minus sign).",
  });
  assert.deepEqual(readNumber("", { label: "Weight", badInput: true, decimals: true, min: 0 }), {
    error: "Weight: enter a number (digits, a point).",
  });
});

test("a field that takes decimals reads a point, never more than it can hold", () => {
  const weight = { label: "Weight", decimals: true, min: 0, max: 1000 };
  assert.deepEqual(readNumber("0.5", weight), { value: 0.5 });
  assert.deepEqual(readNumber("2.1234567", weight), { error: "Weight: “2.1234567” is not a number." });
  assert.deepEqual(readNumber("1".repeat(16), weight), { error: `Weight: “${"1".repeat(16)}” is not a number.` });
  assert.deepEqual(readNumber("-1", weight), { error: "Weight must be at least 0." });
});
