// One compile per kind of small wasm module (web/wasm_wrappers.mjs), on a WebAssembly namespace of the test's own
// (Node's WebAssembly, its Module wrapped in a copy of the namespace) so that nothing else in this process sees it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { compileSmallModulesOnce } from "../../web/wasm_wrappers.mjs";

/** A module that imports one function of ``params`` i32 parameters and an i32 result and exports it, as Emscripten's
 * wrapper does. */
function wrapperBytes(params) {
  const type = [0x60, params, ...Array(params).fill(0x7f), 1, 0x7f];
  const section = (id, body) => [id, body.length, ...body];
  return Uint8Array.of(
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, ...type]),
    ...section(2, [1, 1, 0x65, 1, 0x66, 0x00, 0x00]), // import "e" "f": function of type 0
    ...section(7, [1, 1, 0x66, 0x00, 0x00]), // export "f": function 0
  );
}

function namespace() {
  const wasm = { Module: WebAssembly.Module, Instance: WebAssembly.Instance };
  return { wasm, ...compileSmallModulesOnce(wasm) };
}

test("the same small bytes give the same compiled module, and each instance keeps its own import", () => {
  const { wasm, compiledKinds } = namespace();
  const first = new wasm.Module(wrapperBytes(1));
  const again = new wasm.Module(wrapperBytes(1));
  assert.equal(again, first);
  assert.equal(compiledKinds(), 1);
  const double = new wasm.Instance(first, { e: { f: (x) => x * 2 } }).exports.f;
  const negate = new wasm.Instance(again, { e: { f: (x) => -x } }).exports.f;
  assert.equal(double(21), 42);
  assert.equal(negate(21), -21);
});

test("other bytes are another module, compiled once too", () => {
  const { wasm, compiledKinds } = namespace();
  const one = new wasm.Module(wrapperBytes(1));
  const two = new wasm.Module(wrapperBytes(2));
  assert.notEqual(two, one);
  assert.equal(new wasm.Module(wrapperBytes(2).buffer), two); // an ArrayBuffer of the same bytes
  assert.equal(compiledKinds(), 2);
});

test("the constructor is otherwise the same: instanceof, its static functions, and errors", () => {
  const { wasm } = namespace();
  const module = new wasm.Module(wrapperBytes(1));
  assert.ok(module instanceof WebAssembly.Module);
  assert.ok(module instanceof wasm.Module);
  assert.deepEqual(
    wasm.Module.imports(module).map(({ module: from, name, kind }) => [from, name, kind]),
    [["e", "f", "function"]],
  );
  assert.deepEqual(wasm.Module.customSections(module, "dylink.0"), []);
  assert.throws(() => new wasm.Module(Uint8Array.of(1, 2, 3)), WebAssembly.CompileError);
});

test("large modules are compiled each time they are asked for, as before", () => {
  const { wasm, compiledKinds } = namespace();
  const padded = (filler) => {
    const bytes = wrapperBytes(1);
    const custom = [0x00, 0x84, 0x02, 4, ...[0x70, 0x61, 0x64, 0x73], ...Array(255).fill(filler)]; // "pads": 260 bytes
    return Uint8Array.of(...bytes, ...custom);
  };
  const first = new wasm.Module(padded(7));
  const second = new wasm.Module(padded(7));
  assert.notEqual(second, first);
  assert.equal(compiledKinds(), 0);
});
