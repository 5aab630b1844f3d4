import { type DbOrTx, readTogether } from '@meucardapio/db/client';
import { runStep } from '@meucardapio/db/one-trip';
import {
  diningTables,
  orderItems,
  orders,
  tableAccountPayments,
  tableAccountSettings,
  tableAccounts,
} from '@meucardapio/db/schema';
import {
  type AccountKind,
  type AccountOperation,
  type AccountStatus,
  accountLabel,
  billOf,
  checkOperation,
  DEFAULT_SERVICE_PERCENT,
  remainingOf,
  roundLabel,
} from '@meucardapio/domain/table-accounts';
import type {
  AccountPaymentView,
  AccountRoundView,
  AccountView,
  openAccountSchema,
} from '@meucardapio/domain/table-accounts-api';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inTransaction, type ServiceCtx, type StaffCtx } from '../../http/context';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../http/idempotency';
import { tenant } from '../../http/tenant';
import { eventsForStep } from '../../realtime/realtime';
import { toStaffItemView } from '../orders/order-view';

/** Reads and locks shared by the table-account services. Every query is scoped by restaurant. */

export type AccountRow = typeof tableAccounts.$inferSelect;
type PaymentRow = typeof tableAccountPayments.$inferSelect;

export const accountNotFound = () =>
  notFound('Conta não encontrada', 'A mesa não tem conta aberta. Recarregue a página e tente novamente.');

export function assertOperation(account: Pick<AccountRow, 'status'>, op: AccountOperation) {
  const checked = checkOperation(account.status as AccountStatus, op);
  if (!checked.ok) throw new AppError(409, checked.code, checked.title, checked.description ?? '');
}

/**
 * The account's row, locked FOR UPDATE until the transaction ends: rounds, payments, transfers and the
 * close of one account run one after another, so two waiters adding at once both land.
 */
export async function lockAccount(ctx: ServiceCtx, id: string): Promise<AccountRow> {
  const [row] = await ctx.db
    .select()
    .from(tableAccounts)
    .where(tenant(tableAccounts, ctx.restaurantId, eq(tableAccounts.id, id)))
    .for('update');
  if (!row) throw accountNotFound();
  return row;
}

export async function findAccount(ctx: ServiceCtx, id: string): Promise<AccountRow> {
  const [row] = await ctx.db
    .select()
    .from(tableAccounts)
    .where(tenant(tableAccounts, ctx.restaurantId, eq(tableAccounts.id, id)))
    .limit(1);
  if (!row) throw accountNotFound();
  return row;
}

/**
 * The open account of a table or tab number, null when it is free; with `lock`, held FOR UPDATE until
 * the transaction ends.
 */
export async function openAccountOf(
  ctx: ServiceCtx,
  kind: AccountKind,
  number: number,
  options: { lock?: boolean } = {},
): Promise<AccountRow | null> {
  const query = ctx.db
    .select()
    .from(tableAccounts)
    .where(
      tenant(
        tableAccounts,
        ctx.restaurantId,
        eq(tableAccounts.kind, kind),
        eq(tableAccounts.number, number),
        ne(tableAccounts.status, 'closed'),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query.limit(1);
  return row ?? null;
}

export async function accountSettingsOf(db: DbOrTx, restaurantId: string) {
  const [row] = await db
    .select()
    .from(tableAccountSettings)
    .where(eq(tableAccountSettings.restaurantId, restaurantId))
    .limit(1);
  return {
    servicePercent: row?.servicePercent ?? DEFAULT_SERVICE_PERCENT,
    couvertPerPerson: row?.couvertPerPerson ?? 0,
  };
}

/** Σ of the standing (not cancelled) items billed to each account. */
export async function itemsTotals(db: DbOrTx, restaurantId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: orderItems.tableAccountId,
      total: sql<number>`coalesce(sum(${orderItems.totalPrice}), 0)::int`,
    })
    .from(orderItems)
    .where(tenant(orderItems, restaurantId, inArray(orderItems.tableAccountId, ids), isNull(orderItems.cancelledAt)))
    .groupBy(orderItems.tableAccountId);
  return new Map(rows.map((r) => [r.accountId!, r.total]));
}

