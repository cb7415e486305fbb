// The compression thread of store/gzip.mjs: it says {ready} once running, takes UTF-8 bytes ({bytes}, moved) and
// at {end} posts back the gzip of them all ({buffer}, moved), or {error}.
import { gzipHere } from "./gzip.mjs";

let stream = null;

self.onmessage = async ({ data }) => {
  try {
    stream ??= gzipHere();
    if (data.bytes) stream.write(data.bytes);
    if (data.end) {
      const buffer = await stream.end();
      postMessage({ buffer }, [buffer]);
    }
  } catch (error) {
    postMessage({ error: String(error?.message || error) });
  }
};

postMessage({ ready: true });
