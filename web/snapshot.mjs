// The build's memory snapshot, packed and read back (issue 19: boot time). One format, both sides: the build
// packs it (tools/make_snapshot.mjs calls withoutZeroRuns) and the engine worker writes it into Pyodide's
// memory image as it downloads (fill).
//
// Packed: the snapshot without its long runs of zeros, then gzip-compressed. Little-endian 32-bit words:
// the magic "PRS1", the number of kept segments N, N pairs (offset in the memory, length), then the
// segments' bytes one after another. The worker hands Pyodide the zero-filled image at once, so the wasm is
// instantiated while the bytes still arrive, and Pyodide restores it only once `fill` has finished.
//
// The image's first bytes (the header Pyodide checks: magic number and build id) are held back until every
// byte has arrived and checked out: a download cut short or damaged leaves a header Pyodide refuses, never a
// half-written memory that would look whole.

const GZIP = [0x1f, 0x8b];
const PACKED_MAGIC = 0x31535250; // "PRS1"
const HELD = 64; // the snapshot's header is 12 words; a little more is held back
const ZERO_RUN = 256; // shorter runs of zeros stay inside a segment: a few hundred segments, not thousands

/** The packed form of ``memory`` (the build writes it: tools/make_snapshot.mjs). Two thirds of Pyodide's
 * memory is zeros, so the engine unpacks half the bytes. */
export function withoutZeroRuns(memory) {
  const segments = [];
  let start = -1; // start of the segment being read, or -1 while in zeros
  let zeros = 0; // zeros seen at the end of the current segment
  for (let i = 0; i < memory.length; i += 1) {
    if (memory[i] !== 0) {
      if (start < 0) start = i;
      zeros = 0;
    } else if (start >= 0 && (zeros += 1) === ZERO_RUN) {
      segments.push([start, i + 1 - ZERO_RUN - start]);
      start = -1;
      zeros = 0;
    }
  }
  if (start >= 0) segments.push([start, memory.length - zeros - start]);
  const kept = segments.reduce((sum, [, length]) => sum + length, 0);
  const packed = new Uint8Array(8 + 8 * segments.length + kept);
  const words = new DataView(packed.buffer);
  words.setUint32(0, PACKED_MAGIC, true);
  words.setUint32(4, segments.length, true);
  let at = 8 + 8 * segments.length;
  segments.forEach(([offset, length], index) => {
    words.setUint32(8 + 8 * index, offset, true);
    words.setUint32(12 + 8 * index, length, true);
    packed.set(memory.subarray(offset, offset + length), at);
    at += length;
  });
  return packed;
}

/**
 * Writes the packed snapshot's ``size`` bytes, chunk by chunk, into ``image``; ``finish`` checks that they
 * were all there and returns the held-back header. Throws at the first inconsistency (a console message).
 */
export function packedWriter(image, size) {
  const held = new Uint8Array(Math.min(HELD, image.length));
  let head = new Uint8Array(0); // the magic, the count and the table, while they are gathered
  let table = null; // [offset, length, offset, length, ...] once read
  let segment = 0;
  let within = 0;
  let received = 0;

  const place = (at, bytes) => {
    if (at < held.length) {
      const count = Math.min(held.length - at, bytes.length);
      held.set(bytes.subarray(0, count), at);
      at += count;
      bytes = bytes.subarray(count);
    }
    if (bytes.length) image.set(bytes, at);
  };

  const readTable = () => {
    const words = new DataView(head.buffer, head.byteOffset, head.byteLength);
    if (words.getUint32(0, true) !== PACKED_MAGIC) throw new Error("not a packed snapshot");
    const count = words.getUint32(4, true);
    if (8 + 8 * count > size) throw new Error("its segment table is longer than the file");
    if (head.length < 8 + 8 * count) return false;
    table = new Array(2 * count);
    let end = 0;
    for (let index = 0; index < count; index += 1) {
      const offset = words.getUint32(8 + 8 * index, true);
      const length = words.getUint32(12 + 8 * index, true);
      if (offset < end || offset + length > image.length) throw new Error("a segment out of place");
      table[2 * index] = offset;
      table[2 * index + 1] = length;
      end = offset + length;
    }
    return true;
  };

  const write = (chunk) => {
    received += chunk.length;
    if (received > size) throw new Error(`more than the ${size} bytes described`);
    let bytes = chunk;
    if (!table) {
      const joined = new Uint8Array(head.length + bytes.length);
      joined.set(head);
      joined.set(bytes, head.length);
      head = joined;
      if (head.length < 8 || !readTable()) return;
      bytes = head.subarray(8 + table.length * 4);
      head = new Uint8Array(0);
    }
    while (bytes.length) {
      while (segment < table.length / 2 && within === table[2 * segment + 1]) {
        segment += 1;
        within = 0;
      }
      if (segment >= table.length / 2) throw new Error("bytes left over after its segments");
      const count = Math.min(table[2 * segment + 1] - within, bytes.length);
      place(table[2 * segment] + within, bytes.subarray(0, count));
      within += count;
      bytes = bytes.subarray(count);
    }
  };

  const finish = () => {
    if (received !== size) throw new Error(`${received} bytes instead of ${size}`);
    if (!table) throw new Error("its segment table is cut short");
    while (segment < table.length / 2 && within === table[2 * segment + 1]) {
      segment += 1;
      within = 0;
    }
    if (segment !== table.length / 2) throw new Error("its segments are cut short");
    return held;
  };

  return { write, finish };
}