export async function paidTotals(db: DbOrTx, restaurantId: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      accountId: tableAccountPayments.accountId,
      total: sql<number>`coalesce(sum(${tableAccountPayments.amount}), 0)::int`,
    })
    .from(tableAccountPayments)
    .where(tenant(tableAccountPayments, restaurantId, inArray(tableAccountPayments.accountId, ids)))
    .groupBy(tableAccountPayments.accountId);
  return new Map(rows.map((r) => [r.accountId, r.total]));
}

/** The account's bill for the items billed to it. */
export function billOfAccount(a: AccountRow, itemsTotal: number) {
  return billOf({
    itemsTotal,
    discount: a.discount,
    servicePercent: a.servicePercent,
    serviceRemoved: a.serviceRemovedReason !== null,
    couvertPerPerson: a.couvertPerPerson,
    people: a.people,
  });
}

/** The bill, what was paid and what is left, for an account (read inside the caller's transaction). */
export async function accountBalance(db: DbOrTx, a: AccountRow) {
  const [items, paid] = await readTogether(db, [
    () => itemsTotals(db, a.restaurantId, [a.id]),
    () => paidTotals(db, a.restaurantId, [a.id]),
  ]);
  const bill = billOfAccount(a, items.get(a.id) ?? 0);
  const paidTotal = paid.get(a.id) ?? 0;
  return { bill, paid: paidTotal, remaining: remainingOf(bill.total, paidTotal) };
}

