// Values shared between forms and kept across reloads: the current character of each system (a param's
// state_key) and each system's house-rule settings. localStorage when available, memory otherwise.
// (The campaign screen will move this to IndexedDB with import/export.)

const PREFIX = "rules-companion:";

export class StateStore {
  constructor(storage = safeStorage()) {
    this.storage = storage;
    this.memory = new Map();
  }

  get(key) {
    if (this.memory.has(key)) return this.memory.get(key);
    const raw = this.storage?.getItem(PREFIX + key);
    if (raw == null) return undefined;
    try {
      const value = JSON.parse(raw);
      this.memory.set(key, value);
      return value;
    } catch {
      return undefined;
    }
  }

  set(key, value) {
    this.memory.set(key, value);
    try {
      this.storage?.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // Storage full or unavailable: the value still lives for this session.
    }
  }
}

function safeStorage() {
  try {
    const storage = globalThis.localStorage;
    storage.getItem(PREFIX + "probe");
    return storage;
  } catch {
    return null;
  }
}
