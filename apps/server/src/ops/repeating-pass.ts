import type { Logger } from 'pino';

export type RepeatingPass = { tick(): Promise<void>; stop(): Promise<void> };

/**
 * A background job of this instance: `pass` every `everyMs` (and at once with `now`), one at a time —
 * a tick while a pass runs joins it rather than starting a second — and `stop` ends the timer and waits
 * for the pass under way, so a shutdown never cuts one in half. A failed pass is logged as `what` and the
 * next tick tries again; after `stop`, failures are the database going away and are not logged.
 */
export function startRepeatingPass(
  log: Logger,
  what: string,
  pass: () => Promise<unknown>,
  options: { everyMs: number; now?: boolean },
): RepeatingPass {
  let stopped = false;
  let running: Promise<void> | null = null;
  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) return running;
    running = pass()
      .then(
        () => undefined,
        (err) => {
          if (!stopped) log.error({ err }, `${what} pass failed`);
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  }
  const timer = setInterval(() => void tick(), options.everyMs);
  timer.unref?.();
  if (options.now) void tick();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
