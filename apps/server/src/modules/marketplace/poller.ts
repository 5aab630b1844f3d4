import { randomUUID } from 'node:crypto';
import { marketplaceConnections } from '@meucardapio/db/schema';
import { byOccurrence, normalizeEventType, pollGroups } from '@meucardapio/domain/marketplace';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import type { PolledEvent } from '../../integrations/marketplace/marketplace';
import { appendEvent } from '../../realtime/realtime';
import { knownAppOrder, markAcknowledged, storeAppEvent, storedEventIds } from './app-events.service';
import { accessOf, credentialGroupOf, menuVersion, simulatorMenu } from './connection-access';
import type { ConnectionRow } from './marketplace-door';

/**
 * Polls the ordering apps. Safe on any number of instances: a connection is claimed in a short
 * transaction (`FOR UPDATE SKIP LOCKED`, a claim token and a lease, its next poll moved on), polled
 * with no transaction open, and released with its health. iFood connections sharing an app credential
 * are polled together (one request names up to 100 merchants) and each event goes to the restaurant of
 * its merchant. Per event: the order's details are fetched
 * first, then the event and its order are stored in one transaction, and only the events stored are
 * acknowledged; a poller that dies before acknowledging leaves them to come again, and they are
 * recognised by their id.
 */

export type PollOptions = { pollMs: number; leaseMs?: number; batch?: number; simulatorEveryMs: number };

const LEASE_MS = 60_000;
/** How many connections of one credential a claim brings along with the due ones. */
const MAX_MATES = 1000;

/**
 * Claims the connections due for a poll, and with an iFood connection the other connections of its
 * credential that are free: they are polled in the same request, and from then on come due together.
 */
async function claimDue(deps: Deps, options: PollOptions): Promise<ConnectionRow[]> {
  const token = randomUUID();
  const lease = options.leaseMs ?? LEASE_MS;
  return deps.database.db.transaction(async (tx) => {
    const free = sql`(${marketplaceConnections.leaseUntil} is null or ${marketplaceConnections.leaseUntil} < now())`;
    const due = await tx
      .select({ id: marketplaceConnections.id, group: marketplaceConnections.credentialGroup })
      .from(marketplaceConnections)
      .where(and(eq(marketplaceConnections.enabled, true), sql`${marketplaceConnections.nextPollAt} <= now()`, free))
      .orderBy(marketplaceConnections.nextPollAt)
      .limit(options.batch ?? 50)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const groups = [...new Set(due.flatMap((d) => (d.group ? [d.group] : [])))];
    const mates = groups.length
      ? await tx
          .select({ id: marketplaceConnections.id })
          .from(marketplaceConnections)
          .where(
            and(
              eq(marketplaceConnections.enabled, true),
              inArray(marketplaceConnections.credentialGroup, groups),
              notInArray(
                marketplaceConnections.id,
                due.map((d) => d.id),
              ),
              free,
            ),
          )
          .limit(MAX_MATES)
          .for('update', { skipLocked: true })
      : [];
    return tx
      .update(marketplaceConnections)
      .set({
        claimToken: token,
        leaseUntil: sql`now() + ${lease} * interval '1 millisecond'`,
        nextPollAt: sql`now() + ${options.pollMs} * interval '1 millisecond'`,
      })
      .where(
        inArray(
          marketplaceConnections.id,
          [...due, ...mates].map((d) => d.id),
        ),
      )
      .returning();
  });
}

export type PollOutcome = { received: number; stored: number; acknowledged: number; error: string | null };

/** Which connection of a poll an event belongs to: its merchant's, or the only one polled. */
function routeEvents(rows: readonly ConnectionRow[], events: readonly PolledEvent[]) {
  const byMerchant = new Map<string, ConnectionRow[]>();
  for (const row of rows) byMerchant.set(row.merchantId, [...(byMerchant.get(row.merchantId) ?? []), row]);
  const routed = new Map<string, PolledEvent[]>();
  const unrouted: PolledEvent[] = [];
  for (const event of events) {
    const candidates =
      event.merchantId === undefined && rows.length === 1 ? rows : byMerchant.get(event.merchantId ?? '');
    // A merchant nobody here polled, or connected by two restaurants at once: stored nowhere, never
    // acknowledged (the app keeps it), rather than handed to the wrong restaurant.
    if (candidates?.length !== 1) {
      unrouted.push(event);
      continue;
    }
    routed.set(candidates[0].id, [...(routed.get(candidates[0].id) ?? []), event]);
  }
  return { routed, unrouted };
}

/**
 * One poll: a connection, or up to 100 iFood merchants of one credential in one request. Each event is
 * stored in its own restaurant (by its merchant), one by one in the order they happened, and only the
 * events stored are acknowledged; every connection of the poll gets its own health.
 */
