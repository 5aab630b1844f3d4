import { anyOf } from '@meucardapio/db/any-of';
import { builtOnce } from '@meucardapio/db/built-once';
import { orders } from '@meucardapio/db/schema';
import { desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { tenant } from '../../../http/tenant';
import { adminOrderColumns } from '../order-view';

/** What a board read filters on besides its restaurant: each combination is one statement written once. */
type BoardFilters = { status: boolean; ids: boolean; noPdvSales: boolean; courier: boolean };

function boardRead(f: BoardFilters) {
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(orders.status, sql.placeholder('status')));
  if (f.ids) conds.push(anyOf(orders.id, sql.placeholder('ids')));
  // The list's side of `seesOrder`: no PDV sale on a cashier-only user's board (their receipt comes with the sale).
  if (f.noPdvSales) conds.push(ne(orders.deliveryType, 'pdv'));
  if (f.courier) {
    conds.push(inArray(orders.status, ['out_for_delivery', 'delivered']));
    conds.push(eq(orders.deliveryEmployeeId, sql.placeholder('courierId')));
  }
  return builtOnce((db) =>
    db
      .select(adminOrderColumns)
      .from(orders)
      .where(tenant(orders, sql.placeholder('restaurantId'), ...conds))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(sql.placeholder('limit')),
  );
}

const boardReads = new Map<string, ReturnType<typeof boardRead>>();
/**
 * The board's read for these filters. Every live event has each open board read the order it names, so
 * the statement is written once per combination, not at every read.
 */
export function boardReadFor(f: BoardFilters) {
  const key = `${+f.status}${+f.ids}${+f.noPdvSales}${+f.courier}`;
  let read = boardReads.get(key);
  if (!read) {
    read = boardRead(f);
    boardReads.set(key, read);
  }
  return read;
}

/** One order as the staff's views read it. */
export const orderById = builtOnce((db) =>
  db
    .select(adminOrderColumns)
    .from(orders)
    .where(tenant(orders, sql.placeholder('restaurantId'), eq(orders.id, sql.placeholder('id'))))
    .limit(1),
);
