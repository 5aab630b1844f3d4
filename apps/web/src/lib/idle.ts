import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has painted and has a quiet moment, so work that the current
 * screen does not need (the session check, toasts, dialogs) never competes with its first paint.
 * Returns a cancel function. Safari has no requestIdleCallback: the next frame plus a task stands in.
 */
export function whenIdle(callback: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  let timer = 0;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(callback, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/** False until the browser is idle after the calling component first painted; then true for good. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
