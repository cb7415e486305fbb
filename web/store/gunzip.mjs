// A gzip file opened within a bound: a campaign file of a few megabytes may open to a hundred, but a small file can
// also hold gigabytes of nothing (a "gzip bomb": 2 MB of gzip are 2 GiB of spaces), which would fill a tablet's tab
// before anything could refuse it. So the bytes are counted as they come out, and past the bound the reading stops
// and the file is refused: memory never holds more than the bound. The size the file states (its last four bytes,
// RFC 1952 §2.3.1 ISIZE: the size modulo 2^32) sizes the one buffer the bytes are written into (no copy at the end).
// A file stating more than the bound is refused whatever it holds, so nothing of it is kept: it is only counted, to
// say whether it is too large (a bomb) or damaged (a file cut short ends in bytes that state anything). Content past
// the stated size can only end in a refusal: the decompressor checks that size at the end (a DecompressionStream reads
// one gzip member), so a content longer than stated is either damaged or, to agree with it modulo 2^32, 4 GiB longer,
// past any bound below that; the reading stops there too, as damaged.
//
// A DecompressionStream opens each chunk written to it whole before anything can stop it, and deflate opens up to
// 1,032 times (RFC 1951's longest match in a few bits): a file's chunk of 64 KiB may be 64 MiB opened, and a browser
// may hand a small file over as one chunk (2 GiB at once). So the file is written to it FEED bytes at a time, each
// once the last was taken in: what is opened and not yet counted stays within FEED × 1,032 bytes.
// Pure: no DOM, runs under node --test.

/** The least size of a gzip file: a 10-byte header and an 8-byte trailer (RFC 1952 §2.3). */
const GZIP_LEAST = 18;
/** ISIZE counts modulo this: a bound below it makes the stated size the most a file within the bound can hold. */
const ISIZE_WRAP = 2 ** 32;
/** Bytes of the file written to the decompressor at a time (at most 68 MB opened from them). */
export const FEED = 1 << 16;

/** A file whose content is larger than the bound (``limit``, in bytes): the opening stopped there. */
export class TooLargeError extends Error {
  constructor(limit) {
    super(
      `This file is too large to be a campaign: opened, it holds more than ${megabytes(limit)}, more than any campaign file can. Opening it stopped there.`,
    );
    this.name = "TooLargeError";
    this.limit = limit;
  }
}

/** Bytes in words a person reads ("600 MB", "2.1 GB"). */
export function megabytes(bytes) {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1).replace(/\.0$/, "")} GB`;
  return `${Math.max(1, Math.round(bytes / 1e6)).toLocaleString("en")} MB`;
}

/** The size a gzip file states for its content: ISIZE, the last four bytes little-endian (the size modulo 2^32, so
 * an honest file larger than 4 GiB states less; the reading's own count still stops it). Null for a file too short. */
export async function statedSize(blob) {
  if (blob.size < GZIP_LEAST) return null;
  return new DataView(await blob.slice(blob.size - 4).arrayBuffer()).getUint32(0, true);
}

/** Gzip whose content runs past the size its trailer states: it cannot end well (see above). */
export class MoreThanStatedError extends Error {
  constructor(stated) {
    super(
      `This compressed file is damaged: it holds more than the ${stated.toLocaleString("en")} bytes it says it holds.`,
    );
    this.name = "MoreThanStatedError";
  }
}

/**
 * The content of gzip ``blob`` (a Blob or File) as one Uint8Array of at most ``limit`` bytes. One whose content
 * passes the bound is refused as soon as it does (the decompression is cancelled): TooLargeError. Content past the
 * stated size (a bound below 4 GiB) stops the reading there: MoreThanStatedError. A file stating more than the bound
 * is only counted, never kept: TooLargeError at the bound, else it is damaged. Other damage throws what
 * DecompressionStream throws.
 */
export async function gunzipBounded(blob, limit) {
  const stated = await statedSize(blob);
  if (stated !== null && stated > limit) return countOnly(blob, limit);
  const most = stated !== null && limit < ISIZE_WRAP ? stated : limit; // the most this file can hold and still open
  const inflate = new DecompressionStream("gzip");
  const reader = inflate.readable.getReader();
  feed(blob, inflate.writable); // its failure is the reader's too
  // sized as stated: a file that opens fills it exactly; without a stated size it grows, never past the bound
  let buffer = new Uint8Array(stated ?? Math.min(limit, 1 << 20));
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (length + value.length > most)
        throw most === limit ? new TooLargeError(limit) : new MoreThanStatedError(stated);
      if (length + value.length > buffer.length) {
        const grown = new Uint8Array(Math.min(limit, Math.max(buffer.length * 2, length + value.length)));
        grown.set(buffer.subarray(0, length));
        buffer = grown;
      }
      buffer.set(value, length);
      length += value.length;
    }
  } catch (error) {
    reader.cancel().catch(() => {}); // stop decompressing: nothing more is written to it
    throw error;
  }
  return length === buffer.length ? buffer : buffer.slice(0, length);
}

/** A file refused whatever it holds (it states more than ``limit``): opened and counted, nothing kept, to say why. */
async function countOnly(blob, limit) {
  const inflate = new DecompressionStream("gzip");
  const reader = inflate.readable.getReader();
  feed(blob, inflate.writable);
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.length;
      if (length > limit) throw new TooLargeError(limit);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }
  throw new Error("The file holds less than it says."); // the decompressor's own check refuses it first
}

/** Write ``blob``'s bytes into ``writable`` FEED bytes at a time, each once the one before was taken in (its write
 * settles once the decompressor has opened it, which waits until what it opened before was read). */
async function feed(blob, writable) {
  const writer = writable.getWriter();
  const source = blob.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await source.read();
      if (done) break;
      for (let at = 0; at < value.length; at += FEED) await writer.write(value.subarray(at, at + FEED));
    }
    await writer.close();
  } catch (error) {
    // the reading stopped (refused, or damaged): so does the file's
    source.cancel().catch(() => {});
    writer.abort(error).catch(() => {});
  }
}
