import { pdvTotals, setLineQuantity } from '@meucardapio/domain/cashier';
import type { PdvProduct, ReservedSaleView } from '@meucardapio/domain/cashier-views';
import type { RuleFailure } from '@meucardapio/domain/messages';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  addProduct,
  linesFromReserved,
  newLineId,
  type PdvLine,
  PLAIN_CHOICE,
  type ProductChoice,
  saleItems,
} from './pdv-cart';

type CartState = {
  lines: PdvLine[];
  discount: number;
  customerName: string;
};

const EMPTY: CartState = { lines: [], discount: 0, customerName: '' };

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

/**
 * The PDV cart of this terminal: lines, discount and customer name, kept in local storage per
 * restaurant so an accidental reload loses nothing. Totals come from the domain (pdvTotals).
 */
export function usePdvCart(restaurantId: string) {
  const storageKey = `meucardapio:pdv-cart:${restaurantId}`;
  const [state, setState] = useState<CartState>(() => load(storageKey));
  // Scans can arrive faster than renders: each one builds on the lines the previous one produced.
  const linesRef = useRef(state.lines);

  const update = useCallback((change: (s: CartState) => CartState) => {
    setState((s) => {
      const next = change(s);
      linesRef.current = next.lines;
      return next;
    });
  }, []);

  useEffect(() => {
    try {
      if (state.lines.length === 0) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, JSON.stringify(state));
    } catch {
      // Storage full or disabled: the cart still works in memory.
    }
  }, [state, storageKey]);

  const totals = useMemo(() => pdvTotals(state.lines, state.discount), [state.lines, state.discount]);

  /** Adds units of a product with its options (see addProduct); a refusal says why. */
  const add = useCallback(
    (p: PdvProduct, choice: ProductChoice = PLAIN_CHOICE): { ok: true } | RuleFailure => {
      const added = addProduct(linesRef.current, p, choice, newLineId());
      if (!added.ok) return added;
      linesRef.current = added.lines;
      update((s) => ({ ...s, lines: added.lines }));
      return { ok: true };
    },
    [update],
  );

  const setQuantity = useCallback(
    (id: string, quantity: number) =>
      update((s) => ({ ...s, lines: setLineQuantity(s.lines, id, quantity) as PdvLine[] })),
    [update],
  );
  const setDiscount = useCallback((discount: number) => update((s) => ({ ...s, discount })), [update]);
  const setCustomerName = useCallback((customerName: string) => update((s) => ({ ...s, customerName })), [update]);
  const clear = useCallback(() => update(() => EMPTY), [update]);
  const restore = useCallback(
    (sale: ReservedSaleView, products: readonly PdvProduct[]) =>
      update(() => ({
        lines: linesFromReserved(sale, products),
        discount: sale.discount,
        customerName: sale.customerName ?? '',
      })),
    [update],
  );

  const items = useMemo(() => saleItems(state.lines), [state.lines]);

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
