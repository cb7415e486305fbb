// A campaign as one JSON file: export through <a download> on an object URL (revoked after), and the Web
// Share sheet with the file where the device has one; import reads the text, and the engine checks the whole file
// from that text, once (campaign.check_file), before anything is written.
//
// A long campaign is written gzip-compressed where the browser has CompressionStream: its JSON
// repeats sheets and traces, so 10,000 log entries shrink from about 60 MB to a few. A small campaign stays
// plain JSON that a person can open and read. Import reads both: a gzip file is recognised by its first bytes,
// whatever its name.

import { gzipPieces } from "./gzip.mjs";
import { gunzipBounded, megabytes } from "./gunzip.mjs";
import { jsonPieces } from "./json_pieces.mjs";

/** Past this many characters of JSON the file is compressed (where the browser can). */
export const COMPRESS_FROM = 1_000_000;
const GZIP_MAGIC = [0x1f, 0x8b];
/** Bytes of UTF-8 one character takes at most (RFC 3629): a text of n characters is at most 4n bytes. */
const UTF8_MOST = 4;

/** The most bytes a chosen file may hold once opened: the longest file text the engine checks (campaign.check_file's
 * ``text``: its ``max_length`` in the catalog, declared in py_rules/campaign/ops_file.py), at UTF8_MOST bytes a
 * character, so no file the engine would take is refused. Null when ``catalog`` (catalog.json) does not say. */
export function campaignFileBound(catalog) {
  const op = catalog?.operations?.find?.((each) => each.id === "campaign.check_file");
  const length = op?.params?.find?.((each) => each.name === "text")?.max_length;
  return Number.isFinite(length) && length > 0 ? length * UTF8_MOST : null;
}

export function campaignFileName(campaign, compressed = false) {
  const slug =
    String(campaign.name ?? "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "campaign";
  return `${slug}.campaign.json${compressed ? ".gz" : ""}`;
}

/** The file's content, the campaign record itself (it carries its schema): ``{blob, compressed}``. */
export async function campaignBlob(campaign) {
  const indent = (campaign.log?.length ?? 0) > 200 ? 0 : 2; // a long log stays compact (tens of MB otherwise)
  return jsonFileBlob(campaign, indent);
}

/** Any of the app's files as JSON, compressed past COMPRESS_FROM characters where the browser can. A long file is
 * written a piece at a time and compressed on another thread meanwhile (store/gzip.mjs: export of 10,000
 * entries within a second); it is the same text as JSON.stringify's. */
export async function jsonFileBlob(value, indent = 0) {
  const plainFile = (text) => ({ blob: new Blob([text], { type: "application/json" }), compressed: false });
  if (indent || typeof CompressionStream !== "function") {
    const text = JSON.stringify(value, null, indent);
    if (text.length < COMPRESS_FROM || typeof CompressionStream !== "function") return plainFile(text);
    return { blob: new Blob([await gzipPieces(() => [text])], { type: "application/gzip" }), compressed: true };
  }
  const head = [];
  let length = 0;
  const pieces = jsonPieces(value);
  while (length < COMPRESS_FROM) {
    // short files stay plain JSON: the first COMPRESS_FROM characters say which
    const { done, value: piece } = pieces.next(); // (not for…of: leaving it would close the generator)
    if (done) break;
    head.push(piece);
    length += piece.length;
  }
  if (length < COMPRESS_FROM) return plainFile(head.join(""));
  let first = true;
  const again = () => {
    // the pieces from the start: those read above, then the rest (or all anew, if asked twice)
    if (!first) return jsonPieces(value);
    first = false;
    return (function* rest() {
      yield* head;
      yield* pieces;
    })();
  };
  return { blob: new Blob([await gzipPieces(again)], { type: "application/gzip" }), compressed: true };
}

/** A chosen file's bytes, decompressed first when it is gzip (and the browser can), never more than ``limit`` bytes
 * (null: no bound): a larger file is refused before it is read, a gzip file as soon as its content passes the bound
 * (store/gunzip.mjs), so memory never holds more. */
async function fileBytes(file, limit = null) {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) {
    if (limit !== null && file.size > limit) {
      throw new Error(
        `This file is too large to be a campaign: it holds ${megabytes(file.size)}, more than any campaign file can (at most ${megabytes(limit)}). It was not opened.`,
      );
    }
    return new Uint8Array(await file.arrayBuffer());
  }
  if (typeof DecompressionStream !== "function") {
    throw new Error(
      "This file is compressed, and this browser cannot open compressed files. Open it on a newer browser, or export it again from there.",
    );
  }
  try {
    return await gunzipBounded(file, limit ?? Infinity);
  } catch (error) {
    if (error.name === "TooLargeError" || error.name === "MoreThanStatedError") throw error;
    throw new Error("This compressed file is damaged or incomplete: it could not be opened.");
  }
}

