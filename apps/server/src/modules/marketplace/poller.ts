import { randomUUID } from 'node:crypto';
import { marketplaceConnections } from '@meucardapio/db/schema';
import { byOccurrence, normalizeEventType } from '@meucardapio/domain/marketplace';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import type { PolledEvent } from '../../integrations/marketplace/marketplace';
import { appendEvent } from '../../realtime/realtime';
import { knownAppOrder, markAcknowledged, storeAppEvent, storedEventIds } from './app-events.service';
import { accessOf, menuVersion, simulatorMenu } from './connection-access';
import type { ConnectionRow } from './marketplace-door';

/**
 * Polls the ordering apps. Safe on any number of instances: a connection is claimed in a short
 * transaction (`FOR UPDATE SKIP LOCKED`, a claim token and a lease, its next poll moved on), polled
 * with no transaction open, and released with its health. Per event: the order's details are fetched
 * first, then the event and its order are stored in one transaction, and only the events stored are
 * acknowledged; a poller that dies before acknowledging leaves them to come again, and they are
 * recognised by their id.
 */

export type PollOptions = { pollMs: number; leaseMs?: number; batch?: number; simulatorEveryMs: number };

const LEASE_MS = 60_000;

/** Claims the connections due for a poll. */
async function claimDue(deps: Deps, options: PollOptions): Promise<{ rows: ConnectionRow[]; token: string }> {
  const token = randomUUID();
  const lease = options.leaseMs ?? LEASE_MS;
  const rows = await deps.database.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: marketplaceConnections.id })
      .from(marketplaceConnections)
      .where(
        and(
          eq(marketplaceConnections.enabled, true),
          sql`${marketplaceConnections.nextPollAt} <= now()`,
          sql`(${marketplaceConnections.leaseUntil} is null or ${marketplaceConnections.leaseUntil} < now())`,
        ),
      )
      .orderBy(marketplaceConnections.nextPollAt)
      .limit(options.batch ?? 50)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(marketplaceConnections)
      .set({
        claimToken: token,
        leaseUntil: sql`now() + ${lease} * interval '1 millisecond'`,
        nextPollAt: sql`now() + ${options.pollMs} * interval '1 millisecond'`,
      })
      .where(
        sql`${marketplaceConnections.id} in (${sql.join(
          due.map((d) => sql`${d.id}::uuid`),
          sql`, `,
        )})`,
      )
      .returning();
  });
  return { rows, token };
}

export type PollOutcome = { received: number; stored: number; acknowledged: number; error: string | null };

/** One connection's poll: fetch, store one by one, acknowledge what is stored. */
export async function pollConnection(deps: Deps, row: ConnectionRow, options: PollOptions): Promise<PollOutcome> {
  const access = accessOf(row);
  const client = deps.integrations.marketplaces.client(access.kind);
  const ctx = { db: deps.database.db, deps, restaurantId: row.restaurantId };
  const outcome: PollOutcome = { received: 0, stored: 0, acknowledged: 0, error: null };
  try {
    if (access.kind === 'simulator')
      deps.integrations.marketplaces.simulator.makeOrderIfDue(
        access,
        await simulatorMenu(deps, row.restaurantId),
        options.simulatorEveryMs,
      );
    const events = byOccurrence(await client.poll(access));
    outcome.received = events.length;
    const already = await storedEventIds(
      ctx,
      row.id,
      events.map((e) => e.id),
    );
    const done: PolledEvent[] = [];
    for (const event of events) {
      if (already.has(event.id)) {
        done.push(event);
        continue;
      }
      try {
        const needsOrder =
          normalizeEventType(event.type) === 'CREATED' || !(await knownAppOrder(ctx, row.id, event.orderId));
        const order = needsOrder ? await client.order(access, event.orderId) : null;
        await storeAppEvent(ctx, row, event, order);
        outcome.stored++;
        done.push(event);
      } catch (err) {
        // Left unacknowledged: the app delivers it again and the next poll tries again.
        outcome.error = `Evento ${event.type} não processado: ${(err as Error).message}`;
        deps.log.warn({ err, connectionId: row.id, eventId: event.id }, 'marketplace event not stored');
      }
    }
    if (done.length > 0) {
      await client.acknowledge(access, done);
      await markAcknowledged(
        ctx,
        row.id,
        done.map((e) => e.id),
      );
      outcome.acknowledged = done.length;
    }
    await announceMenu(deps, row);
  } catch (err) {
    outcome.error = (err as Error).message || 'Falha ao consultar o aplicativo';
  }
  await recordHealth(deps, row, outcome);
  return outcome;
}

/**
 * Open Delivery's `menuUpdated`: an app hears that our menu changed at the poll after the change (a
 * failed notice is tried again at the next poll; a repeated one only makes the app read it again).
 */
async function announceMenu(deps: Deps, row: ConnectionRow) {
  const client = deps.integrations.marketplaces.client(accessOf(row).kind);
  if (!client.menuUpdated) return;
  const version = await menuVersion(deps, row.restaurantId);
  if (version === row.menuVersionSent) return;
  await client.menuUpdated(accessOf(row));
  await deps.database.db
    .update(marketplaceConnections)
    .set({ menuVersionSent: version })
    .where(eq(marketplaceConnections.id, row.id));
}

/** The connection's health after a poll; staff hear at once when it starts or stops working. */
async function recordHealth(deps: Deps, row: ConnectionRow, outcome: PollOutcome) {
  const now = new Date();
  const wasFailing = row.failures > 0;
  await deps.database.db.transaction(async (tx) => {
    await tx
      .update(marketplaceConnections)
      .set({
        lastPollAt: now,
        leaseUntil: null,
        claimToken: null,
        eventsWaiting: outcome.received - outcome.acknowledged,
        ...(outcome.error
          ? {
              lastError: outcome.error.slice(0, 500),
              lastErrorAt: now,
              failures: sql`${marketplaceConnections.failures} + 1`,
            }
          : { lastSuccessAt: now, failures: 0 }),
      })
      .where(eq(marketplaceConnections.id, row.id));
    if (wasFailing !== !!outcome.error)
      await appendEvent(tx, {
        restaurantId: row.restaurantId,
        type: 'marketplace.health',
        permission: 'manage_orders',
        payload: { connectionId: row.id, app: row.app, healthy: !outcome.error, error: outcome.error },
      });
  });
}

/** Polls every connection that is due; returns how many were polled. */
export async function pollDue(deps: Deps, options: PollOptions): Promise<number> {
  const { rows } = await claimDue(deps, options);
  // A few at once: one slow app does not hold the others back.
  const queue = [...rows];
  const workers = Array.from({ length: Math.min(8, queue.length) }, async () => {
    for (let row = queue.shift(); row; row = queue.shift()) await pollConnection(deps, row, options);
  });
  await Promise.all(workers);
  return rows.length;
}
