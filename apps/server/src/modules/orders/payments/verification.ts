import type { DbOrTx } from '@meucardapio/db/client';
import { orderHistory, orders, paymentTransactions, restaurants } from '@meucardapio/db/schema';
import {
  checkoutRefs,
  isOnlineCheckoutOrder,
  judgeProviderPayment,
  type PaymentReturnDetails,
  providerAmountDue,
  providerHandle,
} from '@meucardapio/domain/hosted-checkout';
import { desc, eq } from 'drizzle-orm';
import { type Deps, inTransaction } from '../../../http/context';
import { tenant } from '../../../http/tenant';
import type { VerifyResult } from '../../../integrations/payments/payments';
import { recountSale } from '../../daily-sales/daily-sales.service';
import { queueStorefrontNote } from '../../fiscal/queue-note';
import { enqueueNewOrderNotifications } from '../notifications/new-order-message';
import { queueStatusMessage } from '../notifications/status-messages';
import { cancelOrderAndRestore } from '../order-cancel.service';
import { announceOrderUpdate } from '../order-events';
import { ONLINE_PAYMENT, recordPaidAfterCancel, recordPaymentMismatch } from './payment-outcome';

/*
 * The one way a card/PIX provider's verdict reaches an order, whoever asked: the customer's return page
 * (storefront or the PDV's popup), the customer area's re-check, the unpaid-order sweep, and staff on
 * the board (decision 036). Approved moves a pending order on to the kitchen with a history row, the
 * customer's WhatsApp message and the board's bell; failed gives back what the order held; a payment
 * that does not match leaves it unpaid with a warning for staff; no answer changes nothing but the time
 * it was asked. An order already paid is never asked about again, so a verdict applied twice changes
 * nothing the second time.
 */

type OrderRow = typeof orders.$inferSelect;

/** What the return page brings back (or the order kept of it): the transaction the provider is asked about. */
export type CheckoutCallback = {
  transactionNsu: string;
  slug: string;
  receiptUrl?: string | null;
  captureMethod?: string | null;
  /** How it was paid (authorisation code, card brand, …), kept with the payment data like the references. */
  details?: PaymentReturnDetails;
};

/** Why a payment could not be checked at all: the provider could not be reached, or no checkout handle is configured. */
export type VerificationProblem = 'verification_failed' | 'configuration_required';

export type AppliedVerdict = { order: OrderRow; problem: VerificationProblem | null };

type VerifyCtx = { db: DbOrTx; deps: Deps };

const DECLINED_NOTE = 'Pagamento não aprovado pela operadora: pedido cancelado e estoque devolvido.';

/**
 * Gives back what an unpaid card/PIX order held: it is cancelled with its stock and coupon use restored
 * (once, however many callers say so), named "Pagamento online" in its history. Null when it was gone.
 */
export function releaseUnpaidOrder(tx: DbOrTx, order: Pick<OrderRow, 'id' | 'restaurantId'>, notes: string) {
  return cancelOrderAndRestore(tx, {
    restaurantId: order.restaurantId,
    orderId: order.id,
    by: { employeeId: null, name: ONLINE_PAYMENT },
    notes,
  });
}

/**
 * Asks the provider about a transaction and applies its answer in one transaction. The redirect's
 * parameters alone never mark anything paid: a forged callback (unknown transaction, declined, or a
 * provider that cannot be reached) leaves the order unpaid.
 */
