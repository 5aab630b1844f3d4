import { builtOnce } from '@meucardapio/db/built-once';
import type { DbOrTx } from '@meucardapio/db/client';
import { customerOrderTotals, customers, orders } from '@meucardapio/db/schema';
import type { AdminCustomerView } from '@meucardapio/domain/customer-views';
import type { AdminOrderView } from '@meucardapio/domain/order-views';
import { onlyDigits } from '@meucardapio/domain/phone';
import { desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { adminOrderPage } from '../orders/order-view';

const LIST_LIMIT = 500;

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** Customers with their kept order totals among those `where` keeps, newest first. */
const customerRows = (db: DbOrTx, where: SQL) =>
  db
    .select({
      c: customers,
      totalOrders: customerOrderTotals.orders,
      totalSpent: customerOrderTotals.spent,
      lastOrderAt: customerOrderTotals.lastOrderAt,
    })
    .from(customers)
    .leftJoin(customerOrderTotals, eq(customerOrderTotals.customerId, customers.id))
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(LIST_LIMIT);

/** The list as the screen opens, without a search: the statement is written once. */
const everyCustomer = builtOnce((db) => customerRows(db, tenant(customers, sql.placeholder('restaurantId'))));

/** The name (case-insensitive) or, from two digits on, the phone's digits. */
function matching(q: string): SQL {
  const byName = ilike(customers.name, `%${likeEscape(q)}%`);
  const digits = onlyDigits(q);
  if (digits.length < 2) return byName;
  return or(byName, sql`regexp_replace(${customers.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`) as SQL;
}

/**
 * Customers with their order totals, newest first, in one query reading each customer's kept totals
 * (never their orders). The search matches the name (case-insensitive) or the phone's digits.
 */
export async function listCustomers(ctx: StaffCtx, search: string | undefined): Promise<AdminCustomerView[]> {
  const q = search?.trim() ?? '';
  const rows = q
    ? await customerRows(ctx.db, tenant(customers, ctx.restaurantId, matching(q)))
    : await everyCustomer(ctx.db, { restaurantId: ctx.restaurantId });
  return rows.map(({ c, totalOrders, totalSpent, lastOrderAt }) => ({
    id: c.id,
    name: c.name,
    phone: c.phone,
    email: c.email,
    address: c.address,
    number: c.number,
    complement: c.complement,
    neighborhood: c.neighborhood,
    city: c.city,
    state: c.state,
    cep: c.cep,
    createdAt: c.createdAt.toISOString(),
    totalOrders: totalOrders ?? 0,
    totalSpent: totalSpent ?? 0,
    lastOrderAt: lastOrderAt?.toISOString() ?? null,
  }));
}

/** "Pedidos de {cliente}": the customer's orders with their items, newest first. */
export async function customerOrders(ctx: StaffCtx, customerId: string) {
  const [customer] = await ctx.db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(tenant(customers, ctx.restaurantId, eq(customers.id, customerId)))
    .limit(1);
  if (!customer) throw notFound('Cliente não encontrado', 'Recarregue a página e tente novamente.');
  const list: AdminOrderView[] = await adminOrderPage(ctx.db, ctx.restaurantId, (columns) =>
    ctx.db
      .select(columns)
      .from(orders)
      .where(tenant(orders, ctx.restaurantId, eq(orders.customerId, customerId)))
      .orderBy(desc(orders.createdAt))
      .limit(200),
  );
  return { customer, orders: list };
}
