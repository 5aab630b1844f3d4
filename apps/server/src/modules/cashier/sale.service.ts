import { insertJsonRows } from '@meucardapio/db/insert-rows';
import { rowFromJson } from '@meucardapio/db/json-rows';
import { inOneTrip, step } from '@meucardapio/db/one-trip';
import { cashRegisterSessions, cashSaleDiscounts, cashSalePayments, reservedSales } from '@meucardapio/db/schema';
import {
  CASHIER_MSG,
  checkCartNotEmpty,
  checkCustomerCpf,
  type PdvPayment,
  paymentsSummary,
  usesHostedCheckout,
  usesLocalPixQr,
  validatePayments,
  WALK_IN_CUSTOMER,
} from '@meucardapio/domain/cashier';
import type { finalizeSaleSchema } from '@meucardapio/domain/cashier-api';
import type { FinalizedSale } from '@meucardapio/domain/cashier-views';
import { BUYER_MSG, checkBuyerDocument } from '@meucardapio/domain/fiscal-rules';
import { checkoutPaymentMethods, posPaymentMethods } from '@meucardapio/domain/payment';
import { pixBrCode, pixSettingsOf, pixTxid } from '@meucardapio/domain/pix';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceCtx, StaffCtx } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { saleNoteStep } from '../fiscal/queue-note';
import {
  checkoutReads,
  type OrderDoor,
  type PaymentMethodRow,
  type PaymentPlan,
  placeOrder,
} from '../orders/place/place-order';
import {
  enqueuePdvReceipt,
  type OrderPrinting,
  orderPrintingAnswered,
  orderPrintingSteps,
  printsReceipts,
} from '../printing/print-jobs.service';
import { approvedDiscount } from '../staff/discount-approval';
import { type VerifiedStaff, verifyStaffPassword } from '../staff/staff-password.service';
import { saleDetail, toDiscountView, toSaleDetail } from './sale.queries';
import { noOpenSession } from './session.service';

/** PDV sale finalization: the PDV's door to the order pipeline (decision 018). */

type SaleInput = z.output<typeof finalizeSaleSchema>;
type DiscountRow = typeof cashSaleDiscounts.$inferSelect;

