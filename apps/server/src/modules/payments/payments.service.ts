import type { Db, DbOrTx } from '@meucardapio/db/client';
import { orders } from '@meucardapio/db/schema';
import { PAYMENT_MISMATCH_CUSTOMER_TEXT, paymentReturnDetails } from '@meucardapio/domain/hosted-checkout';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { hit, LIMITS } from '../../http/rate-limit';
import { applyProviderVerdict, reverifyStoredPayment, type VerificationProblem } from '../orders/payments/verification';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const orderNotFound = () => notFound('Pedido não encontrado.', 'Verifique o link do pagamento.');
export const confirmPaymentSchema = z.object({
  orderNsu: z.string({ message: 'Informações do pedido não encontradas.' }).trim().min(1).max(100),
  transactionNsu: z.string().trim().max(200).nullish(),
  slug: z.string().trim().max(200).nullish(),
  receiptUrl: z.string().trim().max(2000).nullish(),
  captureMethod: z.string().trim().max(50).nullish(),
  // Read by paymentReturnDetails, which keeps only the well-formed ones: none can refuse a confirmation.
  details: z.record(z.string().max(40), z.unknown()).nullish(),
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

const PAID_AFTER_CANCEL_CUSTOMER_TEXT =
  'O pagamento foi recebido depois que o pedido foi cancelado. O restaurante foi avisado para devolver o valor.';

type OrderRow = typeof orders.$inferSelect;

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
 * The payment-return page's call (POST /api/public/payments/confirm). Public because the customer
 * arrives from the provider; safe because the provider is asked before anything changes.
 */
export async function confirmPayment(db: Db, deps: Deps, input: ConfirmPaymentInput): Promise<PaymentOutcome> {
  if (!UUID_RE.test(input.orderNsu)) throw orderNotFound();
  const [order] = await db.select().from(orders).where(eq(orders.id, input.orderNsu)).limit(1);
  if (!order) throw orderNotFound();
  if (order.paymentStatus === 'approved') return outcomeOf(order);
  if (!input.transactionNsu || !input.slug) return outcomeOf(order);
  // Anyone holding the order's id can call this: a few provider checks per order and quarter-hour, each
  // leaving a transaction row, then the order's state as it is (the sweep and the board still verify it).
  if (!(await hit(db, `payment-confirm:${order.id}`, LIMITS.paymentConfirm))) return outcomeOf(order);
  const applied = await applyProviderVerdict({ db, deps }, order, {
    transactionNsu: input.transactionNsu,
    slug: input.slug,
    receiptUrl: input.receiptUrl,
    captureMethod: input.captureMethod,
    details: paymentReturnDetails(input.details),
  });
  return outcomeOf(applied.order, applied.problem);
}

/**
 * Re-verifies an order's card/PIX payment with what its return page left behind (transaction and
 * checkout slug). Without them there is nothing to ask the provider: the current state is answered.
 * Callers check who may see the order.
 */
export async function reverifyOrderPayment(db: DbOrTx, deps: Deps, order: OrderRow): Promise<PaymentOutcome> {
  if (order.paymentStatus === 'approved' || !order.paymentStatus) return outcomeOf(order);
  const applied = await reverifyStoredPayment({ db, deps }, order);
  return outcomeOf(applied.order, applied.problem);
}
