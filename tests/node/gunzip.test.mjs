// The bounded opening of a gzip file (web/store/gunzip.mjs) and what Import reads of a file before the engine
// (web/store/files.mjs: the bound from the catalog, a file holding no campaign data). Run by node --test
// (tests/test_page_modules_node.py runs each file); the catalog is the one build.py writes to dist/ (or CATALOG_JSON).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { constants, crc32, deflateRawSync, gunzipSync, gzipSync } from "node:zlib";
import { gunzipBounded, MoreThanStatedError, statedSize, TooLargeError } from "../../web/store/gunzip.mjs";
import { campaignFileBound, notACampaign } from "../../web/store/files.mjs";

const MiB = 1 << 20;

/** gzip of ``size`` bytes of spaces (any size), its trailer's size field written as ``stated``. Each size is made
 * once and copied for each trailer. */
function bigSpaces(size, stated) {
  if (!compressed.has(size)) compressed.set(size, compressSpaces(size));
  const zipped = Buffer.from(compressed.get(size));
  zipped.writeUInt32LE(stated, zipped.length - 4);
  return new Blob([zipped]);
}

const compressed = new Map();
const PIECE = 16 * MiB;

/** A whole gzip file (RFC 1952) of ``size`` spaces, its trailer honest, made without deflating all of them (512 MiB at
 * level 9 took seconds): the first 16 MiB are deflated alone, and every later 16 MiB are deflated once with a window
 * of spaces before them (a preset dictionary), which is what precedes each of them in the file; each piece ends in
 * a sync flush (byte-aligned, not final), so the pieces follow one another as one deflate stream (RFC 1951), ended
 * by an empty final block. The CRC-32 is computed over the spaces. */
function compressSpaces(size) {
  const piece = Buffer.alloc(PIECE, 0x20);
  const sync = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
  const after = { ...sync, dictionary: piece.subarray(0, 32 * 1024) };
  const parts = [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3])]; // deflate, no name, no time, Unix
  const whole = size > 2 * PIECE ? deflateRawSync(piece, after) : null; // a full piece after the first, deflated once
  let crc = 0;
  for (let left = size; left > 0; left -= PIECE) {
    const data = left >= PIECE ? piece : piece.subarray(0, left);
    crc = crc32(data, crc);
    if (parts.length === 1) parts.push(deflateRawSync(data, sync));
    else parts.push(whole && data.length === PIECE ? whole : deflateRawSync(data, after));
  }
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  return Buffer.concat([...parts, trailer]);
}

/** gzip of ``size`` bytes of spaces, its trailer's size field (ISIZE) written as ``stated`` when given. */
function spaces(size, stated = null) {
  const zipped = gzipSync(Buffer.alloc(size, 0x20), { level: 9 });
  if (stated !== null) zipped.writeUInt32LE(stated, zipped.length - 4);
  return new Blob([zipped]);
}

test("the bombs below are whole gzip files of spaces, as Node's own gunzip checks them (CRC-32 and size)", () => {
  for (const size of [0, 100, PIECE, 2 * PIECE + 7]) {
    assert.ok(gunzipSync(compressSpaces(size)).equals(Buffer.alloc(size, 0x20)), `${size} spaces`);
  }
});

test("a gzip file within the bound opens to its exact bytes", async () => {
  const text = JSON.stringify({
    schema: "rules-companion.campaign/1",
    name: "Masks of Nyarlathotep — ünïcode",
    log: Array.from({ length: 500 }, (_, i) => ({ id: `e-${i}` })),
  });
  const bytes = await gunzipBounded(new Blob([gzipSync(text)]), 10 * MiB);
  assert.equal(new TextDecoder().decode(bytes), text);
  assert.equal(bytes.length, bytes.buffer.byteLength, "written into one buffer of the size the file states");
});

test("content exactly at the bound opens; one byte more is refused", async () => {
  assert.equal((await gunzipBounded(spaces(MiB), MiB)).length, MiB);
  await assert.rejects(gunzipBounded(spaces(MiB + 1), MiB), TooLargeError);
});

test("a file stating a size past the bound is counted, not kept, and refused at the bound", async () => {
  const bomb = bigSpaces(512 * MiB, 512 * MiB); // its trailer honest
  assert.equal(await statedSize(bomb), 512 * MiB);
  const peak = () => process.resourceUsage().maxRSS * 1024;
  const before = peak();
  const error = await gunzipBounded(bomb, 16 * MiB).catch((thrown) => thrown);
  assert.ok(error instanceof TooLargeError, String(error));
  assert.match(error.message, /too large to be a campaign: opened, it holds more than 17 MB.*Opening it stopped there/);
  assert.ok(peak() - before < 128 * MiB, `grew by ${Math.round((peak() - before) / MiB)} MiB`);
});

