import { anyOf } from '@meucardapio/db/any-of';
import { builtOnce } from '@meucardapio/db/built-once';
import type { DbOrTx } from '@meucardapio/db/client';
import { withinLocalDays } from '@meucardapio/db/local-days';
import { orderItems, tableAccountPayments, tableAccounts } from '@meucardapio/db/schema';
import type { ReportSale } from '@meucardapio/domain/cashier-report';
import type { SaleDetail, SaleListItem } from '@meucardapio/domain/cashier-views';
import { type AccountKind, accountLabel } from '@meucardapio/domain/table-accounts';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenant } from '../../http/tenant';
import { toItemView } from '../orders/order-view';
import { discountByLabel, salePaymentsView } from './sale.queries';

/**
 * A table account's payments as the cashier's reports count them: one "sale" per account, made of the
 * parts paid in the period (money taken, whatever the account's status). Its discount and service
 * charge count where the account closed, so a day's figures add each of them once.
 */

type AccountRow = typeof tableAccounts.$inferSelect;
type PaymentRow = typeof tableAccountPayments.$inferSelect;

export type TableSale = ReportSale & { kind: 'table'; accountId: string; account: AccountRow; parts: PaymentRow[] };

function toTableSale(account: AccountRow, parts: PaymentRow[], closedInPeriod: boolean): TableSale {
  const last = parts.reduce((a, p) => (p.createdAt > a.createdAt ? p : a), parts[0]);
  const methods = [...new Set(parts.map((p) => p.methodName))];
  const counted = closedInPeriod && account.status === 'closed';
  return {
    id: account.id,
    accountId: account.id,
    kind: 'table',
    number: account.number,
    label: accountLabel(account.kind as AccountKind, account.number),
    customerName: '',
    createdAt: last.createdAt,
    total: parts.reduce((s, p) => s + p.amount, 0),
    discount: counted ? account.discount : 0,
    discountBy:
      counted && account.discount > 0 && account.discountGivenByName
        ? discountByLabel({
            amount: account.discount,
            givenBy: account.discountGivenByName,
            approvedBy: account.discountApprovedByName,
            reason: account.discountReason,
          })
        : null,
    serviceCharge: counted ? (account.serviceCharge ?? 0) : 0,
    status: account.status,
    paymentMethod: methods.join(' + '),
    payments: parts.map((p) => ({ methodName: p.methodName, amount: p.amount })),
    account,
    parts,
  };
}

/**
 * Table sales whose payments match `paidWhere`, newest first; `closedWhere` says which closing times
 * belong to the period (the discount and service charge count there). Each kind of period is one
 * statement written once: the reports are read again as the cashier works.
 */
const tableSalesRead = (paidWhere: SQL, closedWhere: SQL) => {
  const restaurantId = sql.placeholder('restaurantId');
  return builtOnce((db) =>
    db
      .select({ payment: tableAccountPayments, account: tableAccounts, closedInPeriod: sql<boolean>`${closedWhere}` })
      .from(tableAccountPayments)
      .innerJoin(
        tableAccounts,
        and(eq(tableAccounts.id, tableAccountPayments.accountId), eq(tableAccounts.restaurantId, restaurantId)),
      )
      .where(tenant(tableAccountPayments, restaurantId, paidWhere))
      .orderBy(asc(tableAccountPayments.createdAt), asc(tableAccountPayments.id)),
  );
};

const ofDay = (column: AnyPgColumn) => withinLocalDays(column, sql.placeholder('timezone'), sql.placeholder('date'));
const paidOnDay = tableSalesRead(ofDay(tableAccountPayments.createdAt), ofDay(tableAccounts.closedAt));
const ofAccounts = tableSalesRead(anyOf(tableAccountPayments.accountId, sql.placeholder('ids')), sql`true`);

type TableSaleRow = { payment: PaymentRow; account: AccountRow; closedInPeriod: boolean };

function tableSales(rows: TableSaleRow[]): TableSale[] {
  const byAccount = new Map<string, { account: AccountRow; closed: boolean; parts: PaymentRow[] }>();
  for (const r of rows) {
    const entry = byAccount.get(r.account.id) ?? { account: r.account, closed: r.closedInPeriod, parts: [] };
    entry.parts.push(r.payment);
    byAccount.set(r.account.id, entry);
  }
  return newestFirst([...byAccount.values()].map((e) => toTableSale(e.account, e.parts, e.closed)));
}

/** The table accounts paid on a local day, each with that day's payments. */
export async function tablesPaidOnDay(db: DbOrTx, restaurantId: string, timezone: string, date: string) {
  return tableSales(await paidOnDay(db, { restaurantId, timezone, date }));
}

/** Table accounts with all their payments, whenever paid. */
async function tableSalesOfAccounts(db: DbOrTx, restaurantId: string, ids: string[]) {
  return tableSales(await ofAccounts(db, { restaurantId, ids }));
}

/** The `limit` accounts paid most recently, each with all its payments. */
export async function latestTableSales(db: DbOrTx, restaurantId: string, limit: number): Promise<TableSale[]> {
  const latest = await db
    .select({ accountId: tableAccountPayments.accountId })
    .from(tableAccountPayments)
    .where(tenant(tableAccountPayments, restaurantId))
    .groupBy(tableAccountPayments.accountId)
    .orderBy(desc(sql`max(${tableAccountPayments.createdAt})`))
    .limit(limit);
  if (latest.length === 0) return [];
  return tableSalesOfAccounts(
    db,
    restaurantId,
    latest.map((l) => l.accountId),
  );
}

function newestFirst<T extends { createdAt: Date | string }>(sales: T[]): T[] {
  return sales.sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
}

export function tableSaleListItem(s: TableSale): SaleListItem {
  return {
    id: s.id,
    kind: 'table',
    number: s.number,
    label: s.label ?? null,
    customerName: s.customerName ?? '',
    createdAt: new Date(s.createdAt).toISOString(),
    total: s.total,
    discount: s.discount,
    status: s.status,
    paymentMethod: s.paymentMethod,
    paymentStatus: 'approved',
    serviceCharge: s.serviceCharge ?? 0,
  };
}

/** A table account as a sale's detail: its standing items, every payment, the discount, service and couvert. */
export async function tableSaleDetail(db: DbOrTx, restaurantId: string, accountId: string): Promise<SaleDetail | null> {
  const [sale] = await tableSalesOfAccounts(db, restaurantId, [accountId]);
  if (!sale) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(tenant(orderItems, restaurantId, eq(orderItems.tableAccountId, accountId), isNull(orderItems.cancelledAt)))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const a = sale.account;
  const subtotal = items.reduce((s, i) => s + i.totalPrice, 0);
  return {
    ...tableSaleListItem(sale),
    discount: a.discount,
    subtotal,
    couvert: a.status === 'closed' ? a.couvertPerPerson * a.people : 0,
    sessionId: sale.parts[0].sessionId,
    employeeName: a.closedByName ?? a.openedByName,
    customerCpf: null,
    ...salePaymentsView(sale.parts),
    pixBrCode: sale.parts.find((p) => p.pixBrCode)?.pixBrCode ?? null,
    items: items.map(toItemView),
    discountInfo:
      a.discount > 0 && a.discountGivenByName
        ? {
            amount: a.discount,
            givenBy: a.discountGivenByName,
            approvedBy: a.discountApprovedByName,
            reason: a.discountReason,
          }
        : null,
  };
}
