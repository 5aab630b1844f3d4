import { fail, MSG, type RuleFailure } from './messages';
import { parseList } from './pricing';

/** Texts folded before, up to this many: a page of orders folds the same few states and method names. */
const FOLDED_MAX = 1000;
const folded = new Map<string, string>();

/**
 * Folds a place name for comparison: accents removed, lower case, trimmed, inner spaces collapsed,
 * so 'São  Paulo ' and 'sao paulo' are the same city.
 */
export function normalizeText(value: string): string {
  let text = folded.get(value);
  if (text === undefined) {
    text = value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim()
      .replace(/\s+/g, ' ');
    if (folded.size >= FOLDED_MAX) folded.clear();
    folded.set(value, text);
  }
  return text;
}

export type DeliveryStateConfig = {
  code: string;
  name: string;
  /** City names; legacy rows keep them as JSON text. */
  cities: readonly string[] | string;
  active: boolean;
};

export type NeighborhoodConfig = { name: string /** Centavos. */; deliveryFee: number };

export type DeliveryArea = { state: string; city: string; neighborhood: string };

export type DeliveryAreaOk = {
  ok: true;
  /** Centavos, from the matched neighbourhood. */
  fee: number;
  /** The configured names that matched, for storing on the order. */
  state: { code: string; name: string };
  city: string;
  neighborhood: string;
};

function stateMatches(s: { code: string; name: string }, wanted: string): boolean {
  return normalizeText(s.code) === wanted || normalizeText(s.name) === wanted;
}

/**
 * Checks a local delivery address against the restaurant's area: state, city and neighbourhood are
 * required; the state must be an ACTIVE delivery state (matched by code 'SP' or name 'São Paulo'),
 * the city one of its cities, the neighbourhood one of the restaurant's neighbourhoods; all compared
 * ignoring accents, case and extra spaces. The fee is the neighbourhood's. Failures carry the
 * 'Erro de Endereço' title and the spec's descriptions.
 */
export function validateDeliveryArea(
  area: Partial<DeliveryArea>,
  config: { states: readonly DeliveryStateConfig[]; neighborhoods: readonly NeighborhoodConfig[] },
): DeliveryAreaOk | RuleFailure {
  const state = normalizeText(area.state ?? '');
  const city = normalizeText(area.city ?? '');
  const neighborhood = normalizeText(area.neighborhood ?? '');
  if (!state || !city || !neighborhood)
    return fail('delivery_area_required', MSG.addressError, MSG.deliveryAreaRequired);

  const matchedState = config.states.find((s) => s.active && stateMatches(s, state));
  if (!matchedState) return fail('state_not_served', MSG.addressError, MSG.stateNotServed);

  const matchedCity = parseList(matchedState.cities).find(
    (c): c is string => typeof c === 'string' && normalizeText(c) === city,
  );
  if (!matchedCity) return fail('city_not_served', MSG.addressError, MSG.cityNotServed);

  const matchedNeighborhood = config.neighborhoods.find((n) => normalizeText(n.name) === neighborhood);
  if (!matchedNeighborhood) return fail('neighborhood_not_served', MSG.addressError, MSG.neighborhoodNotServed);

  return {
    ok: true,
    fee: matchedNeighborhood.deliveryFee,
    state: { code: matchedState.code, name: matchedState.name },
    city: matchedCity,
    neighborhood: matchedNeighborhood.name,
  };
}

export type DeliveryCharge = {
  ok: true;
  /** Centavos: the neighbourhood's fee for the restaurant's own courier (0 when nothing goes by it). */
  localFee: number;
  /** Centavos: the carrier's price for shipped products, null when nothing is shipped. */
  freight: number | null;
  /** What the order stores and charges as its delivery fee: both parts. */
  fee: number;
  /** The area that matched, null when the restaurant's courier carries nothing. */
  area: DeliveryAreaOk | null;
};

