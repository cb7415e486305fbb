"""The packed memory snapshot (web/snapshot.mjs): what the build packs, the engine worker unpacks
byte for byte, whatever the download's chunking; and a download cut short, padded, damaged, replaced or made
for another Pyodide build is refused with the image's header left zero, so Pyodide can never restore a memory
that is only partly written or not the one described. The description must name this site's build and wheel
(`refusal`) and the bytes that arrive must have its SHA-256 (`bytesRefusal`). Run in Node on the page's own
module."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

SCRIPT = r"""
import { withoutZeroRuns, fill, unzippedChunks, digestOf, keptBody, refusal, bytesRefusal } from "%(module)s";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";

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
/** A download's unpacked chunks and, once they are all read, the digest of its body as it arrived (as the
 * engine's helper thread does it: snapshot_worker.mjs). */
function download(body, headers = {}) {
  let hashed;
  const digest = new Promise((resolve) => { hashed = resolve; });
  const chunks = (async function* () {
    // in pieces of 1000 bytes, as a network would hand them over
    const stream = new ReadableStream({
      start(controller) {
        for (let at = 0; at < body.length; at += 1000) controller.enqueue(body.slice(at, at + 1000));
        controller.close();
      },
    });
    const response = new Response(stream, { headers });
    const kept = keptBody(response);
    yield* unzippedChunks(response, kept.add);
    hashed(digestOf(kept.pieces()));
  })();
  return { chunks, digest };
}
async function attempt(chunks, info, digest) {
  const image = new Uint8Array(info.bytes);
  try { await fill(chunks, info, image, digest); return { ok: true, image }; }
  catch (error) { return { ok: false, error: String(error.message), header: Array.from(image.subarray(0, 64)).every((b) => b === 0) }; }
}
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
const same = (result, bytes) => result.ok && Buffer.compare(Buffer.from(result.image), Buffer.from(bytes)) === 0;

const out = {};
const original = memory(300000);
const packed = withoutZeroRuns(original);
const gz = gzipSync(packed);
const info = { bytes: original.length, packed_bytes: packed.length, build_id: idOf(original),
               packed_sha256: sha256(packed), gz_sha256: sha256(gz) };
// packed bytes handed over as they are, hashed as the host-decoded download would be
const plainDigest = digestOf([packed]);
out.smaller = packed.length < original.length;
out.chunkings = [];
for (const sizes of [[packed.length], [1], [3, 7, 64], [4096], [65536, 17]]) {
  const result = await attempt(pieces(packed, sizes), info, plainDigest);
  out.chunkings.push(same(result, original));
}
const viaGzip = download(gz);
out.gzip = same(await attempt(viaGzip.chunks, info, viaGzip.digest), original);
out.gzipDigest = await viaGzip.digest;
const viaPlain = download(packed);
out.plain = same(await attempt(viaPlain.chunks, info, viaPlain.digest), original);
out.plainDigest = await viaPlain.digest;
out.hashes = { gz: sha256(gz), packed: sha256(packed) };
// the host's Content-Length right, too short, too long, or beside a Content-Encoding: the same digest
out.keptDigests = [];
for (const headers of [{ "Content-Length": String(gz.length) }, { "Content-Length": "5000" },
                       { "Content-Length": String(gz.length + 3) }, { "Content-Length": "10", "Content-Encoding": "br" }]) {
  const kept = download(gz, headers);
  for await (const chunk of kept.chunks) void chunk;
  out.keptDigests.push((await kept.digest).sha256);
}
out.truncated = await attempt(pieces(packed.slice(0, packed.length - 1000), [4096]), info, plainDigest);
const cut = download(gz.slice(0, gz.length >> 1));
out.truncatedGzip = await attempt(cut.chunks, info, cut.digest);
const padded = new Uint8Array(packed.length + 5); padded.set(packed);
out.padded = await attempt(pieces(padded, [4096]), info, plainDigest);
out.otherBuild = await attempt(pieces(packed, [4096]), { ...info, build_id: "0".repeat(64) }, plainDigest);
const damaged = packed.slice(); new DataView(damaged.buffer).setUint32(8, original.length, true); // first offset past the end
out.damagedTable = await attempt(pieces(damaged, [4096]), info, plainDigest);
const notPacked = original.slice(0, packed.length);
out.notPacked = await attempt(pieces(notPacked, [4096]), info, plainDigest);
const empty = await attempt(pieces(new Uint8Array(0), [1]), info, digestOf([]));
out.empty = empty;
// 4 kB flipped in the middle of the memory: still a well-formed packed file of the right size and Pyodide
// build, and (compressed afresh) a well-formed gzip file; only its SHA-256 tells it apart.
const flipped = packed.slice();
for (let i = packed.length >> 1, end = i + 4096; i < end; i += 1) flipped[i] ^= 0xff;
const flippedGz = download(gzipSync(flipped));
out.flippedGzip = await attempt(flippedGz.chunks, info, flippedGz.digest);
const flippedPlain = download(flipped);
out.flippedPlain = await attempt(flippedPlain.chunks, info, flippedPlain.digest);
out.notHashed = await attempt(pieces(packed, [4096]), info, undefined);
out.noGzipHash = await attempt(download(gz).chunks, { ...info, gz_sha256: undefined }, digestOf([gz]));

