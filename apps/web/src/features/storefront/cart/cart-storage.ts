import { lineTotal } from '@meucardapio/domain/pricing';

import type { CartItem } from '@/lib/menu-choice';

export type { CartItem };

/** The cart survives a reload, one per restaurant (ARCHITECTURE §6.8). */
export function cartStorageKey(slug: string): string {
  return `mc-cart:${slug}`;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown) => (Array.isArray(v) ? v.filter(isObj) : []);
const optionalId = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

/**
 * Reads a stored cart defensively: whatever another version of the app (or a person with dev tools)
 * left there, only well-formed lines come back, with totals recomputed from price × quantity.
 */
export function parseStoredCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  const lines = isObj(data) && Array.isArray(data.items) ? data.items : Array.isArray(data) ? data : [];
  const out: CartItem[] = [];
  for (const l of lines) {
    if (!isObj(l) || typeof l.id !== 'string' || typeof l.name !== 'string') continue;
    if (!isInt(l.price) || l.price < 0 || !isInt(l.quantity) || l.quantity < 1) continue;
    const variation = isObj(l.variation) && typeof l.variation.name === 'string' ? l.variation : null;
    out.push({
      id: l.id,
      productId: typeof l.productId === 'string' ? l.productId : null,
      name: l.name,
      price: l.price,
      quantity: l.quantity,
      total: lineTotal(l.price, l.quantity),
      variation: variation
        ? {
            id: optionalId(variation.id),
            name: String(variation.name),
            priceModifier: isInt(variation.priceModifier) ? variation.priceModifier : 0,
          }
        : null,
      colors: list(l.colors)
        .filter((c) => typeof c.name === 'string')
        .map((c) => ({
          id: optionalId(c.id),
          name: String(c.name),
          priceModifier: isInt(c.priceModifier) ? c.priceModifier : 0,
        })),
      addons: list(l.addons)
        .filter((a) => typeof a.name === 'string')
        .map((a) => ({ id: optionalId(a.id), name: String(a.name), price: isInt(a.price) ? a.price : 0 })),
      pizzaFlavors: list(l.pizzaFlavors)
        .filter((f) => typeof f.name === 'string')
        .map((f) => ({ id: optionalId(f.id), name: String(f.name), price: isInt(f.price) ? f.price : undefined })),
      notes: typeof l.notes === 'string' ? l.notes : null,
      estoque: isInt(l.estoque) ? l.estoque : 0,
      controleEstoque: l.controleEstoque === true,
      envioCorreios: l.envioCorreios === true,
      imageUrl: typeof l.imageUrl === 'string' ? l.imageUrl : null,
    });
  }
  return out;
}

/** What is written to local storage (versioned, so a later shape can migrate it). */
export function serializeCart(items: readonly CartItem[]): string {
  return JSON.stringify({ v: 1, items });
}

/**
 * Refreshes the stock facts of stored lines from the current menu (stock may have changed since the
 * cart was saved), so the stock rule runs on today's numbers. Lines of products no longer on the
 * menu are kept: the server refuses them at checkout with its own message.
 */
export function refreshStock(
  items: readonly CartItem[],
  products: ReadonlyMap<string, { estoque: number; controleEstoque: boolean; envioCorreios: boolean }>,
): CartItem[] {
  let changed = false;
  const next = items.map((item) => {
    const p = item.productId ? products.get(item.productId) : undefined;
    if (
      !p ||
      (p.estoque === item.estoque &&
        p.controleEstoque === item.controleEstoque &&
        p.envioCorreios === item.envioCorreios)
    )
      return item;
    changed = true;
    return { ...item, estoque: p.estoque, controleEstoque: p.controleEstoque, envioCorreios: p.envioCorreios };
  });
  return changed ? next : (items as CartItem[]);
}