/**
 * What an order's delivery costs, the ONE rule the checkout's summary (and its change) and the
 * server's delivery step both apply. Pickup and table orders pay nothing. A delivered cart pays the
 * carrier's price for shipped products and, when the restaurant's courier carries something (its own
 * items, or anything not shipped), the neighbourhood fee of an address inside the area; an address
 * outside it (or a restaurant that serves no state yet) is a refusal, never a free delivery.
 */
export function deliveryCharge(input: {
  deliveryType: string;
  /** The cart has items the restaurant delivers itself (not only products sent by carrier). */
  localItems: boolean;
  shippingOption: { price: number } | null;
  area: Partial<DeliveryArea>;
  config: { states: readonly DeliveryStateConfig[]; neighborhoods: readonly NeighborhoodConfig[] };
}): DeliveryCharge | RuleFailure {
  if (input.deliveryType !== 'delivery') return { ok: true, localFee: 0, freight: null, fee: 0, area: null };
  const freight = input.shippingOption ? Math.max(0, input.shippingOption.price) : null;
  if (!input.localItems) return { ok: true, localFee: 0, freight, fee: freight ?? 0, area: null };
  const area = validateDeliveryArea(input.area, input.config);
  if (!area.ok) return area;
  return { ok: true, localFee: area.fee, freight, fee: area.fee + (freight ?? 0), area };
}

/** The digits of a CEP. */
function cepDigits(cep: string): string {
  return cep.replace(/\D/g, '');
}

/**
 * Whether a neighbourhood CEP pattern is well formed: a prefix of 1 to 8 digits ('01000', '01310-1'),
 * optionally ending with '*' ('12345-*'); a hyphen is allowed only after the fifth digit.
 */
export function isValidCepPattern(pattern: string): boolean {
  const p = pattern.trim();
  return /^(\d{1,5}|\d{5}-?\d{1,3})\*?$/.test(p) || /^\d{5}-\*$/.test(p);
}

/**
 * Whether a CEP falls under a neighbourhood's pattern. A pattern is a prefix ('01000' matches
 * 01000-000 … 01000-999); a trailing '*' says the same thing explicitly ('12345-*'). An invalid
 * pattern or a CEP without 8 digits never matches; a neighbourhood without a pattern is the
 * caller's "no CEP restriction" case.
 */
export function cepMatchesPattern(cep: string, pattern: string): boolean {
  if (!isValidCepPattern(pattern)) return false;
  const digits = cepDigits(cep);
  if (digits.length !== 8) return false;
  return digits.startsWith(pattern.replace(/[^\d]/g, ''));
}

export const DELIVERY_KIND_LABELS = { local: 'Delivery', carrier: 'Transportadora' } as const;

/**
 * Whether an order goes by carrier ("Transportadora"): the customer's state is not among the
 * restaurant's active delivery states. A customer without a state counts as local "Delivery",
 * the case where the 4-digit phone check applies.
 */
export function isCarrierOrder(
  customerState: string | null | undefined,
  activeStates: readonly { code: string; name: string; active?: boolean }[],
): boolean {
  return carrierOrderCheck(activeStates)(customerState);
}

/**
 * `isCarrierOrder` for many orders of one restaurant: its states' codes and names, and each state asked
 * about, normalised once.
 */
export function carrierOrderCheck(
  activeStates: readonly { code: string; name: string; active?: boolean }[],
): (customerState: string | null | undefined) => boolean {
  const local = new Set(
    activeStates.filter((s) => s.active !== false).flatMap((s) => [normalizeText(s.code), normalizeText(s.name)]),
  );
  // A page's orders name few states: each is normalised once.
  const answered = new Map<string, boolean>();
  return (customerState) => {
    const given = customerState ?? '';
    let carrier = answered.get(given);
    if (carrier === undefined) {
      const wanted = normalizeText(given);
      carrier = wanted !== '' && !local.has(wanted);
      answered.set(given, carrier);
    }
    return carrier;
  };
}

/** Smallest dimensions (cm) and weight (kg) a shipping quote accepts. */
export const SHIPPING_MINIMUMS = { height: 4, width: 12, length: 17, weight: 0.1 } as const;
/** Insurance declared for a free product: R$ 1,00 (the spec's 1 in reais). */
export const MIN_INSURANCE_CENTS = 100;

