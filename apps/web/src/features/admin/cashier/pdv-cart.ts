import { addLine, canSetQuantity, stockLeftText, validateProductChoice } from '@meucardapio/domain/cart';
import { checkSellable, type PdvCartLine, setLineQuantity } from '@meucardapio/domain/cashier';
import type { PdvItemInput } from '@meucardapio/domain/cashier-api';
import type { PdvFlavor, PdvOption, PdvProduct, PdvSize, ReservedSaleView } from '@meucardapio/domain/cashier-views';
import { fail, MSG, type RuleFailure } from '@meucardapio/domain/messages';
import { priceChoice } from '@meucardapio/domain/pricing';

/** A PDV cart line: the priced line of the domain plus the ids the server prices it from. */
export type PdvLine = PdvCartLine & {
  productId: string;
  variationId: string | null;
  colorIds: string[];
  addonIds: string[];
  flavorIds: string[];
};

/** The options chosen for a product (sizes, colours, add-ons, flavours) and how many units. */
export type ProductChoice = {
  variation: PdvSize | null;
  colors: PdvOption[];
  addons: PdvOption[];
  flavors: PdvFlavor[];
  quantity: number;
};

/** A random id for a new cart line. */
export function newLineId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export const PLAIN_CHOICE: ProductChoice = { variation: null, colors: [], addons: [], flavors: [], quantity: 1 };

/** Products that cannot be added with one key press: a size, colour or flavour must be chosen. */
export function needsChoice(p: PdvProduct): boolean {
  return p.variations.length > 0 || p.colors.length > 0 || p.addons.length > 0 || (p.maxFlavors ?? 0) > 0;
}

const sameOptions = (a: PdvLine, b: Omit<PdvLine, 'id' | 'total' | 'quantity'>) =>
  a.productId === b.productId &&
  a.variationId === b.variationId &&
  a.colorIds.join() === b.colorIds.join() &&
  a.addonIds.join() === b.addonIds.join() &&
  a.flavorIds.join() === b.flavorIds.join();

/**
 * One unit of a product with the chosen options, by the rules the storefront and the server use
 * (priceChoice): a size's own price replaces the product's, flavours count at that size and combine by
 * the product's rule. `flavorPrices` are the flavours at the chosen size, for the buttons and the line.
 */
export function choicePrice(
  p: PdvProduct,
  c: Omit<ProductChoice, 'quantity'>,
): { unit: number; flavorPrices: number[] } {
  return priceChoice(
    { price: p.price, flavorPricing: p.flavorPricing, takesFlavors: (p.maxFlavors ?? 0) > 0 },
    {
      size: c.variation
        ? { name: c.variation.name, priceModifier: c.variation.price, price: c.variation.ownPrice }
        : null,
      flavors: c.flavors,
      colors: c.colors.map((o) => ({ priceModifier: o.price })),
      addons: c.addons,
    },
  );
}

function buildLine(p: PdvProduct, c: ProductChoice): Omit<PdvLine, 'id' | 'total'> {
  const variation = c.variation
    ? { id: c.variation.id, name: c.variation.name, priceModifier: c.variation.price }
    : null;
  const colors = c.colors.map((o) => ({ id: o.id, name: o.name, priceModifier: o.price }));
  const addons = c.addons.map((o) => ({ id: o.id, name: o.name, price: o.price, type: o.type }));
  const { unit, flavorPrices } = choicePrice(p, c);
  return {
    productId: p.id,
    name: p.name,
    price: unit,
    quantity: c.quantity,
    variation,
    colors,
    addons,
    pizzaFlavors: c.flavors.map((f, i) => ({ id: f.id, name: f.name, price: flavorPrices[i] })),
    estoque: p.estoque,
    controleEstoque: p.controleEstoque,
    variationId: c.variation?.id ?? null,
    colorIds: c.colors.map((o) => o.id),
    addonIds: c.addons.map((o) => o.id),
    flavorIds: c.flavors.map((o) => o.id),
  };
}