export async function applyProviderVerdict(
  ctx: VerifyCtx,
  order: OrderRow,
  callback: CheckoutCallback,
): Promise<AppliedVerdict> {
  // Already confirmed (a reload of the return page, a second tab, the board after the customer): nothing changes.
  if (order.paymentStatus === 'approved') return { order, problem: null };
  const { deps } = ctx;
  const [restaurant] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, order.restaurantId)).limit(1);
  const handle = restaurant ? providerHandle(restaurant) : null;
  let result: VerifyResult | null = null;
  let problem: VerificationProblem | null = handle ? null : 'configuration_required';
  if (handle) {
    try {
      result = await deps.integrations.payments.verify({
        handle,
        transactionNsu: callback.transactionNsu,
        externalOrderNsu: order.id,
        slug: callback.slug,
      });
    } catch (err) {
      deps.log.warn({ err, orderId: order.id }, 'payment verification failed');
      problem = 'verification_failed';
    }
  }
  const applied = await inTransaction(ctx, (txCtx) => applyUnderLock(txCtx, order, callback, result));
  if (!applied) {
    const [current] = await ctx.db
      .select()
      .from(orders)
      .where(tenant(orders, order.restaurantId, eq(orders.id, order.id)));
    return { order: current ?? order, problem: null };
  }
  const status =
    applied.paymentStatus === 'approved' || applied.paymentStatus === 'failed' ? applied.paymentStatus : 'pending';
  deps.metrics.paymentVerified(status);
  return { order: applied, problem: status === 'pending' ? problem : null };
}

