// One compile per kind of small wasm module (for boot time). Pyodide's linker puts each JavaScript function that C
// code may call through a pointer into the wasm table by wrapping it in a tiny module of its own, compiled from bytes
// that depend only on the function's signature (Emscripten's convertJsFunctionToWasm, then `new
// WebAssembly.Instance` with the function as its import): 261 compiles at each boot of this Pyodide, of 30 kinds,
// 10-14 ms of the engine worker's thread (measured in the page). A compiled module holds no state, so each kind is
// compiled once and every wrapper is its own instance of it, with its own import, as before.

const SMALL = 256; // bytes: a wrapper is about 30; anything larger (Pyodide itself, a package's library) is compiled as asked

/** The bytes of ``source`` (a BufferSource), or null for anything else. */
function bytesOf(source) {
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  return null;
}

/**
 * ``wasm``'s Module constructor (the WebAssembly namespace; the worker passes its own), made to return the same
 * compiled module for the same small bytes. Everything else about the constructor is unchanged: its static functions
 * (customSections, imports, exports), ``instanceof``, and any other source compiled afresh each time. Returns
 * ``{compiledKinds}``: how many distinct small modules it has compiled so far (a test reads it).
 */
export function compileSmallModulesOnce(wasm = WebAssembly) {
  const Module = wasm.Module;
  const compiled = new Map(); // the bytes, as a string of their values → the module
  wasm.Module = new Proxy(Module, {
    construct(target, args, newTarget) {
      const bytes = bytesOf(args[0]);
      if (!bytes || bytes.length > SMALL || args.length > 1) return Reflect.construct(target, args, newTarget);
      const key = bytes.join(",");
      let module = compiled.get(key);
      if (!module) {
        module = Reflect.construct(target, args, newTarget);
        compiled.set(key, module);
      }
      return module;
    },
  });
  return { compiledKinds: () => compiled.size };
}