/** The build id in a snapshot's header (words 4 to 11, as Pyodide reads it). */
export function buildIdOf(header) {
  const words = new Uint32Array(header.buffer, header.byteOffset, 12);
  return Array.from(words.subarray(4, 12), (word) => word.toString(16).padStart(8, "0")).join("");
}

/** The body's chunks, gunzipped while they download unless the host already did (Content-Encoding). */
export async function* unzippedChunks(response) {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) return;
  const head = first.value;
  const body = new ReadableStream({
    start(controller) { controller.enqueue(head); },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  const zipped = head[0] === GZIP[0] && head[1] === GZIP[1];
  const chunks = (zipped ? body.pipeThrough(new DecompressionStream("gzip")) : body).getReader();
  for (;;) {
    const { done, value } = await chunks.read();
    if (done) return;
    yield value;
  }
}

/**
 * The snapshot's unpacked chunks from a worker of their own (snapshot_worker.mjs), which downloads and
 * gunzips it: on a two-core tablet, gunzipping on the engine's thread delayed everything else the engine
 * does while it boots (measured, issue 19). Where a worker cannot start a worker, the engine's thread does it.
 */
export function chunksOf(url) {
  let helper;
  try {
    helper = new Worker(new URL("./snapshot_worker.mjs", import.meta.url), { type: "module" });
  } catch {
    const response = fetch(url);
    return (async function* inThisThread() { yield* unzippedChunks(await response); })();
  }
  const queue = [];
  let wake = null;
  helper.onmessage = ({ data }) => { queue.push(data); wake?.(); };
  helper.onerror = (event) => { queue.push({ error: event.message || "its worker stopped" }); wake?.(); };
  helper.postMessage({ url: String(url) });
  const chunks = (async function* fromHelper() {
    try {
      for (;;) {
        if (!queue.length) await new Promise((resolve) => { wake = resolve; });
        wake = null;
        const message = queue.shift();
        if (message.error) throw new Error(message.error);
        if (message.done) return;
        yield message.chunk;
      }
    } finally {
      helper.terminate();
    }
  })();
  chunks.stop = () => helper.terminate(); // for a boot that gives up before reading them
  return chunks;
}

/**
 * Write the snapshot described by ``info`` (its JSON: bytes, packed_bytes, build_id) from ``chunks`` (its
 * unpacked bytes, an async iterable) into ``image`` (``info.bytes`` long, zero-filled). Resolves once every
 * byte is in place and the header written last; rejects, leaving the header zero, if anything is missing,
 * extra or made for another build.
 */
export async function fill(chunks, info, image) {
  const writer = packedWriter(image, info.packed_bytes);
  for await (const chunk of chunks) writer.write(chunk);
  const header = writer.finish();
  if (buildIdOf(header) !== info.build_id) throw new Error("made for another Pyodide build");
  image.set(header, 0);
}
