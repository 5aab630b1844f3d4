import type { DbOrTx } from '@meucardapio/db/client';
import {
  cashRegisterSessions,
  cashSalePayments,
  orderHistory,
  orderItems,
  orders,
  paymentMethods,
  reservedSales,
  restaurants,
} from '@meucardapio/db/schema';
import {
  CASHIER_MSG,
  checkCartNotEmpty,
  checkCustomerCpf,
  type PdvPayment,
  paymentsSummary,
  pdvTotals,
  usesHostedCheckout,
  usesLocalPixQr,
  validatePayments,
  WALK_IN_CUSTOMER,
} from '@meucardapio/domain/cashier';
import type { FinalizedSale, finalizeSaleSchema } from '@meucardapio/domain/cashier-api';
import { checkoutPaymentMethods, posPaymentMethods } from '@meucardapio/domain/payment';
import { pixBrCode, pixSettingsOf, pixTxid } from '@meucardapio/domain/pix';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffCtx } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { isUniqueViolation } from '../../http/idempotency';
import { tenant } from '../../http/tenant';
import { appendEvent } from '../../realtime/realtime';
import { restaurantNotFound } from '../../tenancy/restaurant-lookup';
import { takeSaleStock } from '../catalog/stock.service';
import { orderItemRows, type PricedLine, priceLines } from '../orders/order-create/order-pricing';
import { saleDetail } from './cashier.queries';
import { noOpenSession } from './session.service';

/** PDV sale finalization: one transaction from the cart proposal to the delivered order. */

type SaleInput = z.output<typeof finalizeSaleSchema>;
type Item = SaleInput['items'][number];

/** Prices proposed lines from this restaurant's products only (the storefront's pricing rules). */
export function priceItems(db: DbOrTx, restaurantId: string, items: Item[]): Promise<PricedLine[]> {
  return priceLines(
    db,
    restaurantId,
    items.map((i) => ({ ...i, notes: i.notes ?? null })),
  );
}

