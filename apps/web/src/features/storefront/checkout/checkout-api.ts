import type {
  CheckoutOptions,
  CouponValidation,
  CreatedOrder,
  OrderProposalInput,
  ShippingQuote,
} from '@meucardapio/domain/checkout';
import type { SavedAddressView } from '@meucardapio/domain/customer-views';
import { api } from '@/lib/api';
import type { CustomerMe } from '@/lib/auth';

export const checkoutKeys = {
  options: (slug: string, table: number | null) => ['checkout', 'options', slug, table] as const,
  addresses: ['customer', 'addresses'] as const,
  states: ['geo', 'states'] as const,
  cities: (uf: string) => ['geo', 'cities', uf] as const,
};

const base = (slug: string) => `/api/public/restaurants/${encodeURIComponent(slug)}`;

/** With the table of the QR code: the answer says whether its account is open (the order goes on the tab). */
export const fetchCheckoutOptions = (slug: string, table: number | null) =>
  api.get<CheckoutOptions>(`${base(slug)}/checkout-options${table ? `?table=${table}` : ''}`);
export const fetchAddresses = () =>
  api.get<{ addresses: SavedAddressView[] }>('/api/customer/addresses').then((r) => r.addresses);
export const fetchStates = () =>
  api.get<{ states: { code: string; name: string }[] }>('/api/geo/states').then((r) => r.states);
export const fetchCities = (uf: string) =>
  api.get<{ cities: string[] }>(`/api/geo/states/${encodeURIComponent(uf)}/cities`).then((r) => r.cities);

export const validateCoupon = (slug: string, code: string, subtotal: number) =>
  api.post<CouponValidation>(`${base(slug)}/coupons/validate`, { code, subtotal });

export const quoteShipping = (slug: string, cep: string, items: { productId: string; quantity: number }[]) =>
  api.post<ShippingQuote>(`${base(slug)}/shipping/quote`, { cep, items });

export const createOrder = (proposal: OrderProposalInput, idempotencyKey: string) =>
  api.post<CreatedOrder>('/api/customer/orders', proposal, { headers: { 'Idempotency-Key': idempotencyKey } });

/** The menu preview's test order, placed by the signed-in staff member (decision 044). */
export const createTestOrder = (proposal: OrderProposalInput, idempotencyKey: string) =>
  api.post<CreatedOrder>('/api/admin/orders/test', proposal, { headers: { 'Idempotency-Key': idempotencyKey } });

export type AuthAnswer = { user: CustomerMe };

export const customerLogin = (slug: string, body: { email: string; password: string }) =>
  api.post<AuthAnswer>(`${base(slug)}/customers/login`, body);
export const customerRegister = (slug: string, body: Record<string, unknown>) =>
  api.post<AuthAnswer>(`${base(slug)}/customers/register`, body);
export const customerRecover = (slug: string, email: string) =>
  api.post<{ ok?: boolean; message?: string }>(`${base(slug)}/customers/recover`, { email });

/** A fresh key per checkout attempt: a double tap or a retry after a timeout never creates two orders. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return `ord-${c.randomUUID()}`;
  return `ord-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
