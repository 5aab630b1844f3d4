import { orderHistory, orders } from '@meucardapio/db/schema';
import { formatBRL } from '@meucardapio/domain/money';
import { type ConfirmLocalPixInput, isLocalPixOrder } from '@meucardapio/domain/order-pix';
import type { AdminOrderView } from '@meucardapio/domain/order-views';
import { handlesMoney } from '@meucardapio/domain/permissions';
import { eq } from 'drizzle-orm';
import { inTransaction, type StaffCtx } from '../../../http/context';
import { AppError, badRequest, forbidden, notFound } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import { recountSale } from '../../daily-sales/daily-sales.service';
import { queueStorefrontNote } from '../../fiscal/queue-note';
import { enqueueNewOrderNotifications } from '../notifications/new-order-message';
import { queueStatusMessage } from '../notifications/status-messages';
import { announceOrderUpdate } from '../order-events';
import { getOrder } from './board.service';

/**
 * Staff confirm on the board that a storefront order's PIX QR Code payment arrived (they see it in the
 * restaurant's bank app; no provider tells us). The order becomes paid, goes to the kitchen
 * (pending → preparing, as a paid hosted checkout does), and its history records who confirmed it.
 * The order row is locked, so a double click or two people at once confirm it once; confirming a paid
 * order again changes nothing.
 * Only who handles money confirms it — the cashier permission or an administrator (decision 048): the
 * kitchen and waiters work the board too, and one click of theirs would send an unpaid order to be made.
 * They state the amount received (it must be the order's total) or the transfer's end-to-end id, kept
 * with the order.
 */
export async function confirmLocalPixPayment(
  ctx: StaffCtx,
  id: string,
  input: ConfirmLocalPixInput,
): Promise<AdminOrderView> {
  if (!handlesMoney(ctx.actor.rules))
    throw forbidden('Só quem cuida do caixa ou um administrador confirma pagamentos PIX.');
  await inTransaction(ctx, async ({ db: tx }) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)))
      .for('update')
      .limit(1);
    if (!order) throw notFound('Pedido não encontrado.');
    if (!isLocalPixOrder(order))
      throw new AppError(
        400,
        'not_local_pix',
        'Pagamento não confirmável',
        'Este pedido não foi feito para pagamento por PIX (QR Code).',
      );
    if (order.paymentStatus === 'approved') return;
    if (order.status === 'cancelled')
      throw new AppError(
        409,
        'order_cancelled',
        'Pedido cancelado',
        'Este pedido já foi cancelado e o estoque devolvido. Se o cliente pagou, devolva o valor pelo app do banco.',
      );

    if (input.receivedAmount != null && input.receivedAmount !== order.total)
      throw badRequest(
        'Valor diferente do pedido',
        `O valor recebido (${formatBRL(input.receivedAmount)}) não é o total do pedido (${formatBRL(order.total)}). Confira no app do banco.`,
        'pix_amount_mismatch',
      );

    const now = new Date();
    const by = { id: ctx.actor.kind === 'employee' ? ctx.actor.id : null, name: ctx.actor.name };
    const status = order.status === 'pending' ? 'preparing' : order.status;
    // A delivered order paid now becomes a settled sale.
    await recountSale(tx, order, async () => {
      const [updated] = await tx
        .update(orders)
        .set({
          status,
          paymentStatus: 'approved',
          paymentData: {
            ...order.paymentData,
            pix_confirmed_by: by,
            pix_confirmed_at: now.toISOString(),
            ...(input.receivedAmount != null ? { pix_received_amount: input.receivedAmount } : {}),
            ...(input.endToEndId ? { pix_end_to_end_id: input.endToEndId } : {}),
            payment_confirmed_at: now.toISOString(),
          },
          paymentStatusCheckedAt: now,
          updatedAt: now,
        })
        .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)))
        .returning();
      return updated;
    });
    await tx.insert(orderHistory).values({
      restaurantId: ctx.restaurantId,
      orderId: id,
      status,
      employeeId: by.id,
      employeeName: by.name,
      notes: 'Pagamento PIX (QR Code) confirmado',
      createdAt: now,
    });
    if (status !== order.status) await queueStatusMessage(tx, ctx.deps.config.publicUrl, order, status);
    // Paid as much as a provider's approval: a restaurant issuing "on payment" gets the note now.
    await queueStorefrontNote({ db: tx, restaurantId: ctx.restaurantId, actor: ctx.actor }, order, 'paid');
    // `paid`: the board rings, the kitchen sees the order and the customer hears "Recebemos seu pedido",
    // as for a paid hosted checkout.
    await enqueueNewOrderNotifications(tx, ctx.restaurantId, id);
    await announceOrderUpdate(tx, order, {
      status,
      previousStatus: order.status,
      paymentStatus: 'approved',
      paid: true,
    });
  });
  return getOrder(ctx, id);
}