export function toPaymentView(p: PaymentRow): AccountPaymentView {
  return {
    id: p.id,
    methodName: p.methodName,
    amount: p.amount,
    received: p.receivedAmount,
    change: p.changeAmount,
    pixBrCode: p.pixBrCode,
    employeeName: p.employeeName,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The rounds whose items are billed to the account, each with its own label, oldest first. */
async function roundsOf(db: DbOrTx, restaurantId: string, accountId: string): Promise<AccountRoundView[]> {
  const items = await db
    .select()
    .from(orderItems)
    .where(tenant(orderItems, restaurantId, eq(orderItems.tableAccountId, accountId)))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const orderIds = [...new Set(items.map((i) => i.orderId))];
  if (orderIds.length === 0) return [];
  const rounds = await db
    .select({ order: orders, kind: tableAccounts.kind, accountNumber: tableAccounts.number })
    .from(orders)
    .leftJoin(
      tableAccounts,
      and(eq(tableAccounts.id, orders.tableAccountId), eq(tableAccounts.restaurantId, restaurantId)),
    )
    .where(tenant(orders, restaurantId, inArray(orders.id, orderIds)))
    .orderBy(asc(orders.createdAt), asc(orders.number));
  return rounds.map(({ order: o, kind, accountNumber }) => ({
    orderId: o.id,
    orderNumber: o.number,
    label:
      kind && accountNumber !== null && o.round !== null
        ? roundLabel(kind as AccountKind, accountNumber, o.round)
        : `Pedido #${o.number}`,
    placedBy: o.customerName,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    items: items.filter((i) => i.orderId === o.id).map(toStaffItemView),
  }));
}

export async function accountView(db: DbOrTx, a: AccountRow): Promise<AccountView> {
  const [rounds, balance, payments] = await readTogether(db, [
    () => roundsOf(db, a.restaurantId, a.id),
    () => accountBalance(db, a),
    () =>
      db
        .select()
        .from(tableAccountPayments)
        .where(tenant(tableAccountPayments, a.restaurantId, eq(tableAccountPayments.accountId, a.id)))
        .orderBy(asc(tableAccountPayments.createdAt), asc(tableAccountPayments.id)),
  ]);
  return {
    id: a.id,
    kind: a.kind as AccountKind,
    number: a.number,
    label: accountLabel(a.kind as AccountKind, a.number),
    status: a.status as AccountView['status'],
    people: a.people,
    openedAt: a.openedAt.toISOString(),
    openedByName: a.openedByName,
    billRequestedAt: a.billRequestedAt?.toISOString() ?? null,
    closedAt: a.closedAt?.toISOString() ?? null,
    servicePercent: a.servicePercent,
    serviceRemovedReason: a.serviceRemovedReason,
    couvertPerPerson: a.couvertPerPerson,
    discountInfo:
      a.discount > 0 && a.discountGivenByName
        ? { givenBy: a.discountGivenByName, approvedBy: a.discountApprovedByName, reason: a.discountReason }
        : null,
    rounds,
    ...balance,
    payments: payments.map(toPaymentView),
  };
}

/**
 * Tells the waiters' phones, the PDV and every phone at the table that the account changed: the staff's
 * event and one for each customer who placed a round on it, in one statement that reads who they are.
 * `alsoCustomer`: the customer of a round written in the same statement, which its reads do not see.
 */
export function accountAnnouncedStep(
  a: Pick<AccountRow, 'id' | 'restaurantId' | 'kind' | 'number' | 'status'>,
  alsoCustomer: string | null = null,
) {
  const payload = { accountId: a.id, kind: a.kind as AccountKind, number: a.number, status: a.status };
  return eventsForStep(
    a.restaurantId,
    'table.account',
    payload,
    sql`select 'manage_tables'::text as permission, null::uuid as customer_id
      union all
      select null, m.customer_id from (
        select o.customer_id from ${orders} o
        where o.restaurant_id = ${a.restaurantId} and o.table_account_id = ${a.id} and o.customer_id is not null
        union
        select ${alsoCustomer}::uuid where ${alsoCustomer}::uuid is not null
      ) m`,
  );
}

/** `accountAnnouncedStep` alone, in the caller's transaction. */
export async function announceAccount(db: DbOrTx, a: Parameters<typeof accountAnnouncedStep>[0]) {
  await runStep(db, accountAnnouncedStep(a));
}

/** One locked change of an account, its event, and its fresh view. */
export async function change(
  ctx: StaffCtx,
  id: string,
  fn: (tx: StaffCtx, account: AccountRow) => Promise<Partial<typeof tableAccounts.$inferInsert> | null>,
): Promise<AccountView> {
  return inTransaction(ctx, async (tx) => {
    const account = await lockAccount(tx, id);
    const set = await fn(tx, account);
    const [row] = set
      ? await tx.db
          .update(tableAccounts)
          .set(set)
          .where(tenant(tableAccounts, tx.restaurantId, eq(tableAccounts.id, id)))
          .returning()
      : [account];
    await announceAccount(tx.db, row);
    return accountView(tx.db, row);
  });
}

/** Who is acting, as rows and history name them. */
export const who = (ctx: StaffCtx) => ctx.actor.name;

export async function assertTableExists(ctx: StaffCtx, number: number) {
  const [row] = await ctx.db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(tenant(diningTables, ctx.restaurantId, eq(diningTables.number, number)))
    .limit(1);
  if (!row)
    throw badRequest('Mesa inválida', `A mesa ${number} não existe. Cadastre-a em Gerenciar Mesas.`, 'table_not_found');
}

export const occupied = (number: number) =>
  conflict('Mesa ocupada', `A mesa ${number} já tem uma conta aberta. Recarregue a página para vê-la.`);

/** A new open account (a savepoint: the loser of two openings at once gets a 409). */
export async function insertAccount(ctx: StaffCtx, input: z.output<typeof openAccountSchema>): Promise<AccountRow> {
  if (input.kind === 'table') await assertTableExists(ctx, input.number);
  const settings = await accountSettingsOf(ctx.db, ctx.restaurantId);
  try {
    // A savepoint: the loser of two openings at once gets a 409 and the caller's transaction goes on.
    const [row] = await inTransaction(ctx, (tx) =>
      tx.db
        .insert(tableAccounts)
        .values({
          restaurantId: ctx.restaurantId,
          kind: input.kind,
          number: input.number,
          people: input.people,
          servicePercent: settings.servicePercent,
          couvertPerPerson: settings.couvertPerPerson,
          openedByName: who(ctx),
        })
        .returning(),
    );
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw occupied(input.number);
    throw err;
  }
}
