import { hasPermission, isDeliveryPerson, type PermissionKey } from '@meucardapio/domain/permissions';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import type { Actor, AppEnv, StaffActor } from '../http/context';
import { AppError, badRequest } from '../http/errors';
import { customerCtx, requireStaff } from '../http/guard';
import { SESSION_COOKIE } from '../http/session';
import type { StreamEnd, StreamHandle } from './live-streams';
import type { LiveEvent } from './realtime';

/** Ids already sent that a stream remembers, to skip an event reaching it twice (resume + live). */
const SENT_MEMORY = 2000;

/**
 * What a delivery person may see: events of the orders assigned to them, chat messages they send
 * or receive, and restaurant-wide events that name no order and no customer.
 */
function courierMaySee(courierId: string, event: LiveEvent): boolean {
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  const aboutOrder = typeof payload.orderId === 'string';
  if (event.type === 'chat.message') {
    if (payload.senderId === courierId || payload.recipientId === courierId) return true;
    return aboutOrder && event.courierId === courierId;
  }
  if (aboutOrder) return event.courierId === courierId;
  return !event.customerId;
}

/** The kitchen display follows orders arriving and moving, without the board's permission. */
function kitchenMaySee(actor: StaffActor, event: LiveEvent): boolean {
  return (
    (event.type === 'order.created' || event.type === 'order.updated') && hasPermission(actor.rules, 'manage_kitchen')
  );
}

/** Who may see an event: staff of the restaurant with its permission, or the one customer it names. */
export function canReceive(actor: Actor, event: LiveEvent): boolean {
  if (event.restaurantId !== actor.restaurantId) return false;
  if (actor.kind === 'customer') return event.customerId === actor.id;
  if (
    event.permission &&
    !hasPermission(actor.rules, event.permission as PermissionKey) &&
    !kitchenMaySee(actor, event)
  )
    return false;
  return !isDeliveryPerson(actor.rules) || courierMaySee(actor.id, event);
}

/** `Last-Event-ID` (or `?lastEventId=` when the browser reconnects by hand): an event id, or absent. */
function lastEventId(c: Context<AppEnv>): number | null {
  const raw = c.req.header('last-event-id') ?? c.req.query('lastEventId');
  if (!raw) return null;
  if (!/^\d{1,15}$/.test(raw)) {
    throw badRequest(
      'Identificador de evento inválido',
      'Recarregue a página para voltar a receber as atualizações.',
      'invalid_last_event_id',
    );
  }
  return Number(raw);
}

const tooManyStreams = () =>
  new AppError(
    429,
    'too_many_streams',
    'Muitas conexões abertas',
    'Você já tem muitas abas recebendo atualizações. Feche algumas e recarregue a página.',
  );

const restarting = () =>
  new AppError(503, 'restarting', 'Servidor reiniciando', 'As atualizações voltam em instantes.');

export const eventsRoutes = new Hono<AppEnv>();

function stream(actorOf: (c: Context<AppEnv>) => Actor) {
  return (c: Context<AppEnv>) => {
    let actor = actorOf(c);
    const lastId = lastEventId(c);
    const { realtime, log } = c.get('deps');
    // The session middleware resolved this cookie a moment ago.
    const token = getCookie(c, SESSION_COOKIE) ?? '';
    let ending: StreamEnd | null = null;
    let wake: (() => void) | null = null;
    let ping = false;
    let checking = false;
    const handle: StreamHandle = {
      userKey: `${actor.kind}:${actor.id}`,
      sessionHash: actor.sessionHash,
      employeeId: actor.kind === 'employee' ? actor.id : null,
      profileId: actor.kind === 'employee' ? actor.profile.id : null,
      end(reason) {
        ending ??= reason;
        wake?.();
      },
      heartbeat() {
        ping = true;
        wake?.();
      },
      recheck() {
        if (checking || ending) return;
        checking = true;
        realtime
          .checkSession(token)
          .then((fresh) => {
            if (!fresh || fresh.kind !== actor.kind || fresh.id !== actor.id) return handle.end('revoked');
            // Permission or profile changes apply to the very next event.
            actor = fresh;
            handle.profileId = fresh.kind === 'employee' ? fresh.profile.id : null;
          })
          // A database hiccup is not a revocation: the next check decides.
          .catch((err) => log.warn({ err }, 'stream session check failed'))
          .finally(() => {
            checking = false;
          });
      },
    };
    if (realtime.streams.closing) throw restarting();
    const leave = realtime.streams.enter(handle);
    if (!leave) throw tooManyStreams();

    return streamSSE(c, async (s) => {
      const queue: LiveEvent[] = [];
      const sent = new Set<number>();
      const unsubscribe = realtime.subscribe(actor.restaurantId, (e) => {
        queue.push(e);
        wake?.();
      });
      s.onAbort(() => wake?.());
      try {
        let refresh = false;
        if (lastId !== null) {
          const resumed = await realtime.resume(actor.restaurantId, lastId);
          refresh = resumed.refresh;
          queue.unshift(...resumed.events.filter((m) => !queue.some((q) => q.id === m.id)));
          queue.sort((a, b) => a.id - b.id);
        }
        await s.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
        // Some of what the client missed is no longer in the log: it reloads what it shows.
        if (refresh) await s.writeSSE({ event: 'refresh', data: '{}' });
        while (!s.aborted && !ending) {
          while (queue.length > 0 && !ending) {
            const e = queue.shift()!;
            if (sent.has(e.id) || !canReceive(actor, e)) continue;
            sent.add(e.id);
            if (sent.size > SENT_MEMORY) sent.delete(sent.values().next().value as number);
            await s.writeSSE({ id: String(e.id), event: e.type, data: JSON.stringify(e.payload) });
          }
          if (ending) break;
          // Woken by an event, the end, or the registry's heartbeat clock (one timer for all streams).
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
          if (ping && queue.length === 0 && !s.aborted && !ending) await s.write(': ping\n\n');
          ping = false;
        }
        if (ending === 'revoked') {
          await s.writeSSE({ event: 'session.ended', data: '{}' });
        } else if (ending === 'shutdown') {
          // Spread the reconnections of every client of this instance over a couple of seconds.
          const retry = 500 + Math.floor(Math.random() * 2000);
          await s.writeSSE({ event: 'reconnect', data: '{}', retry });
        }
      } finally {
        unsubscribe();
        leave();
      }
    });
  };
}

eventsRoutes.get('/staff', stream(requireStaff));
eventsRoutes.get(
  '/customer',
  stream((c) => customerCtx(c).actor),
);
