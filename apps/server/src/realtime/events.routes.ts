import type { EventRow } from '@meucardapio/db/schema';
import { hasPermission, type PermissionKey } from '@meucardapio/domain/permissions';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Actor, AppEnv } from '../http/context';
import { customerCtx, requireStaff } from '../http/guard';

const HEARTBEAT_MS = 25_000;

/** Who may see an event: staff of the restaurant with its permission, or the one customer it names. */
export function canReceive(actor: Actor, event: EventRow): boolean {
  if (event.restaurantId !== actor.restaurantId) return false;
  if (actor.kind === 'customer') return event.customerId === actor.id;
  return !event.permission || hasPermission(actor.rules, event.permission as PermissionKey);
}

export const eventsRoutes = new Hono<AppEnv>();

function stream(actorOf: (c: Parameters<typeof requireStaff>[0]) => Actor) {
  return (c: Parameters<typeof requireStaff>[0]) => {
    const actor = actorOf(c);
    const { realtime } = c.get('deps');
    const header = c.req.header('last-event-id') ?? c.req.query('lastEventId');
    const lastId = header && /^\d+$/.test(header) ? Number(header) : null;
    return streamSSE(c, async (s) => {
      const queue: EventRow[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = realtime.subscribe(actor.restaurantId, (e) => {
        queue.push(e);
        wake?.();
      });
      s.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      let sentUpTo = lastId ?? 0;
      if (lastId !== null) {
        for (const e of await realtime.backlog(actor.restaurantId, lastId)) queue.unshift(e);
        queue.sort((a, b) => a.id - b.id);
      }
      await s.writeSSE({ event: 'ready', data: '{}', retry: 3000 } as never);
      while (!s.aborted) {
        while (queue.length > 0) {
          const e = queue.shift()!;
          if (e.id <= sentUpTo || !canReceive(actor, e)) continue;
          sentUpTo = e.id;
          await s.writeSSE({ id: String(e.id), event: e.type, data: JSON.stringify(e.payload) });
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, HEARTBEAT_MS);
        });
        wake = null;
        if (queue.length === 0 && !s.aborted) await s.write(': ping\n\n');
      }
      unsubscribe();
    });
  };
}

eventsRoutes.get('/staff', stream(requireStaff));
eventsRoutes.get(
  '/customer',
  stream((c) => customerCtx(c).actor),
);
