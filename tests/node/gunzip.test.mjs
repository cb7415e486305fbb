// The bounded opening of a gzip file (web/store/gunzip.mjs) and what Import reads of a file before the engine
// (web/store/files.mjs: the bound from the catalog, a file holding no campaign data). Run by node --test
// (tests/test_page_modules_node.py runs each file); the catalog is the one build.py writes to dist/ (or CATALOG_JSON).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { createGzip, gzipSync } from "node:zlib";
import { gunzipBounded, MoreThanStatedError, statedSize, TooLargeError } from "../../web/store/gunzip.mjs";
import { campaignFileBound, notACampaign } from "../../web/store/files.mjs";

const MiB = 1 << 20;

/** gzip of ``size`` bytes of spaces (any size: written 16 MiB at a time), its trailer's size field written as
 * ``stated``. Each size is compressed once (512 MiB take seconds) and copied for each trailer. */
async function bigSpaces(size, stated) {
  if (!compressed.has(size)) compressed.set(size, compressSpaces(size));
  const zipped = Buffer.from(await compressed.get(size));
  zipped.writeUInt32LE(stated, zipped.length - 4);
  return new Blob([zipped]);
}

const compressed = new Map();

async function compressSpaces(size) {
  const gzip = createGzip({ level: 9 });
  const pieces = [];
  gzip.on("data", (piece) => pieces.push(piece));
  const done = new Promise((resolve) => gzip.on("end", resolve));
  const piece = Buffer.alloc(16 * MiB, 0x20);
  for (let left = size; left > 0; left -= piece.length) {
    if (!gzip.write(left >= piece.length ? piece : piece.subarray(0, left)))
      await new Promise((resolve) => gzip.once("drain", resolve));
  }
  gzip.end();
  await done;
  return Buffer.concat(pieces);
}

/** gzip of ``size`` bytes of spaces, its trailer's size field (ISIZE) written as ``stated`` when given. */
function spaces(size, stated = null) {
  const zipped = gzipSync(Buffer.alloc(size, 0x20), { level: 9 });
  if (stated !== null) zipped.writeUInt32LE(stated, zipped.length - 4);
  return new Blob([zipped]);
}

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
  const bomb = await bigSpaces(512 * MiB, 512 * MiB); // its trailer honest
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
  const bomb = await bigSpaces(512 * MiB, 16 * MiB); // 512 MiB of spaces in half a megabyte, its trailer forged
  const peak = () => process.resourceUsage().maxRSS * 1024; // the process's most memory so far, in bytes
  const before = peak();
  const error = await gunzipBounded(bomb, 16 * MiB).catch((thrown) => thrown);
  assert.ok(error instanceof TooLargeError, String(error));
  assert.match(error.message, /more than 17 MB.*Opening it stopped there/);
  assert.ok(peak() - before < 256 * MiB, `grew by ${Math.round((peak() - before) / MiB)} MiB`);
});

test("a bomb whose trailer states less stops where its content passes that size, as damaged", async () => {
  const bomb = await bigSpaces(512 * MiB, 1000); // only opening tells the trailer lies
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
