import type { Tx } from '@meucardapio/db/client';
import {
  type Addon,
  couponRedemptions,
  coupons,
  customerAddresses,
  customers,
  deliveryStates,
  diningTables,
  neighborhoods,
  type OrderItemOption,
  orderHistory,
  orderItems,
  orders,
  type PriceOption,
  products,
  restaurants,
} from '@meucardapio/db/schema';
import { couponUsesLabel, evaluateCoupon } from '@meucardapio/domain/coupons';
import { missingDeliveryFields, missingDeliveryFieldText, validateDeliveryArea } from '@meucardapio/domain/delivery';
import { checkOpenForOrders } from '@meucardapio/domain/hours';
import { maxInstallmentsFor } from '@meucardapio/domain/installments';
import { MSG } from '@meucardapio/domain/messages';
import { itemNoteSchema, orderNoteSchema } from '@meucardapio/domain/order-display';
import { checkOpenUnpaidOrders, OPEN_ORDER_STATUSES } from '@meucardapio/domain/order-status';
import type { CustomerOrderView } from '@meucardapio/domain/order-views';
import { cashChange, providerHandle } from '@meucardapio/domain/payment';
import { normalizeMaxFlavors, orderTotal, parseList, productKind, unitPrice } from '@meucardapio/domain/pricing';
import { ONLINE_CUSTOMER_NAME } from '@meucardapio/domain/stock';
import { eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CustomerCtx } from '../../http/context';
import { AppError, badRequest, conflict } from '../../http/errors';
import { tenant } from '../../http/tenant';
import type { CheckoutItem } from '../../integrations/payments/payments';
import type { ShippingOption } from '../../integrations/shipping/shipping';
import { appendEvent } from '../../realtime/realtime';
import { takeSaleStock } from '../catalog/stock.service';
import { onlinePaymentUnavailable } from '../payments/payments.service';
import {
  asDomainCoupon,
  assertCustomerOf,
  type CheckoutPaymentMethod,
  checkoutPaymentMethodsFor,
  findCouponForCustomer,
  hoursOf,
  quoteShipping,
  restaurantBySlug,
} from './checkout.service';
import { customerOrderViews, toCustomerOrderView } from './order-view';

const optText = (max: number) => z.string().trim().max(max).nullish();

/** The cart as a PROPOSAL: ids and quantities only; every price is recomputed here. */
export const orderProposalSchema = z.object({
  restaurantSlug: z.string().trim().max(80).nullish(),
  items: z
    .array(
      z.object({
        productId: z.uuid({ message: 'Produto inválido' }),
        quantity: z.number().int().min(1, MSG.invalidQuantity).max(999, MSG.invalidQuantity),
        variationId: z.string().max(100).nullish(),
        colorIds: z.array(z.string().max(100)).max(20).default([]),
        addonIds: z.array(z.string().max(100)).max(50).default([]),
        flavorIds: z
          .array(z.uuid({ message: 'Sabor inválido' }))
          .max(12)
          .default([]),
        notes: itemNoteSchema,
      }),
    )
    .min(1, MSG.emptyCart)
    .max(100),
  deliveryType: z.enum(['delivery', 'pickup', 'dine_in'], { message: 'Tipo de entrega inválido' }),
  tableNumber: z.number().int().min(1).max(100000).nullish(),
  name: optText(120),
  phone: optText(30),
  address: optText(200),
  number: optText(20),
  complement: optText(120),
  neighborhood: optText(120),
  city: optText(120),
  state: optText(60),
  cep: optText(12),
  note: orderNoteSchema,
  couponCode: optText(50),
  paymentMethod: z.string({ message: MSG.selectPaymentMethod }).trim().min(1, MSG.selectPaymentMethod).max(100),
  cashReceived: z.number().int().min(0).max(100_000_000).nullish(),
  installments: z.number().int().min(1).max(12).nullish(),
  shippingOptionId: z.string().max(100).nullish(),
  /** What the browser computed; ignored (the server total wins) and only logged when it differs. */
  clientTotal: z.number().nullish(),
});
export type OrderProposal = z.infer<typeof orderProposalSchema>;

export type CreatedOrder = { order: CustomerOrderView; checkoutUrl: string | null; replayed: boolean };

const addressError = (description: string, code = 'address_error') =>
  new AppError(400, code, MSG.addressError, description);
