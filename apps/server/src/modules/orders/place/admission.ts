import type { DbOrTx } from '@meucardapio/db/client';
import { rowFromJson } from '@meucardapio/db/json-rows';
import { paymentMethods, products, restaurantHours, restaurants } from '@meucardapio/db/schema';
import { checkOpenForOrders, type HoursRow } from '@meucardapio/domain/hours';
import { checkOpenUnpaidOrders } from '@meucardapio/domain/order-status';
import { sql } from 'drizzle-orm';
import type { Deps, ServiceCtx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import { restaurantNotFound } from '../../../tenancy/restaurant-lookup';
import { type CheckoutReadsMode, type CheckoutRows, keptReadsOf } from './kept-reads';
import { cartProductIds, catalogueOf, type ProposedLine } from './pricing';

/**
 * Serialises order creation per restaurant (decision 006) and takes the restaurant's next sequential
 * order number in the same statement: the UPDATE holds the restaurant's row until the transaction ends,
 * so order numbers, coupon limits and per-customer counts are then read and written without races
 * (stock keeps its own conditional UPDATE). A transaction that does not place its order rolls back, and
 * its number with it. For a customer's order (`limitedCustomer`), the same round trip then counts their
 * open unpaid orders, under the lock, from the index of open unpaid orders (the database function
 * `mc_lock_for_order`, migrations 0035, 0043, 0046 and 0047, which names OPEN_ORDER_STATUSES as that
 * index does), reads the restaurant's catalogue version, which kept checkout reads are checked against,
 * and tells whether a customer's session the instance kept (`keptSession`, its hash) still holds.
 */
export async function lockForNextOrderNumber(
  ctx: ServiceCtx,
  limitedCustomer: string | null,
  keptSession: string | null,
): Promise<{ number: number; openUnpaid: number | null; catalogVersion: number | null; sessionHolds: boolean }> {
  const { rows } = await ctx.db.execute<{
    next_number: number;
    open_unpaid: number | null;
    catalog_version: number | null;
    session_holds: boolean | null;
  }>(sql`select * from mc_lock_for_order(${ctx.restaurantId}::uuid, ${limitedCustomer}::uuid, ${keptSession}::text)`);
  const [row] = rows;
  return {
    number: Number(row.next_number),
    openUnpaid: row.open_unpaid === null ? null : Number(row.open_unpaid),
    catalogVersion: row.catalog_version,
    sessionHolds: row.session_holds !== false,
  };
}

/** The columns of a restaurant's weekly hours that the open/closed rules read. */
const HOURS_FIELDS = {
  dayOfWeek: restaurantHours.dayOfWeek,
  isClosed: restaurantHours.isClosed,
  openTime: restaurantHours.openTime,
  closeTime: restaurantHours.closeTime,
};

/** The restaurant's weekly hours as the open/closed rules read them. */
export function hoursOf(db: DbOrTx, restaurantId: string): Promise<HoursRow[]> {
  return db.select(HOURS_FIELDS).from(restaurantHours).where(tenant(restaurantHours, restaurantId));
}

type CheckoutReadsRow = {
  restaurant_row: Record<string, unknown>;
  hours_rows: Record<string, unknown>[];
  method_rows: Record<string, unknown>[];
  product_rows: Record<string, unknown>[];
  catalog_version: number | null;
};

/**
 * What a door looks at first, before its transaction: the restaurant, its weekly hours, its active payment
 * methods (ordered by name) and the cart's products (lines and flavours). The instance keeps them with the
 * restaurant's catalogue version (decision 125): `keptAt` is that version when they came from what was
 * kept (and `reads.usedKept` is set), and the order's lock checks it. Otherwise (`fresh`, or not kept)
 * one round trip to a database function that keeps its plans (migrations 0041 and 0046).
 */
export async function checkoutReads(
  ctx: { db: DbOrTx; deps: Deps },
  restaurantId: string,
  items: readonly ProposedLine[],
  reads: CheckoutReadsMode = { fresh: false, usedKept: false },
): Promise<CheckoutRows & { keptAt?: number }> {
  const kept = keptReadsOf(ctx.deps.database);
  const productIds = cartProductIds(items);
  const found = reads.fresh ? undefined : kept.find(restaurantId, productIds);
  if (found) {
    reads.usedKept = true;
    const { version, ...rows } = found;
    return { ...rows, keptAt: version };
  }
  const { rows } = await ctx.db.execute<CheckoutReadsRow>(
    sql`select * from mc_checkout_reads(${restaurantId}::uuid, ${sql.param(productIds)}::uuid[])`,
  );
  const [row] = rows;
  if (!row) throw restaurantNotFound();
  const read: CheckoutRows = {
    restaurant: rowFromJson(restaurants, row.restaurant_row),
    hours: row.hours_rows.map((h) => rowFromJson(restaurantHours, h)),
    methods: row.method_rows.map((m) => rowFromJson(paymentMethods, m)),
    catalogue: catalogueOf(row.product_rows.map((p) => rowFromJson(products, p))),
  };
  if (row.catalog_version !== null) kept.keep(restaurantId, row.catalog_version, read);
  return read;
}

/**
 * Closed means closed, whatever the browser's clock or cart says: the restaurant's hours in its own
 * timezone, read by the server when the order is placed (decision 022).
 */
export function assertOpenForOrders(restaurant: { timezone: string }, hours: readonly HoursRow[]) {
  const open = checkOpenForOrders(hours, new Date(), restaurant.timezone);
  if (!open.ok) throw new AppError(409, open.code, open.title, open.description ?? '');
}

/** Each open unpaid order holds stock (and maybe a coupon use): a customer may only hold a few (counted under the lock). */
export function assertFewOpenUnpaidOrders(openUnpaid: number) {
  const openCheck = checkOpenUnpaidOrders(openUnpaid);
  if (!openCheck.ok) throw new AppError(409, openCheck.code, openCheck.title, openCheck.description ?? '');
}