/** A reserved sale back as cart lines (display names from the catalog; the server prices it again). */
export function linesFromReserved(sale: ReservedSaleView, products: readonly PdvProduct[]): PdvLine[] {
  return sale.items.map((i) => {
    const p = products.find((x) => x.id === i.productId);
    const pick = (list: PdvOption[] | undefined, ids: readonly string[]) =>
      (list ?? []).filter((o) => ids.includes(o.id));
    const v = p?.variations.find((o) => o.id === i.variationId);
    return {
      id: newLineId(),
      productId: i.productId,
      name: i.name,
      price: i.unitPrice,
      quantity: i.quantity,
      total: i.totalPrice,
      variation: v ? { id: v.id, name: v.name, priceModifier: v.price } : null,
      colors: pick(p?.colors, i.colorIds).map((o) => ({ id: o.id, name: o.name, priceModifier: o.price })),
      addons: pick(p?.addons, i.addonIds).map((o) => ({ id: o.id, name: o.name, price: o.price })),
      pizzaFlavors: pick(p?.flavors, i.flavorIds).map((o) => ({ id: o.id, name: o.name, price: o.price })),
      estoque: p?.estoque ?? null,
      controleEstoque: p?.controleEstoque ?? false,
      variationId: i.variationId ?? null,
      colorIds: i.colorIds,
      addonIds: i.addonIds,
      flavorIds: i.flavorIds,
    };
  });
}

/** The line's chosen options as one short text ('Grande · Borda recheada'). */
export function lineDetails(l: PdvLine): string {
  return [
    l.pizzaFlavors?.map((f) => f.name).join(' / '),
    l.variation?.name,
    ...(l.colors ?? []).map((c) => c.name),
    ...(l.addons ?? []).map((a) => `+ ${a.name}`),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Adds units of a product with its options: merged into an identical line (same product and options)
 * or as a new line with `id`. Refused with the spec's text when the product has no stock, an option
 * is missing or the units would exceed the stock counted across the cart's lines of that product.
 */
export function addProduct(
  lines: readonly PdvLine[],
  p: PdvProduct,
  choice: ProductChoice,
  id: string,
): { ok: true; lines: PdvLine[] } | RuleFailure {
  const sellable = checkSellable(p);
  if (!sellable.ok) return sellable;
  const line = buildLine(p, choice);
  const same = lines.find((l) => sameOptions(l, line));
  if (same) {
    const quantity = same.quantity + choice.quantity;
    if (!canSetQuantity(lines, same.id, quantity)) {
      const inCart = lines.filter((l) => l.name === p.name).reduce((s, l) => s + l.quantity, 0);
      return fail('insufficient_stock', MSG.insufficientStock, stockLeftText(p.estoque - inCart));
    }
    return { ok: true, lines: setLineQuantity(lines, same.id, quantity) as PdvLine[] };
  }
  const checked = validateProductChoice(
    {
      kind: (p.maxFlavors ?? 0) > 0 ? 'multi_flavor_pizza' : 'plain',
      name: p.name,
      flavorCount: choice.flavors.length,
      hasSizes: p.variations.length > 0,
      sizeChosen: Boolean(choice.variation),
      hasColors: p.colors.length > 0,
      colorChosen: choice.colors.length > 0,
      quantity: choice.quantity,
      controleEstoque: p.controleEstoque,
      estoque: p.estoque,
    },
    lines,
  );
  if (!checked.ok) return checked;
  return { ok: true, lines: addLine(lines, { ...line, id }).lines as PdvLine[] };
}

/** The lines as the server's proposal (ids and quantities; it prices them again). */
export function saleItems(lines: readonly PdvLine[]): PdvItemInput[] {
  return lines.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    variationId: l.variationId,
    colorIds: l.colorIds,
    addonIds: l.addonIds,
    flavorIds: l.flavorIds,
  }));
}

/** The lines as sold without a connection: the proposal plus the unit price the screen showed. */
export function offlineSaleItems(lines: readonly PdvLine[]) {
  return saleItems(lines).map((item, i) => ({ ...item, unitPrice: lines[i].price }));
}

/**
 * What a typed quantity does to its line: a number above zero sets it; an empty box (being retyped) leaves
 * the line alone; 0 removes the line only once confirmed (Enter or leaving the box). Null: no change.
 */
export function typedQuantity(text: string, confirmed: boolean): number | null {
  const digits = text.replace(/\D/g, '');
  if (digits === '') return null;
  const n = Number(digits);
  if (n === 0) return confirmed ? 0 : null;
  return n;
}
