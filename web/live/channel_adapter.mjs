// automerge-repo's network adapter over one WebRTC data channel (a table's tablet and one phone). The channel
// carries bytes; this splits each repo message into parts no larger than the channel takes (16 KB passes every
// engine: RFC 8831 §6.6), and numbers, acknowledges and resends them, so a message arrives once, whole and in
// order even on a channel that drops, reorders or repeats (the tests give it one; a real data channel is
// reliable and ordered, where the numbering costs 9 bytes a part and a resend never happens).
import { NetworkAdapter } from "@automerge/automerge-repo/slim";
import { decode, encode } from "@automerge/automerge-repo/helpers/cbor.js";

const PART = 1;
const ACK = 2;
const HEAD = 9; // kind (1), message number (4), part index (2), part count (2)
export const PART_BYTES = 16 * 1024;
const RESEND_MS = 400;
const WINDOW = 4096; // a message numbered this far ahead of the next expected one is ignored (bounded memory)

function frame(kind, seq, index = 0, count = 0, payload = new Uint8Array(0)) {
  const bytes = new Uint8Array(HEAD + payload.length);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, kind);
  view.setUint32(1, seq);
  view.setUint16(5, index);
  view.setUint16(7, count);
  bytes.set(payload, HEAD);
  return bytes;
}

/** Splits, numbers and reassembles messages over ``channel`` (send(bytes); "message", "open", "close" events). */
export class ChannelAdapter extends NetworkAdapter {
  constructor(channel, { partBytes = PART_BYTES, resendMs = RESEND_MS, greeting = null } = {}) {
    super();
    this.greeting = greeting; // what this side tells the other with its peer id (the session's document addresses)
    this.remoteGreeting = null;
    this.channel = channel;
    this.partBytes = Math.max(HEAD + 1, partBytes) - HEAD;
    this.resendMs = resendMs;
    this.nextOut = 1;
    this.unacked = new Map(); // message number -> {parts, sent}
    this.nextIn = 1;
    this.partial = new Map(); // message number -> {parts, got}
    this.whole = new Map(); // message number -> bytes, complete but not yet delivered (an earlier one is missing)
    this.remote = null;
    this.closed = false;
    this.ready = channel.readyState === "open";
    this.opened = new Promise((resolve) => {
      if (this.ready) resolve();
      else channel.addEventListener("open", () => resolve(), { once: true });
    }).then(() => {
      this.ready = true;
    });
    channel.binaryType = "arraybuffer";
    channel.addEventListener("message", (event) => this.receive(event.data));
    channel.addEventListener("close", () => this.lost());
    this.timer = setInterval(() => this.resend(), this.resendMs);
  }

  isReady() {
    return this.ready;
  }

  whenReady() {
    return this.opened;
  }

  connect(peerId, peerMetadata) {
    this.peerId = peerId;
    this.peerMetadata = peerMetadata;
    this.opened.then(() => this.post({ hello: { peerId, peerMetadata: peerMetadata ?? {}, greeting: this.greeting } }));
  }

  send(message) {
    if (!this.closed) this.post({ message });
  }

  disconnect() {
    this.lost();
    try {
      this.channel.close();
    } catch {
      // already closed
    }
  }

  post(value) {
    const bytes = encode(value);
    const count = Math.max(1, Math.ceil(bytes.length / this.partBytes));
    if (count > 0xffff) throw new Error("A table message is too large to send.");
    const seq = this.nextOut++;
    const parts = [];
    for (let index = 0; index < count; index++) {
      parts.push(frame(PART, seq, index, count, bytes.subarray(index * this.partBytes, (index + 1) * this.partBytes)));
    }
    this.unacked.set(seq, { parts, sent: Date.now() });
    for (const part of parts) this.raw(part);
  }

  raw(bytes) {
    if (this.closed) return;
    try {
      this.channel.send(bytes);
    } catch {
      // the channel closed under us: its "close" event ends the session
    }
  }

  resend() {
    const now = Date.now();
    for (const pending of this.unacked.values()) {
      if (now - pending.sent < this.resendMs) continue;
      pending.sent = now;
      for (const part of pending.parts) this.raw(part);
    }
  }

  receive(data) {
    const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
    if (bytes.length < HEAD) return; // not ours: ignored
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const kind = view.getUint8(0);
    const seq = view.getUint32(1);
    if (kind === ACK) {
      this.unacked.delete(seq);
      return;
    }
    if (kind !== PART) return;
    if (seq < this.nextIn || this.whole.has(seq)) {
      this.raw(frame(ACK, seq)); // a repeat: its acknowledgement may have been lost
      return;
    }
    if (seq >= this.nextIn + WINDOW) return;
    const index = view.getUint16(5);
    const count = view.getUint16(7);
    const entry = this.partial.get(seq) ?? { parts: new Array(count), got: 0 };
    if (entry.parts.length !== count || index >= count) return;
    if (!entry.parts[index]) {
      entry.parts[index] = bytes.slice(HEAD);
      entry.got += 1;
    }
    this.partial.set(seq, entry);
    if (entry.got < count) return;
    this.partial.delete(seq);
    const length = entry.parts.reduce((sum, part) => sum + part.length, 0);
    const whole = new Uint8Array(length);
    let at = 0;
    for (const part of entry.parts) {
      whole.set(part, at);
      at += part.length;
    }
    this.whole.set(seq, whole);
    this.raw(frame(ACK, seq));
    while (this.whole.has(this.nextIn)) {
      const next = this.whole.get(this.nextIn);
      this.whole.delete(this.nextIn);
      this.nextIn += 1;
      this.deliver(next);
    }
  }

  deliver(bytes) {
    let value;
    try {
      value = decode(bytes);
    } catch {
      return; // damaged: the sync protocol asks again
    }
    if (value?.hello && typeof value.hello.peerId === "string") {
      this.remote = value.hello.peerId;
      this.remoteGreeting = value.hello.greeting ?? null;
      this.emit("greeting", this.remoteGreeting);
      this.emit("peer-candidate", { peerId: this.remote, peerMetadata: value.hello.peerMetadata ?? {} });
    } else if (value?.message && this.remote) {
      this.emit("message", value.message);
    }
  }

  lost() {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    if (this.remote) this.emit("peer-disconnected", { peerId: this.remote });
    this.emit("close");
  }
}
