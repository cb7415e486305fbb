// node --test tests/node: web/live/channel_adapter.mjs, automerge-repo over a data channel. Two repos joined by a
// fake channel that drops, reorders, repeats and splits nothing it is not told to converge on both documents
// (the tablet's table document and the phone's proposals document), whatever the channel does to the parts.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import { initializeWasm, Repo } from "@automerge/automerge-repo/slim";
import { ChannelAdapter } from "../../web/live/channel_adapter.mjs";

await initializeWasm(
  readFileSync(new URL("../../node_modules/@automerge/automerge/dist/automerge.wasm", import.meta.url)),
);

/** A seeded generator, so a failure can be run again. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Two ends of a channel that loses ``drop`` of its parts, repeats ``repeat`` and delays each by a random time. */
function fakeChannels({ drop = 0, repeat = 0, seed = 1 } = {}) {
  const next = random(seed);
  const ends = [new EventTarget(), new EventTarget()];
  const log = { sent: 0, largest: 0 };
  ends.forEach((end, side) => {
    end.readyState = "open";
    end.send = (bytes) => {
      log.sent += 1;
      log.largest = Math.max(log.largest, bytes.byteLength);
      if (end.readyState !== "open" || next() < drop) return;
      const copies = next() < repeat ? 2 : 1;
      for (let copy = 0; copy < copies; copy++) {
        const data = new Uint8Array(bytes).buffer;
        setTimeout(() => {
          if (ends[1 - side].readyState === "open") ends[1 - side].dispatchEvent(new MessageEvent("message", { data }));
        }, next() * 30);
      }
    };
    end.close = () => {
      for (const e of ends) {
        if (e.readyState === "open") {
          e.readyState = "closed";
          e.dispatchEvent(new Event("close"));
        }
      }
    };
  });
  return { ends, log };
}

async function until(check, ms = 20_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("did not converge in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function converge(channelOptions, adapterOptions) {
  const { ends, log } = fakeChannels(channelOptions);
  const tablet = new Repo({ network: [new ChannelAdapter(ends[0], adapterOptions)], peerId: "tablet" });
  const phone = new Repo({ network: [new ChannelAdapter(ends[1], adapterOptions)], peerId: "phone" });
  const table = tablet.create({ log: [] });
  const proposals = phone.create({ proposals: [] });
  // big enough to be split into many parts
  const note = "x".repeat(40_000);
  for (let n = 0; n < 20; n++) {
    table.change((doc) => doc.log.push({ n, note: n === 3 ? note : "" }));
    proposals.change((doc) => doc.proposals.push({ id: `p-${n}` }));
  }
  await until(() => phone.peers.length === 1 && tablet.peers.length === 1);
  const seenByPhone = await phone.find(table.url);
  const seenByTablet = await tablet.find(proposals.url);
  await until(() => seenByPhone.doc()?.log?.length === 20 && seenByTablet.doc()?.proposals?.length === 20);
  assert.deepEqual(seenByPhone.doc(), table.doc());
  assert.deepEqual(seenByTablet.doc(), proposals.doc());
  ends[0].close();
  await tablet.shutdown();
  await phone.shutdown();
  return log;
}

test("two repos converge over a channel that keeps every part, in parts no larger than asked", async () => {
  const log = await converge({}, { partBytes: 1024 });
  assert.ok(log.largest <= 1024, `a part of ${log.largest} bytes`);
});

test("two repos converge over a channel that drops, reorders and repeats parts", async () => {
  for (const seed of [1, 2, 3]) {
    const log = await converge({ drop: 0.2, repeat: 0.2, seed }, { partBytes: 700, resendMs: 60 });
    assert.ok(log.sent > 0);
  }
});

test("a closed channel tells the repo its peer left", async () => {
  const { ends } = fakeChannels();
  const adapter = new ChannelAdapter(ends[0]);
  const other = new ChannelAdapter(ends[1]);
  const left = new Promise((resolve) => adapter.on("peer-disconnected", resolve));
  const joined = new Promise((resolve) => adapter.on("peer-candidate", resolve));
  adapter.connect("tablet", {});
  other.connect("phone", {});
  assert.equal((await joined).peerId, "phone");
  ends[1].close();
  assert.equal((await left).peerId, "phone");
  other.disconnect();
});
