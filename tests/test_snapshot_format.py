"""The packed memory snapshot (web/snapshot.mjs, issue 19): what the build packs, the engine worker unpacks
byte for byte, whatever the download's chunking; and a download cut short, padded, damaged or made for
another Pyodide build is refused with the image's header left zero, so Pyodide can never restore a memory
that is only partly written. Run in Node on the page's own module."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

SCRIPT = r"""
import { withoutZeroRuns, fill, unzippedChunks } from "%(module)s";
import { gzipSync } from "node:zlib";

// A memory like Pyodide's: a header with a build id, then data with runs of zeros of every length.
let seed = 7;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
function memory(size) {
  const bytes = new Uint8Array(size);
  const words = new Uint32Array(bytes.buffer, 0, 12);
  words[0] = 0x1234abcd;
  for (let i = 4; i < 12; i += 1) words[i] = 0x01020304 * i;
  let at = 48;
  while (at < size) {
    const run = Math.floor(random() * (random() < 0.3 ? 5000 : 300));
    if (random() < 0.5) at += run; // zeros
    else for (const end = Math.min(size, at + run); at < end; at += 1) bytes[at] = 1 + Math.floor(random() * 255);
  }
  return bytes;
}
const idOf = (bytes) => Array.from(new Uint32Array(bytes.buffer, 0, 12).subarray(4, 12), (w) => w.toString(16).padStart(8, "0")).join("");
async function* pieces(bytes, sizes) {
  let at = 0, i = 0;
  while (at < bytes.length) { const n = sizes[i++ %% sizes.length]; yield bytes.slice(at, at + n); at += n; }
}
async function attempt(chunks, info) {
  const image = new Uint8Array(info.bytes);
  try { await fill(chunks, info, image); return { ok: true, image }; }
  catch (error) { return { ok: false, error: String(error.message), header: Array.from(image.subarray(0, 64)).every((b) => b === 0) }; }
}

const out = {};
const original = memory(300000);
const packed = withoutZeroRuns(original);
const info = { bytes: original.length, packed_bytes: packed.length, build_id: idOf(original) };
out.smaller = packed.length < original.length;
out.chunkings = [];
for (const sizes of [[packed.length], [1], [3, 7, 64], [4096], [65536, 17]]) {
  const result = await attempt(pieces(packed, sizes), info);
  out.chunkings.push(result.ok && Buffer.compare(Buffer.from(result.image), Buffer.from(original)) === 0);
}
const gz = gzipSync(packed);
const viaGzip = await attempt(unzippedChunks(new Response(gz)), info);
out.gzip = viaGzip.ok && Buffer.compare(Buffer.from(viaGzip.image), Buffer.from(original)) === 0;
const viaPlain = await attempt(unzippedChunks(new Response(packed)), info);
out.plain = viaPlain.ok && Buffer.compare(Buffer.from(viaPlain.image), Buffer.from(original)) === 0;
out.truncated = await attempt(pieces(packed.slice(0, packed.length - 1000), [4096]), info);
out.truncatedGzip = await attempt(unzippedChunks(new Response(gz.slice(0, gz.length >> 1))), info);
const padded = new Uint8Array(packed.length + 5); padded.set(packed);
out.padded = await attempt(pieces(padded, [4096]), info);
out.otherBuild = await attempt(pieces(packed, [4096]), { ...info, build_id: "0".repeat(64) });
const damaged = packed.slice(); new DataView(damaged.buffer).setUint32(8, original.length, true); // first offset past the end
out.damagedTable = await attempt(pieces(damaged, [4096]), info);
const notPacked = original.slice(0, packed.length);
out.notPacked = await attempt(pieces(notPacked, [4096]), info);
const empty = await attempt(pieces(new Uint8Array(0), [1]), info);
out.empty = empty;
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    if not NODE:
        pytest.skip("node is not installed")
    script = tmp_path_factory.mktemp("snapshot") / "check.mjs"
    script.write_text(SCRIPT % {"module": (ROOT / "web" / "snapshot.mjs").as_uri()}, encoding="utf-8")
    done = subprocess.run([NODE, str(script)], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


def test_the_packed_snapshot_is_smaller_and_unpacks_to_the_same_memory_whatever_the_chunks(results):
    assert results["smaller"]
    assert results["chunkings"] == [True] * 5


def test_the_snapshot_unpacks_gzipped_and_already_decoded_by_the_host(results):
    assert results["gzip"] and results["plain"]


@pytest.mark.parametrize("case, reason", [
    ("truncated", "bytes instead of"),
    ("truncatedGzip", ""),
    ("padded", "more than the"),
    ("otherBuild", "another Pyodide build"),
    ("damagedTable", "out of place"),
    ("notPacked", "not a packed snapshot"),
    ("empty", "0 bytes instead of"),
])
def test_a_broken_snapshot_is_refused_and_leaves_the_header_zero(results, case, reason):
    result = results[case]
    assert result["ok"] is False, case
    assert reason in result["error"], result
    assert result["header"] is True, "a refused snapshot must leave the header Pyodide checks zero"
