import { anyOf } from '@meucardapio/db/any-of';
import { builtOnce } from '@meucardapio/db/built-once';
import type { DbOrTx } from '@meucardapio/db/client';
import {
  type Addon,
  type OrderItemOption,
  type PriceOption,
  productChoiceColumns,
  products,
} from '@meucardapio/db/schema';
import type { OrderProposal } from '@meucardapio/domain/checkout';
import { MSG } from '@meucardapio/domain/messages';
import {
  type FlavorPricing,
  normalizeMaxFlavors,
  offersFlavour,
  parseList,
  priceChoice,
  productKind,
} from '@meucardapio/domain/pricing';
import { type BusinessSegment, businessSegmentOf, normalizePizzaFlags } from '@meucardapio/domain/product-rules';
import { inArray, sql } from 'drizzle-orm';
import type { ServiceCtx } from '../../../http/context';
import { AppError, badRequest } from '../../../http/errors';
import { tenant } from '../../../http/tenant';

const unavailable = (name?: string) =>
  new AppError(
    409,
    'product_unavailable',
    'Produto indisponível',
    name ? `${name} não está mais disponível. Remova-o do carrinho.` : 'Um dos produtos não está mais disponível.',
  );

type ProductRow = typeof products.$inferSelect;
/** A cart line as a door proposes it: product, size, colours, add-ons, flavours, note. */
export type ProposedLine = OrderProposal['items'][number];

/** What a priced line keeps of its product; an app's line naming no product of ours has no id. */
export type LineProduct = Pick<ProductRow, 'name' | 'controleEstoque' | 'envioCorreios'> & { id: string | null };

