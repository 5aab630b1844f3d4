import { formatCest, formatNcm, isCompleteCest, isCompleteNcm, UNIT_OPTIONS } from '@meucardapio/domain/fiscal-format';
import { MENU_IMPORT_MAX_BYTES } from '@meucardapio/domain/menu-import';
import { MSG } from '@meucardapio/domain/messages';
import { FLAVOR_PRICING } from '@meucardapio/domain/pricing';
import { STOCK_ADJUSTMENT_REASON_REQUIRED } from '@meucardapio/domain/stock';
import { imageUrlField } from '@meucardapio/domain/validation';
import { z } from 'zod';

const MAX_MONEY = 100_000_000; // R$ 1.000.000,00 in centavos: far above any menu price, below int overflow.

/** Trimmed optional text; blank becomes null so "not given" has one representation. */
const optText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

const priceOption = z.object({
  id: z.string().max(64).optional(),
  name: z.string().max(120),
  priceModifier: z.number().int().min(-MAX_MONEY).max(MAX_MONEY),
});
/** A size: a modifier, or its own price when the product is priced per size. */
const sizeOption = priceOption.extend({
  priceModifier: priceOption.shape.priceModifier.default(0),
  price: z.number().int('O preço do tamanho deve estar em centavos.').min(0).max(MAX_MONEY).nullish(),
});
const addon = z.object({
  id: z.string().max(64).optional(),
  name: z.string().max(120),
  price: z.number().int().min(0).max(MAX_MONEY),
  type: z.string().max(40).optional(),
});

const dimension = z.number().min(0).max(100_000).nullish();

const ncm = z
  .string()
  .max(10)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || isCompleteNcm(v), { message: 'NCM inválido: use o formato 0000.00.00.' })
  .transform((v) => (v === null ? null : formatNcm(v)));

const cest = z
  .string()
  .max(9)
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || isCompleteCest(v), { message: 'CEST inválido: use o formato 00.000.00.' })
  .transform((v) => (v === null ? null : formatCest(v)));

const unitCodes = UNIT_OPTIONS.map((u) => u.value) as [string, ...string[]];

/**
 * A product as the create/edit form sends it (spec 2 §3). Money in centavos. `estoque` is only
 * read on create (stock changes go through stock entries); `sku` is never read (generated).
 */
export const productInput = z.object({
  name: z.string({ error: 'Informe o nome do produto.' }).max(200),
  description: optText(2000),
  price: z.number({ error: 'Informe o preço em centavos.' }).int('O preço deve estar em centavos.').max(MAX_MONEY),
  imageUrl: imageUrlField,
  available: z.boolean().default(true),
  categoryId: z.uuid({ message: 'Categoria inválida' }).nullish(),
  /** Kitchen station; absent keeps the current one (clients that do not know stations), null clears it. */
  stationId: z.uuid({ message: 'Estação inválida' }).nullish(),
  isPizza: z.boolean().default(false),
  allowsMultipleFlavors: z.boolean().default(false),
  maxFlavors: z.number().int().min(1, 'O máximo de sabores deve ser pelo menos 1.').max(20).default(2),
  pizzaFlavors: z
    .array(z.uuid({ message: 'Sabor inválido' }))
    .max(200)
    .default([]),
  variations: z.array(sizeOption).max(50).default([]),
  flavorPricing: z.enum(FLAVOR_PRICING, { message: 'Regra de preço dos sabores inválida' }).default('average'),
  addons: z.array(addon).max(100).default([]),
  colors: z.array(priceOption).max(50).default([]),
  controleEstoque: z.boolean().default(false),
  estoque: z.number().int().min(0, 'O estoque não pode ser negativo.').max(10_000_000).default(0),
  estoqueMinimo: z.number().int().min(0, 'O estoque mínimo não pode ser negativo.').max(10_000_000).default(0),
  precoCusto: z.number().int().min(0).max(MAX_MONEY).nullish(),
  compareAtPrice: z
    .number({ error: 'Informe o "preço de" em centavos.' })
    .int('O "preço de" deve estar em centavos.')
    .min(0)
    .max(MAX_MONEY)
    .nullish(),
  codigoBarras: optText(64),
  codigoNcm: ncm,
  exTipi: optText(3),
  codigoCest: cest,
  origemMercadoria: z
    .number()
    .int()
    .min(0, 'Origem deve estar entre 0 e 8.')
    .max(8, 'Origem deve estar entre 0 e 8.')
    .nullish(),
  csosnIcms: optText(4),
  cstPisCofins: optText(4),
  unidade: z.enum(unitCodes, { message: 'Unidade inválida' }).nullish(),
  cfop: z.enum(['5101', '5102', '5405'], { message: 'CFOP inválido: use 5101, 5102 ou 5405.' }).nullish(),
  height: dimension,
  width: dimension,
  length: dimension,
  weight: dimension,
  envioCorreios: z.boolean().default(false),
});
export type ProductInput = z.output<typeof productInput>;

export const categoryInput = z.object({
  name: z.string({ error: 'Informe o nome da categoria.' }).trim().min(1, 'Informe o nome da categoria.').max(120),
  order: z.number().int().min(0, 'A ordem deve ser 0 ou maior.').max(100_000).optional(),
});

export const stockEntryInput = z.object(
  {
    productId: z.uuid({ message: MSG.incompleteData }),
    quantity: z.number({ error: MSG.incompleteData }).int(MSG.incompleteData).min(1, MSG.incompleteData).max(1_000_000),
    notes: optText(500),
  },
  { error: MSG.incompleteData },
);

/** A loss or correction taken out of stock: a product, how many units and why (the reason is required). */
export const stockAdjustmentInput = z.object({
  productId: z.uuid({ message: 'Escolha um produto.' }),
  quantity: z
    .number({ error: 'Informe uma quantidade maior que zero.' })
    .int('Informe uma quantidade inteira.')
    .min(1, 'Informe uma quantidade maior que zero.')
    .max(1_000_000),
  reason: z
    .string({ error: STOCK_ADJUSTMENT_REASON_REQUIRED })
    .trim()
    .min(1, STOCK_ADJUSTMENT_REASON_REQUIRED)
    .max(500, 'O motivo pode ter no máximo 500 caracteres.'),
});

/** A spreadsheet to import, as the browser read it: its name and its bytes in base64. */
export const menuImportInput = z.object({
  fileName: z
    .string({ error: 'Escolha um arquivo CSV ou XLSX.' })
    .trim()
    .min(1, 'Escolha um arquivo CSV ou XLSX.')
    .max(255),
  // base64 is 4/3 of the bytes; the decoded size is checked again against the limit.
  content: z
    .string({ error: 'Escolha um arquivo CSV ou XLSX.' })
    .min(1, 'O arquivo está vazio.')
    .max(Math.ceil((MENU_IMPORT_MAX_BYTES * 4) / 3) + 4, 'O arquivo passa de 1 MB.'),
});
export type MenuImportInput = z.output<typeof menuImportInput>;
