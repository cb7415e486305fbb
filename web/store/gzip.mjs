// gzip of a long text given a piece at a time (a long campaign's file is compressed on export, within a
// second for 10,000 entries). The compression runs on a thread of its own (gzip_worker.mjs) while this thread writes
// the next pieces; where no worker starts or it fails, on this thread, the pieces written again.

/** Text gathered before it is sent to be compressed (fewer, larger messages). */
const BATCH = 1 << 20;

/** A gzip stream on this thread: ``write(bytes)``, then ``end()`` resolves to the compressed ArrayBuffer. */
export function gzipHere() {
  const stream = new CompressionStream("gzip");
  const writer = stream.writable.getWriter();
  const out = new Response(stream.readable).arrayBuffer();
  let failed = null;
  return {
    write(bytes) {
      writer.write(bytes).catch((error) => {
        failed ??= error;
      });
    },
    async end() {
      await writer.close();
      const buffer = await out;
      if (failed) throw failed;
      return buffer;
    },
  };
}

/** A gzip stream on a worker (gzip_worker.mjs), as gzipHere, and ``started``: true once the worker runs (it posts
 * {ready}). Throws where no worker can start. */
function gzipThere() {
  const worker = new Worker(new URL("./gzip_worker.mjs", import.meta.url), { type: "module" });
  const stream = { started: false };
  const answer = new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      if (data.ready) stream.started = true;
      else if (data.error) reject(new Error(data.error));
      else resolve(data.buffer);
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      reject(new Error(event.message || "the compression worker stopped"));
    };
  }).finally(() => worker.terminate());
  answer.catch(() => {}); // read by end()
  return Object.assign(stream, {
    write(bytes) {
      worker.postMessage({ bytes }, [bytes.buffer]);
    },
    end() {
      worker.postMessage({ end: true });
      return answer;
    },
  });
}

/** A turn of this thread's event loop (a task, not a microtask, and not clamped as setTimeout is): a worker only
 * starts when the thread that made it gets one. */
const aTurn = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

async function compress(pieces, stream) {
  const encoder = new TextEncoder();
  let batch = [];
  let size = 0;
  for (const piece of pieces()) {
    batch.push(piece);
    size += piece.length;
    if (size >= BATCH) {
      stream.write(encoder.encode(batch.join("")));
      batch = [];
      size = 0;
      if (stream.started === false) await aTurn(); // until the worker runs, it needs this thread now and then
    }
  }
  if (size) stream.write(encoder.encode(batch.join("")));
  return stream.end();
}

/** The gzip bytes (an ArrayBuffer) of the text ``pieces()`` yields (a function: the pieces may be written twice). */
export async function gzipPieces(pieces) {
  let there = null;
  try {
    there = gzipThere();
  } catch {
    /* no worker here: this thread compresses */
  }
  if (there) {
    try {
      return await compress(pieces, there);
    } catch {
      /* the worker failed: this thread, from the start */
    }
  }
  return compress(pieces, gzipHere());
}
