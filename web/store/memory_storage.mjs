// The storage's interface over Maps, used when IndexedDB is unavailable (private mode, denied: storage.mjs).
import { StaleError, listed, rebase, stripLog } from "./records.mjs";
import { emptyHistory } from "./history.mjs";
import { MemoryLog } from "./log_memory.mjs";

/** The same interface over Maps: used when IndexedDB is unavailable. */
export class MemoryStorage {
  constructor(problem) {
    this.kind = "memory";
    this.readOnly = false;
    this.problem = problem;
    this.records = new Map();
    this.meta = new Map();
    this.log = new MemoryLog();
  }

  /** Every campaign here is only in this tab. */
  get unsaved() {
    return this.records.size > 0;
  }
  async retryWrites() {
    return [];
  }

  async list() {
    return [...this.records.values()].map(listed);
  }
  async get(id) {
    return this.records.get(id) || null;
  }
  async add(record) {
    if (this.records.has(record.id)) throw new Error("A campaign with this id already exists.");
    const bare = stripLog(record);
    this.records.set(record.id, bare);
    if (record.log?.length) this.log.append(record.id, record.log);
    return bare;
  }
  async replace(record) {
    const old = this.records.get(record.id);
    const bare = { ...stripLog(record), revision: Math.max(record.revision ?? 0, (old?.revision ?? -1) + 1) };
    this.log.remove(record.id);
    this.records.set(record.id, bare);
    if (record.log?.length) this.log.append(record.id, record.log);
    return bare;
  }
  async update(base, change, keys) {
    return (await this.commit(base, change, keys, [])).record;
  }
  async commit(base, change, keys, entries) {
    const stored = this.records.get(base.id);
    if (!stored) throw new StaleError(null);
    const next = change ? rebase(stored, base, change, keys) : stored;
    this.records.set(next.id, next);
    return { record: next, rows: this.log.append(base.id, entries) };
  }
  async logPage(campaignId, { names = () => "", ...options } = {}) {
    return this.log.page(campaignId, options, names);
  }
  async logAll(campaignId) {
    return this.log.entries(campaignId);
  }
  async logCount(campaignId) {
    return this.log.count(campaignId);
  }
  async logEntry(campaignId, id) {
    return this.log.entry(campaignId, id);
  }
  async history(campaignId) {
    return this.log.history(campaignId) || emptyHistory();
  }
  async remove(id) {
    this.records.delete(id);
    this.log.remove(id);
  }
  async getMeta(key) {
    return this.meta.get(key);
  }
  async setMeta(key, value) {
    this.meta.set(key, value);
  }
}
