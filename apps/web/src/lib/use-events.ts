import type { LiveEventMap, LiveEventType } from '@meucardapio/domain/live-events';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ME_QUERY_KEY } from './auth';

export type EventChannel = 'staff' | 'customer';

/** Handlers by live event name, each called with that event's payload (packages/domain/src/live-events.ts). */
export type LiveEventHandlers = {
  [K in LiveEventType]?: (data: LiveEventMap[K], event: MessageEvent<string>) => void;
};

export type UseEventsOptions = {
  /** Off while there is no session of the right kind. Default true. */
  enabled?: boolean;
  /** Called on every (re)connection, e.g. to refetch lists that may have changed while offline. */
  onOpen?: () => void;
};

const MAX_BACKOFF_MS = 30_000;

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/** The server writes each event's data as its type's payload; this is where the stream's text becomes it. */
function dispatch<K extends LiveEventType>(handlers: LiveEventHandlers, type: K, ev: MessageEvent<string>) {
  const handler = handlers[type] as ((data: LiveEventMap[K], event: MessageEvent<string>) => void) | undefined;
  handler?.(parse(ev.data) as LiveEventMap[K], ev);
}

/**
 * Subscribes to `/api/events/{channel}` (Server-Sent Events) and calls `handlers[event.type]`
 * for each event, e.g. `useEvents('staff', { 'order.created': (o) => … })`.
 *
 * The browser's EventSource reconnects by itself after a dropped connection and sends
 * Last-Event-ID, so nothing is lost. When the server refuses the stream (the EventSource ends up
 * CLOSED), we reconnect with exponential backoff and pass the last seen id as `?lastEventId=`.
 * Handlers may change on every render without reconnecting. When the server ends the stream because
 * the session ended (logout elsewhere, deactivation, password change), it stops and re-reads the session,
 * so the screen follows (usually back to the login).
 */
export function useEvents(
  channel: EventChannel,
  handlers: LiveEventHandlers,
  options: UseEventsOptions = {},
): { connected: boolean } {
  const { enabled = true } = options;
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const onOpenRef = useRef(options.onOpen);
  onOpenRef.current = options.onOpen;
  const [connected, setConnected] = useState(false);
  const queryClient = useQueryClient();
  const types = Object.keys(handlers).sort().join('\n');

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let lastEventId = '';
    let disposed = false;

    const listener = (ev: MessageEvent<string>) => {
      if (ev.lastEventId) lastEventId = ev.lastEventId;
      dispatch(handlersRef.current, ev.type as LiveEventType, ev);
    };

    const connect = () => {
      if (disposed) return;
      const url = lastEventId
        ? `/api/events/${channel}?lastEventId=${encodeURIComponent(lastEventId)}`
        : `/api/events/${channel}`;
      const es = new EventSource(url, { withCredentials: true });
      source = es;
      for (const type of types.split('\n').filter(Boolean)) es.addEventListener(type, listener as EventListener);
      // The server no longer has every event since the last one seen (kept a limited time): reload all.
      es.addEventListener('refresh', () => void queryClient.invalidateQueries());
      es.addEventListener('session.ended', () => {
        disposed = true;
        es.close();
        setConnected(false);
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      });
      es.onopen = () => {
        attempts = 0;
        setConnected(true);
        onOpenRef.current?.();
      };
      es.onerror = () => {
        setConnected(false);
        if (es.readyState !== EventSource.CLOSED) return; // the browser is already retrying
        es.close();
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts) + Math.random() * 500;
        attempts += 1;
        retryTimer = setTimeout(connect, delay);
      };
    };

    connect();
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      source?.close();
      setConnected(false);
    };
  }, [channel, enabled, types, queryClient]);

  return { connected };
}
