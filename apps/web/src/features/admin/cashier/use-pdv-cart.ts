import { addLine, canSetQuantity, stockLeftText, validateProductChoice } from '@meucardapio/domain/cart';
import { checkSellable, type PdvCartLine, pdvTotals, setLineQuantity } from '@meucardapio/domain/cashier';
import type { PdvItemInput, PdvOption, PdvProduct, ReservedSaleView } from '@meucardapio/domain/cashier-api';
import { fail, MSG, type RuleFailure } from '@meucardapio/domain/messages';
import { unitPrice } from '@meucardapio/domain/pricing';
import { useCallback, useEffect, useMemo, useState } from 'react';

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
  variation: PdvOption | null;
  colors: PdvOption[];
  addons: PdvOption[];
  flavors: PdvOption[];
  quantity: number;
};

export const PLAIN_CHOICE: ProductChoice = { variation: null, colors: [], addons: [], flavors: [], quantity: 1 };

/** Products that cannot be added with one key press: a size, colour or flavour must be chosen. */
export function needsChoice(p: PdvProduct): boolean {
  return p.variations.length > 0 || p.colors.length > 0 || p.addons.length > 0 || (p.maxFlavors ?? 0) > 0;
}

type CartState = {
  lines: PdvLine[];
  discount: number;
  customerName: string;
};

const EMPTY: CartState = { lines: [], discount: 0, customerName: '' };

function lineId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const sameOptions = (a: PdvLine, b: Omit<PdvLine, 'id' | 'total' | 'quantity'>) =>
  a.productId === b.productId &&
  a.variationId === b.variationId &&
  a.colorIds.join() === b.colorIds.join() &&
  a.addonIds.join() === b.addonIds.join() &&
  a.flavorIds.join() === b.flavorIds.join();

function buildLine(p: PdvProduct, c: ProductChoice): Omit<PdvLine, 'id' | 'total'> {
  const variation = c.variation
    ? { id: c.variation.id, name: c.variation.name, priceModifier: c.variation.price }
    : null;
  const colors = c.colors.map((o) => ({ id: o.id, name: o.name, priceModifier: o.price }));
  const addons = c.addons.map((o) => ({ id: o.id, name: o.name, price: o.price, type: o.type }));
  return {
    productId: p.id,
    name: p.name,
    price: unitPrice({
      basePrice: p.price,
      flavorPrices: c.flavors.map((f) => f.price),
      variation,
      colors,
      addons,
    }),
    quantity: c.quantity,
    variation,
    colors,
    addons,
    pizzaFlavors: c.flavors.map((f) => ({ id: f.id, name: f.name, price: f.price })),
    estoque: p.estoque,
    controleEstoque: p.controleEstoque,
    variationId: c.variation?.id ?? null,
    colorIds: c.colors.map((o) => o.id),
    addonIds: c.addons.map((o) => o.id),
    flavorIds: c.flavors.map((o) => o.id),
  };
}

/** A reserved sale back as cart lines (display names from the catalog; the server prices it again). */
function linesFromReserved(sale: ReservedSaleView, products: readonly PdvProduct[]): PdvLine[] {
  return sale.items.map((i) => {
    const p = products.find((x) => x.id === i.productId);
    const pick = (list: PdvOption[] | undefined, ids: readonly string[]) =>
      (list ?? []).filter((o) => ids.includes(o.id));
    const v = p?.variations.find((o) => o.id === i.variationId);
    return {
      id: lineId(),
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

function load(key: string): CartState {
  try {
    const raw = localStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as Partial<CartState>) : null;
    if (!parsed || !Array.isArray(parsed.lines)) return EMPTY;
    return { ...EMPTY, ...parsed };
  } catch {
    return EMPTY;
  }
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
 * The PDV cart of this terminal: lines, discount and customer name, kept in local storage per
 * restaurant so an accidental reload loses nothing. Totals come from the domain (pdvTotals).
 */
export function usePdvCart(restaurantId: string) {
  const storageKey = `meucardapio:pdv-cart:${restaurantId}`;
  const [state, setState] = useState<CartState>(() => load(storageKey));

  useEffect(() => {
    try {
      if (state.lines.length === 0) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, JSON.stringify(state));
    } catch {
      // Storage full or disabled: the cart still works in memory.
    }
  }, [state, storageKey]);

  const totals = useMemo(() => pdvTotals(state.lines, state.discount), [state.lines, state.discount]);

  /** Adds units of a product with its options, merging into an identical line; a refusal says why. */
  const add = useCallback(
    (p: PdvProduct, choice: ProductChoice = PLAIN_CHOICE): { ok: true } | RuleFailure => {
      const sellable = checkSellable(p);
      if (!sellable.ok) return sellable;
      const line = buildLine(p, choice);
      const same = state.lines.find((l) => sameOptions(l, line));
      if (same) {
        const quantity = same.quantity + choice.quantity;
        if (!canSetQuantity(state.lines, same.id, quantity)) {
          const others = state.lines.filter((l) => l.name === p.name).reduce((s, l) => s + l.quantity, 0);
          return fail('insufficient_stock', MSG.insufficientStock, stockLeftText(p.estoque - others));
        }
        setState((s) => ({ ...s, lines: setLineQuantity(s.lines, same.id, quantity) as PdvLine[] }));
        return { ok: true };
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
        state.lines,
      );
      if (!checked.ok) return checked;
      setState((s) => ({ ...s, lines: addLine(s.lines, { ...line, id: lineId() }).lines as PdvLine[] }));
      return { ok: true };
    },
    [state.lines],
  );

  const setQuantity = useCallback((id: string, quantity: number) => {
    setState((s) => ({ ...s, lines: setLineQuantity(s.lines, id, quantity) as PdvLine[] }));
  }, []);

  const setDiscount = useCallback((discount: number) => setState((s) => ({ ...s, discount })), []);
  const setCustomerName = useCallback((customerName: string) => setState((s) => ({ ...s, customerName })), []);
  const clear = useCallback(() => setState(EMPTY), []);
  const restore = useCallback(
    (sale: ReservedSaleView, products: readonly PdvProduct[]) =>
      setState({
        lines: linesFromReserved(sale, products),
        discount: sale.discount,
        customerName: sale.customerName ?? '',
      }),
    [],
  );

  /** The lines as the server's proposal (ids and quantities; it prices them again). */
  const items = useMemo<PdvItemInput[]>(
    () =>
      state.lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        variationId: l.variationId,
        colorIds: l.colorIds,
        addonIds: l.addonIds,
        flavorIds: l.flavorIds,
      })),
    [state.lines],
  );

  return {
    lines: state.lines,
    discount: totals.discount,
    customerName: state.customerName,
    totals,
    items,
    add,
    setQuantity,
    setDiscount,
    setCustomerName,
    clear,
    restore,
  };
}

export type PdvCart = ReturnType<typeof usePdvCart>;
