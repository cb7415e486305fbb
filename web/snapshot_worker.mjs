// The snapshot's download and gunzip, on a thread of its own (snapshot.mjs chunksOf; issue 19: boot time).
// Asked for a URL, it posts the unpacked bytes in blocks of about a megabyte (moved, not copied), then
// {done: true}, or {error} at the first failure.
import { unzippedChunks } from "./snapshot.mjs";

const BLOCK = 1 << 20;

onmessage = async ({ data }) => {
  try {
    let block = new Uint8Array(BLOCK);
    let used = 0;
    for await (let chunk of unzippedChunks(await fetch(data.url))) {
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
    postMessage({ done: true });
  } catch (error) {
    postMessage({ error: String(error?.message || error) });
  }
};
