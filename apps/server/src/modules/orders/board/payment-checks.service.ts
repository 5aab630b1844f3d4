import { orders } from '@meucardapio/db/schema';
import { isCheckoutOrder, providerHandle } from '@meucardapio/domain/hosted-checkout';
import { MSG } from '@meucardapio/domain/messages';
import { isDeliveryPerson, seesOrder } from '@meucardapio/domain/permissions';
import { desc, eq, gte, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../../http/context';
import { AppError } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import { restaurantById } from '../../../tenancy/restaurant-lookup';
import { reverifyStoredPayment } from '../payments/verification';
import { orderNotFound } from './board.service';

/*
 * "Verificar pagamento" on the board: staff ask the provider about card/PIX checkout orders. The answer
 * is applied as the customer's return page applies it (payments/verification.ts): a paid order moves
 * on to the kitchen, is announced and its customer hears of it.
 */

type OrderRow = typeof orders.$inferSelect;

export type VerifyOutcome = {
  orderId: string;
  paymentStatus: 'approved' | 'failed' | 'pending';
  paymentCheckoutVerified: boolean;
};

async function verifyOne(ctx: StaffCtx, order: OrderRow): Promise<VerifyOutcome> {
  const { order: after } = await reverifyStoredPayment(ctx, order);
  const status = after.paymentStatus;
  return {
    orderId: after.id,
    paymentStatus: status === 'approved' || status === 'failed' ? status : 'pending',
    paymentCheckoutVerified: after.paymentCheckoutVerified,
  };
}

/** The restaurant's checkout handle, or null while it is not configured ('Configuração necessária'). */
async function restaurantHandle(ctx: StaffCtx) {
  return providerHandle(await restaurantById(ctx.db, ctx.restaurantId));
}

const checkoutNotConfigured = () =>
  new AppError(409, 'checkout_not_configured', MSG.checkoutNotConfigured, MSG.checkoutNotConfiguredStaff);

/** Asks the card provider about one order's checkout (a delivery person, only about their own orders). */
export async function verifyOrderPayment(ctx: StaffCtx, id: string): Promise<VerifyOutcome> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.id, id)))
    .limit(1);
  if (!order || !seesOrder(ctx.actor.rules, ctx.actor.id, order)) throw orderNotFound();
  if (!isCheckoutOrder(order)) {
    throw new AppError(
      400,
      'not_checkout',
      'Pagamento não verificável',
      'Este pedido não foi pago pelo checkout online.',
    );
  }
  if (!(await restaurantHandle(ctx))) throw checkoutNotConfigured();
  return verifyOne(ctx, order);
}

const BATCH_LIMIT = 50;
const BATCH_WINDOW_DAYS = 7;

/**
 * Verifies the recent card/PIX checkout orders not verified yet (the board does this on load); a
 * delivery person's board, only their own orders.
 */
export async function verifyPendingPayments(ctx: StaffCtx) {
  const since = new Date(Date.now() - BATCH_WINDOW_DAYS * 24 * 3600_000);
  const ownOnly = isDeliveryPerson(ctx.actor.rules) ? eq(orders.deliveryEmployeeId, ctx.actor.id) : undefined;
  const candidates = await ctx.db
    .select()
    .from(orders)
    .where(
      tenant(
        orders,
        ctx.restaurantId,
        eq(orders.paymentCheckoutVerified, false),
        ne(orders.status, 'cancelled'),
        ne(orders.deliveryType, 'pdv'),
        gte(orders.createdAt, since),
        or(isNotNull(orders.paymentStatus), sql`${orders.paymentData} <> '{}'::jsonb`),
        ownOnly,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(BATCH_LIMIT);
  const toCheck = candidates.filter(isCheckoutOrder);
  const results: VerifyOutcome[] = [];
  // Without a handle nothing can be asked: the board says 'Configuração necessária' instead.
  const handle = toCheck.length > 0 ? await restaurantHandle(ctx) : null;
  if (handle) for (const o of toCheck) results.push(await verifyOne(ctx, o));
  return {
    configurationRequired: toCheck.length > 0 && !handle,
    checked: results.length,
    approved: results.filter((r) => r.paymentStatus === 'approved').length,
    failed: results.filter((r) => r.paymentStatus === 'failed').length,
    pending: results.filter((r) => r.paymentStatus === 'pending').length,
    results,
  };
}