const unavailable = (name?: string) =>
  new AppError(
    409,
    'product_unavailable',
    'Produto indisponível',
    name ? `${name} não está mais disponível. Remova-o do carrinho.` : 'Um dos produtos não está mais disponível.',
  );

type ProductRow = typeof products.$inferSelect;

export type PricedLine = {
  product: ProductRow;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  variation: (OrderItemOption & { id: string }) | null;
  colors: (OrderItemOption & { id: string })[];
  addons: (OrderItemOption & { id: string })[];
  flavors: (OrderItemOption & { id: string })[];
  notes: string | null;
};

/** The order_items rows of priced lines: one shape for storefront orders and PDV sales. */
export function orderItemRows(restaurantId: string, orderId: string, lines: PricedLine[]) {
  return lines.map((l) => ({
    restaurantId,
    orderId,
    productId: l.product.id,
    name: l.product.name,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    totalPrice: l.totalPrice,
    variation: l.variation,
    addons: l.addons,
    colors: l.colors,
    pizzaFlavors: l.flavors,
    notes: l.notes,
  }));
}

/**
 * Prices one proposed line with the domain rules, from this restaurant's products only: sizes,
 * colours and add-ons by id, flavours only among the pizza's own flavour list.
 */
export function priceLine(item: OrderProposal['items'][number], byId: Map<string, ProductRow>): PricedLine {
  const product = byId.get(item.productId);
  if (!product) throw unavailable();
  if (!product.available) throw unavailable(product.name);
  const kind = productKind(product);

  const variations = parseList<PriceOption>(product.variations);
  let variation: PricedLine['variation'] = null;
  if (variations.length > 0 || item.variationId) {
    const v = variations.find((x) => x.id === item.variationId);
    if (!v) throw badRequest(MSG.chooseSize, `Escolha um tamanho para ${product.name}.`, 'size_required');
    variation = { id: v.id, name: v.name, price: v.priceModifier };
  }

  const colorList = parseList<PriceOption>(product.colors);
  const colorIds = [...new Set(item.colorIds)];
  if (colorList.length > 0 && colorIds.length === 0)
    throw badRequest(MSG.chooseColor, `Escolha uma cor para ${product.name}.`, 'color_required');
  const colors = colorIds.map((id) => {
    const c = colorList.find((x) => x.id === id);
    if (!c) throw badRequest(MSG.chooseColor, `Cor inválida para ${product.name}.`, 'invalid_color');
    return { id: c.id, name: c.name, price: c.priceModifier };
  });

  const addonList = parseList<Addon>(product.addons);
  const addonCounts = new Map<string, number>();
  for (const id of item.addonIds) addonCounts.set(id, (addonCounts.get(id) ?? 0) + 1);
  const addons = [...addonCounts].map(([id, quantity]) => {
    const a = addonList.find((x) => x.id === id);
    if (!a) throw badRequest('Adicional inválido', `Um adicional de ${product.name} não existe mais.`, 'invalid_addon');
    return { id: a.id, name: a.name, price: a.price, quantity, ...(a.type ? { type: a.type } : {}) };
  });

  const flavorIds = [...new Set(item.flavorIds)];
  const flavors: PricedLine['flavors'] = [];
  if (kind === 'multi_flavor_pizza') {
    if (flavorIds.length < 1) throw badRequest(MSG.chooseFlavor, MSG.chooseFlavorDescription, 'flavor_required');
    const max = normalizeMaxFlavors(product.maxFlavors);
    if (flavorIds.length > max)
      throw badRequest(
        'Sabores demais',
        `Escolha no máximo ${max} sabor(es) para ${product.name}.`,
        'too_many_flavors',
      );
    const allowed = new Set(parseList<unknown>(product.pizzaFlavors).map(String));
    for (const id of flavorIds) {
      const f = byId.get(id);
      if (!allowed.has(id) || !f)
        throw badRequest('Sabor inválido', `Um dos sabores não pertence a ${product.name}.`, 'invalid_flavor');
      if (!f.available) throw unavailable(f.name);
      flavors.push({ id: f.id, name: f.name, price: f.price });
    }
  } else if (flavorIds.length > 0) {
    throw badRequest('Sabor inválido', `${product.name} não aceita sabores.`, 'invalid_flavor');
  }

  const unit = unitPrice({
    basePrice: product.price,
    flavorPrices: flavors.map((f) => f.price ?? 0),
    variation: variation ? { priceModifier: variation.price ?? 0 } : null,
    colors: colors.map((c) => ({ priceModifier: c.price })),
    addons: addons.map((a) => ({ price: a.price, quantity: a.quantity })),
  });
  return {
    product,
    quantity: item.quantity,
    unitPrice: unit,
    totalPrice: unit * item.quantity,
    variation,
    colors,
    addons,
    flavors,
    notes: item.notes || null,
  };
}

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.cause?.code ?? e?.code;
}