export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** True when the Share sheet can take this file (iPad: AirDrop a campaign to another tablet). */
export function canShareFile(blob, name) {
  if (!navigator.canShare) return false;
  try {
    return navigator.canShare({ files: [new File([blob], name, { type: blob.type })] });
  } catch {
    return false;
  }
}

export async function shareFile(blob, name, title) {
  await navigator.share({ files: [new File([blob], name, { type: blob.type })], title });
}

/** A chosen file's text (decompressed first when it is gzip), read as UTF-8 as ``file.text()`` reads it, and its
 * ``bytes`` (the engine reads those: campaign.check_file): ``{text, bytes, problems}``; a file that cannot be read
 * is one problem with the path "(file)". ``limit``: as readFileBytes. */
export async function readFileText(file, { limit = null } = {}) {
  const read = await readFileBytes(file, { limit });
  if (read.problems.length) return { text: null, ...read };
  try {
    return { text: new TextDecoder().decode(read.bytes), ...read };
  } catch {
    // longer than the longest text this browser holds
    return {
      text: null,
      bytes: null,
      problems: [
        {
          path: "(file)",
          message: "This file is too long for this browser to read as text: it is not a file this app can open.",
        },
      ],
    };
  }
}

/** A chosen file's bytes, decompressed first when it is gzip: ``{bytes, problems}`` (as readFileText). ``limit``: the
 * most bytes it may hold opened (campaignFileBound), past which it is one problem and reading stops; null for none. */
export async function readFileBytes(file, { limit = null } = {}) {
  try {
    return { bytes: await fileBytes(file, limit), problems: [] };
  } catch (error) {
    return { bytes: null, problems: [{ path: "(file)", message: error.message }] };
  }
}

/** A file's text as JSON: ``{data, text, problems}``, ``text`` being the JSON text of ``data`` as written in the file
 * (the engine checks that text: campaign.check_file); a parse failure is one problem with the path "(file)". A file
 * holding a campaign written as one JSON text (a campaign saved by a tool that quoted it) is read as that campaign,
 * and ``text`` is the quoted text. */
export function parseJsonText(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return {
      data: null,
      text,
      problems: [{ path: "(file)", message: `This is not a campaign file: it is not valid JSON (${error.message}).` }],
    };
  }
  if (typeof data !== "string") return { data, text, problems: [] };
  try {
    const inner = JSON.parse(data);
    if (inner && typeof inner === "object" && !Array.isArray(inner)) return { data: inner, text: data, problems: [] };
  } catch {
    /* not JSON inside: said below */
  }
  return {
    data: null,
    text,
    problems: [
      {
        path: "(file)",
        message: `This is not a campaign file: it holds one piece of text (“${data.slice(0, 60)}${data.length > 60 ? "…" : ""}”), not a campaign.`,
      },
    ],
  };
}

/** Why a file's JSON value (``data``, parseJsonText's) is no campaign when it is not an object, in plain words naming
 * what it holds instead; null for an object (the engine's check says the rest). */
export function notACampaign(data) {
  if (data !== null && typeof data === "object" && !Array.isArray(data)) return null;
  const held =
    data === null
      ? "only an empty value (null)"
      : Array.isArray(data)
        ? data.length
          ? `only a list of ${data.length.toLocaleString("en")} ${data.length === 1 ? "item" : "items"}`
          : "only an empty list"
        : typeof data === "number"
          ? `only the number ${String(data).slice(0, 30)}`
          : typeof data === "boolean"
            ? `only the value ${data}`
            : `only one piece of text (“${String(data).slice(0, 60)}${String(data).length > 60 ? "…" : ""}”)`;
  return `This file is not a campaign: it holds no campaign data, ${held}.`;
}

/** Read a chosen file as JSON: ``{data, text, problems}`` (readFileText with ``limit``, then parseJsonText). */
export async function readJsonFile(file, { limit = null } = {}) {
  const read = await readFileText(file, { limit });
  return read.problems.length ? { data: null, text: null, problems: read.problems } : parseJsonText(read.text);
}
