import { describe, expect, it, vi } from 'vitest';
import { LiveStreams, type StreamHandle } from '../src/realtime/live-streams';

function fakeStream(n: number) {
  const seen = { heartbeats: 0, rechecks: 0 };
  const handle: StreamHandle = {
    userKey: `employee:${n}`,
    sessionHash: `s${n}`,
    employeeId: `e${n}`,
    profileId: null,
    recheck: () => seen.rechecks++,
    heartbeat: () => seen.heartbeats++,
    end: () => undefined,
  };
  return { handle, seen };
}

describe('the clocks of a thousand live streams', () => {
  it('give every stream its heartbeats and one session check per period, from two timers for all', async () => {
    const streams = new LiveStreams(10, 400, 100);
    const opened = Array.from({ length: 1000 }, (_, n) => fakeStream(n));
    const intervals = vi.spyOn(globalThis, 'setInterval');
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    const releases = opened.map((s) => streams.enter(s.handle)!);
    expect(intervals).toHaveBeenCalledTimes(2);
    expect(timeouts).not.toHaveBeenCalled();
    intervals.mockRestore();
    timeouts.mockRestore();
    await new Promise((r) => setTimeout(r, 850));
    for (const { seen } of opened) {
      expect(seen.heartbeats).toBeGreaterThanOrEqual(6);
      // Two periods of 400 ms: each stream checked about twice, never all at once.
      expect(seen.rechecks).toBeGreaterThanOrEqual(1);
      expect(seen.rechecks).toBeLessThanOrEqual(3);
    }
    // The clocks stop with the last stream.
    for (const release of releases) release();
    const after = opened.map((s) => s.seen.heartbeats);
    await new Promise((r) => setTimeout(r, 250));
    expect(opened.map((s) => s.seen.heartbeats)).toEqual(after);
  });
});