async function findSaleByKey(db: DbOrTx, restaurantId: string, key: string) {
  const [row] = await db
    .select({ id: orders.id, deliveryType: orders.deliveryType, paymentData: orders.paymentData })
    .from(orders)
    .where(tenant(orders, restaurantId, eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  // Keys are per restaurant and shared with storefront orders: a key used elsewhere is not a replay.
  if (row.deliveryType !== 'pdv')
    throw conflict('Venda duplicada', 'Esta tentativa de venda já foi usada. Recarregue a página e tente novamente.');
  return row;
}

async function replay(db: DbOrTx, restaurantId: string, row: { id: string; paymentData: Record<string, unknown> }) {
  const link = row.paymentData?.infinitepay_checkout;
  return {
    sale: await saleDetail(db, restaurantId, row.id),
    checkoutUrl: typeof link === 'string' ? link : null,
    warning: null,
    replayed: true,
  } satisfies FinalizedSale;
}

/**
 * The hosted checkout brings the buyer back to /payment-callback; from the PDV popup it must say
 * pdv=true (and who bought), so the return page closes the popup instead of showing the storefront.
 */
function withPdvReturn(url: string, customerName: string): string {
  const base = 'http://pdv.invalid';
  const u = new URL(url, base);
  const redirect = u.searchParams.get('redirect_url');
  if (redirect) {
    const r = new URL(redirect, base);
    r.searchParams.set('pdv', 'true');
    r.searchParams.set('customer_name', customerName);
    u.searchParams.set('redirect_url', r.origin === base ? `${r.pathname}${r.search}` : r.toString());
  }
  return u.origin === base ? `${u.pathname}${u.search}` : u.toString();
}

function paymentData(payments: PdvPayment[], extra: Record<string, unknown>) {
  const summary = paymentsSummary(payments);
  const received = payments.reduce((s, p) => s + (p.received ?? 0), 0);
  return {
    multiple_payments: payments.length > 1,
    payments: payments.map((p) => ({
      method_id: p.methodId,
      method_name: p.methodName,
      amount: p.amount,
      installments: p.installments,
      received_amount: p.received,
      change: p.change,
    })),
    ...(received > 0 ? { paid_amount: received, change_amount: summary.change } : {}),
    ...extra,
  };
}

/**
 * Finalizar Venda in ONE transaction: against the open session (held FOR SHARE so a close waits),
 * prices recomputed from this restaurant's products, the payments list re-checked and required to
 * cover the total, stock taken with conditional UPDATEs, order (pdv, delivered) + items + history +
 * payments + events. The Idempotency-Key makes a retry answer the first sale.
 */
export async function finalizeSale(ctx: StaffCtx, input: SaleInput, key: string): Promise<FinalizedSale> {
  const { db, deps, restaurantId, actor } = ctx;
  const existing = await findSaleByKey(db, restaurantId, key);
  if (existing) return replay(db, restaurantId, existing);
  const cart = checkCartNotEmpty(input.items);
  if (!cart.ok) throw badRequest(cart.title, 'Adicione produtos antes de finalizar a venda.', cart.code);
  const cpf = checkCustomerCpf(input.customerCpf);
  if (!cpf.ok) throw badRequest(cpf.title, cpf.description ?? '', cpf.code);
  const customerName = input.customerName ?? WALK_IN_CUSTOMER;

  try {
    return await db.transaction(async (tx) => {
      // Same per-restaurant serialisation as storefront orders: order numbers are handed out in turn.
      const [restaurant] = await tx.select().from(restaurants).where(eq(restaurants.id, restaurantId)).for('update');
      if (!restaurant) throw restaurantNotFound();
      const again = await findSaleByKey(tx, restaurantId, key);
      if (again) return replay(tx, restaurantId, again);
      const [session] = await tx
        .select({ id: cashRegisterSessions.id })
        .from(cashRegisterSessions)
        .where(tenant(cashRegisterSessions, restaurantId, eq(cashRegisterSessions.status, 'open')))
        .for('share');
      if (!session) throw noOpenSession();

      const lines = await priceItems(tx, restaurantId, input.items);
      const totals = pdvTotals(
        lines.map((l) => ({ total: l.totalPrice })),
        input.discount,
      );
      const methodRows = await tx
        .select()
        .from(paymentMethods)
        .where(tenant(paymentMethods, restaurantId, eq(paymentMethods.active, true)))
        .orderBy(asc(paymentMethods.name));
      const methods = posPaymentMethods(checkoutPaymentMethods(methodRows));
      const checked = validatePayments(totals.total, input.payments, methods);
      if (!checked.ok) throw badRequest(checked.title, checked.description ?? '', checked.code);
      const payments = checked.payments;
      const pix = pixSettingsOf(restaurant);
      const methodOf = (p: PdvPayment) => methods.find((m) => m.id === p.methodId)!;
      const providerAmount = payments
        .filter((p) => usesHostedCheckout(methodOf(p), pix !== null))
        .reduce((s, p) => s + p.amount, 0);
      const localPixAmount = payments
        .filter((p) => usesLocalPixQr(methodOf(p), pix !== null))
        .reduce((s, p) => s + p.amount, 0);
      const brCode = pix && localPixAmount > 0 ? pixBrCode(pix, localPixAmount, pixTxid(key)) : null;

      const [{ orderSeq: number }] = await tx
        .update(restaurants)
        .set({ orderSeq: sql`${restaurants.orderSeq} + 1` })
        .where(eq(restaurants.id, restaurantId))
        .returning({ orderSeq: restaurants.orderSeq });
      const summary = paymentsSummary(payments);
      const [order] = await tx
        .insert(orders)
        .values({
          restaurantId,
          number,
          ownerId: restaurant.ownerId,
          customerName,
          deliveryType: 'pdv',
          paymentMethod: summary.methodLabel,
          paymentStatus: providerAmount > 0 ? 'pending' : null,
          paymentData: paymentData(payments, {
            employee_name: actor.name,
            session_id: session.id,
            ...(cpf.cpf ? { customer_cpf: cpf.cpf } : {}),
            ...(brCode ? { pix_br_code: brCode, pix_txid: pixTxid(key) } : {}),
          }),
          installments: Math.max(...payments.map((p) => p.installments)),
          subtotal: totals.subtotal,
          discount: totals.discount,
          total: totals.total,
          status: 'delivered',
          idempotencyKey: key,
        })
        .returning();
      await tx.insert(orderItems).values(orderItemRows(restaurantId, order.id, lines));
      await takeSaleStock(
        tx,
        restaurantId,
        lines.map((l) => ({
          productId: l.product.id,
          quantity: l.quantity,
          controleEstoque: l.product.controleEstoque,
        })),
        { orderId: order.id, employeeName: actor.name, note: `Venda PDV #${number}` },
      );
      await tx.insert(orderHistory).values({
        restaurantId,
        orderId: order.id,
        status: 'delivered',
        employeeId: actor.kind === 'employee' ? actor.id : null,
        employeeName: actor.name,
        notes: 'Venda no PDV',
      });
      await tx.insert(cashSalePayments).values(
        payments.map((p, position) => ({
          restaurantId,
          sessionId: session.id,
          orderId: order.id,
          methodId: p.methodId,
          methodName: p.methodName,
          position,
          amount: p.amount,
          installments: p.installments,
          receivedAmount: p.received,
          changeAmount: p.change,
        })),
      );
      if (input.reservedSaleId) {
        await tx
          .delete(reservedSales)
          .where(tenant(reservedSales, restaurantId, eq(reservedSales.id, input.reservedSaleId)));
      }

      let checkoutUrl: string | null = null;
      let warning: string | null = null;
      if (providerAmount > 0) {
        try {
          checkoutUrl = withPdvReturn(
            deps.integrations.payments.checkoutUrl(
              { id: order.id, number, total: providerAmount },
              { name: restaurant.name, slug: restaurant.slug, appClientReferrer: restaurant.appClientReferrer },
              [{ name: `Venda PDV #${number}`, unitPrice: providerAmount, quantity: 1 }],
              { name: customerName },
            ),
            customerName,
          );
        } catch (err) {
          deps.log.warn({ err, orderId: order.id }, 'PDV checkout link could not be produced');
          warning = CASHIER_MSG.providerWarning;
        }
        if (checkoutUrl) {
          await tx
            .update(orders)
            .set({
              // The provider charges only its part of a split sale: verification compares against it.
              paymentData: sql`${orders.paymentData} || ${JSON.stringify({
                infinitepay_checkout: checkoutUrl,
                provider: deps.integrations.payments.name,
                provider_amount: providerAmount,
              })}::jsonb`,
            })
            .where(tenant(orders, restaurantId, eq(orders.id, order.id)));
        }
      }

      const event = {
        orderId: order.id,
        number,
        status: 'delivered',
        total: totals.total,
        deliveryType: 'pdv',
        customerName,
      };
      await appendEvent(tx, { restaurantId, type: 'order.created', permission: 'manage_orders', payload: event });
      await appendEvent(tx, { restaurantId, type: 'cashier.sale', permission: 'manage_cashier', payload: event });
      return { sale: await saleDetail(tx, restaurantId, order.id), checkoutUrl, warning, replayed: false };
    });
  } catch (err) {
    // Two simultaneous retries of one attempt: the loser's insert hits the unique key; answer the winner.
    if (isUniqueViolation(err)) {
      const winner = await findSaleByKey(db, restaurantId, key);
      if (winner) return replay(db, restaurantId, winner);
    }
    throw err;
  }
}
