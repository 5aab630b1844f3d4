import { type Addon, categories, type PriceOption, products } from '@meucardapio/db/schema';
import { CASHIER_MSG, productNotFoundByCode } from '@meucardapio/domain/cashier';
import type { PdvCatalog, PdvProduct } from '@meucardapio/domain/cashier-views';
import { pdvNfceOf } from '@meucardapio/domain/fiscal-rules';
import { type PixSettings, pixSettingsOf } from '@meucardapio/domain/pix';
import {
  type FlavorPricing,
  flavourChoiceIds,
  parseList,
  productKind,
  type SizeOption,
} from '@meucardapio/domain/pricing';
import { type BusinessSegment, businessSegmentOf, normalizePizzaFlags } from '@meucardapio/domain/product-rules';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ServiceCtx, StaffCtx } from '../../http/context';
import { notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { restaurantById } from '../../tenancy/restaurant-lookup';
import { posMethodsOf } from './cashier.queries';

/** What the PDV sells: available products with their options, categories and the POS payment methods. */

type ProductRow = typeof products.$inferSelect;

/** A flavour's sizes that carry their own price: the only ones the flavour rule reads. */
const ownSizePrices = (variations: unknown) =>
  parseList<SizeOption>(variations).flatMap((v) =>
    typeof v.price === 'number' ? [{ name: v.name, price: v.price }] : [],
  );

/**
 * One product as the PDV offers it, its flavours found among `candidates` (the pizza's list, else the
 * other single pizzas). A shop (commerce segment) sells no pizzas, whatever a product's flags say.
 */
function toPdvProduct(row: ProductRow, candidates: readonly ProductRow[], segment: BusinessSegment): PdvProduct {
  const p = normalizePizzaFlags({ ...row, pizzaFlavors: parseList<unknown>(row.pizzaFlavors).map(String) }, segment);
  const multi = productKind(p) === 'multi_flavor_pizza';
  const byId = new Map(candidates.map((c) => [c.id, c]));
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    imageUrl: p.imageUrl,
    categoryId: p.categoryId,
    sku: p.sku,
    codigoBarras: p.codigoBarras,
    controleEstoque: p.controleEstoque,
    estoque: p.estoque,
    variations: parseList<SizeOption>(p.variations).map((v) => ({
      id: v.id ?? v.name,
      name: v.name,
      price: v.priceModifier,
      ownPrice: v.price ?? null,
    })),
    colors: parseList<PriceOption>(p.colors).map((c) => ({ id: c.id ?? c.name, name: c.name, price: c.priceModifier })),
    addons: parseList<Addon>(p.addons).map((a) => ({
      id: a.id ?? a.name,
      name: a.name,
      price: a.price,
      ...(a.type ? { type: a.type } : {}),
    })),
    maxFlavors: multi ? p.maxFlavors : null,
    flavors: multi
      ? flavourChoiceIds(p, candidates)
          .map((id) => byId.get(id))
          .filter((f): f is ProductRow => f?.available === true)
          .map((f) => ({ id: f.id, name: f.name, price: f.price, variations: ownSizePrices(f.variations) }))
      : [],
    flavorPricing: p.flavorPricing as FlavorPricing,
  };
}

export async function pdvCatalog(ctx: StaffCtx): Promise<PdvCatalog> {
  const restaurant = await restaurantById(ctx.db, ctx.restaurantId);
  const pix = pixSettingsOf(restaurant);
  const [cats, rows, paymentMethods] = await Promise.all([
    ctx.db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(tenant(categories, ctx.restaurantId))
      .orderBy(asc(categories.sortOrder), asc(categories.name)),
    ctx.db.select().from(products).where(tenant(products, ctx.restaurantId)).orderBy(asc(products.name)),
    posMethodsOf(ctx.db, ctx.restaurantId, pix),
  ]);
  const segment = businessSegmentOf(restaurant.businessSegment);
  return {
    categories: cats,
    products: rows.filter((p) => p.available).map((p) => toPdvProduct(p, rows, segment)),
    paymentMethods,
    pix,
    nfce: pdvNfceOf(restaurant),
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Enter in the PDV search: an exact SKU, barcode or id of an available product (case-insensitive), or
 * "Produto não encontrado" / "Nenhum produto encontrado com o código: …".
 */
export async function lookupProduct(ctx: StaffCtx, code: string): Promise<PdvProduct> {
  const wanted = code.trim().toLowerCase();
  const match = or(
    sql`lower(${products.sku}) = ${wanted}`,
    sql`lower(${products.codigoBarras}) = ${wanted}`,
    UUID_RE.test(wanted) ? eq(products.id, wanted) : undefined,
  );
  const [row] = await ctx.db
    .select()
    .from(products)
    .where(tenant(products, ctx.restaurantId, eq(products.available, true), match))
    .orderBy(asc(products.name))
    .limit(1);
  if (!row) throw notFound(CASHIER_MSG.productNotFound, productNotFoundByCode(code.trim()));
  const segment = businessSegmentOf((await restaurantById(ctx.db, ctx.restaurantId)).businessSegment);
  if (segment === 'commerce' || productKind(row) !== 'multi_flavor_pizza') return toPdvProduct(row, [], segment);
  const flavorIds = parseList<unknown>(row.pizzaFlavors)
    .map(String)
    .filter((id) => UUID_RE.test(id));
  // Without a list of its own the pizza offers the other single pizzas: read those instead.
  const candidates = await ctx.db
    .select()
    .from(products)
    .where(
      tenant(
        products,
        ctx.restaurantId,
        flavorIds.length > 0
          ? inArray(products.id, flavorIds)
          : and(eq(products.isPizza, true), eq(products.allowsMultipleFlavors, false)),
      ),
    );
  return toPdvProduct(row, candidates, segment);
}

/** The PDV's payment methods, which also pay a table's part (a PIX method shows its QR when `pix` is set). */
export const pdvPaymentMethods = (ctx: ServiceCtx, pix: PixSettings | null) =>
  posMethodsOf(ctx.db, ctx.restaurantId, pix);
