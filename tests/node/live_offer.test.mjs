// node --test tests/node: web/live/offer.mjs, the short codes of joining a table. A real offer's four essential
// fields (ICE user fragment and password, fingerprint, host candidates) survive the round trip to the code and
// back into an SDP; bad text is refused in a plain sentence, never thrown as anything else.
import assert from "node:assert/strict";
import test from "node:test";
import { compact, essentials, OfferError, read, toDescription } from "../../web/live/offer.mjs";

// an offer as Chromium writes it for one data channel, once its host candidates are gathered
const CHROMIUM_OFFER = [
  "v=0",
  "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0",
  "a=extmap-allow-mixed",
  "a=msid-semantic: WMS",
  "m=application 54321 UDP/DTLS/SCTP webrtc-datachannel",
  "c=IN IP4 192.168.1.23",
  "a=candidate:3442447574 1 udp 2122260223 192.168.1.23 54321 typ host generation 0 network-id 1 network-cost 10",
  "a=candidate:1237654321 1 udp 2122194687 fd00::1 54322 typ host generation 0 network-id 2",
  "a=candidate:2362521638 1 tcp 1518280447 192.168.1.23 9 typ host tcptype active generation 0 network-id 1",
  "a=ice-ufrag:Fk2a",
  "a=ice-pwd:q1Zk7xXbG0hP4s+lKh/3WmT8",
  "a=ice-options:trickle",
  "a=fingerprint:sha-256 0B:7C:1E:55:3D:A2:91:F4:60:08:C3:BE:4A:12:7F:EE:31:9D:02:AB:C6:58:E7:44:1F:90:6A:D3:28:B5:0C:71",
  "a=setup:actpass",
  "a=mid:0",
  "a=sctp-port:5000",
  "a=max-message-size:262144",
  "",
].join("\r\n");

test("an offer's code is short enough for a low-density QR code and reads back to the same fields", () => {
  const code = compact(CHROMIUM_OFFER, "offer");
  assert.ok(code.startsWith("RT1O."));
  assert.ok(code.length <= 130, `${code.length} characters: ${code}`);
  const fields = read(code);
  const original = essentials(CHROMIUM_OFFER, "offer");
  assert.deepEqual(fields, { ...original, kind: "offer" });
  assert.deepEqual(
    fields.candidates.map((c) => `${c.address} ${c.port}`),
    ["192.168.1.23 54321", "fd00::1 54322"], // udp host candidates only, tcp left out
  );
});

test("the rebuilt SDP carries the code's fields, and an answer starts DTLS", () => {
  const offer = toDescription(read(compact(CHROMIUM_OFFER, "offer")));
  assert.equal(offer.type, "offer");
  assert.deepEqual(essentials(offer.sdp, "offer"), essentials(CHROMIUM_OFFER, "offer"));
  assert.match(offer.sdp, /a=setup:actpass\r\n/);
  assert.match(offer.sdp, /^m=application 9 UDP\/DTLS\/SCTP webrtc-datachannel\r$/m);
  const answer = toDescription(read(compact(CHROMIUM_OFFER.replace("actpass", "active"), "answer")));
  assert.equal(answer.type, "answer");
  assert.match(answer.sdp, /a=setup:active\r\n/);
});

test("an mDNS host name survives the round trip as text", () => {
  const hidden = CHROMIUM_OFFER.replace("192.168.1.23 54321", "0c4f6e2a-1b2c-4d5e-8f90-123456789abc.local 54321");
  const fields = read(compact(hidden, "offer"));
  assert.equal(fields.candidates[0].address, "0c4f6e2a-1b2c-4d5e-8f90-123456789abc.local");
});

test("whitespace and line breaks inside a pasted code are ignored, text around it too", () => {
  const code = compact(CHROMIUM_OFFER, "offer");
  const wrapped = `Here is the table: ${code.slice(0, 30)}\n  ${code.slice(30, 70)}\r\n${code.slice(70)}`;
  assert.deepEqual(read(wrapped), read(code));
});

test("bad text is refused with a plain sentence", () => {
  const code = compact(CHROMIUM_OFFER, "offer");
  for (const bad of ["", "hello", "RT1X.a.b.c.d", code.slice(0, 40), code.replace(/\.[^.]+$/, ".@@@"), null]) {
    assert.throws(
      () => read(bad),
      (error) => error instanceof OfferError && /^[A-Z][^{}]*\.$/.test(error.message),
    );
  }
  assert.throws(() => compact(CHROMIUM_OFFER.replace(/a=candidate.*\r\n/g, ""), "offer"), OfferError);
});

test("reading a long text takes time linear in it", () => {
  const start = performance.now();
  assert.throws(() => read("RT1O.".repeat(200_000)), OfferError);
  assert.ok(performance.now() - start < 500);
});