export type ShippingPackage = {
  id: string;
  height: number;
  width: number;
  length: number;
  weight: number;
  /** Centavos; the quote adapter converts to the provider's unit. */
  insuranceValue: number;
  quantity: number;
};

function atLeast(value: number | null | undefined, min: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > min ? value : min;
}

/**
 * A cart line as a shipping-quote package: each dimension raised to the carriers' minimum (height 4,
 * width 12, length 17 cm, weight 0.1 kg), insurance = the price, or R$ 1,00 for a free product, and the
 * line's real quantity, where the spec always sends 1 (decision 049): three shirts weigh and insure as three.
 */
export function shippingPackage(
  product: {
    id: string;
    price: number;
    height?: number | null;
    width?: number | null;
    length?: number | null;
    weight?: number | null;
  },
  quantity: number,
): ShippingPackage {
  return {
    id: product.id,
    height: atLeast(product.height, SHIPPING_MINIMUMS.height),
    width: atLeast(product.width, SHIPPING_MINIMUMS.width),
    length: atLeast(product.length, SHIPPING_MINIMUMS.length),
    weight: atLeast(product.weight, SHIPPING_MINIMUMS.weight),
    insuranceValue: product.price > 0 ? product.price : MIN_INSURANCE_CENTS,
    quantity,
  };
}

/**
 * Whether a shipped product has its dimensions configured (all four above zero); the checkout refuses
 * shipped products without them ('Produtos com entrega não possuem dimensões configuradas.').
 */
export function hasShippingDimensions(p: {
  height?: number | null;
  width?: number | null;
  length?: number | null;
  weight?: number | null;
}): boolean {
  return [p.height, p.width, p.length, p.weight].every((v) => typeof v === 'number' && v > 0);
}

export type DeliveryAddressField = 'cep' | 'state' | 'city' | 'neighborhood' | 'address' | 'number';

export type DeliveryAddressInput = Partial<Record<DeliveryAddressField, string | null>>;

/**
 * The delivery address fields still missing, in the checkout's order (spec 1 §5). Shipped products
 * need the whole address, CEP and neighbourhood included: the carrier quotes and delivers by it. A
 * local delivery needs street and number, plus the CEP when the customer has no saved address; its
 * state, city and neighbourhood are checked by `validateDeliveryArea`, with the spec's own text.
 */
export function missingDeliveryFields(
  input: DeliveryAddressInput,
  context: { shipped: boolean; hasSavedAddress: boolean },
): DeliveryAddressField[] {
  const required: DeliveryAddressField[] = context.shipped
    ? ['cep', 'state', 'city', 'neighborhood', 'address', 'number']
    : context.hasSavedAddress
      ? ['address', 'number']
      : ['cep', 'address', 'number'];
  return required.filter((f) => {
    const value = (input[f] ?? '').trim();
    return f === 'cep' ? cepDigits(value).length === 0 : value.length === 0;
  });
}

/** Description for the first missing field: the spec's CEP text for shipped products, else the generic one. */
export function missingDeliveryFieldText(field: DeliveryAddressField, shipped: boolean): string {
  return field === 'cep' && shipped ? MSG.cepRequiredForShipping : MSG.fillRequiredFields;
}

/**
 * An order's delivery charge in its two parts. A cart mixing the restaurant's own items with shipped
 * products pays both: the neighbourhood fee for the courier and the freight for the carrier. The order
 * stores their sum as its delivery fee and the freight as the chosen shipping option's price.
 */
export function deliveryFeeParts(order: { deliveryFee: number; shippingOption?: { price?: unknown } | null }): {
  localFee: number;
  freight: number | null;
} {
  if (!order.shippingOption) return { localFee: order.deliveryFee, freight: null };
  const price = typeof order.shippingOption.price === 'number' ? order.shippingOption.price : 0;
  const freight = Math.min(Math.max(0, price), order.deliveryFee);
  return { localFee: order.deliveryFee - freight, freight };
}
