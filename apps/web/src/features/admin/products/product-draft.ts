import { type Cfop, defaultCfop } from '@meucardapio/domain/fiscal-rules';
import { centsText, parseBRLInput } from '@meucardapio/domain/money';
import { type FlavorPricing, fromPrice, normalizeMaxFlavors, pricedPerSize } from '@meucardapio/domain/pricing';
import { numberOrZero } from '@meucardapio/domain/product-rules';
import type { Product } from './products-api';

export type Entry = { id?: string; name: string; price: number };

export type Draft = {
  name: string;
  description: string;
  price: string;
  compareAtPrice: string;
  imageUrl: string;
  available: boolean;
  categoryId: string;
  stationId: string;
  isPizza: boolean;
  allowsMultipleFlavors: boolean;
  maxFlavors: string;
  flavorPricing: FlavorPricing;
  pizzaFlavors: string[];
  /** Each size has its own price (Broto, Média, Grande) instead of adding to the product's price. */
  sizePricing: boolean;
  variations: Entry[];
  colors: Entry[];
  addons: Entry[];
  controleEstoque: boolean;
  estoque: string;
  estoqueMinimo: string;
  precoCusto: string;
  codigoBarras: string;
  cfop: Cfop;
  codigoNcm: string;
  exTipi: string;
  codigoCest: string;
  origemMercadoria: string;
  csosnIcms: string;
  cstPisCofins: string;
  unidade: string;
  height: string;
  width: string;
  length: string;
  weight: string;
  envioCorreios: boolean;
};

export type SetDraftField = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

export const NONE = '__none__';
export const moneyText = (cents: number | null | undefined) => (cents ? centsText(cents) : '');
const numText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n).replace('.', ','));
export const cents = (text: string) => parseBRLInput(text) ?? 0;
const dim = (text: string) => numberOrZero(text);

export function toDraft(p: Product | null): Draft {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    price: moneyText(p?.price),
    compareAtPrice: moneyText(p?.compareAtPrice),
    imageUrl: p?.imageUrl ?? '',
    available: p?.available ?? true,
    categoryId: p?.categoryId ?? NONE,
    stationId: p?.stationId ?? NONE,
    isPizza: p?.isPizza ?? false,
    allowsMultipleFlavors: p?.allowsMultipleFlavors ?? false,
    maxFlavors: String(p?.maxFlavors ?? 2),
    flavorPricing: p?.flavorPricing ?? 'average',
    pizzaFlavors: p?.pizzaFlavors ?? [],
    sizePricing: pricedPerSize(p?.variations),
    variations: (p?.variations ?? []).map((v) => ({ id: v.id, name: v.name, price: v.price ?? v.priceModifier })),
    colors: (p?.colors ?? []).map((v) => ({ id: v.id, name: v.name, price: v.priceModifier })),
    addons: (p?.addons ?? []).map((v) => ({ id: v.id, name: v.name, price: v.price })),
    controleEstoque: p?.controleEstoque ?? false,
    estoque: String(p?.estoque ?? 0),
    estoqueMinimo: String(p?.estoqueMinimo ?? 0),
    precoCusto: moneyText(p?.precoCusto),
    codigoBarras: p?.codigoBarras ?? '',
    cfop: (p?.cfop as Cfop | null | undefined) ?? defaultCfop(p?.csosnIcms),
    codigoNcm: p?.codigoNcm ?? '',
    exTipi: p?.exTipi ?? '',
    codigoCest: p?.codigoCest ?? '',
    origemMercadoria:
      p?.origemMercadoria === null || p?.origemMercadoria === undefined ? NONE : String(p.origemMercadoria),
    csosnIcms: p?.csosnIcms ?? '',
    cstPisCofins: p?.cstPisCofins ?? '',
    unidade: p?.unidade ?? NONE,
    height: numText(p?.height),
    width: numText(p?.width),
    length: numText(p?.length),
    weight: numText(p?.weight),
    envioCorreios: p?.envioCorreios ?? false,
  };
}

export function toPayload(d: Draft, isCommerce: boolean) {
  const isPizza = !isCommerce && d.isPizza;
  const multi = isPizza && d.allowsMultipleFlavors;
  const opt = (s: string) => (s.trim() ? s.trim() : null);
  const variations = d.variations.map((v) =>
    d.sizePricing
      ? { id: v.id, name: v.name, priceModifier: 0, price: v.price }
      : { id: v.id, name: v.name, priceModifier: v.price },
  );
  return {
    name: d.name.trim(),
    description: opt(d.description),
    // Priced per size, the product costs "a partir de" its cheapest size (the server keeps the same rule).
    price: d.sizePricing ? (fromPrice(variations) ?? 0) : cents(d.price),
    compareAtPrice: d.compareAtPrice.trim() ? cents(d.compareAtPrice) : null,
    imageUrl: opt(d.imageUrl),
    available: d.available,
    categoryId: d.categoryId === NONE ? null : d.categoryId,
    stationId: d.stationId === NONE ? null : d.stationId,
    isPizza,
    allowsMultipleFlavors: multi,
    maxFlavors: normalizeMaxFlavors(d.maxFlavors),
    flavorPricing: d.flavorPricing,
    pizzaFlavors: multi ? d.pizzaFlavors : [],
    variations,
    colors: d.colors.map((v) => ({ id: v.id, name: v.name, priceModifier: v.price })),
    addons: d.addons.map((v) => ({ id: v.id, name: v.name, price: v.price })),
    controleEstoque: d.controleEstoque,
    estoque: Math.max(0, Math.trunc(numberOrZero(d.estoque))),
    estoqueMinimo: Math.max(0, Math.trunc(numberOrZero(d.estoqueMinimo))),
    precoCusto: d.precoCusto.trim() ? cents(d.precoCusto) : null,
    codigoBarras: opt(d.codigoBarras),
    cfop: d.cfop,
    codigoNcm: opt(d.codigoNcm),
    exTipi: opt(d.exTipi),
    codigoCest: opt(d.codigoCest),
    origemMercadoria: d.origemMercadoria === NONE ? null : Number(d.origemMercadoria),
    csosnIcms: opt(d.csosnIcms),
    cstPisCofins: opt(d.cstPisCofins),
    unidade: d.unidade === NONE ? null : d.unidade,
    height: d.height.trim() ? dim(d.height) : null,
    width: d.width.trim() ? dim(d.width) : null,
    length: d.length.trim() ? dim(d.length) : null,
    weight: d.weight.trim() ? dim(d.weight) : null,
    envioCorreios: d.envioCorreios,
  };
}
