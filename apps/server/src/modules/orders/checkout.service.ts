import type { Db, DbOrTx } from '@meucardapio/db/client';
import {
  couponRedemptions,
  coupons,
  deliveryStates,
  neighborhoods,
  paymentMethods,
  products,
  restaurantHours,
} from '@meucardapio/db/schema';
import type { CheckoutOptions, CheckoutPaymentMethod } from '@meucardapio/domain/checkout';
import { type Coupon, type CouponType, evaluateCoupon, normalizeCouponCode } from '@meucardapio/domain/coupons';
import { hasShippingDimensions, shippingPackage } from '@meucardapio/domain/delivery';
import { checkOpenForOrders, type HoursRow } from '@meucardapio/domain/hours';
import { MSG } from '@meucardapio/domain/messages';
import { LOCAL_PIX_METHOD } from '@meucardapio/domain/order-pix';
import {
  checkoutPaymentMethods,
  isCardProviderMethod,
  type PaymentMethodLike,
  paymentTypeOf,
} from '@meucardapio/domain/payment';
import { pixSettingsOf } from '@meucardapio/domain/pix';
import { parseList } from '@meucardapio/domain/pricing';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { CustomerCtx, Deps } from '../../http/context';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { DEFAULT_ORIGIN_CEP, type ShippingOption, ShippingQuoteError } from '../../integrations/shipping/shipping';
import { type RestaurantRow, restaurantBySlug } from '../../tenancy/restaurant-lookup';

/** A customer account belongs to one restaurant: using it on another restaurant's page is refused. */
export function assertCustomerOf(ctx: CustomerCtx, restaurant: { id: string }) {
  if (ctx.restaurantId !== restaurant.id) throw forbidden('Entre com sua conta deste restaurante para continuar.');
}

// ---------------------------------------------------------------------------------------------
// Payment methods

export type { CheckoutPaymentMethod };

function toCheckoutMethod(m: PaymentMethodLike): CheckoutPaymentMethod {
  const type = m.type ?? paymentTypeOf(m.name);
  return {
    id: m.id,
    name: m.name,
    icon: m.icon ?? null,
    type,
    online: isCardProviderMethod(m),
    localPix: false,
    requiresChange: m.requiresChange === true,
    maxInstallments: isCardProviderMethod(m) ? Math.max(1, m.maxInstallments ?? 1) : 1,
  };
}

/** "PIX (QR Code)", offered while the restaurant has a complete PIX key (decision 025). */
const LOCAL_PIX_CHECKOUT_METHOD: CheckoutPaymentMethod = {
  ...LOCAL_PIX_METHOD,
  icon: 'pix',
  type: 'pix',
  online: false,
  localPix: true,
  requiresChange: false,
  maxInstallments: 1,
};

/**
 * Active methods ordered by name, or the spec's fallback list (card, debit, pix online; cash) when none;
 * then "PIX (QR Code)" when the restaurant has its own PIX key.
 */
export async function checkoutPaymentMethodsFor(
  db: DbOrTx,
  restaurant: Pick<RestaurantRow, 'id' | 'pixKey' | 'pixKeyType' | 'pixMerchantName' | 'pixMerchantCity'>,
): Promise<CheckoutPaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(tenant(paymentMethods, restaurant.id, eq(paymentMethods.active, true)))
    .orderBy(asc(paymentMethods.name));
  const methods = checkoutPaymentMethods(rows).map(toCheckoutMethod);
  return pixSettingsOf(restaurant) ? [...methods, LOCAL_PIX_CHECKOUT_METHOD] : methods;
}

// ---------------------------------------------------------------------------------------------
// Checkout options

/** The restaurant's weekly hours as the open/closed rules read them. */
export function hoursOf(db: DbOrTx, restaurantId: string): Promise<HoursRow[]> {
  return db
    .select({
      dayOfWeek: restaurantHours.dayOfWeek,
      isClosed: restaurantHours.isClosed,
      openTime: restaurantHours.openTime,
      closeTime: restaurantHours.closeTime,
    })
    .from(restaurantHours)
    .where(tenant(restaurantHours, restaurantId));
}

/** `onlinePayments` is false when no card/PIX provider is configured: those methods are then not offered. */
export async function getCheckoutOptions(
  db: Db,
  slug: string,
  onlinePayments: boolean,
  now = new Date(),
): Promise<CheckoutOptions> {
  const restaurant = await restaurantBySlug(db, slug);
  const [hoods, states, methods, hours] = await Promise.all([
    db
      .select({ id: neighborhoods.id, name: neighborhoods.name, deliveryFee: neighborhoods.deliveryFee })
      .from(neighborhoods)
      .where(tenant(neighborhoods, restaurant.id))
      .orderBy(asc(neighborhoods.name)),
    db
      .select({ code: deliveryStates.code, name: deliveryStates.name, cities: deliveryStates.cities })
      .from(deliveryStates)
      .where(tenant(deliveryStates, restaurant.id, eq(deliveryStates.active, true)))
      .orderBy(asc(deliveryStates.name)),
    checkoutPaymentMethodsFor(db, restaurant),
    hoursOf(db, restaurant.id),
  ]);
  // Read when the checkout opens, by the server's clock: the menu may have been loaded before closing.
  const open = checkOpenForOrders(hours, now, restaurant.timezone);
  return {
    restaurant: { id: restaurant.id, name: restaurant.name, slug: restaurant.slug },
    neighborhoods: hoods,
    states: states.map((s) => ({
      code: s.code,
      name: s.name,
      cities: parseList<unknown>(s.cities).filter((c): c is string => typeof c === 'string'),
    })),
    paymentMethods: onlinePayments ? methods : methods.filter((m) => !m.online),
    hasCheckoutReferrer: Boolean(restaurant.appClientReferrer?.trim()),
    openNow: open.ok,
    /** 'Abriremos Segunda às 18:00' or 'Estamos fechados no momento.' while closed. */
    closedDescription: open.ok ? null : (open.description ?? null),
  };
}

