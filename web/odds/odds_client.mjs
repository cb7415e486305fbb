// Latest-wins odds queries (TABLE.md, Roll drawer) through the engine worker (rpc.mjs). While the player types, each
// new question supersedes the one waiting: at most one request is in the worker at a time, and only the
// newest question is sent after it (squoosh's worker bridge: callers ignore AbortError). Nothing here
// blocks typing: asking returns at once and the answer arrives later.

/** The error a superseded question rejects with; callers ignore it (see isSuperseded). */
export function superseded() {
  return new DOMException("A newer odds question replaced this one.", "AbortError");
}

export function isSuperseded(error) {
  return error?.name === "AbortError";
}

export class OddsClient {
  /** @param {{call: Function}} engine  an rpc.mjs Engine (or anything with call(op, args, options))
   *  @param {{delayMs?: number}} options  wait this long for more typing before asking */
  constructor(engine, { delayMs = 80 } = {}) {
    this.engine = engine;
    this.delayMs = delayMs;
    this.waiting = null; // {op, args, resolve, reject}: the newest question not yet sent
    this.timer = null;
    this.inFlight = false;
  }

  /** Ask for the exact odds of ``op`` with ``args``; resolves with the answer ({ok, result | error}),
   * or rejects with AbortError when a newer question replaces this one before it is sent. */
  ask(op, args) {
    this.cancel();
    return new Promise((resolve, reject) => {
      this.waiting = { op, args, resolve, reject };
      this.timer = setTimeout(() => this.pump(), this.delayMs);
    });
  }

  /** Drop the question not yet sent (its promise rejects with AbortError). */
  cancel() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.waiting) this.waiting.reject(superseded());
    this.waiting = null;
  }

  pump() {
    this.timer = null;
    if (this.inFlight || !this.waiting) return;
    const { op, args, resolve, reject } = this.waiting;
    this.waiting = null;
    this.inFlight = true;
    this.engine.call(op, args, { mode: "odds" }).then(
      (answer) => {
        this.inFlight = false;
        // a question asked meanwhile makes this answer stale: the newer one follows at once
        if (this.waiting) reject(superseded());
        else resolve(answer);
        this.pump();
      },
      (error) => {
        this.inFlight = false;
        reject(error);
        this.pump();
      },
    );
  }
}
