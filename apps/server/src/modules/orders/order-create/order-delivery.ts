import type { DbOrTx, Tx } from '@meucardapio/db/client';
import {
  customerAddresses,
  deliveryStates,
  diningTables,
  neighborhoods,
  type restaurants,
} from '@meucardapio/db/schema';
import type { OrderProposal } from '@meucardapio/domain/checkout';
import { missingDeliveryFields, missingDeliveryFieldText, validateDeliveryArea } from '@meucardapio/domain/delivery';
import { MSG } from '@meucardapio/domain/messages';
import type { CustomerOrderView } from '@meucardapio/domain/order-views';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../../http/context';
import { AppError, badRequest } from '../../../http/errors';
import { tenant } from '../../../http/tenant';
import type { ShippingOption } from '../../../integrations/shipping/shipping';
import { quoteShipping } from '../checkout.service';
import type { PricedLine } from './order-pricing';

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

export type OrderDelivery = DeliveryChoice & { deliveryFee: number; tableNumber: number | null; address: OrderAddress };

/**
 * Step "shipping", BEFORE the transaction: the quote is a network call, and holding locks across it
 * would stall every other order of the restaurant. The chosen option is priced from this fresh quote.
 */
export async function chooseShipping(
  db: DbOrTx,
  deps: Deps,
  restaurant: Restaurant,
  input: OrderProposal,
): Promise<DeliveryChoice> {
  const quote = await quoteShipping(
    db,
    deps,
    restaurant,
    input.cep,
    input.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
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

/** Step "delivery": the table of a table order, or the address and fee of a delivered one. */
export async function resolveDelivery(
  tx: Tx,
  restaurant: Restaurant,
  customerId: string,
  input: OrderProposal,
  choice: DeliveryChoice,
  lines: readonly PricedLine[],
): Promise<OrderDelivery> {
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
    return { ...choice, deliveryFee: 0, tableNumber, address: noAddress() };
  }
  if (choice.deliveryType !== 'delivery') return { ...choice, deliveryFee: 0, tableNumber: null, address: noAddress() };

  const { shippingOption } = choice;
  const [saved] = await tx
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(tenant(customerAddresses, restaurant.id, eq(customerAddresses.customerId, customerId)))
    .limit(1);
  const [missing] = missingDeliveryFields(
    { ...address, number: address.addressNumber },
    { shipped: !!shippingOption, hasSavedAddress: !!saved },
  );
  if (missing) throw addressError(missingDeliveryFieldText(missing, !!shippingOption), `${missing}_required`);
  let deliveryFee = shippingOption ? shippingOption.price : 0;
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
  return { ...choice, deliveryFee, tableNumber: null, address };
}

const noAddress = (): OrderAddress => ({
  address: null,
  addressNumber: null,
  complement: null,
  neighborhood: null,
  city: null,
  state: null,
  cep: null,
});

async function tableOf(tx: Tx, restaurant: Restaurant, tableNumber: number | null | undefined) {
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
