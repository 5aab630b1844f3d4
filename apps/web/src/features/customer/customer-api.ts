import { addRepeatedLines, type CartLine, type NotRepeated } from '@meucardapio/domain/cart';
import type { CustomerProfileView, SavedAddressView } from '@meucardapio/domain/customer-views';
import type { CustomerOrderView, OrderItemView } from '@meucardapio/domain/order-views';
import type { PrivacyOverview } from '@meucardapio/domain/privacy';
import type { AddressEntryInput } from '@meucardapio/domain/validation';
import { api } from '@/lib/api';
import { postAndDownload } from '@/lib/download';
import { type RepeatMenuProduct, rebuildOrderLines } from './repeat-order';

/** GET /api/customer/orders (money in centavos). */
export type CustomerOrder = CustomerOrderView;
export type CustomerOrderItem = OrderItemView;

export type CustomerProfile = CustomerProfileView;
export type Address = SavedAddressView;
export type AddressInput = AddressEntryInput;

export const customerKeys = {
  orders: ['customer', 'orders'] as const,
  profile: ['customer', 'profile'] as const,
  addresses: ['customer', 'addresses'] as const,
  privacy: ['customer', 'privacy'] as const,
};

export const fetchOrders = () => api.get<{ orders: CustomerOrder[] }>('/api/customer/orders').then((r) => r.orders);
export const fetchProfile = () =>
  api.get<{ customer: CustomerProfile }>('/api/customer/profile').then((r) => r.customer);
export const saveProfile = (body: Partial<CustomerProfile>) =>
  api.put<{ customer: CustomerProfile }>('/api/customer/profile', body).then((r) => r.customer);
export const fetchAddresses = () =>
  api.get<{ addresses: Address[] }>('/api/customer/addresses').then((r) => r.addresses);
export const createAddress = (body: AddressInput) => api.post<{ address: Address }>('/api/customer/addresses', body);
export const updateAddress = (id: string, body: AddressInput) =>
  api.put<{ address: Address }>(`/api/customer/addresses/${id}`, body);
export const deleteAddress = (id: string) => api.delete(`/api/customer/addresses/${id}`);
export const verifyPayment = (id: string) =>
  api.post<{
    status: string;
    /** Why the payment could not be checked at all, when it could not. */
    problem: 'verification_failed' | 'configuration_required' | null;
    order: CustomerOrder;
  }>(`/api/customer/orders/${id}/verify-payment`);

// ---------------------------------------------------------------------------------------------
// "Meus dados" (LGPD)

export const fetchPrivacy = () => api.get<PrivacyOverview>('/api/customer/privacy');
export const saveMarketingConsent = (granted: boolean) =>
  api.put<PrivacyOverview & { message: string }>('/api/customer/privacy/marketing', { granted });
export const downloadMyData = (format: 'json' | 'csv') =>
  postAndDownload('/api/customer/privacy/export', { format }, `meus-dados.${format}`);
export const deleteMyAccount = (password: string) =>
  api.post<{ message: string }>('/api/customer/privacy/delete-account', { password });

// ---------------------------------------------------------------------------------------------
// 'Repetir Pedido': the order's items go back into that restaurant's cart, priced from today's menu.

/** The storefront's cart key and stored shape (`{ v: 1, items }`), which the menu page reads back. */
const cartKey = (slug: string) => `mc-cart:${slug}`;

function randomId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function storedLines(slug: string): CartLine[] {
  try {
    const raw = JSON.parse(window.localStorage.getItem(cartKey(slug)) ?? 'null') as unknown;
    const items = Array.isArray(raw) ? raw : (raw as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) return [];
    return items.filter(
      (l): l is CartLine =>
        !!l && typeof l === 'object' && typeof l.name === 'string' && Number.isInteger(l.quantity) && l.quantity > 0,
    );
  } catch {
    return [];
  }
}

export type RepeatResult = { added: number; notRepeated: NotRepeated[] };

/**
 * Rebuilds the order's lines from the current menu and puts them into the stored cart through the
 * cart's rules (same choices merge, stock counts what is already in the cart). Answers how many lines
 * went in and what could not be repeated, with the reason.
 */
export async function repeatOrder(order: CustomerOrder): Promise<RepeatResult> {
  const slug = order.restaurant.slug;
  const menu = await api.get<{ products: RepeatMenuProduct[] }>(
    `/api/public/restaurants/${encodeURIComponent(slug)}/menu`,
  );
  const rebuilt = rebuildOrderLines(order.items, menu.products, randomId);
  const merged = addRepeatedLines(storedLines(slug), rebuilt.lines);
  if (merged.added > 0) window.localStorage.setItem(cartKey(slug), JSON.stringify({ v: 1, items: merged.lines }));
  return { added: merged.added, notRepeated: [...rebuilt.notRepeated, ...merged.notRepeated] };
}
