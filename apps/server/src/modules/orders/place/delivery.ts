import { builtOnce } from '@meucardapio/db/built-once';
import type { DbOrTx } from '@meucardapio/db/client';
import { jsonFields } from '@meucardapio/db/json-fields';
import {
  customerAddresses,
  deliveryStates,
  diningTables,
  neighborhoods,
  products,
  restaurants,
} from '@meucardapio/db/schema';
import type { OrderProposal } from '@meucardapio/domain/checkout';
import {
  type DeliveryStateConfig,
  deliveryCharge,
  hasShippingDimensions,
  missingDeliveryFields,
  missingDeliveryFieldText,
  type NeighborhoodConfig,
  shippingPackage,
} from '@meucardapio/domain/delivery';
import { MSG } from '@meucardapio/domain/messages';
import { NO_ORDER_ADDRESS } from '@meucardapio/domain/order-display';
import type { CustomerOrderView } from '@meucardapio/domain/order-views';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Deps, ServiceCtx } from '../../../http/context';
import { AppError, badRequest } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import { DEFAULT_ORIGIN_CEP, type ShippingOption, ShippingQuoteError } from '../../../integrations/shipping/shipping';
import type { RestaurantRow } from '../../../tenancy/restaurant-lookup';
import { type CartProduct, cartProductColumns, type PricedLine } from './pricing';

type Restaurant = typeof restaurants.$inferSelect;
type DeliveryType = OrderProposal['deliveryType'];

const addressError = (description: string, code = 'address_error') =>
  new AppError(400, code, MSG.addressError, description);

/** How the order travels: a shipped cart always goes by carrier, with the option the customer chose. */
export type DeliveryChoice = { deliveryType: DeliveryType; shippingOption: ShippingOption | null };

/** The address columns an order keeps; all null unless it is delivered. */
export type OrderAddress = Pick<
  CustomerOrderView,
  'address' | 'addressNumber' | 'complement' | 'neighborhood' | 'city' | 'state' | 'cep'
>;

export type OrderDelivery = {
  deliveryType: DeliveryType | 'pdv';
  shippingOption: ShippingOption | null;
  deliveryFee: number;
  tableNumber: number | null;
  address: OrderAddress;
};

/** A sale handed over at the counter: no address, no fee. */
export const counterDelivery = (): OrderDelivery => ({
  deliveryType: 'pdv',
  shippingOption: null,
  deliveryFee: 0,
  tableNumber: null,
  address: NO_ORDER_ADDRESS,
});

/** A round served at a table (or to a numbered tab's holder): no address, no fee. */
export const tableDelivery = (tableNumber: number | null): OrderDelivery => ({
  deliveryType: 'dine_in',
  shippingOption: null,
  deliveryFee: 0,
  tableNumber,
  address: NO_ORDER_ADDRESS,
});

/** The address fields a storefront order proposes. */
export type ProposedAddress = Pick<
  OrderProposal,
  'address' | 'number' | 'complement' | 'neighborhood' | 'city' | 'state' | 'cep' | 'tableNumber'
>;

/**
 * Step "shipping", BEFORE the transaction: the quote is a network call, and holding locks across it
 * would stall every other order of the restaurant. The chosen option is priced from this fresh quote.
 */
export async function chooseShipping(
  db: DbOrTx,
  deps: Deps,
  restaurant: Restaurant,
  input: OrderProposal,
  cart?: readonly CartProduct[],
): Promise<DeliveryChoice> {
  const quote = await quoteShipping(
    db,
    deps,
    restaurant,
    input.cep,
    input.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
    cart,
  );
  if (!quote.shipped) return { deliveryType: input.deliveryType, shippingOption: null };
  if (!input.shippingOptionId)
    throw badRequest(
      'Selecione uma opção de frete',
      'Escolha como deseja receber os produtos.',
      'shipping_option_required',
    );
  const shippingOption = quote.options.find((o) => o.id === input.shippingOptionId) ?? null;
  if (!shippingOption) throw addressError(MSG.shippingUnavailableForCep, 'shipping_option_unavailable');
  // A shipped product cannot be picked up or served at a table.
  return { deliveryType: 'delivery', shippingOption };
}

