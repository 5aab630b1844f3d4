import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A read that takes `ms` and counts its starts. */
  function slowRead(ms: number) {
    const starts: number[] = [];
    const read = vi.fn(() => {
      starts.push(Date.now());
      return new Promise<void>((resolve) => setTimeout(resolve, ms));
    });
    return { read, starts };
  }

  it('reads at once for a first event', () => {
    const { read } = slowRead(100);
    coalesce(read, 10_000).request();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads a burst once more, when the gap is over, not once per event', async () => {
    const { read, starts } = slowRead(100);
    const c = coalesce(read, 10_000);
    const t0 = Date.now();
    c.request();
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(200);
      c.request();
    }
    await vi.advanceTimersByTimeAsync(20_000);
    expect(starts.map((t) => t - t0)).toEqual([0, 10_000]);
  });

  it('never reads twice at the same time, and reads again after a read that an event interrupted', async () => {
    const { read, starts } = slowRead(5_000);
    const c = coalesce(read, 1_000);
    const t0 = Date.now();
    c.request();
    await vi.advanceTimersByTimeAsync(2_000);
    c.request();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    // The first read ended at 5 s, past its gap: the second starts then.
    expect(starts.map((t) => t - t0)).toEqual([0, 5_000]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads at once again after a quiet gap, and keeps going after a failed read', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const c = coalesce(read, 1_000);
    c.request();
    await vi.advanceTimersByTimeAsync(5_000);
    c.request();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('forgets a waiting read when cancelled (the screen closed)', async () => {
    const { read } = slowRead(10);
    const c = coalesce(read, 1_000);
    c.request();
    await vi.advanceTimersByTimeAsync(100);
    c.request();
    c.cancel();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
