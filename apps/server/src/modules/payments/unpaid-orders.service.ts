import { orders } from '@meucardapio/db/schema';
import { isLocalPixOrder, LOCAL_PIX_TIMEOUT_MINUTES } from '@meucardapio/domain/order-pix';
import { and, asc, eq, lte, ne, not, or, sql } from 'drizzle-orm';
import type { Deps } from '../../http/context';
import { type RepeatingPass, startRepeatingPass } from '../../ops/repeating-pass';
import { releaseUnpaidOrder } from '../orders/payments/verification';
import { reverifyOrderPayment } from './payments.service';

/** How often each server instance looks for card/PIX orders left unpaid past the time limit. */
export const UNPAID_SWEEP_MS = 60_000;
/** Orders looked at per pass; the next pass takes the rest. */
const SWEEP_LIMIT = 100;

export type UnpaidSweepOptions = {
  /** Minutes a card/PIX order may stay unpaid before it is cancelled (UNPAID_ORDER_TIMEOUT_MINUTES). */
  timeoutMinutes: number;
  now?: Date;
};

export type UnpaidSweepResult = {
  /** Orders this pass cancelled (its stock and coupon use given back). */
  cancelled: string[];
  /** Orders left as they are: their payment may exist but the provider could not say so now. */
  unverified: string[];
};

/**
 * Cancels the storefront's card/PIX orders still unpaid `timeoutMinutes` after they were placed (local
 * PIX QR Code orders after LOCAL_PIX_TIMEOUT_MINUTES, never sooner), giving back their stock and
 * coupon use. An order whose return page left a transaction is asked about first:
 * paid, it goes on; declined, it is cancelled as a declined payment; unanswerable (provider down, handle
 * not configured), it is kept for a later pass or for staff, since the customer may have paid.
 * Safe with any number of instances running it at once: each order is taken with
 * `FOR UPDATE SKIP LOCKED` and re-checked under the lock, and the cancellation itself gives back once.
 */
export async function cancelExpiredUnpaidOrders(deps: Deps, options: UnpaidSweepOptions): Promise<UnpaidSweepResult> {
  const db = deps.database.db;
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.timeoutMinutes * 60_000);
  // A local PIX order is confirmed by a person looking at the bank app, not by a provider: it gets
  // longer (decision 025), never less than the card timeout.
  const pixMinutes = Math.max(options.timeoutMinutes, LOCAL_PIX_TIMEOUT_MINUTES);
  const pixCutoff = new Date(now.getTime() - pixMinutes * 60_000);
  const localPix = sql`coalesce(${orders.paymentData}->>'local_pix', '') = 'true'`;
  const unpaid = and(
    eq(orders.status, 'pending'),
    eq(orders.paymentStatus, 'pending'),
    ne(orders.deliveryType, 'pdv'),
    or(and(not(localPix), lte(orders.createdAt, cutoff)), and(localPix, lte(orders.createdAt, pixCutoff))),
  );
  const candidates = await db.select().from(orders).where(unpaid).orderBy(asc(orders.createdAt)).limit(SWEEP_LIMIT);
  const result: UnpaidSweepResult = { cancelled: [], unverified: [] };
  for (const candidate of candidates) {
    const data = candidate.paymentData ?? {};
    if (typeof data.transaction_nsu === 'string' && typeof data.slug === 'string') {
      const outcome = await reverifyOrderPayment(db, deps, candidate);
      if (outcome.status !== 'pending') continue;
      if (outcome.problem) {
        result.unverified.push(candidate.id);
        continue;
      }
    }
    const cancelled = await db.transaction(async (tx) => {
      // Another instance may hold this order (skip it) or have cancelled it already (no longer matches).
      const [locked] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.restaurantId, candidate.restaurantId), eq(orders.id, candidate.id), unpaid))
        .for('update', { skipLocked: true });
      if (!locked) return false;
      const outcome = await releaseUnpaidOrder(
        tx,
        candidate,
        isLocalPixOrder(candidate)
          ? `PIX não confirmado em ${pixMinutes} minutos: pedido cancelado e estoque devolvido.`
          : `Pagamento não concluído em ${options.timeoutMinutes} minutos: pedido cancelado e estoque devolvido.`,
      );
      return outcome?.cancelled === true;
    });
    if (cancelled) result.cancelled.push(candidate.id);
  }
  if (result.cancelled.length > 0) deps.log.info({ orders: result.cancelled }, 'unpaid orders cancelled');
  return result;
}

/** Runs the sweep on an interval in this instance (one pass at a time); `stop` waits for a pass under way. */
export function startUnpaidOrdersJob(
  deps: Deps,
  options: { timeoutMinutes: number; intervalMs?: number },
): RepeatingPass {
  return startRepeatingPass(
    deps.log.child({ worker: 'unpaid-orders' }),
    'unpaid orders',
    () => cancelExpiredUnpaidOrders(deps, { timeoutMinutes: options.timeoutMinutes }),
    { everyMs: options.intervalMs ?? UNPAID_SWEEP_MS },
  );
}
