// The snapshot's download and gunzip, on a thread of its own (snapshot.mjs chunksOf; for boot time).
// Asked for a URL, it posts the unpacked bytes in blocks of about a megabyte (moved, not copied), then
// {done: true, digest} with the SHA-256 of the body as it arrived (snapshot.mjs digestOf: hashed after the
// last block is posted, while the engine writes it), or {error} at the first failure.
import { digestOf, keptBody, unzippedChunks } from "./snapshot.mjs";

const BLOCK = 1 << 20;

self.onmessage = async ({ data }) => {
  try {
    let block = new Uint8Array(BLOCK);
    let used = 0;
    const response = await fetch(data.url);
    const body = keptBody(response);
    for await (let chunk of unzippedChunks(response, body.add)) {
      while (chunk.length) {
        const count = Math.min(BLOCK - used, chunk.length);
        block.set(chunk.subarray(0, count), used);
        used += count;
        chunk = chunk.subarray(count);
        if (used === BLOCK) {
          postMessage({ chunk: block }, [block.buffer]);
          block = new Uint8Array(BLOCK);
          used = 0;
        }
      }
    }
    if (used) postMessage({ chunk: block.subarray(0, used) }, [block.buffer]);
    postMessage({ done: true, digest: await digestOf(body.pieces()) });
  } catch (error) {
    postMessage({ error: String(error?.message || error) });
  }
};
