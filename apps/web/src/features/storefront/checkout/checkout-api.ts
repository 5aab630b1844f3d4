import { api } from '@/lib/api';
import type { CustomerMe } from '@/lib/auth';

/** GET /api/public/restaurants/:slug/checkout-options (money in centavos). */
export type CheckoutPaymentMethod = {
  id: string;
  name: string;
  icon: string | null;
  type: 'credit_card' | 'debit_card' | 'pix' | 'cash' | null;
  /** Paid on the provider's hosted checkout (card / PIX). */
  online: boolean;
  requiresChange: boolean;
  maxInstallments: number;
};

export type CheckoutOptions = {
  restaurant: { id: string; name: string; slug: string };
  neighborhoods: { id: string; name: string; deliveryFee: number }[];
  states: { code: string; name: string; cities: string[] }[];
  paymentMethods: CheckoutPaymentMethod[];
  /** Whether the card/PIX checkout handle is set; without it online payment is refused. */
  hasCheckoutReferrer: boolean;
  /** Open right now by the restaurant's hours and timezone, on the server's clock. */
  openNow: boolean;
  /** 'Abriremos Segunda às 18:00' or 'Estamos fechados no momento.' while closed. */
  closedDescription: string | null;
};

export type ShippingOption = { id: string; name: string; company: string; price: number; deliveryTime: number };

export type SavedAddress = {
  id: string;
  name: string;
  address: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string | null;
  state: string | null;
  cep: string;
};

export type OrderLineProposal = {
  productId: string;
  quantity: number;
  variationId?: string | null;
  colorIds: string[];
  addonIds: string[];
  flavorIds: string[];
  notes?: string | null;
};

export type OrderProposal = {
  restaurantSlug: string;
  items: OrderLineProposal[];
  deliveryType: 'delivery' | 'pickup' | 'dine_in';
  tableNumber?: number | null;
  name: string;
  phone: string;
  address?: string;
  number?: string;
  complement?: string;
  neighborhood?: string;
  city?: string;
  state?: string;
  cep?: string;
  couponCode?: string | null;
  paymentMethod: string;
  cashReceived?: number | null;
  installments?: number | null;
  shippingOptionId?: string | null;
  note?: string | null;
  clientTotal?: number;
};

export type CreatedOrder = {
  order: { id: string; number: number; total: number; status: string };
  checkoutUrl: string | null;
  replayed: boolean;
};

export const checkoutKeys = {
  options: (slug: string) => ['checkout', 'options', slug] as const,
  addresses: ['customer', 'addresses'] as const,
  states: ['geo', 'states'] as const,
  cities: (uf: string) => ['geo', 'cities', uf] as const,
};

const base = (slug: string) => `/api/public/restaurants/${encodeURIComponent(slug)}`;

export const fetchCheckoutOptions = (slug: string) => api.get<CheckoutOptions>(`${base(slug)}/checkout-options`);
export const fetchAddresses = () =>
  api.get<{ addresses: SavedAddress[] }>('/api/customer/addresses').then((r) => r.addresses);
export const fetchStates = () =>
  api.get<{ states: { code: string; name: string }[] }>('/api/geo/states').then((r) => r.states);
export const fetchCities = (uf: string) =>
  api.get<{ cities: string[] }>(`/api/geo/states/${encodeURIComponent(uf)}/cities`).then((r) => r.cities);

export const validateCoupon = (slug: string, code: string, subtotal: number) =>
  api.post<{ code: string; discount: number }>(`${base(slug)}/coupons/validate`, { code, subtotal });

export const quoteShipping = (slug: string, cep: string, items: { productId: string; quantity: number }[]) =>
  api.post<{ shipped: boolean; options: ShippingOption[] }>(`${base(slug)}/shipping/quote`, { cep, items });

export const createOrder = (proposal: OrderProposal, idempotencyKey: string) =>
  api.post<CreatedOrder>('/api/customer/orders', proposal, { headers: { 'Idempotency-Key': idempotencyKey } });

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
