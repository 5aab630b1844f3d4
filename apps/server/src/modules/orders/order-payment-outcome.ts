import type { Tx } from '@meucardapio/db/client';
import { orderHistory, type orders } from '@meucardapio/db/schema';
import type { VerifyResult } from '../../integrations/payments/payments';
import { cancelOrderAndRestore } from './order-cancel.service';

/*
 * What a payment's verdict does to its order: a declined payment cancels it, a payment that does not
 * match it or comes after it was cancelled leaves a warning for staff. Used by the payment verification
 * (customer return page, unpaid-order sweep) and by staff asking the provider from the order board.
 */

type OrderRow = typeof orders.$inferSelect;

/** Who the history names for what an online payment did to an order. */
export const ONLINE_PAYMENT = 'Pagamento online';
const DECLINED_NOTE = 'Pagamento não aprovado pela operadora: pedido cancelado e estoque devolvido.';
const PAID_AFTER_CANCEL_WARNING =
  'A operadora aprovou o pagamento de um pedido já cancelado (o estoque já foi devolvido). Estorne o pagamento ou refaça o pedido.';

/**
 * A declined card/PIX payment gives back what the order held: the order, not started yet, is cancelled
 * with its stock and coupon use restored (once, however many verifications say so). Runs in the
 * caller's transaction; an order the kitchen already started is left to staff.
 */
export async function releaseDeclinedOrder(tx: Tx, order: Pick<OrderRow, 'id' | 'restaurantId' | 'status'>) {
  if (order.status !== 'pending') return null;
  return cancelOrderAndRestore(tx, {
    restaurantId: order.restaurantId,
    orderId: order.id,
    by: { employeeId: null, name: ONLINE_PAYMENT },
    notes: DECLINED_NOTE,
  });
}

/** Staff's warning on an order paid after it was cancelled (it stays cancelled; the money must go back). */
export async function recordPaidAfterCancel(
  tx: Tx,
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
  tx: Tx,
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
  tx: Tx,
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
