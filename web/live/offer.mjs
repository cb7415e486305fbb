// The two codes of joining a table (the tablet's offer, the phone's answer) as short text, and back to the SDP a
// WebRTC connection takes. A full offer is ~590 characters (a QR code too dense for a phone's camera); only four
// of its fields are not the same in every data-channel offer: the ICE user fragment and password, the DTLS
// certificate's SHA-256 fingerprint and the host candidates. Those fit in ~120 characters, and the rest of the
// SDP is written back around them (RFC 8866 lines, RFC 8839 ICE attributes, RFC 8841 SCTP over DTLS). Pure:
// no browser API, so Node checks it.

const PREFIX = "RT1";
const KINDS = { O: "offer", A: "answer" };
const ICE_CHARS = /^[A-Za-z0-9+/]{4,256}$/; // RFC 8839 §5.4: ice-char = ALPHA / DIGIT / "+" / "/"
const B64URL = /^[A-Za-z0-9_-]*$/;
const MAX_CANDIDATES = 4;
const MAX_TEXT = 2000;

/** A plain sentence for a code that cannot be read (shown to people as it is). */
export class OfferError extends Error {}

const toB64 = (bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromB64 = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** The fields of an SDP offer or answer that the code carries: {kind, ufrag, pwd, fingerprint, candidates}. */
export function essentials(sdp, kind) {
  const lines = String(sdp).split(/\r?\n/);
  const value = (name) =>
    lines
      .find((line) => line.startsWith(`a=${name}:`))
      ?.slice(name.length + 3)
      .trim();
  const ufrag = value("ice-ufrag");
  const pwd = value("ice-pwd");
  const print = value("fingerprint") ?? "";
  const [algorithm, hex] = print.split(" ");
  if (!ufrag || !pwd || algorithm?.toLowerCase() !== "sha-256" || !hex) {
    throw new OfferError("This connection description has no ICE credentials or no SHA-256 fingerprint.");
  }
  const candidates = [];
  for (const line of lines) {
    // a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> …
    const parts = line.startsWith("a=candidate:") ? line.slice(12).trim().split(/\s+/) : [];
    if (parts.length >= 8 && parts[1] === "1" && parts[2].toLowerCase() === "udp" && parts[7] === "host") {
      const candidate = { address: parts[4], port: Number(parts[5]) };
      if (!candidates.some((c) => c.address === candidate.address && c.port === candidate.port)) {
        candidates.push(candidate);
      }
    }
  }
  return { kind, ufrag, pwd, fingerprint: hex.toUpperCase(), candidates: candidates.slice(0, MAX_CANDIDATES) };
}

function packCandidate({ address, port }) {
  const v4 = address.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  const portBytes = [port >> 8, port & 255];
  if (v4) return toB64([...v4.slice(1).map(Number), ...portBytes]);
  return toB64([...new TextEncoder().encode(`${address} ${port}`)]); // an mDNS name or an IPv6 address, as text
}

function unpackCandidate(text) {
  if (!B64URL.test(text) || text.length > 120) throw new OfferError("A network address in the code is damaged.");
  const bytes = fromB64(text);
  if (bytes.length === 6) {
    return { address: [...bytes.slice(0, 4)].join("."), port: (bytes[4] << 8) | bytes[5] };
  }
  const [address, port, extra] = new TextDecoder().decode(bytes).split(" ");
  if (!address || extra !== undefined || !/^[A-Za-z0-9.:-]+$/.test(address) || !/^\d{1,5}$/.test(port ?? "")) {
    throw new OfferError("A network address in the code is damaged.");
  }
  return { address, port: Number(port) };
}

/** The short text of an SDP offer ("offer") or answer ("answer"): RT1O.… or RT1A.… */
export function compact(sdp, kind) {
  const fields = essentials(sdp, kind);
  if (!fields.candidates.length) {
    throw new OfferError("This device found no network address to offer: it is not on a Wi-Fi or cable network.");
  }
  const letter = kind === "offer" ? "O" : "A";
  const print = toB64(fields.fingerprint.split(":").map((pair) => Number.parseInt(pair, 16)));
  return [`${PREFIX}${letter}`, fields.ufrag, fields.pwd, print, fields.candidates.map(packCandidate).join("~")].join(
    ".",
  );
}

/** The fields of a short code (whitespace and line breaks ignored), or an OfferError saying what is wrong. */
export function read(text) {
  const code = String(text ?? "")
    .slice(0, MAX_TEXT)
    .replace(/\s+/g, "");
  const start = code.indexOf(PREFIX);
  if (start < 0) throw new OfferError("This is not a table code: it should start with RT1.");
  const parts = code.slice(start).split(".");
  const kind = KINDS[parts[0].slice(PREFIX.length)];
  if (!kind || parts.length !== 5) throw new OfferError("This table code is incomplete or damaged: copy it again.");
  const [, ufrag, pwd, print, list] = parts;
  if (!ICE_CHARS.test(ufrag) || !ICE_CHARS.test(pwd) || !B64URL.test(print)) {
    throw new OfferError("This table code is damaged: copy it again.");
  }
  const digest = fromB64(print);
  if (digest.length !== 32) throw new OfferError("This table code is damaged: copy it again.");
  const candidates = list.split("~").filter(Boolean).slice(0, MAX_CANDIDATES).map(unpackCandidate);
  if (!candidates.length) throw new OfferError("This table code names no network address.");
  const fingerprint = [...digest].map((byte) => byte.toString(16).padStart(2, "0").toUpperCase()).join(":");
  return { kind, ufrag, pwd, fingerprint, candidates };
}

/** The SDP rebuilt from a code's fields: {type, sdp} for RTCPeerConnection.setRemoteDescription. */
export function toDescription(fields) {
  const candidates = fields.candidates.map(
    ({ address, port }, index) =>
      `a=candidate:${index + 1} 1 udp ${2122260223 - index} ${address} ${port} typ host generation 0`,
  );
  const lines = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...candidates,
    "a=end-of-candidates",
    `a=ice-ufrag:${fields.ufrag}`,
    `a=ice-pwd:${fields.pwd}`,
    `a=fingerprint:sha-256 ${fields.fingerprint}`,
    // the offerer lets either side start DTLS; the answerer starts it (RFC 8842 §5.2)
    `a=setup:${fields.kind === "offer" ? "actpass" : "active"}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  ];
  return { type: fields.kind, sdp: `${lines.join("\r\n")}\r\n` };
}
