import { hasPermission, isDeliveryPerson, type PermissionKey } from '@meucardapio/domain/permissions';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Actor, AppEnv, StaffActor } from '../http/context';
import { AppError, badRequest } from '../http/errors';
import { customerCtx, requireStaff } from '../http/guard';
import { SESSION_COOKIE } from '../http/session';
import type { StreamHandle } from './live-streams';
import type { LiveEvent } from './realtime';
import { type SseSink, sseResponse } from './sse-response';

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

/** Each event's payload is written once, however many screens it goes to. */
const payloadTexts = new WeakMap<LiveEvent, string>();
function payloadText(e: LiveEvent): string {
  let text = payloadTexts.get(e);
  if (text === undefined) {
    text = JSON.stringify(e.payload);
    payloadTexts.set(e, text);
  }
  return text;
}

export const eventsRoutes = new Hono<AppEnv>();

function stream(actorOf: (c: Context<AppEnv>) => Actor) {
  return (c: Context<AppEnv>) => {
    let actor = actorOf(c);
    const lastId = lastEventId(c);
    const { realtime, log } = c.get('deps');
    // The session middleware resolved this cookie a moment ago.
    const token = getCookie(c, SESSION_COOKIE) ?? '';
    let sink: SseSink | null = null;
    /** Until the missed events are read, live ones wait here, so they go out in order after them. */
    let waiting: LiveEvent[] | null = [];
    /**
     * The ids a resume read from the log: their notifications may still be on their way to this
     * instance, and must not reach the screen twice. Live events need no such memory (the instance
     * dispatches each id once), so what a stream remembers stays as small as what it missed.
     */
    const replayed = new Set<number>();
    let quiet = true;
    let checking = false;
    let checkAgain = false;
    let over = false;

    const deliver = (e: LiveEvent) => {
      // An event up to Last-Event-ID is one the client has: its notification reached this instance late.
      if ((lastId !== null && e.id <= lastId) || replayed.has(e.id) || !canReceive(actor, e)) return;
      quiet = false;
      sink?.send({ id: String(e.id), event: e.type, data: payloadText(e) });
    };
    const handle: StreamHandle = {
      userKey: `${actor.kind}:${actor.id}`,
      sessionHash: actor.sessionHash,
      employeeId: actor.kind === 'employee' ? actor.id : null,
      profileId: actor.kind === 'employee' ? actor.profile.id : null,
      end(reason) {
        if (over || !sink) return;
        if (reason === 'revoked') sink.send({ event: 'session.ended', data: '{}' });
        // Spread the reconnections of every client of this instance over a couple of seconds.
        else sink.send({ event: 'reconnect', data: '{}', retry: 500 + Math.floor(Math.random() * 2000) });
        sink.close();
      },
      heartbeat() {
        // Only a stream that sent nothing since the last beat needs one.
        if (quiet) sink?.comment('ping');
        quiet = true;
      },
      recheck() {
        if (over) return;
        // A signal while a check is reading may come from a change that read did not see: one more follows.
        if (checking) {
          checkAgain = true;
          return;
        }
        checking = true;
        checkAgain = false;
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
            if (checkAgain) handle.recheck();
          });
      },
    };
    if (realtime.streams.closing) throw restarting();
    const leave = realtime.streams.enter(handle);
    if (!leave) throw tooManyStreams();

    return sseResponse(c, (opened) => {
      sink = opened;
      const unsubscribe = realtime.subscribe(actor.restaurantId, (e) => {
        if (waiting) waiting.push(e);
        else deliver(e);
      });
      Promise.resolve(lastId === null ? null : realtime.resume(actor.restaurantId, lastId))
        .then((resumed) => {
          if (over) return;
          opened.send({ event: 'ready', data: '{}', retry: 3000 });
          // Some of what the client missed is no longer in the log: it reloads what it shows.
          if (resumed?.refresh) opened.send({ event: 'refresh', data: '{}' });
          const missed = resumed?.events ?? [];
          const live = (waiting ?? []).filter((e) => !missed.some((m) => m.id === e.id));
          waiting = null;
          for (const e of [...missed, ...live].sort((a, b) => a.id - b.id)) deliver(e);
          for (const e of missed) replayed.add(e.id);
        })
        .catch((err) => {
          // The client reconnects with the same Last-Event-ID and tries again.
          log.warn({ err }, 'event stream could not resume');
          opened.close();
        });
      return () => {
        over = true;
        unsubscribe();
        leave();
      };
    });
  };
}

eventsRoutes.get('/staff', stream(requireStaff));
eventsRoutes.get(
  '/customer',
  stream((c) => customerCtx(c).actor),
);