// The description's names against the site's (refusal): the site's own files, and variations of one field.
const site = { sources: "a".repeat(64), wheel: "py_rules-0.1.0-py3-none-any.whl", wheel_sha256: "b".repeat(64) };
const described = { ...info, ...site };
out.refusals = {
  same: refusal(described, site),
  otherSources: refusal({ ...described, sources: "c".repeat(64) }, site),
  otherWheel: refusal({ ...described, wheel: "py_rules-0.2.0-py3-none-any.whl" }, site),
  otherWheelBuild: refusal({ ...described, wheel_sha256: "d".repeat(64) }, site),
  unnamed: refusal(info, site),
  siteUnnamed: refusal(info, {}),
  bothUnnamed: refusal({ ...info, sources: undefined }, { ...site, sources: undefined }),
  noHashes: refusal({ ...described, gz_sha256: undefined }, site),
  notAnObject: refusal(null, site),
};
out.bytesRefusals = {
  gzip: bytesRefusal(info, { over: "gzip", sha256: sha256(gz) }),
  packed: bytesRefusal(info, { over: "packed", sha256: sha256(packed) }),
  crossed: bytesRefusal(info, { over: "gzip", sha256: sha256(packed) }),
  none: bytesRefusal(info, undefined),
};
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


def test_the_digest_is_taken_over_the_bytes_as_they_arrived(results):
    assert results["gzipDigest"]["over"] == "gzip" and results["gzipDigest"]["sha256"] == results["hashes"]["gz"]
    assert (
        results["plainDigest"]["over"] == "packed" and results["plainDigest"]["sha256"] == results["hashes"]["packed"]
    )


def test_the_digest_is_the_same_whatever_length_the_host_announces(results):
    assert results["keptDigests"] == [results["hashes"]["gz"]] * 4


@pytest.mark.parametrize(
    "case, reason",
    [
        ("truncated", "bytes instead of"),
        ("truncatedGzip", ""),
        ("padded", "more than the"),
        ("otherBuild", "another Pyodide build"),
        ("damagedTable", "out of place"),
        ("notPacked", "not a packed snapshot"),
        ("empty", "0 bytes instead of"),
        ("flippedGzip", "do not match the SHA-256"),
        ("flippedPlain", "do not match the SHA-256"),
        ("notHashed", "were not hashed"),
        ("noGzipHash", "no SHA-256 of its gzip bytes"),
    ],
)
def test_a_broken_snapshot_is_refused_and_leaves_the_header_zero(results, case, reason):
    result = results[case]
    assert result["ok"] is False, case
    assert reason in result["error"], result
    assert result["header"] is True, "a refused snapshot must leave the header Pyodide checks zero"


def test_a_snapshot_is_taken_only_when_its_description_names_this_sites_build_and_wheel(results):
    refusals = results["refusals"]
    assert refusals["same"] is None
    assert "another build of the site" in refusals["otherSources"]
    assert "py_rules-0.2.0" in refusals["otherWheel"] and "this site installs py_rules-0.1.0" in refusals["otherWheel"]
    assert "another build of py_rules-0.1.0" in refusals["otherWheelBuild"]
    assert "does not say which build" in refusals["unnamed"]
    # a site whose files name nothing proves nothing, even against a description that names nothing either
    assert "this site does not say which build" in refusals["siteUnnamed"]
    assert "this site does not say which build" in refusals["bothUnnamed"]
    assert "no SHA-256" in refusals["noHashes"]
    assert "not readable" in refusals["notAnObject"]


def test_the_bytes_must_have_the_sha256_of_the_form_they_arrived_in(results):
    checks = results["bytesRefusals"]
    assert checks["gzip"] is None and checks["packed"] is None
    assert "do not match" in checks["crossed"]
    assert "not hashed" in checks["none"]
