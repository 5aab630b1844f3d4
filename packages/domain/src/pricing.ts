/**
 * Product pricing shared by the cart preview (web) and the order recomputation (server), so the two
 * never disagree (ARCHITECTURE §6.7). All amounts are integer centavos.
 */

/** A size (variation) or colour: a named modifier added to the unit price. */
export type PriceOption = { id?: string; name: string; priceModifier: number };
/**
 * A size with its own price ("Broto R$ 30, Grande R$ 50"), which replaces the product's price instead
 * of adding to it; without `price` it is the spec's modifier.
 */
export type SizeOption = PriceOption & { price?: number | null };

/** How a pizza of several flavours is priced: the spec's average, or the most expensive flavour. */
export const FLAVOR_PRICING = ['average', 'highest'] as const;
export type FlavorPricing = (typeof FLAVOR_PRICING)[number];
export const FLAVOR_PRICING_LABELS: Record<FlavorPricing, string> = {
  average: 'Média dos sabores',
  highest: 'Sabor mais caro',
};
/** An extra; `quantity` (order items carry it) multiplies its price, default 1. */
export type AddonChoice = { id?: string; name: string; price: number; quantity?: number; type?: string };

export const PRODUCT_KINDS = ['plain', 'single_pizza', 'multi_flavor_pizza'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const DEFAULT_MAX_FLAVORS = 2;

/**
 * The kind of a product: a multi-flavour pizza is is_pizza plus allows_multiple_flavors; a single
 * pizza (is_pizza alone) is what multi-flavour pizzas offer as a flavour.
 */
export function productKind(p: { isPizza?: boolean | null; allowsMultipleFlavors?: boolean | null }): ProductKind {
  if (!p.isPizza) return 'plain';
  return p.allowsMultipleFlavors ? 'multi_flavor_pizza' : 'single_pizza';
}

type FlavourCandidate = {
  id: string;
  name: string;
  isPizza?: boolean | null;
  allowsMultipleFlavors?: boolean | null;
};

/**
 * Whether `candidate` is one of the flavours `pizza` offers: one of its own list, or, when that list is
 * empty, any of the restaurant's other single pizzas (spec 1 §7's fallback). The server prices a line
 * with this rule, so the menu's choices and the accepted flavours never differ.
 */
export function offersFlavour(
  pizza: { id: string; pizzaFlavors: readonly string[] },
  candidate: FlavourCandidate,
): boolean {
  if (pizza.pizzaFlavors.length > 0) return pizza.pizzaFlavors.includes(candidate.id);
  return candidate.id !== pizza.id && productKind(candidate) === 'single_pizza';
}

/** The flavour ids a multi-flavour pizza offers among `products`: its own list, else the fallback by name. */
export function flavourChoiceIds<P extends FlavourCandidate>(
  pizza: { id: string; pizzaFlavors: readonly string[] },
  products: readonly P[],
): string[] {
  if (pizza.pizzaFlavors.length > 0) return [...pizza.pizzaFlavors];
  return products
    .filter((p) => offersFlavour(pizza, p))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
    .map((p) => p.id);
}

/**
 * Whether "Adicionar" from the product list must open the detail dialog instead of adding at once:
 * products with sizes and multi-flavour pizzas need a choice first.
 */
export function needsDetailDialog(p: {
  variations?: unknown;
  isPizza?: boolean | null;
  allowsMultipleFlavors?: boolean | null;
}): boolean {
  return parseList(p.variations).length > 0 || productKind(p) === 'multi_flavor_pizza';
}

const hasOwnPrice = (size: { price?: number | null } | null | undefined): size is { price: number } =>
  typeof size?.price === 'number';

/** Whether a product's sizes are priced per size: it has sizes and every one has its own price. */
export function pricedPerSize(variations: unknown): boolean {
  const sizes = parseList<SizeOption>(variations);
  return sizes.length > 0 && sizes.every(hasOwnPrice);
}

/**
 * The "a partir de" price of a card: the cheapest size of a product priced per size, else null (the
 * card shows the product's price as it is).
 */
export function fromPrice(variations: unknown): number | null {
  if (!pricedPerSize(variations)) return null;
  return Math.min(...parseList<SizeOption>(variations).map((s) => s.price ?? 0));
}

const sameSize = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A flavour's price in the chosen size. With sizes priced per size, it is the flavour's own size of
 * the same name ("Grande" Calabresa), or the pizza's price for that size when the flavour has none;
 * with modifier sizes (or no size) it is the flavour's price.
 */
export function flavorPriceAtSize(
  flavor: { price: number; variations?: unknown },
  size: { name: string; price?: number | null } | null | undefined,
): number {
  if (!size || !hasOwnPrice(size)) return flavor.price;
  const own = parseList<SizeOption>(flavor.variations).find((v) => hasOwnPrice(v) && sameSize(v.name, size.name));
  return own?.price ?? size.price;
}

/** The chosen flavours' price by the product's rule; the average is rounded half up to the centavo. */
export function combineFlavorPrices(prices: readonly number[], rule: FlavorPricing = 'average'): number {
  if (rule === 'highest') return Math.max(...prices);
  return Math.round(prices.reduce((sum, p) => sum + p, 0) / prices.length);
}

export type UnitPriceInput = {
  basePrice: number;
  /** Prices of the chosen flavours in the chosen size (`flavorPriceAtSize`); empty means no flavour. */
  flavorPrices?: readonly number[];
  flavorPricing?: FlavorPricing;
  /** A size: its own `price` replaces the base price, else its modifier is added. */
  variation?: { priceModifier: number; price?: number | null } | null;
  colors?: readonly { priceModifier: number }[];
  addons?: readonly { price: number; quantity?: number }[];
};

/**
 * Price of one unit: the chosen flavours by the product's rule (average or most expensive), else the
 * size's own price, else the base price; + the size's modifier (sizes without their own price) +
 * colour modifiers + add-on prices.
 */
export function unitPrice(input: UnitPriceInput): number {
  const flavors = input.flavorPrices ?? [];
  const sizePrice = hasOwnPrice(input.variation) ? input.variation.price : null;
  const base = flavors.length > 0 ? combineFlavorPrices(flavors, input.flavorPricing) : (sizePrice ?? input.basePrice);
  const size = sizePrice === null ? (input.variation?.priceModifier ?? 0) : 0;
  const colors = (input.colors ?? []).reduce((sum, c) => sum + c.priceModifier, 0);
  const addons = (input.addons ?? []).reduce((sum, a) => sum + a.price * (a.quantity ?? 1), 0);
  return base + size + colors + addons;
}

/** What a cart or an order line chose of a product, as the pricing rules read it. */
export type LineChoice = {
  size?: Pick<SizeOption, 'name' | 'priceModifier' | 'price'> | null;
  /** The chosen flavour products (each with its own sizes); ignored unless the product takes flavours. */
  flavors?: readonly { price: number; variations?: unknown }[];
  colors?: readonly { priceModifier: number }[];
  addons?: readonly { price: number; quantity?: number }[];
};

/**
 * One unit of a product with its choices: each flavour at the chosen size (`flavorPriceAtSize`),
 * combined by the product's flavour rule, else the size's own price, else the product's price; plus
 * modifiers and add-ons. The storefront's cart, the PDV's cart and the server's order lines all call
 * this, so a pizza costs the same at every door. `flavorPrices` are the chosen flavours at that size,
 * in their order, for the line's display.
 */
export function priceChoice(
  product: { price: number; flavorPricing?: FlavorPricing | null; takesFlavors: boolean },
  choice: LineChoice,
): { unit: number; flavorPrices: number[] } {
  const size = choice.size ?? null;
  const flavorPrices = (choice.flavors ?? []).map((f) => flavorPriceAtSize(f, size));
  const unit = unitPrice({
    basePrice: product.price,
    flavorPrices: product.takesFlavors ? flavorPrices : [],
    flavorPricing: product.flavorPricing ?? undefined,
    variation: size,
    colors: choice.colors,
    addons: choice.addons,
  });
  return { unit, flavorPrices };
}

/** Line total = unit price × quantity. */
export function lineTotal(unit: number, quantity: number): number {
  return unit * quantity;
}

/**
 * Cart badge count and cart price. The price is recomputed from unit price × quantity instead of
 * trusting a stored `total`, which could be stale after a quantity change.
 */
export function cartTotals(lines: readonly { price: number; quantity: number }[]): {
  itemCount: number;
  total: number;
} {
  return lines.reduce(
    (acc, l) => ({ itemCount: acc.itemCount + l.quantity, total: acc.total + lineTotal(l.price, l.quantity) }),
    { itemCount: 0, total: 0 },
  );
}

/** Order total = subtotal + delivery fee − discount, never below zero. */
export function orderTotal(parts: { subtotal: number; deliveryFee?: number; discount?: number }): number {
  return Math.max(0, parts.subtotal + (parts.deliveryFee ?? 0) - (parts.discount ?? 0));
}

/**
 * The struck-through "de" price shown beside a price: the owner's own former price when it is above
 * the current one, else null. Never computed from the price: an invented former price is a fake
 * discount (CDC art. 37, Decreto 5.903/2006). Display only: it is never charged.
 */
export function strikePrice(price: number, compareAtPrice: number | null | undefined): number | null {
  return typeof compareAtPrice === 'number' && compareAtPrice > price ? compareAtPrice : null;
}

/**
 * Max flavours from a form or stored value: a missing or non-numeric value falls back to 2, and
 * anything below 1 becomes 1 (a pizza always has at least one flavour). Fractions are truncated.
 */
export function normalizeMaxFlavors(value: unknown): number {
  if (value === null || value === undefined || value === '') return DEFAULT_MAX_FLAVORS;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return DEFAULT_MAX_FLAVORS;
  return Math.max(1, Math.trunc(n));
}

/**
 * Toggles a flavour in the customer's picks. Picking a new one past the limit drops the OLDEST
 * pick, so the customer never has to unselect before choosing.
 */
export function pickFlavor(current: readonly string[], id: string, maxFlavors: unknown): string[] {
  if (current.includes(id)) return current.filter((f) => f !== id);
  const next = [...current, id];
  const max = normalizeMaxFlavors(maxFlavors);
  return next.length > max ? next.slice(next.length - max) : next;
}

/**
 * Reads a list field that may arrive as an array or as JSON text (legacy rows store JSON text).
 * Anything unparsable, or JSON that is not an array, becomes an empty list.
 */
export function parseList<T = unknown>(value: unknown): T[] {
  if (Array.isArray(value)) return [...value] as T[];
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

// Product-form rules (pizza flags, save checks, numeric inputs) live in product-rules.ts.
