import {
  appUsers,
  cashRegisterSessions,
  employees,
  orderHistory,
  orders,
  paymentMethods,
  restaurants,
} from '@meucardapio/db/schema';
import {
  checkCartNotEmpty,
  checkCustomerCpf,
  type PdvPayment,
  paymentsSummary,
  usesHostedCheckout,
  validatePayments,
  WALK_IN_CUSTOMER,
} from '@meucardapio/domain/cashier';
import { OFFLINE_MSG, type offlineSaleSchema, type SyncedSale } from '@meucardapio/domain/cashier-offline';
import { formatBRL } from '@meucardapio/domain/money';
import { checkoutPaymentMethods, paymentGroupLabel, posPaymentMethods } from '@meucardapio/domain/payment';
import { pixSettingsOf } from '@meucardapio/domain/pix';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceCtx, StaffCtx } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { saleNoteStep } from '../fiscal/queue-note';
import { type OrderDoor, type PaymentPlan, placeOrder } from '../orders/place/place-order';
import { saleDetail } from './sale.queries';
import { paymentData, salePaymentsStep } from './sale.service';
import { addLateSale } from './session.service';

/**
 * A PDV sale made without a connection, arriving when it returns (decision 057): the PDV's door to the
 * order pipeline for a sale that already happened. The terminal's sale id is the idempotency key; the
 * order keeps the time it was sold and the cashier who sold it; prices are as the terminal showed them
 * (the difference against the catalogue is recorded), stock may go below zero (with a warning), and a
 * sale whose session was closed meanwhile joins it as a late sale that updates the closing figures.
 */

type OfflineInput = z.output<typeof offlineSaleSchema>;
type OrderRow = typeof orders.$inferSelect;

/** What the order's payment data keeps of its offline life: the replay's answer is read back from it. */
type OfflineRecord = {
  client_sale_id: string;
  sold_at: string;
  late: boolean;
  price_difference: number;
  warnings: string[];
};

/** A terminal's clock may run ahead: a sale is never dated after it reached us. */
function soldAtOf(input: OfflineInput, now: Date): Date {
  const at = new Date(input.soldAt);
  return at > now ? now : at;
}

/** The staff member who sold: the one syncing, or another of this restaurant's staff (a shift change). */
async function cashierOf(ctx: StaffCtx, soldById: string): Promise<{ employeeId: string | null; name: string }> {
  const { actor } = ctx;
  if (soldById === actor.id) return { employeeId: actor.kind === 'employee' ? actor.id : null, name: actor.name };
  const [employee] = await ctx.db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(tenant(employees, ctx.restaurantId, eq(employees.id, soldById)));
  if (employee) return { employeeId: employee.id, name: employee.name };
  const [owner] = await ctx.db
    .select({ name: appUsers.name })
    .from(restaurants)
    .innerJoin(appUsers, eq(appUsers.id, restaurants.ownerId))
    .where(and(eq(restaurants.id, ctx.restaurantId), eq(restaurants.ownerId, soldById)));
  if (owner) return { employeeId: null, name: owner.name };
  throw badRequest('Operador não encontrado', 'Quem fez a venda não é da equipe deste restaurante.', 'unknown_cashier');
}

/** The session the terminal sold in, held FOR UPDATE: a close waits, and late sales recompute one at a time. */
async function saleSession(ctx: ServiceCtx, sessionId: string) {
  const [session] = await ctx.db
    .select()
    .from(cashRegisterSessions)
    .where(tenant(cashRegisterSessions, ctx.restaurantId, eq(cashRegisterSessions.id, sessionId)))
    .for('update');
  if (!session) throw notFound('Caixa não encontrado', 'O caixa desta venda não existe ou é de outro restaurante.');
  return session;
}

async function answerOf(ctx: ServiceCtx, order: OrderRow): Promise<SyncedSale> {
  const offline = order.paymentData?.offline as OfflineRecord | undefined;
  if (order.deliveryType !== 'pdv' || !offline)
    throw conflict('Venda duplicada', 'Este identificador de venda já foi usado por outro pedido.');
  return {
    clientSaleId: offline.client_sale_id,
    sale: await saleDetail(ctx.db, ctx.restaurantId, order.id),
    late: offline.late,
    priceDifference: offline.price_difference,
    warnings: offline.warnings,
  };
}

const isPix = (p: PdvPayment) => paymentGroupLabel(p.methodName) === 'PIX';

