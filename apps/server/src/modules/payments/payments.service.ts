import type { Db } from '@meucardapio/db/client';
import { orderHistory, orderItems, orders, paymentTransactions, restaurants } from '@meucardapio/db/schema';
import {
  isOnlineCheckoutOrder,
  judgeProviderPayment,
  PAYMENT_MISMATCH_CUSTOMER_TEXT,
  providerAmountDue,
  providerHandle,
} from '@meucardapio/domain/payment';
import { hasPermission } from '@meucardapio/domain/permissions';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor, Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import type { VerifyResult } from '../../integrations/payments/payments';
import { announceOrderUpdate } from '../orders/order-events';
import {
  ONLINE_PAYMENT,
  recordPaidAfterCancel,
  recordPaymentMismatch,
  releaseDeclinedOrder,
} from '../orders/order-payment-outcome';
import { queueStatusMessage } from '../orders/order-status-messages';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const orderNotFound = () => notFound('Pedido não encontrado.', 'Verifique o link do pagamento.');
export const confirmPaymentSchema = z.object({
  orderNsu: z.string({ message: 'Informações do pedido não encontradas.' }).trim().min(1).max(100),
  transactionNsu: z.string().trim().max(200).nullish(),
  slug: z.string().trim().max(200).nullish(),
  receiptUrl: z.string().trim().max(2000).nullish(),
  captureMethod: z.string().trim().max(50).nullish(),
});
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentSchema>;

/**
 * approved: paid and verified; failed: the provider says not paid (or paid what does not match the
 * order); pending: not verified (yet). `message` explains a payment that did not match the order.
 * `problem` says why a payment could not be checked at all: the provider could not be reached
 * ('Falha na verificação do pagamento'), or the restaurant's checkout handle is not configured
 * ('Configuração necessária').
 */
export type PaymentOutcome = {
  orderId: string;
  status: 'approved' | 'failed' | 'pending';
  orderStatus: string;
  transactionNsu: string | null;
  message: string | null;
  problem: VerificationProblem | null;
};
export type VerificationProblem = 'verification_failed' | 'configuration_required';

const PAID_AFTER_CANCEL_CUSTOMER_TEXT =
  'O pagamento foi recebido depois que o pedido foi cancelado. O restaurante foi avisado para devolver o valor.';

type OrderRow = typeof orders.$inferSelect;
type Callback = { transactionNsu: string; slug: string; receiptUrl?: string | null; captureMethod?: string | null };

function outcomeOf(order: OrderRow, problem: VerificationProblem | null = null): PaymentOutcome {
  const data = order.paymentData ?? {};
  const status =
    order.paymentStatus === 'approved' || order.paymentStatus === 'failed' ? order.paymentStatus : 'pending';
  const nsu = typeof data.transaction_nsu === 'string' ? data.transaction_nsu : null;
  const mismatch = status !== 'approved' && typeof data.payment_warning === 'string';
  const paidTooLate = status === 'approved' && order.status === 'cancelled';
  return {
    orderId: order.id,
    status,
    orderStatus: order.status,
    transactionNsu: nsu,
    message: mismatch ? PAYMENT_MISMATCH_CUSTOMER_TEXT : paidTooLate ? PAID_AFTER_CANCEL_CUSTOMER_TEXT : null,
    problem: status === 'pending' ? problem : null,
  };
}

/**
 * Asks the provider about a transaction and applies the answer in one transaction. The redirect's
 * parameters alone never mark anything paid: a forged callback (unknown transaction, declined, or a
 * provider that cannot be reached) leaves the order unpaid.
 */
