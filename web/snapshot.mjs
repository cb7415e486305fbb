// The build's memory snapshot, packed and read back (for boot time). One format, both sides: the build
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
//
// A snapshot belongs to its build. Its description (py_rules.snapshot.json) names the site build it was made
// with (build-info.json's `sources`, a digest of the sources: not of dist/, which holds the snapshot) and the
// wheel (the lock's file name and SHA-256, what the normal boot installs), and the SHA-256 of its file as
// shipped (gzip) and of its packed bytes (for a host that gunzips it on the way, Content-Encoding). The worker
// restores it only when `refusal` finds nothing against the description and `bytesRefusal` nothing against the
// bytes; otherwise it boots normally and says why in the console.

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
    } else if (start >= 0) {
      zeros += 1;
      if (zeros === ZERO_RUN) {
        segments.push([start, i + 1 - ZERO_RUN - start]);
        start = -1;
        zeros = 0;
      }
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

/** The body's chunks, gunzipped while they download unless the host already did (Content-Encoding). Each
 * piece of the body as it arrived is also handed to ``arrived`` (for `digestOf`). */
export async function* unzippedChunks(response, arrived = () => {}) {
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  if (first.done) return;
  const head = first.value;
  arrived(head);
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else {
        arrived(value);
        controller.enqueue(value);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
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
 * does while it boots (measured). Where a worker cannot start a worker, the engine's thread does it.
 */
export function chunksOf(url) {
  let settle;
  const digest = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  digest.catch(() => {}); // read only after every chunk, which report the failure first
  let helper;
  try {
    helper = new Worker(new URL("./snapshot_worker.mjs", import.meta.url), { type: "module" });
  } catch {
    const response = fetch(url);
    const chunks = (async function* inThisThread() {
      const body = keptBody(await response);
      yield* unzippedChunks(await response, body.add);
      digestOf(body.pieces()).then(settle.resolve, settle.reject);
    })();
    chunks.digest = digest;
    return chunks;
  }
  const queue = [];
  let wake = null;
  helper.onmessage = ({ data }) => {
    queue.push(data);
    wake?.();
  };
  helper.onerror = (event) => {
    queue.push({ error: event.message || "its worker stopped" });
    wake?.();
  };
  helper.postMessage({ url: String(url) });
  const chunks = (async function* fromHelper() {
    try {
      for (;;) {
        if (!queue.length)
          await new Promise((resolve) => {
            wake = resolve;
          });
        wake = null;
        const message = queue.shift();
        if (message.error) throw new Error(message.error);
        if (message.done) {
          settle.resolve(message.digest); // sent after the last block: it hashed while this thread wrote it
          return;
        }
        yield message.chunk;
      }
    } finally {
      helper.terminate();
      settle.reject(new Error("its download stopped before it was hashed")); // no-op once resolved
    }
  })();
  chunks.stop = () => helper.terminate(); // for a boot that gives up before reading them
  chunks.digest = digest; // {over, sha256, ms} once every byte has arrived
  return chunks;
}

const HEX64 = /^[0-9a-f]{64}$/;
const hex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
const named = (value) => typeof value === "string" && value !== "";

/**
 * Keeps a download's body as it arrives, for `digestOf`: written into one buffer as it comes when the host
 * says its length (then nothing is left to copy once the last piece is in: a 6 MB join cost 9 ms measured),
 * else kept in pieces. ``add`` is `unzippedChunks`'s ``arrived``; ``pieces()`` what `digestOf` takes.
 */
export function keptBody(response) {
  const length = response.headers.get("Content-Encoding") ? 0 : Number(response.headers.get("Content-Length")) || 0;
  const buffer = new Uint8Array(length);
  let at = 0;
  const rest = []; // whatever does not fit the length the host gave
  return {
    add(piece) {
      if (!rest.length && at + piece.length <= length) {
        buffer.set(piece, at);
        at += piece.length;
      } else rest.push(piece);
    },
    pieces: () => [buffer.subarray(0, at), ...rest].filter((piece) => piece.length),
  };
}

/**
 * The SHA-256 of a download's body as it arrived (``pieces``, in order): over the gzip file when it came
 * compressed, over the packed bytes when the host had gunzipped it. The gzip file is the smaller of the two
 * (6 MB against 15 MB) and as safe: gunzip is deterministic, so its bytes fix every byte unpacked from them.
 * ``ms`` is what hashing cost.
 */
export async function digestOf(pieces) {
  const started = performance.now();
  let whole = pieces[0] ?? new Uint8Array(0);
  if (pieces.length > 1) {
    whole = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
    let at = 0;
    for (const piece of pieces) {
      whole.set(piece, at);
      at += piece.length;
    }
  }
  const zipped = whole[0] === GZIP[0] && whole[1] === GZIP[1];
  const sha256 = hex(new Uint8Array(await crypto.subtle.digest("SHA-256", whole)));
  return { over: zipped ? "gzip" : "packed", sha256, ms: performance.now() - started };
}

/**
 * Why the snapshot described by ``info`` is not this site's, or null if it is. ``site`` is what this site's
 * own files say: ``sources`` (build-info.json), ``wheel`` and ``wheel_sha256`` (the lock's py-rules entry,
 * what the normal boot installs). A description or a site that names nothing is refused too: an unnamed
 * snapshot could be any build's.
 */
export function refusal(info, site) {
  if (!info || typeof info !== "object") return "its description is not readable";
  if (!named(site?.sources) || !named(site?.wheel) || !named(site?.wheel_sha256)) {
    return "this site does not say which build it is (build-info.json or the lock is missing a name)";
  }
  if (!named(info.sources) || !named(info.wheel) || !named(info.wheel_sha256)) {
    return "its description does not say which build it belongs to";
  }
  if (info.sources !== site.sources) {
    return `it was made for another build of the site (${info.sources.slice(0, 12)}, this site is ${site.sources.slice(0, 12)})`;
  }
  if (info.wheel !== site.wheel) return `it was made with ${info.wheel}, but this site installs ${site.wheel}`;
  if (info.wheel_sha256 !== site.wheel_sha256)
    return `it was made with another build of ${site.wheel} (its SHA-256 differs)`;
  if (!HEX64.test(info.gz_sha256 ?? "") || !HEX64.test(info.packed_sha256 ?? "")) {
    return "its description gives no SHA-256 of its bytes";
  }
  return null;
}

/** Why the bytes that arrived (``digest``, from `digestOf`) are not the ones ``info`` describes, or null. */
export function bytesRefusal(info, digest) {
  if (!digest || !HEX64.test(digest.sha256 ?? "")) return "its bytes were not hashed";
  const expected = digest.over === "gzip" ? info.gz_sha256 : digest.over === "packed" ? info.packed_sha256 : null;
  if (!HEX64.test(expected ?? "")) return `its description gives no SHA-256 of its ${digest.over} bytes`;
  if (digest.sha256 !== expected)
    return "its bytes do not match the SHA-256 in its description (damaged, or another build's)";
  return null;
}

/**
 * Write the snapshot described by ``info`` (its JSON: bytes, packed_bytes, build_id, the SHA-256s) from
 * ``chunks`` (its unpacked bytes, an async iterable) into ``image`` (``info.bytes`` long, zero-filled);
 * ``digest`` (a promise of `digestOf`'s answer for the download) is awaited once every chunk is in. Resolves
 * once every byte is in place and the header written last; rejects, leaving the header zero, if anything is
 * missing, extra, damaged or made for another build.
 */
export async function fill(chunks, info, image, digest) {
  const writer = packedWriter(image, info.packed_bytes);
  for await (const chunk of chunks) writer.write(chunk);
  const header = writer.finish();
  if (buildIdOf(header) !== info.build_id) throw new Error("made for another Pyodide build");
  const wrong = bytesRefusal(info, await digest);
  if (wrong) throw new Error(wrong);
  image.set(header, 0);
}
