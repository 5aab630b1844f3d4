/**
 * A product as someone chose it (size, flavours, colours, add-ons, notes) turned into a cart line and
 * back into what the server takes: shared by the storefront's cart and the waiter's rounds.
 */

import type { CartLine } from '@meucardapio/domain/cart';
import type { OrderProposalInput } from '@meucardapio/domain/checkout';
import type { MenuOption, MenuProduct } from '@meucardapio/domain/menu-views';
import { priceChoice, productKind } from '@meucardapio/domain/pricing';

type ProposedLineInput = OrderProposalInput['items'][number];

/**
 * A cart line as the storefront keeps it (the domain's CartLine with its lists always present).
 * Money in centavos: `price` is the unit price with flavours, size, colours and add-ons included.
 */
export type CartItem = CartLine & {
  productId: string | null;
  variation: { id?: string; name: string; priceModifier: number } | null;
  colors: { id?: string; name: string; priceModifier: number }[];
  addons: { id?: string; name: string; price: number; type?: string }[];
  pizzaFlavors: { id?: string; name: string; price?: number }[];
  estoque: number;
  controleEstoque: boolean;
  envioCorreios: boolean;
  /** For the cart's thumbnail only. */
  imageUrl?: string | null;
};

/**
 * Google-Drive share links ('…/file/d/ID/view', 'open?id=ID', 'uc?id=ID') point at an HTML page, not
 * at the image: rewrite them to the direct view link. Anything else is returned as is; blank → null.
 */
export function directImageUrl(url: string | null | undefined): string | null {
  const u = (url ?? '').trim();
  if (!u) return null;
  if (!/^https?:\/\/(drive|docs)\.google\.com\//i.test(u)) return u;
  const id = u.match(/\/file\/d\/([\w-]+)/)?.[1] ?? u.match(/[?&]id=([\w-]+)/)?.[1];
  return id ? `https://drive.google.com/uc?export=view&id=${id}` : u;
}

/** A random client-side id for a cart line. */
export function newLineId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `l-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export type ProductSelection = {
  flavorIds?: readonly string[];
  variationId?: string | null;
  colorIds?: readonly string[];
  addonIds?: readonly string[];
  quantity: number;
  notes?: string | null;
};

/**
 * Builds the cart line for a product and the customer's choices, priced with the domain's priceChoice
 * (flavours at the size by the product's rule, or the size's price; + colours + add-ons) so the
 * preview matches what the server recomputes.
 * Flavour ids unknown to the menu are ignored.
 */
export function buildCartLine(
  product: MenuProduct,
  selection: ProductSelection,
  productsById: ReadonlyMap<string, MenuProduct>,
  id: string = newLineId(),
): Omit<CartItem, 'total'> {
  const variation: MenuOption | null = product.variations.find((v) => v.id === selection.variationId) ?? null;
  const chosenFlavors = (selection.flavorIds ?? [])
    .map((fid) => productsById.get(fid))
    .filter((f): f is MenuProduct => !!f);
  const colors = product.colors.filter((c) => selection.colorIds?.includes(c.id));
  const addons = product.addons.filter((a) => selection.addonIds?.includes(a.id));
  const { unit, flavorPrices } = priceChoice(
    { ...product, takesFlavors: productKind(product) === 'multi_flavor_pizza' },
    { size: variation, flavors: chosenFlavors, colors, addons },
  );
  return {
    id,
    productId: product.id,
    name: product.name,
    price: unit,
    quantity: selection.quantity,
    variation,
    colors,
    addons,
    pizzaFlavors: chosenFlavors.map((f, i) => ({ id: f.id, name: f.name, price: flavorPrices[i] })),
    notes: selection.notes?.trim() || null,
    estoque: product.estoque,
    controleEstoque: product.controleEstoque,
    envioCorreios: product.envioCorreios,
    imageUrl: product.imageUrl,
  };
}

/** The cart modal's summary line: 'Tamanho: Grande · Cor: Azul · Sabores: A, B · Opções: Borda'. */
export function lineSummary(item: Pick<CartItem, 'variation' | 'colors' | 'pizzaFlavors' | 'addons'>): string {
  const parts: string[] = [];
  if (item.variation) parts.push(`Tamanho: ${item.variation.name}`);
  if (item.colors?.length) parts.push(`Cor: ${item.colors.map((c) => c.name).join(', ')}`);
  if (item.pizzaFlavors?.length) parts.push(`Sabores: ${item.pizzaFlavors.map((f) => f.name).join(', ')}`);
  if (item.addons?.length) parts.push(`Opções: ${item.addons.map((a) => a.name).join(', ')}`);
  return parts.join(' · ');
}

/** The cart as the server takes it: ids and quantities only (every price is recomputed there). */
export function proposedLines(items: readonly CartItem[]): ProposedLineInput[] {
  const ids = (list: readonly { id?: string }[]) => list.map((x) => x.id).filter((x): x is string => !!x);
  return items
    .filter((i) => i.productId)
    .map((i) => ({
      productId: i.productId!,
      quantity: i.quantity,
      variationId: i.variation?.id ?? null,
      colorIds: ids(i.colors),
      addonIds: ids(i.addons),
      flavorIds: ids(i.pizzaFlavors),
      notes: i.notes ?? null,
    }));
}
