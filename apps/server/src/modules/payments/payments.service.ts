import type { Db } from '@meucardapio/db/client';
import { orderHistory, orders, paymentTransactions, restaurants } from '@meucardapio/db/schema';
import { providerHandle } from '@meucardapio/domain/payment';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import type { VerifyResult } from '../../integrations/payments/payments';
import { appendEvent } from '../../realtime/realtime';

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

/** approved: paid and verified; failed: the provider says not paid; pending: not verified (yet). */
export type PaymentOutcome = {
  orderId: string;
  status: 'approved' | 'failed' | 'pending';
  orderStatus: string;
  transactionNsu: string | null;
};

type OrderRow = typeof orders.$inferSelect;
type Callback = { transactionNsu: string; slug: string; receiptUrl?: string | null; captureMethod?: string | null };

function outcomeOf(order: OrderRow): PaymentOutcome {
  const data = order.paymentData ?? {};
  const status =
    order.paymentStatus === 'approved' || order.paymentStatus === 'failed' ? order.paymentStatus : 'pending';
  const nsu = typeof data.transaction_nsu === 'string' ? data.transaction_nsu : null;
  return { orderId: order.id, status, orderStatus: order.status, transactionNsu: nsu };
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
  let result: VerifyResult | null = null;
  try {
    result = await provider.verify({
      handle: providerHandle(restaurant),
      transactionNsu: callback.transactionNsu,
      externalOrderNsu: order.id,
      slug: callback.slug,
    });
  } catch (err) {
    deps.log.warn({ err, orderId: order.id }, 'payment verification failed');
    result = null;
  }
  const verdict: PaymentOutcome['status'] = !result?.success ? 'pending' : result.paid ? 'approved' : 'failed';

  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(orders)
      .where(tenant(orders, order.restaurantId, eq(orders.id, order.id)))
      .for('update');
    if (!current) throw orderNotFound();
    // Already confirmed (a reload of the return page, or a second tab): nothing changes.
    if (current.paymentStatus === 'approved') return outcomeOf(current);

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
      status: verdict === 'pending' ? 'verification_error' : verdict,
      transactionId: callback.transactionNsu,
      response: { callback: callbackData, verification: (result?.raw as Record<string, unknown> | undefined) ?? null },
    });

    const paymentData = { ...(current.paymentData ?? {}), ...callbackData } as Record<string, unknown>;
    let status = current.status;
    if (verdict === 'approved') {
      paymentData.payment_confirmed_at = now.toISOString();
      if (current.status === 'pending') status = 'preparing';
    }
    const [updated] = await tx
      .update(orders)
      .set({
        status,
        paymentStatus: verdict,
        paymentCheckoutVerified: verdict !== 'pending',
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
        employeeName: 'Pagamento online',
        notes: 'Pagamento confirmado',
      });
    }
    if (verdict !== 'pending' || status !== current.status) {
      await appendEvent(tx, {
        restaurantId: current.restaurantId,
        type: 'order.updated',
        permission: 'manage_orders',
        customerId: current.customerId,
        payload: { orderId: current.id, number: current.number, status, paymentStatus: verdict },
      });
    }
    return outcomeOf(updated);
  });
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

/** The order a simulator page is about, with its restaurant's display name. */
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