export type PricedLine = {
  product: LineProduct;
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
export function orderItemRows(restaurantId: string, orderId: string, lines: readonly PricedLine[]) {
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

/** Whether a product paused in the catalogue is still priced: only for a sale that already happened. */
type Availability = { acceptPaused: boolean };
const SELLING_NOW: Availability = { acceptPaused: false };

/**
 * Prices one proposed line with the domain rules, from this restaurant's products only: sizes,
 * colours and add-ons by id, flavours only among those the pizza offers (its list, else the other single pizzas).
 */
export function priceLine(item: ProposedLine, byId: Catalogue, opts = SELLING_NOW): PricedLine {
  const product = byId.get(item.productId);
  if (!product) throw unavailable();
  if (!product.available && !opts.acceptPaused) throw unavailable(product.name);
  const kind = productKind(product);

  const variations = parseList<PriceOption>(product.variations);
  let variation: PricedLine['variation'] = null;
  let size: PriceOption | null = null;
  if (variations.length > 0 || item.variationId) {
    size = variations.find((x) => x.id === item.variationId) ?? null;
    if (!size) throw badRequest(MSG.chooseSize, `Escolha um tamanho para ${product.name}.`, 'size_required');
    // A size priced per size keeps its own price on the item; a modifier keeps what it adds.
    variation = { id: size.id, name: size.name, price: size.price ?? size.priceModifier };
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
  const flavorRows: CatalogueProduct[] = [];
  if (kind === 'multi_flavor_pizza') {
    if (flavorIds.length < 1) throw badRequest(MSG.chooseFlavor, MSG.chooseFlavorDescription, 'flavor_required');
    const max = normalizeMaxFlavors(product.maxFlavors);
    if (flavorIds.length > max)
      throw badRequest(
        'Sabores demais',
        `Escolha no máximo ${max} sabor(es) para ${product.name}.`,
        'too_many_flavors',
      );
    const pizza = { id: product.id, pizzaFlavors: parseList<unknown>(product.pizzaFlavors).map(String) };
    for (const id of flavorIds) {
      const f = byId.get(id);
      if (!f || !offersFlavour(pizza, f))
        throw badRequest('Sabor inválido', `Um dos sabores não pertence a ${product.name}.`, 'invalid_flavor');
      if (!f.available && !opts.acceptPaused) throw unavailable(f.name);
      flavorRows.push(f);
    }
  } else if (flavorIds.length > 0) {
    throw badRequest('Sabor inválido', `${product.name} não aceita sabores.`, 'invalid_flavor');
  }

  const { unit, flavorPrices } = priceChoice(
    { price: product.price, flavorPricing: product.flavorPricing as FlavorPricing, takesFlavors: true },
    {
      size,
      flavors: flavorRows,
      colors: colors.map((c) => ({ priceModifier: c.price })),
      addons: addons.map((a) => ({ price: a.price, quantity: a.quantity })),
    },
  );
  const flavors = flavorRows.map((f, i) => ({ id: f.id, name: f.name, price: flavorPrices[i] }));
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

/** What a shipping quote needs of a cart's products. */
export const cartProductColumns = {
  id: products.id,
  price: products.price,
  envioCorreios: products.envioCorreios,
  height: products.height,
  width: products.width,
  length: products.length,
  weight: products.weight,
};
export type CartProduct = Pick<CatalogueProduct, keyof typeof cartProductColumns>;

/** What pricing, stock and a shipping quote read of a product. */
const catalogueColumns = {
  ...cartProductColumns,
  name: products.name,
  available: products.available,
  ...productChoiceColumns,
};
export type CatalogueProduct = Pick<ProductRow, keyof typeof catalogueColumns>;
/** The products a cart names, its lines' and their flavours', by id. */
export type Catalogue = ReadonlyMap<string, CatalogueProduct>;

/**
 * Reads THIS restaurant's products a cart names (lines and flavours) once: a door reads them before the
 * transaction, to refuse an unknown product before any quote, and pricing takes them from there.
 */
export async function readCatalogue(
  db: DbOrTx,
  restaurantId: string,
  items: readonly ProposedLine[],
): Promise<Catalogue> {
  return catalogueOf(await productsByIds(db, { restaurantId, ids: cartProductIds(items) }));
}

/** The products a cart names, its lines' and their flavours', each once. */
export const cartProductIds = (items: readonly ProposedLine[]) => [
  ...new Set(items.flatMap((i) => [i.productId, ...i.flavorIds])),
];

export const catalogueOf = (rows: readonly CatalogueProduct[]): Catalogue => new Map(rows.map((p) => [p.id, p]));

const productsByIds = builtOnce((db) =>
  db
    .select(catalogueColumns)
    .from(products)
    .where(tenant(products, sql.placeholder('restaurantId'), anyOf(products.id, sql.placeholder('ids')))),
);

/** The cart's products as the shipping quote reads them; refuses a line naming a product this restaurant does not have. */
export function cartProducts(catalogue: Catalogue, items: readonly ProposedLine[]): CartProduct[] {
  return [...new Set(items.map((i) => i.productId))].map((id) => {
    const product = catalogue.get(id);
    if (!product) throw unavailable();
    return product;
  });
}

/** Prices proposed lines from THIS restaurant's products only (lines and their flavours): storefront and PDV. */
export async function priceLines(
  db: DbOrTx,
  restaurantId: string,
  items: readonly ProposedLine[],
  segment: BusinessSegment = 'restaurant',
  opts = SELLING_NOW,
  catalogue?: Catalogue,
) {
  const read = catalogue ?? (await readCatalogue(db, restaurantId, items));
  // A shop sells no pizzas: a product saved as one before the segment changed is priced as a plain product.
  const byId = new Map([...read].map(([id, p]) => [id, normalizePizzaFlags(p, segment)]));
  return items.map((i) => priceLine(i, byId, opts));
}

/** A line as an ordering app priced and charged it; `productId` when it names one of our products. */
export type ChargedLine = {
  productId: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  options: OrderItemOption[];
  notes: string | null;
};

/**
 * Lines priced elsewhere (an app charged them): the prices are the app's, and a line naming one of
 * this restaurant's products takes its stock and goes to its kitchen station.
 */
export async function chargedLines(ctx: ServiceCtx, items: readonly ChargedLine[]): Promise<PricedLine[]> {
  const ids = [...new Set(items.map((i) => i.productId).filter((id): id is string => !!id))];
  const rows = ids.length
    ? await ctx.db
        .select({ id: products.id, controleEstoque: products.controleEstoque, envioCorreios: products.envioCorreios })
        .from(products)
        .where(tenant(products, ctx.restaurantId, inArray(products.id, ids)))
    : [];
  const byId = new Map(rows.map((p) => [p.id, p]));
  return items.map((i) => {
    const known = i.productId ? byId.get(i.productId) : undefined;
    return {
      product: {
        id: known?.id ?? null,
        name: i.name,
        controleEstoque: known?.controleEstoque ?? false,
        envioCorreios: known?.envioCorreios ?? false,
      },
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      totalPrice: i.totalPrice,
      variation: null,
      colors: [],
      addons: i.options.map((o, n) => ({ id: `opt-${n}`, ...o })),
      flavors: [],
      notes: i.notes,
    };
  });
}

/** Step "price lines": the order's lines and their subtotal. */
export async function priceOrderLines(
  ctx: ServiceCtx,
  restaurant: { id: string; businessSegment: string },
  items: readonly ProposedLine[],
  opts = SELLING_NOW,
  catalogue?: Catalogue,
) {
  const segment = businessSegmentOf(restaurant.businessSegment);
  const lines = await priceLines(ctx.db, restaurant.id, items, segment, opts, catalogue);
  return { lines, subtotal: lines.reduce((s, l) => s + l.totalPrice, 0) };
}

/**
 * Lines at the unit prices a terminal showed when it sold (one per line, in order), and how far their
 * sum is from the catalogue's: a sale that already happened is recorded as charged.
 */
export function linesAsShown(lines: readonly PricedLine[], shownUnitPrices: readonly number[]) {
  const shown = lines.map((l, i) => {
    const unitPrice = shownUnitPrices[i] ?? l.unitPrice;
    return { ...l, unitPrice, totalPrice: unitPrice * l.quantity };
  });
  const catalogue = lines.reduce((s, l) => s + l.totalPrice, 0);
  const subtotal = shown.reduce((s, l) => s + l.totalPrice, 0);
  return { lines: shown, subtotal, priceDifference: subtotal - catalogue };
}