/** The order's payment data of a PDV sale: its payments, cash received and change, plus the door's own keys. */
export function paymentData(payments: PdvPayment[], extra: Record<string, unknown>) {
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

/** A PDV sale's payments in its cash session, one row each in the order the cashier added them. */
type SalePayments = { sessionId: string; orderId: string; payments: PdvPayment[] };

/** A sale's rows of `cash_sale_payments`, one per payment in the cashier's order. */
const salePaymentRows = (restaurantId: string, sale: SalePayments) =>
  sale.payments.map((p, position) => ({
    restaurantId,
    sessionId: sale.sessionId,
    orderId: sale.orderId,
    methodId: p.methodId,
    methodName: p.methodName,
    position,
    amount: p.amount,
    installments: p.installments,
    receivedAmount: p.received,
    changeAmount: p.change,
  }));

/**
 * Step "sale_payments": the sale's payments, written by its order's statement (as one JSON value, so the
 * statement's text is the same whatever their number), dated `at` when the sale was made before (offline);
 * answered as written, in their table's keys.
 */
export function salePaymentsStep(restaurantId: string, sale: SalePayments, at?: Date) {
  const rows = salePaymentRows(restaurantId, sale).map((row) => (at ? { ...row, createdAt: at } : row));
  return step<Record<string, unknown>>(
    [['sale_payments', sql`insert into ${cashSalePayments} ${insertJsonRows(cashSalePayments, rows)} returning *`]],
    sql`select * from ${sql.identifier('sale_payments')}`,
  );
}

const openSessionRead = (ctx: ServiceCtx) =>
  ctx.db
    .select({ id: cashRegisterSessions.id })
    .from(cashRegisterSessions)
    .where(tenant(cashRegisterSessions, ctx.restaurantId, eq(cashRegisterSessions.status, 'open')))
    .for('share');

/** The open cash session, held FOR SHARE until the sale (or a table's payment) commits so a close waits for it. */
export async function openSessionForSale(ctx: ServiceCtx) {
  const [session] = await openSessionRead(ctx);
  if (!session) throw noOpenSession();
  return session;
}

/**
 * The open cash session as `openSessionForSale` holds it, and what the sale's receipt needs of the
 * restaurant's printing, in one round trip.
 */
async function sessionAndPrinting(ctx: ServiceCtx) {
  const trip = await inOneTrip(ctx.db, {
    session: step<{ id: string }>([], openSessionRead(ctx).getSQL()),
    ...orderPrintingSteps(ctx.db, ctx.restaurantId),
  });
  const [session] = trip.session;
  if (!session) throw noOpenSession();
  return { session, printing: orderPrintingAnswered(trip) };
}

/**
 * Finalizar Venda: the cart goes through the order pipeline (prices recomputed from this restaurant's
 * products, stock taken with conditional UPDATEs, a delivered `pdv` order with its items, history and
 * events); this door adds its own rules — an open cash session, payments re-checked with the payment
 * dialog's rules and covering the total exactly — and its own rows, one per payment. The provider's part
 * of a split sale goes through its hosted checkout (opened by the PDV's popup); a link that cannot be
 * made keeps the sale and answers a warning. The Idempotency-Key makes a retry answer the first sale.
 */
export async function finalizeSale(
  ctx: StaffCtx,
  input: SaleInput,
  key: string,
  clientIp: string,
): Promise<FinalizedSale> {
  const { restaurantId, actor } = ctx;
  const customerName = input.customerName ?? WALK_IN_CUSTOMER;
  let sale: {
    sessionId: string;
    payments: PdvPayment[];
    approver: VerifiedStaff | null;
    printing: OrderPrinting;
    /** The NFC-e queued with the sale (automatic mode, or asked for at the counter), and its buyer's CPF. */
    note: { buyerCpf: string | null } | null;
  } | null = null;
  let approver: VerifiedStaff | null = null;
  /** The active payment methods, read before the transaction. */
  let methodRows: PaymentMethodRow[] = [];
  /** The discount's row `record` wrote: the answer is made from it instead of being read back. */
  let discountRow: DiscountRow | null = null;

  const door: OrderDoor<FinalizedSale> = {
    async prepare(_prepCtx, reads) {
      const cart = checkCartNotEmpty(input.items);
      if (!cart.ok) throw badRequest(cart.title, 'Adicione produtos antes de finalizar a venda.', cart.code);
      const cpf = checkCustomerCpf(input.customerCpf);
      const buyer = checkBuyerDocument(input.customerCpf);
      // A company's CNPJ gets its own answer: NFC-e is the consumer's note.
      if (!buyer.ok && buyer.message === BUYER_MSG.cnpjRefused)
        throw badRequest('CNPJ não aceito na NFC-e', buyer.message, 'cnpj_buyer');
      if (!cpf.ok) throw badRequest(cpf.title, cpf.description ?? '', cpf.code);
      // The password check is slow on purpose: done before the transaction, used once the discount is priced.
      if (input.discountApproval) approver = await verifyStaffPassword(ctx, input.discountApproval, clientIp);
      const items = input.items.map((i) => ({ ...i, notes: i.notes ?? null }));
      // Kept by the instance, or read on the pool in one round trip: not in the sale's transaction.
      const { restaurant, catalogue, methods: active, keptAt } = await checkoutReads(ctx, restaurantId, items, reads);
      methodRows = active;
      return {
        restaurant,
        catalogue,
        keptAt,
        items,
        customer: { id: null, name: customerName, phone: null, email: null },
        placedBy: { employeeId: actor.kind === 'employee' ? actor.id : null, name: actor.name },
        delivery: { kind: 'counter' },
        discount: { kind: 'manual', amount: input.discount },
        note: null,
      };
    },

    async plan(txCtx, priced): Promise<PaymentPlan> {
      const { restaurant, total } = priced;
      const approvedBy = approvedDiscount(
        ctx.actor.rules,
        {
          subtotal: priced.subtotal,
          discount: priced.coupon.discount,
          approval: input.discountApproval ?? null,
          reason: input.discountReason,
        },
        approver,
      );
      const { session, printing } = await sessionAndPrinting(txCtx);
      const methods = posPaymentMethods(checkoutPaymentMethods(methodRows));
      const checked = validatePayments(total, input.payments, methods);
      if (!checked.ok) throw badRequest(checked.title, checked.description ?? '', checked.code);
      const { payments } = checked;
      const cpf = checkCustomerCpf(input.customerCpf);
      const buyerCpf = cpf.ok ? cpf.cpf : null;
      // A restaurant without NFC-e is not locked for nothing (the note's step re-reads the setting under the lock).
      const noted = restaurant.nfceEnabled && (restaurant.nfcePdvMode === 'automatic' || input.issueNote === true);
      sale = {
        sessionId: session.id,
        payments,
        approver: approvedBy,
        printing,
        note: noted ? { buyerCpf } : null,
      };

      const pix = pixSettingsOf(restaurant);
      const methodOf = (p: PdvPayment) => methods.find((m) => m.id === p.methodId)!;
      const sum = (list: PdvPayment[]) => list.reduce((s, p) => s + p.amount, 0);
      const providerAmount = sum(payments.filter((p) => usesHostedCheckout(methodOf(p), pix !== null)));
      const localPixAmount = sum(payments.filter((p) => usesLocalPixQr(methodOf(p), pix !== null)));
      const brCode = pix && localPixAmount > 0 ? pixBrCode(pix, localPixAmount, pixTxid(key)) : null;
      return {
        label: paymentsSummary(payments).methodLabel,
        paymentStatus: providerAmount > 0 ? 'pending' : null,
        paymentData: paymentData(payments, {
          employee_name: actor.name,
          session_id: session.id,
          ...(buyerCpf ? { customer_cpf: buyerCpf } : {}),
          ...(brCode ? { pix_br_code: brCode, pix_txid: pixTxid(key) } : {}),
        }),
        installments: Math.max(...payments.map((p) => p.installments)),
        hosted:
          providerAmount > 0
            ? {
                amount: providerAmount,
                itemized: false,
                failureWarning: CASHIER_MSG.providerWarning,
                // The return page then closes the PDV's popup instead of showing the storefront.
                returnParams: { pdv: 'true', customer_name: customerName },
              }
            : null,
        localPix: false,
      };
    },

    alongside(order) {
      if (!sale) throw new Error('a sale is written after its plan');
      const { sessionId, payments, note } = sale;
      // The NFC-e row commits with the sale: the note is sent after, but never forgotten.
      return {
        payments: salePaymentsStep(restaurantId, { sessionId, orderId: order.id, payments }),
        ...(note ? { note: saleNoteStep(ctx, { orderId: order.id }, order.total, note.buyerCpf) } : {}),
      };
    },

    records: (priced) => priced.coupon.discount > 0 || Boolean(input.reservedSaleId) || printsReceipts(sale?.printing),

    async record(txCtx, placed) {
      const { order, subtotal } = placed;
      if (!sale) return;
      const { sessionId } = sale;
      [discountRow = null] =
        order.discount > 0
          ? await txCtx.db
              .insert(cashSaleDiscounts)
              .values({
                restaurantId,
                sessionId,
                orderId: order.id,
                subtotal,
                amount: order.discount,
                givenById: actor.kind === 'employee' ? actor.id : null,
                givenByName: actor.name,
                approvedById: sale.approver?.kind === 'employee' ? sale.approver.id : null,
                approvedByName: sale.approver?.name ?? null,
                reason: input.discountReason,
              })
              .returning()
          : [];
      if (input.reservedSaleId)
        await txCtx.db
          .delete(reservedSales)
          .where(tenant(reservedSales, restaurantId, eq(reservedSales.id, input.reservedSaleId)));
      // The note's step wrote its row only if the restaurant still issues NFC-e under the lock.
      await enqueuePdvReceipt(txCtx.db, restaurantId, placed, {
        printing: sale.printing,
        hasNote: (placed.alongside.note?.length ?? 0) > 0,
      });
    },

    async replay(readCtx, earlier) {
      // Keys are per restaurant and shared with storefront orders: a key used elsewhere is not a replay.
      if (earlier.deliveryType !== 'pdv')
        throw conflict(
          'Venda duplicada',
          'Esta tentativa de venda já foi usada. Recarregue a página e tente novamente.',
        );
      const link = earlier.paymentData?.infinitepay_checkout;
      return {
        sale: await saleDetail(readCtx.db, restaurantId, earlier.id),
        checkoutUrl: typeof link === 'string' ? link : null,
        warning: null,
        replayed: true,
      };
    },

    async answer(_txCtx, { order, items, payment, alongside }) {
      const payments = (alongside.payments ?? []).map((json) =>
        rowFromJson(cashSalePayments, json as Record<string, unknown>),
      );
      const detail = toSaleDetail(order, items, payments, discountRow ? toDiscountView(discountRow) : null);
      return { sale: detail, checkoutUrl: payment.checkoutUrl, warning: payment.warning, replayed: false };
    },
  };

  return placeOrder(ctx, { channel: 'pdv', idempotencyKey: key, door });
}
