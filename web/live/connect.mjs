// One WebRTC connection between the tablet and a phone on the same network, joined by two short codes (offer.mjs):
// no STUN or TURN server, so only host candidates are gathered (~160 ms) and nothing leaves the local network. The
// tablet offers; the phone answers; the tablet takes the answer and the data channel opens.
import { compact, OfferError, read, toDescription } from "./offer.mjs";

export const OPEN_LIMIT_MS = 10_000;
const GATHER_LIMIT_MS = 3_000;

/** Why no live table can start on this browser, in plain words, or "" when it can. */
export function liveUnavailable() {
  if (typeof RTCPeerConnection !== "function") {
    return "This browser cannot connect devices directly (it has no WebRTC). Use the codes or a file instead.";
  }
  return "";
}

/** The words for a channel that did not open in time (shown with the code and file ways). */
export const NOT_OPENED =
  "The devices could not reach each other. Both must be on the same Wi-Fi (or one on the other's hotspot); a guest " +
  "Wi-Fi that keeps devices apart, or a phone hotspot that does, blocks it. With no network at all it cannot start. " +
  "You can still send rolls and answers as codes or a file.";

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== "complete") return;
      pc.removeEventListener("icegatheringstatechange", done);
      resolve();
    };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, GATHER_LIMIT_MS); // a host candidate comes in well under this; go with what there is
  });
}

function opened(channel, pc, limitMs) {
  return new Promise((resolve, reject) => {
    if (channel.readyState === "open") return resolve(channel);
    const timer = setTimeout(() => reject(new OfferError(NOT_OPENED)), limitMs);
    channel.addEventListener("open", () => {
      clearTimeout(timer);
      resolve(channel);
    });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") {
        clearTimeout(timer);
        reject(new OfferError(NOT_OPENED));
      }
    });
  });
}

/** The tablet's side: {code, pc, channel, accept(answerText) → the open channel}. */
export async function offer({ limitMs = OPEN_LIMIT_MS } = {}) {
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = pc.createDataChannel("table");
  channel.binaryType = "arraybuffer";
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const code = compact(pc.localDescription.sdp, "offer");
  const accept = async (text) => {
    const fields = read(text);
    if (fields.kind !== "answer") throw new OfferError("This is the tablet's code: scan the code shown on the phone.");
    await pc.setRemoteDescription(toDescription(fields));
    return opened(channel, pc, limitMs);
  };
  return { code, pc, channel, accept };
}

/** The phone's side, from the tablet's code: {code (the answer), pc, open: a promise of the channel}. */
export async function answer(text, { limitMs = OPEN_LIMIT_MS } = {}) {
  const fields = read(text);
  if (fields.kind !== "offer") throw new OfferError("This is a phone's code: scan the code shown on the tablet.");
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = new Promise((resolve) => pc.addEventListener("datachannel", (event) => resolve(event.channel)));
  await pc.setRemoteDescription(toDescription(fields));
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const code = compact(pc.localDescription.sdp, "answer");
  const open = Promise.race([
    channel.then((ch) => {
      ch.binaryType = "arraybuffer";
      return opened(ch, pc, limitMs);
    }),
    new Promise((_, reject) => setTimeout(() => reject(new OfferError(NOT_OPENED)), limitMs)),
  ]);
  open.catch(() => pc.close());
  return { code, pc, open };
}
