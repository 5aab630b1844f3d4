import { createHmac, timingSafeEqual } from 'node:crypto';
import { marketplaceConnections } from '@meucardapio/db/schema';
import { normalizeEventType } from '@meucardapio/domain/marketplace';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import type { PolledEvent } from '../../integrations/marketplace/marketplace';
import { knownAppOrder, storeAppEvent, storedEventIds } from './app-events.service';
import { accessOf } from './connection-access';

/**
 * The push variant of Open Delivery's events (`newEvent`): the app signs the raw body with the
 * connection's client secret (HMAC-SHA256, lowercase hex in X-App-Signature). There is no timestamp in
 * the signature, so replays are stopped by the event's id, like a re-delivered polled event.
 */

const signatureOf = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export type PushedEvent = { eventId: string; eventType: string; orderId: string; createdAt: string } & Record<
  string,
  unknown
>;

/** The connection whose client secret signed the body, or null (the route answers 403). */
export async function signedConnection(
  deps: Pick<Deps, 'database'>,
  merchantId: string,
  raw: string,
  signature: string,
) {
  if (!merchantId || !signature) return null;
  const candidates = await deps.database.db
    .select()
    .from(marketplaceConnections)
    .where(and(eq(marketplaceConnections.merchantId, merchantId), eq(marketplaceConnections.kind, 'open_delivery')));
  return candidates.find((c) => c.clientSecret && sameSignature(signatureOf(c.clientSecret, raw), signature)) ?? null;
}

/** Stores a pushed event as a polled one would be (the order fetched first, outside any transaction). */
export async function receivePushedEvent(
  deps: Deps,
  connection: NonNullable<Awaited<ReturnType<typeof signedConnection>>>,
  pushed: PushedEvent,
): Promise<void> {
  const ctx = { db: deps.database.db, deps, restaurantId: connection.restaurantId };
  const event: PolledEvent = {
    id: pushed.eventId,
    type: pushed.eventType,
    orderId: pushed.orderId,
    createdAt: pushed.createdAt,
    raw: pushed,
  };
  if ((await storedEventIds(ctx, connection.id, [event.id])).size > 0) return;
  const needsOrder =
    normalizeEventType(event.type) === 'CREATED' || !(await knownAppOrder(ctx, connection.id, event.orderId));
  const access = accessOf(connection);
  const order = needsOrder
    ? await deps.integrations.marketplaces.client(access.kind).order(access, event.orderId)
    : null;
  await storeAppEvent(ctx, connection, event, order);
}
