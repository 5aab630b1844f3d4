import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startRepeatingPass } from '../src/ops/repeating-pass';

/** A pass that waits until released, counting its starts. */
function heldPass() {
  let starts = 0;
  let release: () => void = () => {};
  return {
    get starts() {
      return starts;
    },
    release: () => release(),
    pass: () => {
      starts += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
}

const HOUR = 3_600_000;

describe('a background job of the instance', () => {
  it('runs one pass at a time: a tick while one runs joins it', async () => {
    const held = heldPass();
    const job = startRepeatingPass(pino({ level: 'silent' }), 'test', held.pass, { everyMs: HOUR });
    const first = job.tick();
    const second = job.tick();
    expect(held.starts).toBe(1);
    held.release();
    await Promise.all([first, second]);
    const third = job.tick();
    expect(held.starts).toBe(2);
    held.release();
    await third;
    await job.stop();
  });

  it('starts at once when asked, and stop waits for the pass under way, then starts none', async () => {
    const held = heldPass();
    const job = startRepeatingPass(pino({ level: 'silent' }), 'test', held.pass, { everyMs: HOUR, now: true });
    expect(held.starts).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    await job.tick();
    expect(held.starts).toBe(1);
  });

  it('logs a failed pass as what it is, and the next tick tries again', async () => {
    const logged: string[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line).msg) });
    let calls = 0;
    const job = startRepeatingPass(
      log,
      'NFC-e queue',
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('banco fora do ar');
      },
      { everyMs: HOUR },
    );
    await job.tick();
    await job.tick();
    expect(calls).toBe(2);
    expect(logged).toEqual(['NFC-e queue pass failed']);
    await job.stop();
  });
});