test("a file cut short is damaged, whatever its last bytes state", async () => {
  const whole = gzipSync(
    JSON.stringify({ name: "Masks", log: Array.from({ length: 2000 }, (_, i) => ({ id: `e-${i}`, roll: i * 7 })) }),
  );
  for (const cut of [whole.length / 2, whole.length - 3, 40].map(Math.floor)) {
    const error = await gunzipBounded(new Blob([whole.subarray(0, cut)]), MiB).catch((thrown) => thrown);
    assert.ok(error instanceof Error && !(error instanceof TooLargeError), `${cut}: ${error}`);
  }
});

test("a bomb whose trailer states the bound stops at the bound: memory never holds it", async () => {
  const bomb = bigSpaces(512 * MiB, 16 * MiB); // 512 MiB of spaces in half a megabyte, its trailer forged
  const peak = () => process.resourceUsage().maxRSS * 1024; // the process's most memory so far, in bytes
  const before = peak();
  const error = await gunzipBounded(bomb, 16 * MiB).catch((thrown) => thrown);
  assert.ok(error instanceof TooLargeError, String(error));
  assert.match(error.message, /more than 17 MB.*Opening it stopped there/);
  assert.ok(peak() - before < 256 * MiB, `grew by ${Math.round((peak() - before) / MiB)} MiB`);
});

test("a bomb whose trailer states less stops where its content passes that size, as damaged", async () => {
  const bomb = bigSpaces(512 * MiB, 1000); // only opening tells the trailer lies
  const peak = () => process.resourceUsage().maxRSS * 1024;
  const before = peak();
  const error = await gunzipBounded(bomb, 16 * MiB).catch((thrown) => thrown);
  assert.ok(error instanceof MoreThanStatedError, String(error));
  assert.match(error.message, /damaged: it holds more than the 1,000 bytes it says/);
  assert.ok(peak() - before < 256 * MiB, `grew by ${Math.round((peak() - before) / MiB)} MiB`);
});

test("without a bound below 4 GiB a trailer that states less is the decompressor's to refuse", async () => {
  const error = await gunzipBounded(spaces(3 * MiB + 17, 5), Infinity).catch((thrown) => thrown);
  assert.ok(
    error instanceof Error && !(error instanceof TooLargeError) && !(error instanceof MoreThanStatedError),
    String(error),
  );
});

test("damaged gzip is an error, not a too-large refusal", async () => {
  const zipped = gzipSync('{"name": "Masks"}'.repeat(1000));
  zipped[zipped.length - 20] ^= 0xff;
  const error = await gunzipBounded(new Blob([zipped]), MiB).catch((thrown) => thrown);
  assert.ok(error instanceof Error && !(error instanceof TooLargeError));
  const cut = await gunzipBounded(new Blob([zipped.subarray(0, 12)]), MiB).catch((thrown) => thrown);
  assert.ok(cut instanceof Error && !(cut instanceof TooLargeError));
});

const CATALOG = process.env.CATALOG_JSON || new URL("../../dist/catalog.json", import.meta.url).pathname;

test("the bound is the longest file text the engine checks, at four bytes a character", {
  skip: !existsSync(CATALOG) && "no catalog: build first",
}, () => {
  const catalog = JSON.parse(readFileSync(CATALOG, "utf8"));
  const text = catalog.operations
    .find((op) => op.id === "campaign.check_file")
    .params.find((param) => param.name === "text");
  assert.ok(text.max_length > 0);
  assert.equal(campaignFileBound(catalog), 4 * text.max_length);
  assert.equal(campaignFileBound({ operations: [] }), null);
  assert.equal(campaignFileBound(null), null);
});

test("a file holding no campaign data says what it holds instead", () => {
  for (const [data, words] of [
    [null, "only an empty value"],
    [[], "only an empty list"],
    [[1, 2], "a list of 2 items"],
    [42, "only the number 42"],
    [true, "only the value true"],
    ["x", "one piece of text"],
  ]) {
    const message = notACampaign(data);
    assert.ok(message.startsWith("This file is not a campaign: it holds no campaign data"), message);
    assert.ok(message.includes(words), message);
  }
  assert.equal(notACampaign({ name: "Masks" }), null);
  assert.equal(notACampaign({}), null);
});
