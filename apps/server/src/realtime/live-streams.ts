/**
 * NOTIFY channel of session revocations and account changes (see the migration that creates the
 * triggers): `s:<session token hash>` when a session row is deleted, `e:<employee id>` when an
 * employee is deactivated, moved or given another profile or password, `p:<profile id>` when a
 * profile's permissions, name or state change.
 */
export const SESSION_CHANNEL = 'mc_sessions';

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
  /** Ends the stream, telling the client why. */
  end(reason: StreamEnd): void;
};

/** The SSE streams open on this instance: connection caps, revocation signals and shutdown. */
export class LiveStreams {
  private open = new Set<StreamHandle>();
  private perUser = new Map<string, number>();
  /** Set on shutdown: no new stream is opened on an instance that is going away. */
  closing = false;

  constructor(readonly maxPerUser: number) {}

  /** Registers a stream; returns its release function, or null when its user already has the maximum. */
  enter(handle: StreamHandle): (() => void) | null {
    const count = this.perUser.get(handle.userKey) ?? 0;
    if (count >= this.maxPerUser) return null;
    this.perUser.set(handle.userKey, count + 1);
    this.open.add(handle);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open.delete(handle);
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

  /** Ends every stream (shutdown): clients reconnect, to this instance once back or to another. */
  endAll(reason: StreamEnd) {
    if (reason === 'shutdown') this.closing = true;
    for (const h of this.open) h.end(reason);
  }

  get size() {
    return this.open.size;
  }
}