export async function syncOfflineSale(ctx: StaffCtx, input: OfflineInput): Promise<SyncedSale> {
  const { restaurantId } = ctx;
  let soldBy: { employeeId: string | null; name: string } = { employeeId: null, name: '' };
  let sale: {
    session: typeof cashRegisterSessions.$inferSelect;
    payments: PdvPayment[];
    record: OfflineRecord;
    /** Its NFC-e, queued with it when the restaurant issues them automatically (a CPF given or not). */
    note: { buyerCpf: string | null } | null;
  } | null = null;
  const placedAt = soldAtOf(input, new Date());

  const door: OrderDoor<SyncedSale> = {
    async prepare() {
      const cart = checkCartNotEmpty(input.items);
      if (!cart.ok) throw badRequest(cart.title, 'A venda não tem produtos.', cart.code);
      const cpf = checkCustomerCpf(input.customerCpf);
      if (!cpf.ok) throw badRequest(cpf.title, cpf.description ?? '', cpf.code);
      soldBy = await cashierOf(ctx, input.soldById);
      return {
        items: input.items.map(({ unitPrice: _shown, ...i }) => ({ ...i, notes: i.notes ?? null })),
        customer: { id: null, name: input.customerName ?? WALK_IN_CUSTOMER, phone: null, email: null },
        placedBy: soldBy,
        delivery: { kind: 'counter' },
        discount: { kind: 'manual', amount: 0 },
        note: null,
        placedAt,
        shownUnitPrices: input.items.map((i) => i.unitPrice),
      };
    },

    async plan(txCtx, priced): Promise<PaymentPlan> {
      const { restaurant, total, priceDifference } = priced;
      const session = await saleSession(txCtx, input.sessionId);
      // Every method, paused ones too: the money was taken when the method was still offered.
      const methodRows = await txCtx.db
        .select()
        .from(paymentMethods)
        .where(tenant(paymentMethods, restaurantId))
        .orderBy(asc(paymentMethods.name));
      const methods = posPaymentMethods(checkoutPaymentMethods(methodRows.map((m) => ({ ...m, active: true }))));
      const checked = validatePayments(total, input.payments, methods);
      if (!checked.ok) throw badRequest(checked.title, checked.description ?? '', checked.code);
      const pixConfigured = pixSettingsOf(restaurant) !== null;
      if (checked.payments.some((p) => usesHostedCheckout(methods.find((m) => m.id === p.methodId)!, pixConfigured)))
        throw badRequest(OFFLINE_MSG.needsServer, OFFLINE_MSG.hostedHidden, 'offline_hosted_checkout');
      const { payments } = checked;
      const warnings: string[] = [];
      if (priceDifference !== 0)
        warnings.push(
          `Preços do terminal diferentes do cardápio atual: ${priceDifference > 0 ? '+' : '−'}${formatBRL(Math.abs(priceDifference))} nesta venda.`,
        );
      if (payments.some(isPix)) warnings.push(`${OFFLINE_MSG.pixToCheck}: ${OFFLINE_MSG.pixToCheckDescription}`);
      const record: OfflineRecord = {
        client_sale_id: input.clientSaleId,
        sold_at: placedAt.toISOString(),
        late: session.status === 'closed',
        price_difference: priceDifference,
        warnings,
      };
      const cpf = checkCustomerCpf(input.customerCpf);
      // Its NFC-e waits on the terminal with the sale and is queued now.
      const note = restaurant.nfcePdvMode === 'automatic' ? { buyerCpf: cpf.ok ? cpf.cpf : null } : null;
      sale = { session, payments, record, note };
      return {
        label: paymentsSummary(payments).methodLabel,
        paymentStatus: null,
        paymentData: paymentData(payments, {
          employee_name: soldBy.name,
          session_id: session.id,
          ...(soldBy.name !== ctx.actor.name ? { synced_by: ctx.actor.name } : {}),
          ...(cpf.ok && cpf.cpf ? { customer_cpf: cpf.cpf } : {}),
          ...(payments.some(isPix) ? { pix_to_check: true } : {}),
          offline: record,
        }),
        installments: Math.max(...payments.map((p) => p.installments)),
        hosted: null,
        localPix: false,
      };
    },

    alongside(order) {
      if (!sale) throw new Error('a sale is written after its plan');
      const { session, payments, note } = sale;
      return {
        payments: salePaymentsStep(restaurantId, { sessionId: session.id, orderId: order.id, payments }, placedAt),
        ...(note ? { note: saleNoteStep(ctx, { orderId: order.id }, order.total, note.buyerCpf) } : {}),
      };
    },

    async record(txCtx, { order, stock }) {
      if (!sale) return;
      const { session, record } = sale;
      const stockWarnings = stock
        .filter((s) => s.after < 0)
        .map((s) => `Estoque negativo: ${s.name} ficou com ${s.after} após esta venda feita sem conexão.`);
      const notes = [...stockWarnings, ...record.warnings];
      // The owner's warning: on the order's history, which the board and the sale's detail show.
      if (notes.length > 0)
        await txCtx.db.insert(orderHistory).values(
          notes.map((n) => ({
            restaurantId,
            orderId: order.id,
            status: order.status,
            employeeName: 'Sincronização do PDV',
            notes: n,
          })),
        );
      if (stockWarnings.length > 0)
        await txCtx.db
          .update(orders)
          .set({ paymentData: { ...order.paymentData, offline: { ...record, warnings: notes } } })
          .where(tenant(orders, restaurantId, eq(orders.id, order.id)));
      if (record.late)
        await addLateSale({ ...ctx, db: txCtx.db }, session, {
          orderId: order.id,
          number: order.number,
          total: order.total,
          soldBy: soldBy.name,
        });
    },

    replay: answerOf,

    async answer(txCtx, { order }) {
      const [stored] = await txCtx.db
        .select()
        .from(orders)
        .where(tenant(orders, restaurantId, eq(orders.id, order.id)));
      return answerOf(txCtx, stored);
    },
  };

  return placeOrder(ctx, { channel: 'pdv_offline', idempotencyKey: input.clientSaleId, door });
}
