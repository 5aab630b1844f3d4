import { orders } from '@meucardapio/db/schema';
import type { CustomerAccountView } from '@meucardapio/domain/table-accounts-api';
import { and, eq } from 'drizzle-orm';
import type { CustomerCtx, ServiceCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { accountView, openAccountOf } from './account-rows';

/** The customer's side of a table account: a phone at the table joins it by ordering there. */

/** The open account of table `number`, if any: a QR order placed there becomes one of its rounds. */
export const openAccountOfTable = (ctx: ServiceCtx, number: number) => openAccountOf(ctx, 'table', number);

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
