/**
 * Rules of the admin product form (spec 2 §4–§5), shared by the form (which disables its save
 * button) and the server (which refuses the same input), so both always agree.
 */

// Units, origin codes and NCM/CEST masks live in fiscal-format.ts; SKU and clone rules in sku.ts.

// Max flavours (default 2, minimum 1) is normalised by normalizeMaxFlavors in pricing.ts.

export type ProductFlags = {
  isPizza: boolean;
  allowsMultipleFlavors: boolean;
  pizzaFlavors: string[];
};

export type BusinessSegment = 'restaurant' | 'commerce';

/** A stored segment read as one of the two; anything else is the default, restaurant. */
export const businessSegmentOf = (value: string | null | undefined): BusinessSegment =>
  value === 'commerce' ? 'commerce' : 'restaurant';

/**
 * The pizza toggles clear each other: no pizza → no multiple flavours; no multiple flavours →
 * no chosen flavours; the commerce segment has no pizzas at all.
 */
export function normalizePizzaFlags<T extends ProductFlags>(p: T, segment: BusinessSegment = 'restaurant'): T {
  const isPizza = segment === 'commerce' ? false : p.isPizza;
  const allowsMultipleFlavors = isPizza && p.allowsMultipleFlavors;
  const pizzaFlavors = allowsMultipleFlavors ? [...new Set(p.pizzaFlavors)] : [];
  return { ...p, isPizza, allowsMultipleFlavors, pizzaFlavors };
}

/**
 * Why a multi-flavour pizza without a flavour list cannot be saved when the restaurant has no other
 * single pizza: without a list it offers those (spec 1 §7), so it would offer nothing.
 */
export const MULTI_FLAVOUR_WITHOUT_CHOICES =
  'Escolha os sabores desta pizza ou cadastre antes uma pizza de um sabor: sem lista, ela oferece as outras pizzas de um sabor do restaurante.';

/** A numeric form input that is not a number counts as 0 (spec 2 §5). */
export function numberOrZero(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? '').replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
}

export type SaveCheckInput = {
  name: string;
  /** Centavos. */
  price: number;
  /** Centavos: the "preço de" shown struck through; must be above the price when given. */
  compareAtPrice?: number | null;
  envioCorreios: boolean;
  height?: number | null;
  width?: number | null;
  length?: number | null;
  weight?: number | null;
  /** Sizes: priced per size, every named one needs its own price above zero. */
  variations?: readonly { name: string; price?: number | null }[];
};

export type SaveBlocker = 'name' | 'price' | 'sizePrices' | 'compareAtPrice' | 'dimensions';

/**
 * Why a product cannot be saved (empty when it can): blank name, price 0 or less, sizes priced per size
 * with one missing or at zero, a "preço de" not
 * above the price, or Correios shipping on with a missing or non-positive height, width, length or weight.
 */
export function productSaveBlockers(p: SaveCheckInput): SaveBlocker[] {
  const out: SaveBlocker[] = [];
  if (!p.name.trim()) out.push('name');
  const sizes = (p.variations ?? []).filter((v) => v.name.trim() !== '');
  const priced = sizes.filter((v) => typeof v.price === 'number');
  if (priced.length > 0 && (priced.length < sizes.length || priced.some((v) => !((v.price ?? 0) > 0)))) {
    out.push('sizePrices');
  }
  if (!(p.price > 0)) out.push('price');
  if (p.compareAtPrice != null && !(p.compareAtPrice > p.price)) out.push('compareAtPrice');
  if (p.envioCorreios && [p.height, p.width, p.length, p.weight].some((v) => v == null || !(v > 0))) {
    out.push('dimensions');
  }
  return out;
}

/** Pt-BR explanation of each blocker, used by server errors and form hints. */
export const SAVE_BLOCKER_TEXT: Record<SaveBlocker, string> = {
  name: 'Informe o nome do produto.',
  price: 'O preço deve ser maior que zero.',
  sizePrices: 'Com preço por tamanho, informe um preço maior que zero para cada tamanho.',
  compareAtPrice: 'O "preço de" deve ser maior que o preço de venda (ou fique em branco).',
  dimensions: 'Para envio pelos Correios, informe altura, largura, comprimento e peso maiores que zero.',
};

/** Only entries with a non-blank name are kept (names trimmed). */
export function keepNamed<T extends { name: string }>(list: readonly T[]): T[] {
  return list.filter((e) => e.name.trim() !== '').map((e) => ({ ...e, name: e.name.trim() }));
}
