// The tablet's side of the live table. Each phone that joins shares its proposals document: every roll code in it
// (the same signed codes a forum post carries) goes through the Players screen's accept path (table_actions.mjs
// acceptCodes: read, checked, run again by the rules against this campaign's sheets, logged), then every seat's
// update code (of each seat whose phone is connected) is written into the table document, which each phone reads as
// if pasted (player_actions.mjs).
import { acceptCodes, makeUpdates } from "../app/table_actions.mjs";
import { openRequests, tableOf } from "../store/table_record.mjs";
import { ChannelAdapter } from "./channel_adapter.mjs";
import { offer } from "./connect.mjs";
import { ownDocument, startRepo, theirDocument } from "./sync.mjs";

/** The live table of the open campaign: {invite(), peers, results, subscribe(listener)}. One per campaign. */
export async function hostTable(app, campaignId) {
  const repo = await startRepo();
  const table = await ownDocument(repo, `table:${campaignId}`, { v: 1, campaign: campaignId, updates: {} });
  const listeners = new Set();
  const state = { peers: [], results: [] };
  const tell = () => {
    for (const listener of listeners) listener(state);
  };
  let queue = Promise.resolve();
  const seen = new Set();

  const here = () => app.state.campaign?.id === campaignId; // the rolls go only into the campaign they are for

  /** What each seat is asked (open request ids by seat), to tell when the phones must hear of a change. */
  const asked = () => {
    if (!here()) return null;
    const seated = tableOf(app.state.campaign);
    return JSON.stringify(seated.seats.map((seat) => openRequests(seated, seat.id).map((request) => request.id)));
  };
  let sentAsked = null;

  const publish = async () => {
    if (!here()) return;
    sentAsked = asked();
    // only the seats whose phone is here: a seat that plays by the forum keeps its decisions for the next post
    const seats = state.peers.filter((peer) => peer.connected && peer.seat).map((peer) => peer.seat);
    if (!seats.length) return;
    const made = await makeUpdates(app, seats);
    table.change((doc) => {
      for (const { seat, code } of made) doc.updates[seat.id] = code;
    });
  };

  const take = (peer, doc) => {
    queue = queue.then(async () => {
      if (!here()) return;
      const decided = tableOf(app.state.campaign).decisions;
      const fresh = Object.entries(doc?.codes ?? {}).filter(([id]) => !seen.has(id) && !decided[id]);
      if (!fresh.length) return;
      const done = await acceptCodes(app, fresh.map(([, code]) => code).join("\n"));
      for (const [id] of fresh) seen.add(id);
      state.results = [...done.decisions.map((decision) => ({ peer: peer.name, decision })), ...state.results].slice(
        0,
        20,
      );
      await publish();
      tell();
    }, console.error);
    return queue;
  };

  // A roll request asked (or withdrawn) on the Players screen reaches the connected phones at once: a new update for
  // each connected seat whenever what the seats are asked differs from what the last updates carried.
  app.subscribe(() => {
    const now = asked();
    if (now === null || now === sentAsked || !state.peers.some((peer) => peer.connected)) return;
    queue = queue.then(() => (asked() !== sentAsked ? publish() : null), console.error);
  });

  const join = (channel) => {
    const adapter = new ChannelAdapter(channel, { greeting: { table: table.url } });
    const peer = { id: `c${state.peers.length + 1}`, name: "A player", connected: true };
    state.peers = [...state.peers, peer];
    adapter.on("greeting", async (greeting) => {
      peer.name = greeting?.name || peer.name;
      peer.seat = greeting?.seat ?? null;
      tell();
      const proposals = await theirDocument(repo, greeting?.proposals);
      if (!proposals) return;
      proposals.on("change", ({ doc }) => take(peer, doc));
      await take(peer, proposals.doc());
      await publish(); // the phone catches up at once, rolls or not
    });
    adapter.on("close", () => {
      peer.connected = false;
      tell();
    });
    repo.networkSubsystem.addNetworkAdapter(adapter);
    tell();
  };

  return {
    get state() {
      return state;
    },
    /** A new invitation: {code, accept(answerText)}; accept opens the channel (or says why not) and joins it. */
    async invite() {
      const made = await offer();
      return {
        code: made.code,
        accept: async (text) => {
          join(await made.accept(text));
        },
        close: () => made.pc.close(),
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