export async function pollConnections(
  deps: Deps,
  rows: readonly ConnectionRow[],
  options: PollOptions,
): Promise<Map<string, PollOutcome>> {
  const accesses = rows.map(accessOf);
  const client = deps.integrations.marketplaces.client(accesses[0].kind);
  const outcomes = new Map(
    rows.map((r): [string, PollOutcome] => [r.id, { received: 0, stored: 0, acknowledged: 0, error: null }]),
  );
  const failAll = (ids: Iterable<string>, message: string) => {
    for (const id of ids) {
      const outcome = outcomes.get(id);
      if (outcome) outcome.error = message || 'Falha ao consultar o aplicativo';
    }
  };
  const ctxOf = (row: ConnectionRow) => ({ db: deps.database.db, deps, restaurantId: row.restaurantId });
  const rowById = new Map(rows.map((r) => [r.id, r]));
  let routed = new Map<string, PolledEvent[]>();
  try {
    for (const [i, row] of rows.entries())
      if (accesses[i].kind === 'simulator')
        await deps.integrations.marketplaces.simulator.makeOrderIfDue(
          accesses[i],
          await simulatorMenu(deps, row.restaurantId),
          options.simulatorEveryMs,
        );
    const events = byOccurrence(client.group ? await client.group.poll(accesses) : await client.poll(accesses[0]));
    const route = routeEvents(rows, events);
    routed = route.routed;
    if (route.unrouted.length)
      deps.log.warn(
        { connectionIds: [...outcomes.keys()], events: route.unrouted.map((e) => e.id) },
        'marketplace events of no single connection left unacknowledged',
      );
  } catch (err) {
    failAll(outcomes.keys(), (err as Error).message);
  }

  // Each connection's events, in the order they happened (byOccurrence above).
  const done: PolledEvent[] = [];
  const doneBy = new Map<string, string[]>();
  for (const [connectionId, events] of routed) {
    const row = rowById.get(connectionId) as ConnectionRow;
    const ctx = ctxOf(row);
    const outcome = outcomes.get(connectionId) as PollOutcome;
    outcome.received = events.length;
    const ids: string[] = [];
    try {
      const already = await storedEventIds(
        ctx,
        row.id,
        events.map((e) => e.id),
      );
      for (const event of events) {
        if (!already.has(event.id)) {
          try {
            const needsOrder =
              normalizeEventType(event.type) === 'CREATED' || !(await knownAppOrder(ctx, row.id, event.orderId));
            const order = needsOrder ? await client.order(accessOf(row), event.orderId) : null;
            await storeAppEvent(ctx, row, event, order);
            outcome.stored++;
          } catch (err) {
            // Left unacknowledged: the app delivers it again and the next poll tries again.
            outcome.error = `Evento ${event.type} não processado: ${(err as Error).message}`;
            deps.log.warn({ err, connectionId: row.id, eventId: event.id }, 'marketplace event not stored');
            continue;
          }
        }
        ids.push(event.id);
        done.push(event);
      }
    } catch (err) {
      outcome.error = (err as Error).message;
    }
    if (ids.length) doneBy.set(connectionId, ids);
  }

  if (done.length > 0) {
    try {
      // One acknowledgement for the whole poll: the merchants of a group share the credential.
      await client.acknowledge(accesses[0], done);
      for (const [connectionId, ids] of doneBy) {
        await markAcknowledged(ctxOf(rowById.get(connectionId) as ConnectionRow), connectionId, ids);
        (outcomes.get(connectionId) as PollOutcome).acknowledged = ids.length;
      }
    } catch (err) {
      failAll(doneBy.keys(), (err as Error).message);
    }
  }

  for (const row of rows) {
    const outcome = outcomes.get(row.id) as PollOutcome;
    try {
      if (!outcome.error) await announceMenu(deps, row);
    } catch (err) {
      outcome.error = (err as Error).message || 'Falha ao avisar o aplicativo';
    }
    await recordHealth(deps, row, outcome);
  }
  return outcomes;
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
        // Connections saved before groups existed join theirs at their first poll.
        credentialGroup: credentialGroupOf(row),
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
  const rows = await claimDue(deps, options);
  const perPoll = deps.integrations.marketplaces.client('ifood').group?.max ?? 1;
  const polls = pollGroups(rows, (r) => r.credentialGroup ?? credentialGroupOf(r), perPoll);
  // A few at once: one slow app does not hold the others back.
  const queue = [...polls];
  const workers = Array.from({ length: Math.min(8, queue.length) }, async () => {
    for (let poll = queue.shift(); poll; poll = queue.shift()) await pollConnections(deps, poll, options);
  });
  await Promise.all(workers);
  return rows.length;
}
