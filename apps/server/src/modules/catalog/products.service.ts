import { randomUUID } from 'node:crypto';
import type { Tx } from '@meucardapio/db/client';
import { categories, kitchenStations, products, restaurants, stockHistory } from '@meucardapio/db/schema';
import { productFiscalProblems } from '@meucardapio/domain/fiscal-rules';
import { isAdministrator } from '@meucardapio/domain/permissions';
import { fromPrice } from '@meucardapio/domain/pricing';
import {
  MULTI_FLAVOUR_WITHOUT_CHOICES,
  normalizePizzaFlags,
  productSaveBlockers,
  SAVE_BLOCKER_TEXT,
} from '@meucardapio/domain/product-rules';
import { cloneOverrides, nextSku } from '@meucardapio/domain/sku';
import { initialStockEntry, SYSTEM_EMPLOYEE_NAME } from '@meucardapio/domain/stock';
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { StaffActor, StaffCtx } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { restaurantNotFound } from '../../tenancy/restaurant-lookup';
import { daysSellingProduct, recountDailySales } from '../daily-sales/daily-sales.service';
import type { ProductInput } from './catalog.schemas';

export type ProductRow = typeof products.$inferSelect;
export type ProductView = Omit<ProductRow, 'restaurantId'> & { categoryName: string | null };

const productNotFound = () => notFound('Produto não encontrado', 'O produto não existe ou foi excluído.');

/** Who a stock change is recorded under: the employee's name, 'Sistema' otherwise (spec 2 §7). */
export function stockActorName(actor: StaffActor): string {
  return actor.kind === 'employee' && actor.name.trim() ? actor.name : SYSTEM_EMPLOYEE_NAME;
}

/** A stock history row as the stock screens list it. */
export const stockMovementColumns = {
  id: stockHistory.id,
  operationType: stockHistory.operationType,
  quantityBefore: stockHistory.quantityBefore,
  quantityAfter: stockHistory.quantityAfter,
  quantityChanged: stockHistory.quantityChanged,
  employeeName: stockHistory.employeeName,
  notes: stockHistory.notes,
  createdAt: stockHistory.createdAt,
};

function view(row: ProductRow, categoryName: string | null): ProductView {
  const { restaurantId: _r, ...rest } = row;
  return { ...rest, categoryName };
}

/** Every product of the restaurant, newest first, with its category's name. */
export async function listProducts(ctx: StaffCtx): Promise<ProductView[]> {
  const rows = await ctx.db
    .select({ product: products, categoryName: categories.name })
    .from(products)
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.restaurantId, ctx.restaurantId)))
    .where(tenant(products, ctx.restaurantId))
    .orderBy(desc(products.createdAt), desc(products.id));
  return rows.map((r) => view(r.product, r.categoryName));
}

export async function getProduct(ctx: StaffCtx, id: string): Promise<ProductView> {
  const [r] = await ctx.db
    .select({ product: products, categoryName: categories.name })
    .from(products)
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.restaurantId, ctx.restaurantId)))
    .where(tenant(products, ctx.restaurantId, eq(products.id, id)))
    .limit(1);
  if (!r) throw productNotFound();
  return view(r.product, r.categoryName);
}

/** Single pizzas offered as flavours: is_pizza and available, by name (spec 2 §7). */
export async function listPizzaFlavors(ctx: StaffCtx) {
  return ctx.db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      price: products.price,
      available: products.available,
      allowsMultipleFlavors: products.allowsMultipleFlavors,
      maxFlavors: products.maxFlavors,
      isPizza: products.isPizza,
      categoryId: products.categoryId,
      categoryName: categories.name,
    })
    .from(products)
    .leftJoin(categories, and(eq(categories.id, products.categoryId), eq(categories.restaurantId, ctx.restaurantId)))
    .where(tenant(products, ctx.restaurantId, eq(products.isPizza, true), eq(products.available, true)))
    .orderBy(products.name);
}

type Segment = 'restaurant' | 'commerce';

/** Locks the restaurant row: serialises SKU generation per restaurant and yields its segment. */
export async function lockRestaurant(tx: Tx, restaurantId: string): Promise<Segment> {
  const [r] = await tx
    .select({ segment: restaurants.businessSegment })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .for('update');
  if (!r) throw restaurantNotFound();
  return r.segment === 'commerce' ? 'commerce' : 'restaurant';
}

export async function existingSkus(tx: Tx, restaurantId: string): Promise<string[]> {
  const rows = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(tenant(products, restaurantId, isNotNull(products.sku)));
  return rows.map((r) => r.sku as string);
}

const withIds = <T extends { id?: string; name: string }>(list: T[]) =>
  list
    .filter((e) => e.name.trim() !== '')
    .map((e) => ({ ...e, id: e.id?.trim() ? e.id : randomUUID(), name: e.name.trim() }));