// ---------------------------------------------------------------------------------------------
// Coupons

/** Case-insensitive lookup of a coupon, plus how many times this customer already used it. */
export async function findCouponForCustomer(tx: DbOrTx, restaurantId: string, code: string, customerId: string) {
  const wanted = normalizeCouponCode(code);
  if (!wanted) return { coupon: null, usesByCustomer: 0 };
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(tenant(coupons, restaurantId, sql`upper(trim(${coupons.code})) = ${wanted}`))
    .limit(1);
  if (!coupon) return { coupon: null, usesByCustomer: 0 };
  const [{ n }] = await tx
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      tenant(
        couponRedemptions,
        restaurantId,
        eq(couponRedemptions.couponId, coupon.id),
        eq(couponRedemptions.customerId, customerId),
      ),
    );
  return { coupon, usesByCustomer: Number(n) };
}

export function asDomainCoupon(c: typeof coupons.$inferSelect): Coupon {
  return {
    code: c.code,
    type: c.type as CouponType,
    value: c.value,
    minTotal: c.minTotal,
    active: c.active,
    validFrom: c.validFrom,
    validTo: c.validTo,
    usageLimit: c.usageLimit,
    usesCount: c.usesCount,
    usesPerCustomer: c.usesPerCustomer,
  };
}

/** The coupon preview at checkout; the order transaction checks it again and applies it. */
export async function validateCoupon(ctx: CustomerCtx, slug: string, input: { code: string; subtotal: number }) {
  const restaurant = await restaurantBySlug(ctx.db, slug);
  assertCustomerOf(ctx, restaurant);
  const { coupon, usesByCustomer } = await findCouponForCustomer(ctx.db, restaurant.id, input.code, ctx.actor.id);
  const result = evaluateCoupon(coupon ? asDomainCoupon(coupon) : null, {
    subtotal: input.subtotal,
    now: new Date(),
    usesByCustomer,
  });
  if (!result.ok) throw new AppError(400, result.code, result.title, result.description ?? '');
  return {
    code: result.code,
    discount: result.discount,
    type: coupon!.type as CouponType,
    value: coupon!.value,
    minTotal: coupon!.minTotal,
  };
}

// ---------------------------------------------------------------------------------------------
// Shipping quotes

export type QuoteItem = { productId: string; quantity: number };

const addressError = (description: string, code = 'address_error') =>
  new AppError(400, code, MSG.addressError, description);
const shippingError = (description: string, code = 'shipping_error') =>
  new AppError(400, code, 'Erro ao calcular frete', description);

/**
 * Quotes the shipped (envio_correios) products of a cart to a CEP. Answers no options when nothing in
 * the cart is shipped. Errors carry the spec's 'Erro de Endereço' / 'Erro ao calcular frete' texts.
 */
export async function quoteShipping(
  db: DbOrTx,
  deps: Deps,
  restaurant: Pick<RestaurantRow, 'id' | 'originPostalCode'>,
  cep: string | null | undefined,
  items: readonly QuoteItem[],
): Promise<{ shipped: boolean; options: ShippingOption[] }> {
  const ids = [...new Set(items.map((i) => i.productId))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            price: products.price,
            envioCorreios: products.envioCorreios,
            height: products.height,
            width: products.width,
            length: products.length,
            weight: products.weight,
          })
          .from(products)
          .where(tenant(products, restaurant.id, inArray(products.id, ids)));
  if (rows.length !== ids.length) throw addressError(MSG.productsCheckError, 'products_check_error');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shippedItems = items.filter((i) => byId.get(i.productId)?.envioCorreios);
  if (shippedItems.length === 0) return { shipped: false, options: [] };

  const digits = (cep ?? '').replace(/\D/g, '');
  if (!digits) throw addressError(MSG.cepRequiredForShipping, 'cep_required');
  if (shippedItems.some((i) => !hasShippingDimensions(byId.get(i.productId)!)))
    throw addressError(MSG.shippingDimensionsMissing, 'shipping_dimensions_missing');

  // One package per cart line; the line's quantity travels with it so weight and insurance add up.
  const packages = shippedItems.map((i) => ({ ...shippingPackage(byId.get(i.productId)!), quantity: i.quantity }));
  let options: ShippingOption[];
  try {
    options = await deps.integrations.shipping.quote({
      fromPostalCode: restaurant.originPostalCode?.replace(/\D/g, '') || DEFAULT_ORIGIN_CEP,
      toPostalCode: digits,
      products: packages,
    });
  } catch (err) {
    if (err instanceof ShippingQuoteError) {
      if (err.kind === 'invalid_cep')
        throw shippingError(`CEP inválido ou fora da área de cobertura: ${err.detail}`, 'shipping_invalid_cep');
      throw shippingError(`Erro na API: ${err.detail}`, 'shipping_api_error');
    }
    deps.log.error({ err }, 'shipping quote failed');
    throw addressError(MSG.shippingQuoteError, 'shipping_quote_error');
  }
  if (options.length === 0)
    throw shippingError('Nenhuma opção de frete disponível para este CEP', 'shipping_no_options');
  return { shipped: true, options };
}

export async function quoteShippingBySlug(
  db: Db,
  deps: Deps,
  slug: string,
  input: { cep?: string | null; items: QuoteItem[] },
) {
  const restaurant = await restaurantBySlug(db, slug);
  if (input.items.length === 0) throw badRequest(MSG.emptyCart);
  return quoteShipping(db, deps, restaurant, input.cep, input.items);
}
