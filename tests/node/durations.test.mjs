// node --test tests/node: the page's durations read as the engine's (py_rules/durations.py): rounded up to the minute
// once, so a timer just under the hour is "1 hour" and just under six hours "6 hours", never "60 minutes".
import assert from "node:assert/strict";
import test from "node:test";
import { durationText } from "../../web/app/durations.mjs";

test("a timer just under a whole hour reads as that hour, never 60 minutes", () => {
  assert.equal(durationText(3599), "1 hour");
  assert.equal(durationText(5 * 3600 + 3599), "6 hours");
  assert.equal(durationText(86399), "1 day");
  for (let s = 60; s < 2 * 86400; s += 53)
    assert.doesNotMatch(durationText(s), /(^|\D)60 minutes|(^|\D)24 hours/, String(s));
});

test("durations keep their units: rounds, minutes, hours with minutes, days with hours", () => {
  assert.equal(durationText(12, 6), "2 rounds");
  assert.equal(durationText(45), "45 s");
  assert.equal(durationText(720), "12 minutes");
  assert.equal(durationText(5400), "1 hour 30 minutes");
  assert.equal(durationText(90000), "1 day 1 hour");
});