/** Whether the restaurant has the row `id` in `table`: a product only points at its own restaurant's rows. */
async function hasRow(tx: Tx, table: typeof categories | typeof kitchenStations, restaurantId: string, id: string) {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(tenant(table, restaurantId, eq(table.id, id)))
    .limit(1);
  return Boolean(row);
}

/**
 * Applies the form rules the save button enforces, the toggles that clear each other, and checks
 * references (category, flavours) inside the tenant. Returns the columns to write.
 */
async function prepare(tx: Tx, restaurantId: string, segment: Segment, input: ProductInput, selfId?: string) {
  const name = input.name.trim();
  // A product priced per size costs "a partir de" its cheapest size: that is its price.
  const price = fromPrice(input.variations.filter((v) => v.name.trim() !== '')) ?? input.price;
  const blockers = productSaveBlockers({ ...input, name, price });
  if (blockers.length > 0) throw badRequest('Dados inválidos', SAVE_BLOCKER_TEXT[blockers[0]], 'invalid_product');
  const fiscal = productFiscalProblems({
    cfop: input.cfop ?? null,
    codigoNcm: input.codigoNcm,
    codigoCest: input.codigoCest,
    csosnIcms: input.csosnIcms,
    origemMercadoria: input.origemMercadoria ?? null,
  });
  if (fiscal.length > 0) throw badRequest('Dados fiscais inválidos', fiscal.join(' '), 'invalid_fiscal');

  const flags = normalizePizzaFlags(
    { isPizza: input.isPizza, allowsMultipleFlavors: input.allowsMultipleFlavors, pizzaFlavors: input.pizzaFlavors },
    segment,
  );
  if (input.categoryId && !(await hasRow(tx, categories, restaurantId, input.categoryId))) {
    throw badRequest('Categoria não encontrada', 'Escolha uma categoria existente.', 'category_not_found');
  }
  if (input.stationId && !(await hasRow(tx, kitchenStations, restaurantId, input.stationId))) {
    throw badRequest('Estação não encontrada', 'Escolha uma estação existente.', 'station_not_found');
  }
  if (flags.allowsMultipleFlavors && flags.pizzaFlavors.length === 0) {
    // Without a list it offers the restaurant's other single pizzas: refuse one that would offer nothing.
    const [other] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        tenant(
          products,
          restaurantId,
          eq(products.isPizza, true),
          eq(products.allowsMultipleFlavors, false),
          selfId ? ne(products.id, selfId) : undefined,
        ),
      )
      .limit(1);
    if (!other) throw badRequest('Sabores obrigatórios', MULTI_FLAVOUR_WITHOUT_CHOICES, 'flavors_required');
  }
  if (flags.pizzaFlavors.length > 0) {
    if (selfId && flags.pizzaFlavors.includes(selfId)) {
      throw badRequest('Sabor inválido', 'Uma pizza não pode ser sabor dela mesma.', 'invalid_flavor');
    }
    // Only single pizzas of this restaurant can be flavours.
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        tenant(
          products,
          restaurantId,
          inArray(products.id, flags.pizzaFlavors),
          eq(products.isPizza, true),
          eq(products.allowsMultipleFlavors, false),
        ),
      );
    if (found.length !== flags.pizzaFlavors.length) {
      throw badRequest(
        'Sabor inválido',
        'Os sabores devem ser pizzas de um sabor deste restaurante.',
        'invalid_flavor',
      );
    }
  }
  return {
    name,
    description: input.description,
    price,
    imageUrl: input.imageUrl,
    available: input.available,
    categoryId: input.categoryId ?? null,
    ...(input.stationId === undefined ? {} : { stationId: input.stationId }),
    ...flags,
    maxFlavors: input.maxFlavors,
    flavorPricing: input.flavorPricing,
    variations: withIds(input.variations).map(({ price: sizePrice, ...v }) =>
      typeof sizePrice === 'number' ? { ...v, priceModifier: 0, price: sizePrice } : v,
    ),
    addons: withIds(input.addons),
    colors: withIds(input.colors),
    controleEstoque: input.controleEstoque,
    estoqueMinimo: input.estoqueMinimo,
    precoCusto: input.precoCusto ?? null,
    compareAtPrice: input.compareAtPrice ?? null,
    codigoBarras: input.codigoBarras,
    codigoNcm: input.codigoNcm,
    exTipi: input.exTipi,
    codigoCest: input.codigoCest,
    origemMercadoria: input.origemMercadoria ?? null,
    csosnIcms: input.csosnIcms,
    cstPisCofins: input.cstPisCofins,
    unidade: input.unidade ?? null,
    cfop: input.cfop ?? null,
    height: input.height ?? null,
    width: input.width ?? null,
    length: input.length ?? null,
    weight: input.weight ?? null,
    envioCorreios: input.envioCorreios,
  };
}

