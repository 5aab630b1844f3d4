import { customerAddresses, customers, orders } from '@meucardapio/db/schema';
import type { CustomerProfileView, SavedAddressView } from '@meucardapio/domain/customer-views';
import { MSG } from '@meucardapio/domain/messages';
import { type AddressEntry, canAddAddress, type customerProfileSchema } from '@meucardapio/domain/validation';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CustomerCtx } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { customerOrderViews } from '../orders/order-view';
import { reverifyOrderPayment } from '../payments/payments.service';

// ---------------------------------------------------------------------------------------------
// Profile

export type ProfileInput = z.output<typeof customerProfileSchema>;

function profileView(c: typeof customers.$inferSelect): CustomerProfileView {
  const { passwordHash: _hidden, restaurantId: _r, ...rest } = c;
  return { ...rest, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}

export async function getProfile(ctx: CustomerCtx) {
  const [c] = await ctx.db
    .select()
    .from(customers)
    .where(tenant(customers, ctx.restaurantId, eq(customers.id, ctx.actor.id)))
    .limit(1);
  if (!c) throw notFound();
  return profileView(c);
}

export async function updateProfile(ctx: CustomerCtx, input: ProfileInput) {
  const [c] = await ctx.db
    .update(customers)
    .set({ ...input, state: input.state?.toUpperCase() ?? null, updatedAt: new Date() })
    .where(tenant(customers, ctx.restaurantId, eq(customers.id, ctx.actor.id)))
    .returning();
  if (!c) throw notFound();
  return profileView(c);
}

// ---------------------------------------------------------------------------------------------
// Address book (at most 4)

function addressView(a: typeof customerAddresses.$inferSelect): SavedAddressView {
  return {
    id: a.id,
    name: a.name,
    address: a.address,
    number: a.number,
    complement: a.complement,
    neighborhood: a.neighborhood,
    city: a.city,
    state: a.state,
    cep: a.cep,
    createdAt: a.createdAt.toISOString(),
  };
}

export async function listAddresses(ctx: CustomerCtx) {
  const rows = await ctx.db
    .select()
    .from(customerAddresses)
    .where(tenant(customerAddresses, ctx.restaurantId, eq(customerAddresses.customerId, ctx.actor.id)))
    .orderBy(asc(customerAddresses.createdAt));
  return rows.map(addressView);
}

export async function createAddress(ctx: CustomerCtx, input: AddressEntry) {
  return ctx.db.transaction(async (tx) => {
    // Lock the customer so two simultaneous saves cannot both pass the limit.
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(tenant(customers, ctx.restaurantId, eq(customers.id, ctx.actor.id)))
      .for('update');
    const [{ n }] = await tx
      .select({ n: count() })
      .from(customerAddresses)
      .where(tenant(customerAddresses, ctx.restaurantId, eq(customerAddresses.customerId, ctx.actor.id)));
    if (!canAddAddress(Number(n)))
      throw new AppError(409, 'address_limit', MSG.addressLimitReached, MSG.addressLimitDescription);
    const [row] = await tx
      .insert(customerAddresses)
      .values({
        ...input,
        state: input.state?.toUpperCase() ?? null,
        restaurantId: ctx.restaurantId,
        customerId: ctx.actor.id,
        customerPhone: ctx.actor.phone,
      })
      .returning();
    return addressView(row);
  });
}

const addressNotFound = () => notFound('Endereço não encontrado');

export async function updateAddress(ctx: CustomerCtx, id: string, input: AddressEntry) {
  const [row] = await ctx.db
    .update(customerAddresses)
    .set({ ...input, state: input.state?.toUpperCase() ?? null })
    .where(
      tenant(
        customerAddresses,
        ctx.restaurantId,
        eq(customerAddresses.id, id),
        eq(customerAddresses.customerId, ctx.actor.id),
      ),
    )
    .returning();
  if (!row) throw addressNotFound();
  return addressView(row);
}

export async function deleteAddress(ctx: CustomerCtx, id: string) {
  const [row] = await ctx.db
    .delete(customerAddresses)
    .where(
      tenant(
        customerAddresses,
        ctx.restaurantId,
        eq(customerAddresses.id, id),
        eq(customerAddresses.customerId, ctx.actor.id),
      ),
    )
    .returning({ id: customerAddresses.id });
  if (!row) throw addressNotFound();
}

// ---------------------------------------------------------------------------------------------
// Orders (own orders only)

const ORDER_LIST_LIMIT = 100;

export async function listOwnOrders(ctx: CustomerCtx) {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.customerId, ctx.actor.id)))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(ORDER_LIST_LIMIT);
  return customerOrderViews(ctx.db, ctx.restaurantId, rows);
}

const orderNotFound = () => notFound('Pedido não encontrado.');

async function ownOrderRow(ctx: CustomerCtx, id: string) {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.id, id), eq(orders.customerId, ctx.actor.id)))
    .limit(1);
  if (!row) throw orderNotFound();
  return row;
}

export async function getOwnOrder(ctx: CustomerCtx, id: string) {
  const [view] = await customerOrderViews(ctx.db, ctx.restaurantId, [await ownOrderRow(ctx, id)]);
  return view;
}

/** Asks the provider again about a pending card/PIX order (the dashboard's 10 s safety net). */
export async function verifyOwnOrderPayment(ctx: CustomerCtx, id: string) {
  const row = await ownOrderRow(ctx, id);
  const outcome = await reverifyOrderPayment(ctx.db, ctx.deps, row);
  return { ...outcome, order: await getOwnOrder(ctx, id) };
}
