import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '@meucardapio/db/client';
import { runStep, step } from '@meucardapio/db/one-trip';
import { outboundMessages } from '@meucardapio/db/schema';
import { type SQL, sql } from 'drizzle-orm';

/** The NOTIFY channel that wakes the outbox's sender: a message was queued to send. */
export const OUTBOX_CHANNEL = 'mc_outbox';

/**
 * This process, as the payload of the NOTIFYs it sends: its own sender drains at once, the other
 * instances' senders leave the row to it (their timers take it if this process is gone before sending).
 */
export const OUTBOX_WRITER = randomUUID();

export type OutboxRow = {
  restaurantId: string;
  orderId: string;
  kind: string;
  phone: string | null;
  body: string;
  /** 'failed' records a message that cannot be sent (no phone), never attempted. */
  status?: 'pending' | 'failed';
  lastError?: string | null;
  /** Defaults to the transaction's start. */
  createdAt?: SQL;
};

/**
 * Queues a message unless its order already has one of its kind (the unique restaurant + order + kind
 * key), only when `onlyIf` holds, and wakes this instance's sender when it is to be sent (unless
 * `wake` is false: a caller that drains next itself). One statement, in the caller's transaction, so the
 * row and its NOTIFY are committed with the change that owes the message or not at all. Returns whether
 * a row was queued.
 */
export async function queueOutboxRow(
  tx: DbOrTx,
  row: OutboxRow,
  options: { onlyIf?: SQL; wake?: boolean } = {},
): Promise<boolean> {
  const [answer] = await runStep(tx, outboxRowStep(row, options));
  return Number(answer?.queued ?? 0) > 0;
}

/** `queueOutboxRow` as a step, to share a round trip with other writes of the same change. */
export function outboxRowStep(row: OutboxRow, options: { onlyIf?: SQL; wake?: boolean } = {}) {
  const { onlyIf, wake = true } = options;
  return step<{ queued: number; woken: number }>(
    [
      [
        'queued',
        sql`insert into ${outboundMessages} (restaurant_id, order_id, kind, phone, body, status, last_error, created_at)
          select ${row.restaurantId}::uuid, ${row.orderId}::uuid, ${row.kind}, ${row.phone}, ${row.body},
            ${row.status ?? 'pending'}, ${row.lastError ?? null}, ${row.createdAt ?? sql`now()`}
          ${onlyIf ? sql`where ${onlyIf}` : sql``}
          on conflict do nothing
          returning status`,
      ],
      [
        'woken',
        sql`select pg_notify(${OUTBOX_CHANNEL}::text, ${OUTBOX_WRITER}) from queued where status = 'pending' and ${wake}::boolean`,
      ],
    ],
    sql`select (select count(*) from queued)::int as queued, (select count(*) from woken)::int as woken`,
  );
}