async function findByIdempotencyKey(ctx: CustomerCtx, tx: Tx | CustomerCtx['db'], key: string) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(tenant(orders, ctx.restaurantId, eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  // Keys are per restaurant; someone else's key must not reveal their order.
  if (row.customerId !== ctx.actor.id)
    throw conflict('Pedido duplicado', 'Esta tentativa de pedido já foi usada. Recarregue a página e tente novamente.');
  return row;
}

async function replay(
  ctx: CustomerCtx,
  db: Tx | CustomerCtx['db'],
  row: typeof orders.$inferSelect,
): Promise<CreatedOrder> {
  // Inside the order transaction this must read through `tx`: PGlite has one connection.
  const [view] = await customerOrderViews(db, ctx.restaurantId, [row]);
  const url = row.paymentData?.infinitepay_checkout;
  return { order: view, checkoutUrl: typeof url === 'string' ? url : null, replayed: true };
}

/** Items as the hosted checkout shows them; their sum must be what is charged. */
function checkoutItems(
  lines: PricedLine[],
  fee: number,
  discount: number,
  total: number,
  number: number,
): CheckoutItem[] {
  // The provider has no discount line: with a coupon the order is charged as one item of the real total.
  if (discount > 0) return [{ name: `Pedido #${number}`, unitPrice: total, quantity: 1 }];
  const items: CheckoutItem[] = lines.map((l) => ({
    name: l.product.name,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
  }));
  if (fee > 0) items.push({ name: 'Taxa de entrega', unitPrice: fee, quantity: 1 });
  return items;
}

/**
 * Places a customer's order in ONE transaction: prices recomputed from this restaurant's products,
 * delivery fee from the neighbourhood or the shipping quote, coupon limits, stock decremented with a
 * conditional UPDATE, the next order number, order + items + history + event, and the hosted-checkout
 * link for card/PIX. Any failure rolls everything back. A retry with the same Idempotency-Key returns
 * the first order.
 */
export async function createCustomerOrder(
  ctx: CustomerCtx,
  input: OrderProposal,
  idempotencyKey: string | null,
): Promise<CreatedOrder> {
  const { db, deps, actor } = ctx;
  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(ctx, db, idempotencyKey);
    if (existing) return replay(ctx, db, existing);
  }

  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, ctx.restaurantId)).limit(1);
  if (!restaurant) throw new AppError(404, 'restaurant_not_found', MSG.restaurantNotFound);
  if (input.restaurantSlug) assertCustomerOf(ctx, await restaurantBySlug(db, input.restaurantSlug));

  const name = input.name?.trim() ?? '';
  const phone = input.phone?.trim() ?? '';
  if (!name || !phone) throw badRequest(MSG.requiredFieldsShort, 'Informe seu nome e telefone.', 'name_phone_required');

  // Shipping is quoted before the transaction: it is a network call, and holding locks across it would
  // stall every other order of the restaurant. The chosen option is priced from this fresh quote.
  const lineIds = [...new Set(input.items.map((i) => i.productId))];
  const known = await db
    .select({ id: products.id })
    .from(products)
    .where(tenant(products, restaurant.id, inArray(products.id, lineIds)));
  if (known.length !== lineIds.length) throw unavailable();
  const quote = await quoteShipping(
    db,
    deps,
    restaurant,
    input.cep,
    input.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
  );
  let shippingOption: ShippingOption | null = null;
  let deliveryType = input.deliveryType;
  if (quote.shipped) {
    // A shipped product cannot be picked up or served at a table.
    deliveryType = 'delivery';
    if (!input.shippingOptionId)
      throw badRequest(
        'Selecione uma opção de frete',
        'Escolha como deseja receber os produtos.',
        'shipping_option_required',
      );
    shippingOption = quote.options.find((o) => o.id === input.shippingOptionId) ?? null;
    if (!shippingOption) throw addressError(MSG.shippingUnavailableForCep, 'shipping_option_unavailable');
  }

  try {
    return await db.transaction(async (tx) => {
      // Serialises order creation per restaurant: order numbers, coupon limits and per-customer
      // counts are then read and written without races (stock keeps its own conditional UPDATE too).
      await tx.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, restaurant.id)).for('update');
      if (idempotencyKey) {
        const existing = await findByIdempotencyKey(ctx, tx, idempotencyKey);
        if (existing) return replay(ctx, tx, existing);
      }

      // Closed means closed, whatever the browser's clock or cart says: the restaurant's hours in its
      // own timezone, read under the lock that serialises this restaurant's orders.
      const open = checkOpenForOrders(await hoursOf(tx, restaurant.id), new Date(), restaurant.timezone);
      if (!open.ok) throw new AppError(409, open.code, open.title, open.description ?? '');

      // Each open unpaid order holds stock (and maybe a coupon use): a customer may only hold a few.
      const [{ openUnpaid }] = await tx
        .select({ openUnpaid: sql<number>`count(*)::int` })
        .from(orders)
        .where(
          tenant(
            orders,
            restaurant.id,
            eq(orders.customerId, actor.id),
            inArray(orders.status, [...OPEN_ORDER_STATUSES]),
            or(isNull(orders.paymentStatus), ne(orders.paymentStatus, 'approved')),
          ),
        );
      const openCheck = checkOpenUnpaidOrders(openUnpaid);
      if (!openCheck.ok) throw new AppError(409, openCheck.code, openCheck.title, openCheck.description ?? '');

      // Products of THIS restaurant only: lines and their flavours.
      const ids = [...new Set(input.items.flatMap((i) => [i.productId, ...i.flavorIds]))];
      const rows = await tx
        .select()
        .from(products)
        .where(tenant(products, restaurant.id, inArray(products.id, ids)));
      const byId = new Map(rows.map((p) => [p.id, p]));
      const lines = input.items.map((i) => priceLine(i, byId));
      const subtotal = lines.reduce((s, l) => s + l.totalPrice, 0);

      // Delivery.
      let deliveryFee = 0;
      let tableNumber: number | null = null;
      const address = {
        address: input.address || null,
        addressNumber: input.number || null,
        complement: input.complement || null,
        neighborhood: input.neighborhood || null,
        city: input.city || null,
        state: input.state || null,
        cep: input.cep || null,
      };
      if (deliveryType === 'dine_in') {
        // A shop (commerce segment) has no tables: a table link to it is not an order channel.
        if (restaurant.businessSegment === 'commerce')
          throw badRequest('Mesa inválida', MSG.noTablesInShop, 'tables_not_offered');
        if (!input.tableNumber)
          throw badRequest('Mesa inválida', 'Abra o cardápio pelo QR code da mesa.', 'table_required');
        const [table] = await tx
          .select({ number: diningTables.number })
          .from(diningTables)
          .where(tenant(diningTables, restaurant.id, eq(diningTables.number, input.tableNumber)))
          .limit(1);
        if (!table)
          throw badRequest(
            'Mesa inválida',
            `A mesa ${input.tableNumber} não existe neste restaurante.`,
            'table_not_found',
          );
        tableNumber = table.number;
      } else if (deliveryType === 'delivery') {
        const [saved] = await tx
          .select({ id: customerAddresses.id })
          .from(customerAddresses)
          .where(tenant(customerAddresses, restaurant.id, eq(customerAddresses.customerId, actor.id)))
          .limit(1);
        const [missing] = missingDeliveryFields(
          { ...address, number: address.addressNumber },
          { shipped: !!shippingOption, hasSavedAddress: !!saved },
        );
        if (missing) throw addressError(missingDeliveryFieldText(missing, !!shippingOption), `${missing}_required`);
        if (shippingOption) deliveryFee = shippingOption.price;
        // The restaurant's own items (a pizza next to a shipped T-shirt) still go by its courier and
        // pay the neighbourhood fee on top of the freight.
        if (!shippingOption || lines.some((l) => !l.product.envioCorreios)) {
          const [states, hoods] = await Promise.all([
            tx.select().from(deliveryStates).where(tenant(deliveryStates, restaurant.id)),
            tx.select().from(neighborhoods).where(tenant(neighborhoods, restaurant.id)),
          ]);
          const area = validateDeliveryArea(
            { state: address.state ?? '', city: address.city ?? '', neighborhood: address.neighborhood ?? '' },
            { states, neighborhoods: hoods },
          );
          if (!area.ok) throw new AppError(400, area.code, area.title, area.description ?? '');
          deliveryFee += area.fee;
          address.state = area.state.code;
          address.city = area.city;
          address.neighborhood = area.neighborhood;
        }
      }
      const keepAddress = deliveryType === 'delivery';

      // Coupon (case-insensitive, validity window, minimum, total and per-customer limits).
      let discount = 0;
      let couponId: string | null = null;
      if (input.couponCode) {
        const { coupon, usesByCustomer } = await findCouponForCustomer(tx, restaurant.id, input.couponCode, actor.id);
        const result = evaluateCoupon(coupon ? asDomainCoupon(coupon) : null, {
          subtotal,
          now: new Date(),
          usesByCustomer,
        });
        if (!result.ok) throw new AppError(400, result.code, result.title, result.description ?? '');
        discount = result.discount;
        couponId = coupon!.id;
      }
      const total = orderTotal({ subtotal, deliveryFee, discount });
      if (input.clientTotal != null && input.clientTotal !== total)
        deps.log.warn({ clientTotal: input.clientTotal, total }, 'order total from the browser ignored');

      // Payment.
      const methods = await checkoutPaymentMethodsFor(tx, restaurant.id);
      const method: CheckoutPaymentMethod | undefined = methods.find((m) => m.id === input.paymentMethod);
      if (!method)
        throw badRequest(
          MSG.selectPaymentMethod,
          'Escolha uma das formas de pagamento oferecidas.',
          'payment_method_required',
        );
      if (method.online && deps.integrations.payments.name === 'disabled') throw onlinePaymentUnavailable();
      if (method.online && !providerHandle(restaurant))
        throw new AppError(
          409,
          'checkout_not_configured',
          MSG.checkoutNotConfigured,
          MSG.checkoutNotConfiguredCustomer,
        );
      const paymentData: Record<string, unknown> = { method_id: method.id };
      if (method.requiresChange || (method.type === 'cash' && input.cashReceived != null)) {
        const change = cashChange(total, input.cashReceived);
        if (!change.ok) throw new AppError(400, change.code, change.title, change.description ?? '');
        paymentData.paid_amount = input.cashReceived;
        paymentData.change_amount = change.change;
      }
      let installments: number | null = null;
      if (method.online) {
        const max = method.maxInstallments > 1 ? maxInstallmentsFor(total, method.maxInstallments) : 1;
        installments = input.installments ?? 1;
        if (installments > max)
          throw badRequest('Parcelamento inválido', `Escolha entre 1 e ${max} parcela(s).`, 'invalid_installments');
      } else if (input.installments && input.installments > 1) {
        throw badRequest(
          'Parcelamento inválido',
          'Esta forma de pagamento não aceita parcelamento.',
          'invalid_installments',
        );
      }
      if (method.online && total <= 0)
        throw badRequest(
          'Erro ao processar pedido',
          'Pedidos sem valor não podem ser pagos com cartão ou PIX.',
          'zero_total',
        );

      if (couponId) {
        const [used] = await tx
          .update(coupons)
          .set({ usesCount: sql`${coupons.usesCount} + 1` })
          .where(
            tenant(
              coupons,
              restaurant.id,
              eq(coupons.id, couponId),
              or(isNull(coupons.usageLimit), lt(coupons.usesCount, coupons.usageLimit)),
            ),
          )
          .returning({ usesCount: coupons.usesCount, usageLimit: coupons.usageLimit });
        if (!used) throw badRequest(MSG.invalidCoupon, MSG.couponUsageLimitReached, 'coupon_usage_limit');
        deps.log.debug({ uses: couponUsesLabel(used.usesCount, used.usageLimit) }, 'coupon used');
      }

      const [{ orderSeq: number }] = await tx
        .update(restaurants)
        .set({ orderSeq: sql`${restaurants.orderSeq} + 1` })
        .where(eq(restaurants.id, restaurant.id))
        .returning({ orderSeq: restaurants.orderSeq });

      const [order] = await tx
        .insert(orders)
        .values({
          restaurantId: restaurant.id,
          number,
          ownerId: restaurant.ownerId,
          customerId: actor.id,
          customerName: name,
          customerPhone: phone,
          customerEmail: actor.email,
          deliveryType,
          tableNumber,
          address: keepAddress ? address.address : null,
          addressNumber: keepAddress ? address.addressNumber : null,
          complement: keepAddress ? address.complement : null,
          neighborhood: keepAddress ? address.neighborhood : null,
          city: keepAddress ? address.city : null,
          state: keepAddress ? address.state : null,
          cep: keepAddress ? address.cep : null,
          paymentMethod: method.name,
          paymentStatus: method.online ? 'pending' : null,
          paymentData,
          installments,
          shippingOption: shippingOption ? { ...shippingOption } : null,
          note: input.note,
          couponId,
          subtotal,
          deliveryFee,
          discount,
          total,
          status: 'pending',
          idempotencyKey,
        })
        .returning();

      const itemRows = await tx
        .insert(orderItems)
        .values(orderItemRows(restaurant.id, order.id, lines))
        .returning();

      await tx.insert(orderHistory).values({
        restaurantId: restaurant.id,
        orderId: order.id,
        status: 'pending',
        employeeName: name,
        notes: 'Pedido realizado pelo cardápio online',
      });

      // Stock: conditional decrements (no oversell); any failure rolls the whole order back.
      await takeSaleStock(
        tx,
        restaurant.id,
        lines.map((l) => ({
          productId: l.product.id,
          quantity: l.quantity,
          controleEstoque: l.product.controleEstoque,
        })),
        { orderId: order.id, employeeName: name || ONLINE_CUSTOMER_NAME, note: `Pedido online #${number}` },
      );
      if (couponId) {
        await tx
          .insert(couponRedemptions)
          .values({ restaurantId: restaurant.id, couponId, customerId: actor.id, orderId: order.id });
      }

      let checkoutUrl: string | null = null;
      let finalOrder = order;
      if (method.online) {
        const [customer] = await tx
          .select()
          .from(customers)
          .where(tenant(customers, restaurant.id, eq(customers.id, actor.id)))
          .limit(1);
        try {
          checkoutUrl = deps.integrations.payments.checkoutUrl(
            { id: order.id, number, total },
            { name: restaurant.name, slug: restaurant.slug, appClientReferrer: restaurant.appClientReferrer },
            checkoutItems(lines, deliveryFee, discount, total, number),
            {
              name,
              email: actor.email,
              phone,
              cep: order.cep ?? customer?.cep,
              number: order.addressNumber ?? customer?.number,
              complement: order.complement ?? customer?.complement,
            },
          );
        } catch (err) {
          deps.log.error({ err, orderId: order.id }, 'payment link could not be produced');
          checkoutUrl = null;
        }
        // No link, no order: the customer could never pay it (spec 1 §4: the order is deleted).
        if (!checkoutUrl)
          throw new AppError(
            502,
            'payment_link_failed',
            'Erro ao processar pedido',
            'Não foi possível gerar o link de pagamento. Tente novamente.',
          );
        const withLink = {
          ...paymentData,
          infinitepay_checkout: checkoutUrl,
          provider: deps.integrations.payments.name,
        };
        [finalOrder] = await tx
          .update(orders)
          .set({ paymentData: withLink })
          .where(tenant(orders, restaurant.id, eq(orders.id, order.id)))
          .returning();
      }

      await appendEvent(tx, {
        restaurantId: restaurant.id,
        type: 'order.created',
        permission: 'manage_orders',
        customerId: actor.id,
        // An unpaid card/PIX order is not news for the kitchen yet: the board rings when it is paid.
        payload: {
          orderId: order.id,
          number,
          status: 'pending',
          total,
          deliveryType,
          customerName: name,
          awaitingPayment: method.online,
        },
      });

      const view = toCustomerOrderView(finalOrder, itemRows, {
        name: restaurant.name,
        slug: restaurant.slug,
        logoUrl: restaurant.logoUrl,
      });
      return { order: view, checkoutUrl, replayed: false };
    });
  } catch (err) {
    // Two simultaneous retries of one attempt: the loser's insert hits the unique key; answer the winner.
    if (idempotencyKey && pgCode(err) === '23505') {
      const existing = await findByIdempotencyKey(ctx, db, idempotencyKey);
      if (existing) return replay(ctx, db, existing);
    }
    throw err;
  }
}
