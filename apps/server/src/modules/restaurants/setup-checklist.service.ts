import {
  categories,
  deliveryStates,
  diningTables,
  neighborhoods,
  orders,
  paymentMethods,
  products,
} from '@meucardapio/db/schema';
import { type SetupFacts, type SetupStep, setupSteps } from '@meucardapio/domain/setup-checklist';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { tenant } from '../../http/tenant';
import { restaurantById } from '../../tenancy/restaurant-lookup';

export type SetupChecklist = { steps: SetupStep[]; done: boolean };

type CountedTable =
  | typeof categories
  | typeof deliveryStates
  | typeof diningTables
  | typeof neighborhoods
  | typeof orders
  | typeof paymentMethods
  | typeof products;

/** How many rows of a tenant table belong to the restaurant (optionally filtered). */
async function count(ctx: StaffCtx, table: CountedTable, where?: SQL) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(tenant(table, ctx.restaurantId, where));
  return Number(row?.n ?? 0);
}

/** The owner's first-hour checklist, every line worked out from the restaurant's own rows. */
export async function setupChecklist(ctx: StaffCtx): Promise<SetupChecklist> {
  const r = await restaurantById(ctx.db, ctx.restaurantId);
  const [neighborhoodCount, stateCount, methodCount, categoryCount, productCount, tableCount, orderCount] =
    await Promise.all([
      count(ctx, neighborhoods),
      count(
        ctx,
        deliveryStates,
        sql`${deliveryStates.active} and jsonb_typeof(${deliveryStates.cities}) = 'array' and jsonb_array_length(${deliveryStates.cities}) > 0`,
      ),
      count(ctx, paymentMethods, eq(paymentMethods.active, true)),
      count(ctx, categories),
      count(ctx, products),
      count(ctx, diningTables),
      count(ctx, orders),
    ]);
  const facts: SetupFacts = {
    segment: r.businessSegment === 'commerce' ? 'commerce' : 'restaurant',
    hasLogo: Boolean(r.logoUrl),
    hasAddressAndWhatsapp: Boolean(r.addressStreet && r.addressNumber && r.addressCity && r.whatsapp),
    hoursSaved: r.hoursSetAt !== null,
    neighborhoods: neighborhoodCount,
    deliveryStatesWithCities: stateCount,
    activePaymentMethods: methodCount,
    hasPixKey: Boolean(r.pixKey),
    categories: categoryCount,
    products: productCount,
    tables: tableCount,
    orders: orderCount,
  };
  const steps = setupSteps(facts, r.slug);
  return { steps, done: steps.every((s) => s.done) };
}