/** The verdict on the locked order; null when there was nothing to apply (paid meanwhile, or gone). */
async function applyUnderLock(
  ctx: VerifyCtx,
  order: OrderRow,
  callback: CheckoutCallback,
  result: VerifyResult | null,
): Promise<OrderRow | null> {
  const { db, deps } = ctx;
  const [current] = await db
    .select()
    .from(orders)
    .where(tenant(orders, order.restaurantId, eq(orders.id, order.id)))
    .for('update');
  if (!current || current.paymentStatus === 'approved') return null;

  const online = isOnlineCheckoutOrder(current);
  const verdict = judgeProviderPayment({ total: providerAmountDue(current), online }, result);
  const now = new Date();
  const callbackData = {
    transaction_nsu: callback.transactionNsu,
    transaction_id: callback.transactionNsu,
    slug: callback.slug,
    order_nsu: order.id,
    ...(callback.receiptUrl ? { receipt_url: callback.receiptUrl } : {}),
    ...(callback.captureMethod ? { capture_method: callback.captureMethod } : {}),
    ...callback.details,
  };
  const txStatus = verdict.status === 'pending' ? 'verification_error' : verdict.status;
  // The same transaction with the same answer as the last row (a reloaded return page, a repeated call)
  // is already on record: only something new adds a row.
  const [last] = await db
    .select({ transactionId: paymentTransactions.transactionId, status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(tenant(paymentTransactions, current.restaurantId, eq(paymentTransactions.orderId, current.id)))
    .orderBy(desc(paymentTransactions.createdAt))
    .limit(1);
  if (last?.transactionId !== callback.transactionNsu || last.status !== txStatus) {
    await db.insert(paymentTransactions).values({
      restaurantId: current.restaurantId,
      orderId: current.id,
      provider: deps.integrations.payments.name,
      status: txStatus,
      transactionId: callback.transactionNsu,
      response: { callback: callbackData, verification: (result?.raw as Record<string, unknown> | undefined) ?? null },
    });
  }

  const stored = current.paymentData ?? {};
  const answered = verdict.status !== 'pending';
  // References come from the redirect, which anyone can forge: only a transaction the provider
  // vouched for replaces them. An unverified one may fill them in when there are none (so the order
  // can be re-verified later), never overwrite them. Orders not placed for an online payment keep
  // no references at all (they would make the order look like a checkout one).
  const keepRefs = !online || (!answered && typeof stored.transaction_nsu === 'string');
  let paymentData: Record<string, unknown> = keepRefs ? { ...stored } : { ...stored, ...callbackData };
  let paymentStatus = current.paymentStatus;
  let verified = current.paymentCheckoutVerified;
  let status = current.status;
  if (verdict.status === 'rejected') {
    paymentData = await recordPaymentMismatch(db, current, paymentData, verdict.warning, result!);
    if (online) {
      paymentStatus = 'failed';
      verified = true;
    }
  } else if (answered && online) {
    paymentStatus = verdict.status;
    verified = true;
    if (verdict.status === 'approved') {
      paymentData.payment_confirmed_at = now.toISOString();
      delete paymentData.payment_warning;
      if (current.status === 'pending') status = 'preparing';
      if (current.status === 'cancelled') paymentData = await recordPaidAfterCancel(db, current, paymentData);
    }
  }
  // A delivered order (a PDV sale paid by link) settles, or stops counting, with its payment.
  const updated = await recountSale(db, current, async () => {
    const [row] = await db
      .update(orders)
      .set({
        status,
        paymentStatus,
        paymentCheckoutVerified: verified,
        paymentStatusCheckedAt: now,
        paymentData,
        updatedAt: now,
      })
      .where(tenant(orders, current.restaurantId, eq(orders.id, current.id)))
      .returning();
    return row;
  });
  if (paymentStatus === 'approved' && current.paymentStatus !== 'approved' && status !== 'cancelled')
    await queueStorefrontNote({ db, restaurantId: current.restaurantId }, current, 'paid');
  if (status !== current.status) {
    await db.insert(orderHistory).values({
      restaurantId: current.restaurantId,
      orderId: current.id,
      status,
      employeeName: ONLINE_PAYMENT,
      notes: 'Pagamento confirmado',
    });
    await queueStatusMessage(db, deps.config.publicUrl, current, status);
  }
  if (
    paymentStatus !== current.paymentStatus ||
    verified !== current.paymentCheckoutVerified ||
    status !== current.status ||
    verdict.status === 'rejected'
  ) {
    // `paid`: the order just became one the kitchen can make, so the board announces it now.
    const paid = paymentStatus === 'approved' && status !== 'cancelled';
    // And the customer hears "Recebemos seu pedido", committed with the payment.
    if (paid) await enqueueNewOrderNotifications(db, current.restaurantId, current.id);
    await announceOrderUpdate(db, current, { status, paymentStatus, paid });
  }
  // Declined (not a mismatch): an order not started yet gives its stock back; one the kitchen started is left to staff.
  if (verdict.status === 'failed' && online && current.status === 'pending') {
    const released = await releaseUnpaidOrder(db, updated, DECLINED_NOTE);
    if (released) return released.order;
  }
  return updated;
}

/**
 * The transaction an order's return page left on it, or failing that the last one recorded for it (the
 * customer may never have come back from the checkout); null when there is nothing to ask about.
 */
export async function storedCallback(db: DbOrTx, order: OrderRow): Promise<CheckoutCallback | null> {
  const data = order.paymentData ?? {};
  const refs = checkoutRefs(data);
  if (!refs.transactionNsu || !refs.slug) {
    const [recorded] = await db
      .select({ transactionId: paymentTransactions.transactionId, response: paymentTransactions.response })
      .from(paymentTransactions)
      .where(tenant(paymentTransactions, order.restaurantId, eq(paymentTransactions.orderId, order.id)))
      .orderBy(desc(paymentTransactions.createdAt))
      .limit(1);
    if (recorded) {
      refs.transactionNsu ??= recorded.transactionId;
      const slug = (recorded.response as Record<string, unknown>)?.slug;
      if (typeof slug === 'string') refs.slug ??= slug;
    }
  }
  if (!refs.transactionNsu || !refs.slug) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    transactionNsu: refs.transactionNsu,
    slug: refs.slug,
    receiptUrl: text(data.receipt_url),
    captureMethod: text(data.capture_method),
  };
}

/** Asks again about an order's payment with what it kept of its checkout; unchanged when it kept nothing. */
export async function reverifyStoredPayment(ctx: VerifyCtx, order: OrderRow): Promise<AppliedVerdict> {
  const callback = await storedCallback(ctx.db, order);
  if (!callback) return { order, problem: null };
  return applyProviderVerdict(ctx, order, callback);
}
