// Tells other tabs of this app that a campaign changed (BroadcastChannel), so a tab showing it reloads the
// newer record instead of writing over it (excalidraw #10770: last-writer-wins across tabs lost work).

const NAME = "rules-companion";

export function tabChannel(onChange) {
  if (typeof BroadcastChannel !== "function") return { announce() {}, close() {} };
  const channel = new BroadcastChannel(NAME);
  channel.onmessage = (event) => {
    const { type, id, revision } = event.data || {};
    if (type === "campaign-changed" || type === "campaign-removed") onChange({ type, id, revision });
  };
  return {
    announce(type, id, revision = null) {
      channel.postMessage({ type, id, revision });
    },
    close() {
      channel.close();
    },
  };
}