async function verifyAndApply(db: Db, deps: Deps, order: OrderRow, callback: Callback): Promise<PaymentOutcome> {
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, order.restaurantId)).limit(1);
  if (!restaurant) throw orderNotFound();
  const provider = deps.integrations.payments;
  const handle = providerHandle(restaurant);
  let result: VerifyResult | null = null;
  let problem: VerificationProblem | null = handle ? null : 'configuration_required';
  if (handle) {
    try {
      result = await provider.verify({
        handle,
        transactionNsu: callback.transactionNsu,
        externalOrderNsu: order.id,
        slug: callback.slug,
      });
    } catch (err) {
      deps.log.warn({ err, orderId: order.id }, 'payment verification failed');
      result = null;
      problem = 'verification_failed';
    }
  }
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(orders)
      .where(tenant(orders, order.restaurantId, eq(orders.id, order.id)))
      .for('update');
    if (!current) throw orderNotFound();
    // Already confirmed (a reload of the return page, or a second tab): nothing changes.
    if (current.paymentStatus === 'approved') return outcomeOf(current);

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
    };
    await tx.insert(paymentTransactions).values({
      restaurantId: current.restaurantId,
      orderId: current.id,
      provider: provider.name,
      status: verdict.status === 'pending' ? 'verification_error' : verdict.status,
      transactionId: callback.transactionNsu,
      response: { callback: callbackData, verification: (result?.raw as Record<string, unknown> | undefined) ?? null },
    });

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
      paymentData = await recordPaymentMismatch(tx, current, paymentData, verdict.warning, result!);
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
        if (current.status === 'cancelled') paymentData = await recordPaidAfterCancel(tx, current, paymentData);
      }
    }
    const [updated] = await tx
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
    if (status !== current.status) {
      await tx.insert(orderHistory).values({
        restaurantId: current.restaurantId,
        orderId: current.id,
        status,
        employeeName: ONLINE_PAYMENT,
        notes: 'Pagamento confirmado',
      });
      await queueStatusMessage(tx, deps.config.publicUrl, current, status);
    }
    if (
      paymentStatus !== current.paymentStatus ||
      verified !== current.paymentCheckoutVerified ||
      status !== current.status ||
      verdict.status === 'rejected'
    ) {
      // `paid`: the order just became one the kitchen can make, so the board announces it now.
      const paid = paymentStatus === 'approved' && current.paymentStatus !== 'approved' && status !== 'cancelled';
      await announceOrderUpdate(tx, current, { status, paymentStatus, paid });
    }
    if (verdict.status === 'failed' && online) {
      const released = await releaseDeclinedOrder(tx, updated);
      if (released) return outcomeOf(released.order);
    }
    return outcomeOf(updated, problem);
  });
  deps.metrics.paymentVerified(outcome.status);
  return outcome;
}

/**
 * The payment-return page's call (POST /api/public/payments/confirm). Public because the customer
 * arrives from the provider; safe because the provider is asked before anything changes.
 */
export async function confirmPayment(db: Db, deps: Deps, input: ConfirmPaymentInput): Promise<PaymentOutcome> {
  if (!UUID_RE.test(input.orderNsu)) throw orderNotFound();
  const [order] = await db.select().from(orders).where(eq(orders.id, input.orderNsu)).limit(1);
  if (!order) throw orderNotFound();
  if (order.paymentStatus === 'approved') return outcomeOf(order);
  if (!input.transactionNsu || !input.slug) return outcomeOf(order);
  return verifyAndApply(db, deps, order, {
    transactionNsu: input.transactionNsu,
    slug: input.slug,
    receiptUrl: input.receiptUrl,
    captureMethod: input.captureMethod,
  });
}

/**
 * Re-verifies an order's card/PIX payment with what its return page left behind (transaction and
 * checkout slug). Without them there is nothing to ask the provider: the current state is answered.
 * Callers check who may see the order.
 */
export async function reverifyOrderPayment(db: Db, deps: Deps, order: OrderRow): Promise<PaymentOutcome> {
  if (order.paymentStatus === 'approved' || !order.paymentStatus) return outcomeOf(order);
  const data = order.paymentData ?? {};
  const transactionNsu = typeof data.transaction_nsu === 'string' ? data.transaction_nsu : null;
  const slug = typeof data.slug === 'string' ? data.slug : null;
  if (!transactionNsu || !slug) return outcomeOf(order);
  return verifyAndApply(db, deps, order, {
    transactionNsu,
    slug,
    receiptUrl: typeof data.receipt_url === 'string' ? data.receipt_url : null,
    captureMethod: typeof data.capture_method === 'string' ? data.capture_method : null,
  });
}

/** The order a simulator receipt is about, with its restaurant's display name. */
export async function simulatorOrder(db: Db, orderId: string | undefined) {
  if (!orderId || !UUID_RE.test(orderId)) return null;
  const [row] = await db
    .select({ order: orders, restaurantName: restaurants.name })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/**
 * The order the simulator's checkout page and decision act on: only an order placed for an online
 * payment, and only for who placed it — the signed-in customer of a storefront order, or a cashier of
 * the same restaurant for a PDV sale (anyone else gets null, answered 404, so an order id alone never
 * approves anything). Lines and total are the order's as stored; `amount` is what the checkout charges.
 */
export async function simulatorOrderFor(db: Db, actor: Actor | null, orderId: string | undefined) {
  if (!actor) return null;
  const found = await simulatorOrder(db, orderId);
  if (!found) return null;
  const { order } = found;
  if (order.restaurantId !== actor.restaurantId) return null;
  const placedBy =
    order.deliveryType === 'pdv'
      ? actor.kind !== 'customer' && hasPermission(actor.rules, 'manage_cashier')
      : actor.kind === 'customer' && order.customerId === actor.id;
  if (!placedBy || !order.paymentStatus || !isOnlineCheckoutOrder(order)) return null;
  const items = await db
    .select({ name: orderItems.name, price: orderItems.unitPrice, quantity: orderItems.quantity })
    .from(orderItems)
    .where(tenant(orderItems, order.restaurantId, eq(orderItems.orderId, order.id)))
    .orderBy(asc(orderItems.id));
  return { ...found, items, amount: providerAmountDue(order) };
}
