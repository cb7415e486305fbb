// The phone's side of the live table. Its rolls waiting for the game master (the record's outbox) are written, as
// their signed codes, into this device's proposals document, which only this device writes and which keeps them
// while the phone is away (a phone that slept re-joins by scanning again: nothing rolled meanwhile is lost). The
// tablet's table document holds each seat's update code, read here exactly as a pasted update.
import { proposalCode, readUpdate } from "../app/player_actions.mjs";
import { ChannelAdapter } from "./channel_adapter.mjs";
import { answer } from "./connect.mjs";
import { ownDocument, startRepo, theirDocument } from "./sync.mjs";

/** Keep the proposals document holding every roll of ``recordId`` still waiting; returns a stop function. */
async function mirrorOutbox(app, recordId, proposals) {
  let busy = Promise.resolve();
  const copy = () => {
    busy = busy.then(async () => {
      const record = app.state.campaign;
      if (record?.id !== recordId || !record.joined) return;
      const held = proposals.doc()?.codes ?? {};
      for (const proposal of record.joined.outbox) {
        if (held[proposal.id]) continue;
        const code = await proposalCode(app, record, proposal);
        proposals.change((doc) => {
          doc.codes[proposal.id] = code;
        });
      }
    }, console.error);
  };
  copy();
  return app.subscribe(copy);
}

/**
 * Join the table whose code is ``offerText``: {code (the answer to show), open: a promise of the joined table}.
 * ``onUpdate(answer)`` hears what each update the tablet sends did (player_actions.mjs readUpdate's answer).
 */
export async function joinTable(app, record, offerText, { onUpdate = () => {}, onClose = () => {} } = {}) {
  const repo = await startRepo();
  const proposals = await ownDocument(repo, `proposals:${record.id}`, { v: 1, seat: record.joined.seat, codes: {} });
  const made = await answer(offerText);
  const open = made.open.then(async (channel) => {
    const name = record.characters[0]?.sheet?.name ?? "";
    const adapter = new ChannelAdapter(channel, {
      greeting: { proposals: proposals.url, seat: record.joined.seat, name },
    });
    const stop = await mirrorOutbox(app, record.id, proposals);
    adapter.on("close", () => {
      stop();
      onClose();
    });
    adapter.on("greeting", async (greeting) => {
      const table = await theirDocument(repo, greeting?.table);
      if (!table) return;
      let last = "";
      const read = async (doc) => {
        const code = doc?.updates?.[record.joined.seat];
        const current = app.state.campaign;
        if (!code || code === last || current?.id !== record.id) return;
        last = code;
        onUpdate(await readUpdate(app, current, code));
      };
      table.on("change", ({ doc }) => read(doc));
      await read(table.doc());
    });
    repo.networkSubsystem.addNetworkAdapter(adapter);
    return { close: () => made.pc.close() };
  });
  return { code: made.code, open };
}