/** Creates a product with the next SKU; initial stock is recorded in the stock history. */
export async function createProduct(ctx: StaffCtx, input: ProductInput): Promise<ProductView> {
  const id = await ctx.db.transaction(async (tx) => {
    const segment = await lockRestaurant(tx, ctx.restaurantId);
    const values = await prepare(tx, ctx.restaurantId, segment, input);
    const sku = nextSku(await existingSkus(tx, ctx.restaurantId));
    const [row] = await tx
      .insert(products)
      .values({ ...values, restaurantId: ctx.restaurantId, sku, estoque: input.estoque })
      .returning({ id: products.id });
    const entry = initialStockEntry(input.estoque);
    if (entry) {
      await tx.insert(stockHistory).values({
        ...entry,
        restaurantId: ctx.restaurantId,
        productId: row.id,
        employeeName: stockActorName(ctx.actor),
      });
    }
    return row.id;
  });
  return getProduct(ctx, id);
}

/** Updates every field but stock (changed through stock entries) and SKU (generated). */
export async function updateProduct(ctx: StaffCtx, id: string, input: ProductInput): Promise<ProductView> {
  await ctx.db.transaction(async (tx) => {
    const segment = await lockRestaurant(tx, ctx.restaurantId);
    const [current] = await tx
      .select({ id: products.id })
      .from(products)
      .where(tenant(products, ctx.restaurantId, eq(products.id, id)))
      .for('update');
    if (!current) throw productNotFound();
    const values = await prepare(tx, ctx.restaurantId, segment, input, id);
    await tx
      .update(products)
      .set({ ...values, updatedAt: new Date() })
      .where(tenant(products, ctx.restaurantId, eq(products.id, id)));
    // A product that stops being a single pizza can no longer be a flavour of others.
    if (!(values.isPizza && !values.allowsMultipleFlavors)) await dropFlavorReferences(tx, ctx.restaurantId, id);
  });
  return getProduct(ctx, id);
}

/** Removes a product id from every multi-flavour pizza's flavour list. */
async function dropFlavorReferences(tx: Tx, restaurantId: string, id: string) {
  await tx
    .update(products)
    .set({
      pizzaFlavors: sql`coalesce((select jsonb_agg(f) from jsonb_array_elements(${products.pizzaFlavors}) f where f <> to_jsonb(${id}::text)), '[]'::jsonb)`,
    })
    .where(
      tenant(
        products,
        restaurantId,
        ne(products.id, id),
        sql`${products.pizzaFlavors} @> ${JSON.stringify([id])}::jsonb`,
      ),
    );
}

/** Copies a product: name + ' Cópia', stock 0, barcode cleared, new SKU. */
export async function cloneProduct(ctx: StaffCtx, id: string): Promise<ProductView> {
  const newId = await ctx.db.transaction(async (tx) => {
    await lockRestaurant(tx, ctx.restaurantId);
    const [src] = await tx
      .select()
      .from(products)
      .where(tenant(products, ctx.restaurantId, eq(products.id, id)));
    if (!src) throw productNotFound();
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = src;
    const [row] = await tx
      .insert(products)
      .values({ ...copy, ...cloneOverrides(src, await existingSkus(tx, ctx.restaurantId)) })
      .returning({ id: products.id });
    return row.id;
  });
  return getProduct(ctx, newId);
}

/** Deletes a product; multi-flavour pizzas only by administrators. */
export async function deleteProduct(ctx: StaffCtx, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [p] = await tx
      .select({ isPizza: products.isPizza, multi: products.allowsMultipleFlavors })
      .from(products)
      .where(tenant(products, ctx.restaurantId, eq(products.id, id)))
      .for('update');
    if (!p) throw productNotFound();
    if (p.isPizza && p.multi && !isAdministrator(ctx.actor.rules)) {
      throw forbidden('Somente administradores podem excluir pizzas de múltiplos sabores.');
    }
    await dropFlavorReferences(tx, ctx.restaurantId, id);
    const soldOn = await daysSellingProduct(tx, ctx.restaurantId, id);
    await tx.delete(products).where(tenant(products, ctx.restaurantId, eq(products.id, id)));
    // Its items keep only their names now: the days it sold are counted again under them.
    await recountDailySales(tx, ctx.restaurantId, soldOn);
  });
}

/** A product's stock history, newest first. */
export async function productStockHistory(ctx: StaffCtx, id: string) {
  const [p] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(tenant(products, ctx.restaurantId, eq(products.id, id)))
    .limit(1);
  if (!p) throw productNotFound();
  return ctx.db
    .select(stockMovementColumns)
    .from(stockHistory)
    .where(tenant(stockHistory, ctx.restaurantId, eq(stockHistory.productId, id)))
    .orderBy(desc(stockHistory.createdAt), desc(stockHistory.id))
    .limit(500);
}
