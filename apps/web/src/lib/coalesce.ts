import { useEffect, useRef, useState } from 'react';

/**
 * Runs `read` for a burst of live events as few times as it may while still ending fresh: at once when
 * it last ran `gapMs` ago or more, otherwise once when that gap is over; never twice at the same time,
 * and once more after a run if asked again while it ran (the change may have come after it read).
 * Every screen open in a restaurant reads again on each event, so its refreshes are what the server
 * pays for every order at dinner.
 */
export function coalesce(read: () => Promise<unknown>, gapMs: number, now: () => number = Date.now) {
  let lastStart = Number.NEGATIVE_INFINITY;
  let running = false;
  let wanted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const start = () => {
    timer = undefined;
    wanted = false;
    running = true;
    lastStart = now();
    read()
      .catch(() => {
        // The screen's own query shows its error; the next event or refresh reads again.
      })
      .finally(() => {
        running = false;
        if (wanted) schedule();
      });
  };

  function schedule() {
    if (running || timer !== undefined) {
      wanted = true;
      return;
    }
    const wait = lastStart + gapMs - now();
    if (wait <= 0) start();
    else timer = setTimeout(start, wait);
  }

  return {
    request: schedule,
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      wanted = false;
    },
  };
}

/** `coalesce` for a screen: a stable function that asks for a read, the waiting one forgotten when the screen closes. */
export function useCoalescedRead(read: () => Promise<unknown>, gapMs: number): () => void {
  const readRef = useRef(read);
  readRef.current = read;
  const [reads] = useState(() => coalesce(() => readRef.current(), gapMs));
  useEffect(() => () => reads.cancel(), [reads]);
  return reads.request;
}
