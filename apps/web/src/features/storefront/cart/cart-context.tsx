import {
  addLine,
  canAdd,
  removeLine,
  sameChoice,
  updateQuantity as updateLineQuantity,
} from '@meucardapio/domain/cart';
import { cartTotals } from '@meucardapio/domain/pricing';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { isHydrating } from '@/lib/hydration';
import { type CartItem, cartStorageKey, parseStoredCart, refreshStock, serializeCart } from './cart-storage';

type StockFacts = { estoque: number; controleEstoque: boolean; envioCorreios: boolean };

export type { CartItem } from './cart-storage';

export type CartContextValue = {
  items: CartItem[];
  /** Sum of quantities (the badge). */
  count: number;
  /** Sum of line totals, in centavos. */
  total: number;
  /**
   * Adds a line; returns false (and adds nothing) when the stock rule refuses — same-name units in the
   * cart count against the stock. The caller shows 'Erro ao adicionar produto'.
   */
  add: (item: Omit<CartItem, 'total'>) => boolean;
  remove: (id: string) => void;
  /** 0 or less removes the line; a change the stock rule refuses is ignored silently (spec §4). */
  updateQuantity: (id: string, quantity: number) => void;
  clear: () => void;
  restaurantSlug: string;
};

const CartContext = createContext<CartContextValue | null>(null);

function readStorage(slug: string): CartItem[] {
  try {
    return parseStoredCart(window.localStorage.getItem(cartStorageKey(slug)));
  } catch {
    // Private mode or storage disabled: an in-memory cart still works.
    return [];
  }
}

/** One cart per restaurant, kept in local storage under `mc-cart:{slug}` and shared between tabs. */
export function CartProvider({
  slug,
  stock,
  children,
}: {
  slug: string;
  /** Current stock facts by product id (from the menu); stored lines are refreshed with them. */
  stock?: ReadonlyMap<string, StockFacts>;
  children: ReactNode;
}) {
  // A server-rendered page had no cart: start empty like it did, and read the stored cart once mounted.
  const [deferredRead] = useState(isHydrating);
  const [items, setItems] = useState<CartItem[]>(() => (deferredRead ? [] : readStorage(slug)));
  // The latest items, for callbacks that must answer synchronously (add returns a boolean).
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const skipWrite = useRef(false);
  const pendingRead = useRef(deferredRead);

  // Declared before the write below, which it tells not to replace the stored cart with the empty one.
  useEffect(() => {
    if (!pendingRead.current) return;
    pendingRead.current = false;
    skipWrite.current = true;
    const stored = readStorage(slug);
    const next = stock ? refreshStock(stored, stock) : stored;
    itemsRef.current = next;
    setItems(next);
  }, [slug, stock]);

  useEffect(() => {
    if (skipWrite.current) {
      skipWrite.current = false;
      return;
    }
    try {
      if (items.length === 0) window.localStorage.removeItem(cartStorageKey(slug));
      else window.localStorage.setItem(cartStorageKey(slug), serializeCart(items));
    } catch {
      // Quota or privacy settings: keep going with the in-memory cart.
    }
  }, [items, slug]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== cartStorageKey(slug)) return;
      skipWrite.current = true;
      setItems(parseStoredCart(e.newValue));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [slug]);

  useEffect(() => {
    if (!stock) return;
    const next = refreshStock(itemsRef.current, stock);
    if (next !== itemsRef.current) {
      itemsRef.current = next;
      setItems(next);
    }
  }, [stock]);

  const commit = useCallback((next: CartItem[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  const add = useCallback(
    (item: Omit<CartItem, 'total'>) => {
      const current = itemsRef.current;
      const twin = current.find((l) => sameChoice(l, item));
      if (twin) {
        // Same product and choices: one line with a bigger quantity (the stock rule is the same,
        // since it counts every line of that name).
        if (!canAdd(current, item)) return false;
        commit(updateLineQuantity(current, twin.id, twin.quantity + item.quantity) as CartItem[]);
        return true;
      }
      const result = addLine(current, item);
      if (!result.added) return false;
      commit(result.lines as CartItem[]);
      return true;
    },
    [commit],
  );

  const remove = useCallback((id: string) => commit(removeLine(itemsRef.current, id) as CartItem[]), [commit]);

  const updateQuantity = useCallback(
    (id: string, quantity: number) => commit(updateLineQuantity(itemsRef.current, id, quantity) as CartItem[]),
    [commit],
  );

  const clear = useCallback(() => commit([]), [commit]);

  const value = useMemo<CartContextValue>(() => {
    const { itemCount, total } = cartTotals(items);
    return { items, count: itemCount, total, add, remove, updateQuantity, clear, restaurantSlug: slug };
  }, [items, add, remove, updateQuantity, clear, slug]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** The storefront cart; throws outside a CartProvider (spec §8). */
export function useCart(): CartContextValue {
  const ctx = useContext(CartContext);
  if (!ctx) throw new Error('useCart must be used within a CartProvider');
  return ctx;
}
