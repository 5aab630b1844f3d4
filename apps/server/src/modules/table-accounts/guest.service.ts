import type { DbOrTx } from '@meucardapio/db/client';
import { orders, tableAccounts } from '@meucardapio/db/schema';
import type { CustomerAccountView } from '@meucardapio/domain/table-accounts-api';
import { and, eq, ne } from 'drizzle-orm';
import type { CustomerCtx, ServiceCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { accountView, openAccountOf } from './account-rows';

/** The customer's side of a table account: a phone at the table joins it by ordering there. */

/** The open account of table `number`, if any: a QR order placed there becomes one of its rounds. */
export const openAccountOfTable = (ctx: ServiceCtx, number: number) => openAccountOf(ctx, 'table', number);

/**
 * Whether table `number` has an open account: the storefront's checkout then asks no payment method.
 * Only a yes or no — who sits there and what they ordered stay with the phones that ordered there.
 */
export async function tableHasOpenAccount(db: DbOrTx, restaurantId: string, number: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tableAccounts.id })
    .from(tableAccounts)
    .where(
      tenant(
        tableAccounts,
        restaurantId,
        eq(tableAccounts.kind, 'table'),
        eq(tableAccounts.number, number),
        ne(tableAccounts.status, 'closed'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

const noAccount = () =>
  notFound('Conta não encontrada', 'Faça um pedido pelo QR code da mesa para acompanhar a conta.');

/**
 * The account of the table the customer is at, as the phones at that table see it. A phone sees a
 * table's account only once it placed a round there: knowing a table's number is not enough.
 */
export async function guestAccount(ctx: CustomerCtx, number: number): Promise<CustomerAccountView> {
  const account = await openAccountOfTable(ctx, number);
  if (!account) throw noAccount();
  const [member] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(tenant(orders, ctx.restaurantId, eq(orders.tableAccountId, account.id), eq(orders.customerId, ctx.actor.id))),
    )
    .limit(1);
  if (!member) throw noAccount();
  const view = await accountView(ctx.db, account);
  return {
    label: view.label,
    status: view.status,
    people: view.people,
    rounds: view.rounds.map((r) => ({ ...r, placedBy: '' })),
    bill: view.bill,
    paid: view.paid,
    remaining: view.remaining,
    servicePercent: view.servicePercent,
  };
}
