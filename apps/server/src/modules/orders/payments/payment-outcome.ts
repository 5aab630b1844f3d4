import type { DbOrTx } from '@meucardapio/db/client';
import { orderHistory, type orders } from '@meucardapio/db/schema';
import type { VerifyResult } from '../../../integrations/payments/payments';

/*
 * The warnings a payment's verdict leaves for staff: a payment that does not match its order, or that
 * comes after the order was cancelled. Applied by `verification.ts`.
 */

type OrderRow = typeof orders.$inferSelect;

/** Who the history names for what an online payment did to an order. */
export const ONLINE_PAYMENT = 'Pagamento online';
const PAID_AFTER_CANCEL_WARNING =
  'A operadora aprovou o pagamento de um pedido já cancelado (o estoque já foi devolvido). Estorne o pagamento ou refaça o pedido.';

/** Staff's warning on an order paid after it was cancelled (it stays cancelled; the money must go back). */
export async function recordPaidAfterCancel(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'restaurantId' | 'status'>,
  paymentData: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  await warnStaffOnce(tx, order, paymentData, PAID_AFTER_CANCEL_WARNING);
  return { ...paymentData, payment_warning: PAID_AFTER_CANCEL_WARNING };
}

/**
 * A paid answer that does not match the order (amount, currency, or an order not placed for an
 * online payment): what the provider said goes on the order's payment data, with the pt-BR warning
 * staff see on the order and a history row. The order stays unpaid.
 */
export async function recordPaymentMismatch(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'restaurantId' | 'status'>,
  paymentData: Record<string, unknown>,
  warning: string,
  result: VerifyResult,
): Promise<Record<string, unknown>> {
  const withWarning = {
    ...paymentData,
    payment_warning: warning,
    provider_paid_amount: result.paidAmount ?? null,
    provider_amount: result.amount ?? null,
    provider_currency: result.currency ?? null,
  };
  await warnStaffOnce(tx, order, paymentData, warning);
  return withWarning;
}

/** The warning as a history row for staff; the same answer seen again (a re-verification) adds no second one. */
async function warnStaffOnce(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'restaurantId' | 'status'>,
  paymentData: Record<string, unknown>,
  warning: string,
) {
  if (paymentData.payment_warning === warning) return;
  await tx.insert(orderHistory).values({
    restaurantId: order.restaurantId,
    orderId: order.id,
    status: order.status,
    employeeName: ONLINE_PAYMENT,
    notes: warning,
  });
}
