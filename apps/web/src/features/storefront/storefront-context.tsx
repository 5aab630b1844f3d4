import type { HoursRow } from '@meucardapio/domain/hours';
import { createContext, type ReactNode, useContext } from 'react';
import type { MenuRestaurant } from './menu-types';

/**
 * The restaurant whose menu is open, for everything rendered inside the menu page (product dialog,
 * cart, checkout). The checkout reads the id, slug, timezone and table number from here.
 */
export type StorefrontValue = {
  restaurant: MenuRestaurant;
  /** From '?table=N' (a table QR code); null for delivery/pickup visitors. */
  tableNumber: number | null;
  hours: HoursRow[];
  /** Open right now (re-checked every 60 s in the restaurant's timezone). */
  isOpen: boolean;
  /** 'Abriremos Segunda às 18:00' or 'Estamos fechados no momento.', for the 'Restaurante fechado' toast. */
  closedDescription: string;
  /**
   * Staff previewing their own menu ('?teste=1'): open at any hour, and the checkout places a test order
   * (decision 044) instead of asking a customer to sign in.
   */
  preview: boolean;
};

const StorefrontContext = createContext<StorefrontValue | null>(null);

export function StorefrontProvider({ value, children }: { value: StorefrontValue; children: ReactNode }) {
  return <StorefrontContext.Provider value={value}>{children}</StorefrontContext.Provider>;
}

export function useStorefront(): StorefrontValue {
  const ctx = useContext(StorefrontContext);
  if (!ctx) throw new Error('useStorefront must be used within a StorefrontProvider');
  return ctx;
}
