// node --test tests/node: unsaved.mjs's pure parts (what a field shows, when it holds unsaved input, the wait for
// a page without it) on objects of an element's shape; the page's own events are driven in Playwright
// (tests/web/test_update_input.py).
import assert from "node:assert/strict";
import test from "node:test";
import { fieldIsUnsaved, fieldState, holdInput, unsavedInput, whenClear } from "../../web/unsaved.mjs";

const text = (value, extra = {}) => ({ tagName: "INPUT", type: "text", value, ...extra });
const form = (...fields) => ({ querySelectorAll: () => fields });

test("a typed field is unsaved while it shows something else than before the user reached it", () => {
  assert.equal(fieldIsUnsaved(text("Jack Hawk"), { before: "Jack", touched: true }), true);
  assert.equal(fieldIsUnsaved(text("Jack"), { before: "Jack", touched: true }), false, "typed back as it was");
  assert.equal(
    fieldIsUnsaved(text("Jack Hawk"), { before: "Jack", touched: false }),
    false,
    "changed by the page, not the user",
  );
  assert.equal(fieldIsUnsaved(text("Jack Hawk"), undefined), false, "never reached");
});

test("read-only, disabled and file fields never hold unsaved input", () => {
  const seen = { before: "", touched: true };
  assert.equal(fieldIsUnsaved(text("a post", { readOnly: true }), seen), false);
  assert.equal(fieldIsUnsaved(text("x", { disabled: true }), seen), false);
  assert.equal(fieldIsUnsaved(text("C:\\fakepath\\a.json", { type: "file" }), seen), false);
});

test("a choice counts inside a form; outside one it is a switch that stored itself", () => {
  const a = { tagName: "INPUT", type: "radio", name: "game", value: "coc", checked: true };
  const b = { tagName: "INPUT", type: "radio", name: "game", value: "armageddon", checked: false };
  const inForm = form(a, b);
  a.form = inForm;
  b.form = inForm;
  assert.equal(fieldState(a), "radio:coc");
  assert.equal(fieldState(b), "radio:coc", "a radio shows what its group has chosen");
  assert.equal(fieldIsUnsaved(a, { before: "radio:", touched: true }), true);
  assert.equal(fieldIsUnsaved({ ...a, form: null }, { before: "radio:", touched: true }), false);
  const select = { tagName: "SELECT", type: "select-one", value: "dodging", form: null };
  assert.equal(fieldIsUnsaved(select, { before: "acting", touched: true }), false);
  assert.equal(fieldIsUnsaved({ ...select, form: inForm }, { before: "acting", touched: true }), true);
  const box = { tagName: "INPUT", type: "checkbox", checked: true, form: inForm };
  assert.equal(fieldState(box), "on");
  assert.equal(fieldIsUnsaved(box, { before: "off", touched: true }), true);
});

test("a hold counts until released, once", () => {
  const before = unsavedInput(null).length;
  const release = holdInput("a change being saved");
  assert.deepEqual(unsavedInput(null).slice(before), ["a change being saved"]);
  release();
  release();
  assert.equal(unsavedInput(null).length, before);
});

test("a page of fields and an open question", () => {
  const typed = text("Half a na");
  const doc = {
    question: false,
    querySelector(selector) {
      return selector.includes("dialog[open]") && this.question ? {} : null;
    },
    querySelectorAll: () => [typed, text("")],
  };
  assert.deepEqual(unsavedInput(doc), [], "the user has reached nothing: nothing is theirs to lose");
  doc.question = true;
  assert.deepEqual(unsavedInput(doc), ["an open question"]);
});

function fakeTimers() {
  const timers = new Map();
  let next = 1;
  return {
    timers,
    setInterval(callback) {
      timers.set(next, callback);
      return next++;
    },
    clearInterval(id) {
      timers.delete(id);
    },
    tick() {
      for (const callback of [...timers.values()]) callback();
    },
  };
}

test("whenClear waits while input is unsaved, then acts once and stops", () => {
  const timers = fakeTimers();
  let clear = false;
  let acted = 0;
  const wait = whenClear(
    () => clear,
    () => {
      acted += 1;
    },
    { timers },
  );
  timers.tick();
  assert.equal(acted, 0);
  clear = true;
  wait.poke();
  timers.tick();
  assert.equal(acted, 1);
  assert.equal(timers.timers.size, 0, "its timer is gone");
});

test("whenClear acts at once on a page already clear; stop() cancels a wait", () => {
  const timers = fakeTimers();
  let acted = 0;
  whenClear(
    () => true,
    () => {
      acted += 1;
    },
    { timers },
  );
  assert.equal(acted, 1);
  assert.equal(timers.timers.size, 0);
  const wait = whenClear(
    () => false,
    () => {
      acted += 1;
    },
    { timers },
  );
  wait.stop();
  assert.equal(timers.timers.size, 0);
  timers.tick();
  assert.equal(acted, 1);
});