export type QuoteItem = { productId: string; quantity: number };

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
  /** The cart's products when the caller already read them. */
  cart?: readonly CartProduct[],
): Promise<{ shipped: boolean; options: ShippingOption[] }> {
  const ids = [...new Set(items.map((i) => i.productId))];
  const rows =
    cart ??
    (ids.length === 0
      ? []
      : await db
          .select(cartProductColumns)
          .from(products)
          .where(tenant(products, restaurant.id, inArray(products.id, ids))));
  if (rows.length !== ids.length) throw addressError(MSG.productsCheckError, 'products_check_error');
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shippedItems = items.filter((i) => byId.get(i.productId)?.envioCorreios);
  if (shippedItems.length === 0) return { shipped: false, options: [] };

  const digits = (cep ?? '').replace(/\D/g, '');
  if (!digits) throw addressError(MSG.cepRequiredForShipping, 'cep_required');
  if (shippedItems.some((i) => !hasShippingDimensions(byId.get(i.productId)!)))
    throw addressError(MSG.shippingDimensionsMissing, 'shipping_dimensions_missing');

  // One package per cart line, with its quantity (decision 049).
  const packages = shippedItems.map((i) => shippingPackage(byId.get(i.productId)!, i.quantity));
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

/** Step "delivery": the table of a table order, or the address and fee of a delivered one. */
export async function resolveDelivery(
  ctx: ServiceCtx,
  restaurant: Restaurant,
  customerId: string | null,
  input: ProposedAddress,
  choice: DeliveryChoice,
  lines: readonly PricedLine[],
): Promise<OrderDelivery> {
  const tx = ctx.db;
  const address: OrderAddress = {
    address: input.address || null,
    addressNumber: input.number || null,
    complement: input.complement || null,
    neighborhood: input.neighborhood || null,
    city: input.city || null,
    state: input.state || null,
    cep: input.cep || null,
  };
  if (choice.deliveryType === 'dine_in') {
    const tableNumber = await tableOf(tx, restaurant, input.tableNumber);
    return { ...choice, deliveryFee: 0, tableNumber, address: NO_ORDER_ADDRESS };
  }
  if (choice.deliveryType !== 'delivery')
    return { ...choice, deliveryFee: 0, tableNumber: null, address: NO_ORDER_ADDRESS };

  const { shippingOption } = choice;
  const [area] = await deliveryAreaOf(tx, { restaurantId: restaurant.id, customerId });
  const [missing] = missingDeliveryFields(
    { ...address, number: address.addressNumber },
    { shipped: !!shippingOption, hasSavedAddress: area.saved },
  );
  if (missing) throw addressError(missingDeliveryFieldText(missing, !!shippingOption), `${missing}_required`);
  // The restaurant's own items (a pizza next to a shipped T-shirt) still go by its courier and
  // pay the neighbourhood fee on top of the freight.
  const localItems = lines.some((l) => !l.product.envioCorreios);
  const charge = deliveryCharge({
    deliveryType: 'delivery',
    localItems,
    shippingOption,
    area: { state: address.state ?? '', city: address.city ?? '', neighborhood: address.neighborhood ?? '' },
    config: area,
  });
  if (!charge.ok) throw new AppError(400, charge.code, charge.title, charge.description ?? '');
  const deliveryFee = charge.fee;
  if (charge.area) {
    address.state = charge.area.state.code;
    address.city = charge.area.city;
    address.neighborhood = charge.area.neighborhood;
  }
  return { ...choice, deliveryFee, tableNumber: null, address };
}

const STATE_FIELDS = {
  code: deliveryStates.code,
  name: deliveryStates.name,
  cities: deliveryStates.cities,
  active: deliveryStates.active,
};
const NEIGHBORHOOD_FIELDS = { name: neighborhoods.name, deliveryFee: neighborhoods.deliveryFee };

/**
 * What a delivered order's address is checked against, in one statement: whether the customer has an
 * address saved here, and the restaurant's delivery states and neighbourhoods.
 */
const deliveryAreaOf = builtOnce((db) =>
  db
    .select({
      saved: sql<boolean>`exists (select 1 from ${customerAddresses} a where a.restaurant_id = ${restaurants}.id
        and a.customer_id = ${sql.placeholder('customerId')})`,
      states: sql<DeliveryStateConfig[]>`(
        select coalesce(json_agg(json_build_object(${jsonFields(STATE_FIELDS, 's')})), '[]'::json)
        from ${deliveryStates} s where s.restaurant_id = ${restaurants}.id)`,
      neighborhoods: sql<NeighborhoodConfig[]>`(
        select coalesce(json_agg(json_build_object(${jsonFields(NEIGHBORHOOD_FIELDS, 'n')})), '[]'::json)
        from ${neighborhoods} n where n.restaurant_id = ${restaurants}.id)`,
    })
    .from(restaurants)
    .where(eq(restaurants.id, sql.placeholder('restaurantId')))
    .limit(1),
);

async function tableOf(tx: DbOrTx, restaurant: Restaurant, tableNumber: number | null | undefined) {
  // A shop (commerce segment) has no tables: a table link to it is not an order channel.
  if (restaurant.businessSegment === 'commerce')
    throw badRequest('Mesa inválida', MSG.noTablesInShop, 'tables_not_offered');
  if (!tableNumber) throw badRequest('Mesa inválida', 'Abra o cardápio pelo QR code da mesa.', 'table_required');
  const [table] = await tx
    .select({ number: diningTables.number })
    .from(diningTables)
    .where(tenant(diningTables, restaurant.id, eq(diningTables.number, tableNumber)))
    .limit(1);
  if (!table)
    throw badRequest('Mesa inválida', `A mesa ${tableNumber} não existe neste restaurante.`, 'table_not_found');
  return table.number;
}
