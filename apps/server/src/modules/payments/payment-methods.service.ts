import { paymentMethods, restaurants } from '@meucardapio/db/schema';
import { providerHandle } from '@meucardapio/domain/hosted-checkout';
import { DEFAULT_PAYMENT_METHODS } from '@meucardapio/domain/payment';
import type { PaymentMethodInput, PaymentMethodView } from '@meucardapio/domain/payment-method-admin';
import { asc, eq, sql } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';

const methodNotFound = () => notFound('Forma de pagamento não encontrada', 'Recarregue a página e tente novamente.');

const view = (r: typeof paymentMethods.$inferSelect): PaymentMethodView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  icon: r.icon,
  active: r.active,
  requiresChange: r.requiresChange,
  infinitepayEnabled: r.infinitepayEnabled,
  maxInstallments: r.maxInstallments,
  createdAt: r.createdAt.toISOString(),
});

/** Installments only mean something with the card provider: without it the method is always 1x. */
function normalize(input: PaymentMethodInput) {
  return {
    name: input.name.trim(),
    description: input.description?.trim() || null,
    icon: input.icon?.trim() || null,
    active: input.active,
    requiresChange: input.requiresChange,
    infinitepayEnabled: input.infinitepayEnabled,
    maxInstallments: input.infinitepayEnabled ? input.maxInstallments : 1,
  };
}

/**
 * The restaurant's methods; whether its card/PIX checkout handle is configured (without it the storefront
 * refuses online payment, so the page says 'Configuração necessária'); and whether this server takes
 * online payments for it at all (without them the storefront does not list the methods paid online).
 */
export async function listPaymentMethods(
  ctx: StaffCtx,
): Promise<{ paymentMethods: PaymentMethodView[]; checkoutConfigured: boolean; onlinePayments: boolean }> {
  const [rows, [restaurant]] = await Promise.all([
    ctx.db
      .select()
      .from(paymentMethods)
      .where(tenant(paymentMethods, ctx.restaurantId))
      .orderBy(asc(paymentMethods.name), asc(paymentMethods.id)),
    ctx.db
      .select({ slug: restaurants.slug, appClientReferrer: restaurants.appClientReferrer })
      .from(restaurants)
      .where(eq(restaurants.id, ctx.restaurantId))
      .limit(1),
  ]);
  return {
    paymentMethods: rows.map(view),
    checkoutConfigured: !!restaurant && !!providerHandle(restaurant),
    onlinePayments: !!restaurant && ctx.deps.integrations.payments.offersCheckoutTo(restaurant.slug),
  };
}

export async function createPaymentMethod(ctx: StaffCtx, input: PaymentMethodInput): Promise<PaymentMethodView> {
  const [row] = await ctx.db
    .insert(paymentMethods)
    .values({ restaurantId: ctx.restaurantId, ...normalize(input) })
    .returning();
  return view(row);
}

export async function updatePaymentMethod(ctx: StaffCtx, id: string, input: PaymentMethodInput) {
  const [row] = await ctx.db
    .update(paymentMethods)
    .set(normalize(input))
    .where(tenant(paymentMethods, ctx.restaurantId, eq(paymentMethods.id, id)))
    .returning();
  if (!row) throw methodNotFound();
  return view(row);
}

export async function setPaymentMethodActive(ctx: StaffCtx, id: string, active: boolean) {
  const [row] = await ctx.db
    .update(paymentMethods)
    .set({ active })
    .where(tenant(paymentMethods, ctx.restaurantId, eq(paymentMethods.id, id)))
    .returning();
  if (!row) throw methodNotFound();
  return view(row);
}

export async function deletePaymentMethod(ctx: StaffCtx, id: string): Promise<void> {
  const rows = await ctx.db
    .delete(paymentMethods)
    .where(tenant(paymentMethods, ctx.restaurantId, eq(paymentMethods.id, id)))
    .returning({ id: paymentMethods.id });
  if (rows.length === 0) throw methodNotFound();
}

/**
 * "Criar Padrões": Dinheiro (needs change), PIX, Cartão de Débito and Cartão de Crédito, only when the
 * restaurant has no method yet. A transaction-scoped advisory lock on the restaurant makes two clicks
 * (or two tabs) insert the defaults once.
 */
export async function createDefaultPaymentMethods(ctx: StaffCtx): Promise<PaymentMethodView[]> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment_methods:${ctx.restaurantId}`}))`);
    const [existing] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(tenant(paymentMethods, ctx.restaurantId))
      .limit(1);
    if (existing) {
      throw conflict(
        'Formas de pagamento já existem',
        'Os padrões só podem ser criados quando não há nenhuma forma de pagamento.',
      );
    }
    const rows = await tx
      .insert(paymentMethods)
      .values(DEFAULT_PAYMENT_METHODS.map((m) => ({ restaurantId: ctx.restaurantId, ...m })))
      .returning();
    return rows.map(view).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  });
}
