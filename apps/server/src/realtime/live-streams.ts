export type StreamEnd = 'revoked' | 'shutdown';

/** One open SSE stream, as the registry sees it. */
export type StreamHandle = {
  /** `kind:id` of the signed-in person: the connection cap counts per person. */
  userKey: string;
  sessionHash: string;
  employeeId: string | null;
  profileId: string | null;
  /** Checks the session again now (it may have been revoked or its permissions changed). */
  recheck(): void;
  /** Sends a comment line if nothing was sent for a while, so proxies keep an idle stream open. */
  heartbeat(): void;
  /** Ends the stream, telling the client why. */
  end(reason: StreamEnd): void;
};

/** How often idle streams get a heartbeat (proxies drop a connection silent for a minute or more). */
export const HEARTBEAT_MS = 25_000;

/**
 * The SSE streams open on this instance: connection caps, revocation signals, shutdown, and the two
 * clocks every stream needs — heartbeats and periodic session checks — run by one timer each for all
 * streams rather than one per stream, with the session checks spread over their period.
 */
export class LiveStreams {
  private open = new Set<StreamHandle>();
  private perUser = new Map<string, number>();
  /** Set on shutdown: no new stream is opened on an instance that is going away. */
  closing = false;
  private heartbeats?: ReturnType<typeof setInterval>;
  private checks?: ReturnType<typeof setInterval>;
  /** Streams in the order their next session check comes. */
  private checkQueue: StreamHandle[] = [];

  constructor(
    readonly maxPerUser: number,
    private sessionCheckMs = 60_000,
    private heartbeatMs = HEARTBEAT_MS,
  ) {}

  /** Registers a stream; returns its release function, or null when its user already has the maximum. */
  enter(handle: StreamHandle): (() => void) | null {
    const count = this.perUser.get(handle.userKey) ?? 0;
    if (count >= this.maxPerUser) return null;
    this.perUser.set(handle.userKey, count + 1);
    this.open.add(handle);
    this.checkQueue.push(handle);
    this.startClocks();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open.delete(handle);
      if (this.open.size === 0) this.stopClocks();
      const left = (this.perUser.get(handle.userKey) ?? 1) - 1;
      if (left > 0) this.perUser.set(handle.userKey, left);
      else this.perUser.delete(handle.userKey);
    };
  }

  /** A payload of SESSION_CHANNEL: the streams it concerns check their session at once. */
  signal(payload: string) {
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (!id) return;
    for (const h of this.open) {
      const concerned =
        (kind === 's:' && h.sessionHash === id) ||
        (kind === 'e:' && h.employeeId === id) ||
        (kind === 'p:' && h.profileId === id);
      if (concerned) h.recheck();
    }
  }

  /** Every stream checks its session now: revocations sent while nobody listened were not heard. */
  recheckAll() {
    for (const h of this.open) h.recheck();
  }

  /** Ends every stream (shutdown): clients reconnect, to this instance once back or to another. */
  endAll(reason: StreamEnd) {
    if (reason === 'shutdown') this.closing = true;
    for (const h of this.open) h.end(reason);
  }

  get size() {
    return this.open.size;
  }

  private startClocks() {
    if (this.heartbeats) return;
    this.heartbeats = setInterval(() => {
      for (const h of this.open) h.heartbeat();
    }, this.heartbeatMs);
    this.heartbeats.unref?.();
    // Every tick checks the share of streams whose turn it is, so each is checked once per period
    // and a thousand streams never hit the database in the same millisecond.
    const ticks = 20;
    this.checks = setInterval(() => {
      this.checkQueue = this.checkQueue.filter((h) => this.open.has(h));
      const share = Math.ceil(this.checkQueue.length / ticks);
      const due = this.checkQueue.splice(0, share);
      for (const h of due) h.recheck();
      this.checkQueue.push(...due);
    }, this.sessionCheckMs / ticks);
    this.checks.unref?.();
  }

  private stopClocks() {
    clearInterval(this.heartbeats);
    clearInterval(this.checks);
    this.heartbeats = undefined;
    this.checks = undefined;
    this.checkQueue = [];
  }
}
