import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { kitchenStations } from './kitchen';
import { restaurants } from './restaurants';

/** A size or colour; a size may carry its own `price` (priced per size) instead of a modifier. */
export type PriceOption = { id: string; name: string; priceModifier: number; price?: number | null };
export type Addon = { id: string; name: string; price: number; type?: string };

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('categories_restaurant_idx').on(t.restaurantId, t.sortOrder),
    check('categories_order_ck', sql`${t.sortOrder} >= 0`),
  ],
);

/**
 * What an order is priced from — the restaurant's row, hours, payment methods, categories and products, except
 * counters and stock — has a version, raised by the same triggers that tell the instances a menu changed
 * (migration 0046). An instance keeps a cart's checkout reads, and the order's lock reads the version: a
 * change since means the order is priced again from the database.
 */
export const catalogVersions = pgTable('catalog_versions', {
  restaurantId: uuid('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** The kitchen station that prepares it (KDS); null = shown only under "Todas". */
    stationId: uuid('station_id').references(() => kitchenStations.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Centavos. */
    price: integer('price').notNull(),
    /** Centavos: the owner's real former price ("preço de"), shown struck through; null shows none. */
    compareAtPrice: integer('compare_at_price'),
    imageUrl: text('image_url'),
    available: boolean('available').notNull().default(true),
    isPizza: boolean('is_pizza').notNull().default(false),
    allowsMultipleFlavors: boolean('allows_multiple_flavors').notNull().default(false),
    maxFlavors: integer('max_flavors').notNull().default(2),
    /** How several flavours are priced: 'average' (the spec) or 'highest' (the most expensive one). */
    flavorPricing: text('flavor_pricing').notNull().default('average'),
    pizzaFlavors: jsonb('pizza_flavors').$type<string[]>().notNull().default([]),
    variations: jsonb('variations').$type<PriceOption[]>().notNull().default([]),
    addons: jsonb('addons').$type<Addon[]>().notNull().default([]),
    colors: jsonb('colors').$type<PriceOption[]>().notNull().default([]),
    controleEstoque: boolean('controle_estoque').notNull().default(false),
    estoque: integer('estoque').notNull().default(0),
    estoqueMinimo: integer('estoque_minimo').notNull().default(0),
    /** Centavos. */
    precoCusto: integer('preco_custo'),
    sku: text('sku'),
    codigoBarras: text('codigo_barras'),
    codigoNcm: text('codigo_ncm'),
    exTipi: text('ex_tipi'),
    codigoCest: text('codigo_cest'),
    origemMercadoria: smallint('origem_mercadoria'),
    csosnIcms: text('csosn_icms'),
    cstPisCofins: text('cst_pis_cofins'),
    unidade: text('unidade'),
    /** NFC-e CFOP; null takes the default (5101, or 5405 with CSOSN 500). */
    cfop: text('cfop'),
    /** Shipping dimensions in cm and weight in kg. */
    height: real('height'),
    width: real('width'),
    length: real('length'),
    weight: real('weight'),
    envioCorreios: boolean('envio_correios').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_restaurant_idx').on(t.restaurantId, t.categoryId),
    index('products_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    uniqueIndex('products_sku_uq').on(t.restaurantId, t.sku),
    check('products_price_ck', sql`${t.price} >= 0`),
    check('products_compare_at_price_ck', sql`${t.compareAtPrice} is null or ${t.compareAtPrice} > ${t.price}`),
    check('products_max_flavors_ck', sql`${t.maxFlavors} >= 1`),
    check('products_flavor_pricing_ck', sql`${t.flavorPricing} in ('average','highest')`),
    // No floor on estoque: a sale made offline is recorded as sold even past the last unit (decision 057);
    // every other sale takes stock with a conditional UPDATE that never goes below zero.
    check('products_estoque_minimo_ck', sql`${t.estoqueMinimo} >= 0`),
    check('products_cfop_ck', sql`${t.cfop} is null or ${t.cfop} in ('5101','5102','5405')`),
    check('products_origem_ck', sql`${t.origemMercadoria} is null or ${t.origemMercadoria} between 0 and 8`),
    check(
      'products_unidade_ck',
      sql`${t.unidade} is null or ${t.unidade} in ('KG','LT','MT','MT²','MT³','PC','PR','UN')`,
    ),
  ],
);

/** What a customer chooses on a product (flavours, variations, add-ons, colours), and its stock control. */
export const productChoiceColumns = {
  isPizza: products.isPizza,
  allowsMultipleFlavors: products.allowsMultipleFlavors,
  maxFlavors: products.maxFlavors,
  flavorPricing: products.flavorPricing,
  pizzaFlavors: products.pizzaFlavors,
  variations: products.variations,
  addons: products.addons,
  colors: products.colors,
  controleEstoque: products.controleEstoque,
};

export const stockHistory = pgTable(
  'stock_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    operationType: text('operation_type').notNull(),
    quantityBefore: integer('quantity_before').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    quantityChanged: integer('quantity_changed').notNull(),
    employeeName: text('employee_name').notNull(),
    notes: text('notes'),
    /** The order a sale or a cancellation return belongs to: what a cancelled order gives back. */
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_history_product_idx').on(t.restaurantId, t.productId, t.createdAt),
    index('stock_history_order_idx').on(t.restaurantId, t.orderId),
    index('stock_history_created_idx').on(t.restaurantId, t.createdAt),
    check('stock_history_operation_ck', sql`${t.operationType} in ('register','sale','adjustment')`),
  ],
);
