import type { CashChange } from '@meucardapio/domain/order-display';
import type { OrderFilter, OrderStatus } from '@meucardapio/domain/order-status';
import { api } from '@/lib/api';

export type OrderItem = {
  id: string;
  name: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  variation: { name: string; price?: number } | null;
  addons: { name: string; price?: number; quantity?: number }[];
  colors: { name: string }[];
  pizzaFlavors: { name: string }[];
  notes: string | null;
};

export type OrderHistoryEntry = {
  status: string;
  employeeName: string | null;
  notes: string | null;
  createdAt: string;
};

export type AdminOrder = CashChange & {
  id: string;
  shortId: string;
  number: number;
  status: OrderStatus;
  deliveryType: 'delivery' | 'pickup' | 'dine_in' | 'pdv';
  deliveryKind: 'Delivery' | 'Transportadora' | null;
  customerId: string | null;
  customerName: string;
  customerPhone: string | null;
  tableNumber: number | null;
  address: string | null;
  addressNumber: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  cep: string | null;
  paymentMethod: string | null;
  paymentStatus: string | null;
  paymentCheckoutVerified: boolean;
  paymentCheckout: boolean;
  /** The provider reported a payment that does not match the order: it stays unpaid. */
  paymentWarning: string | null;
  /** A card/PIX order not paid yet: shown apart as 'Aguardando pagamento', not for the kitchen. */
  awaitingPayment: boolean;
  /** Placed to be paid by the restaurant's own PIX QR Code: staff confirm the payment here. */
  localPix: boolean;
  /** Who confirmed a PIX QR Code payment, and when. */
  pixConfirmation: { name: string; at: string } | null;
  installments: number | null;
  note: string | null;
  subtotal: number;
  deliveryFee: number;
  /** A mixed cart's delivery fee in its two parts: the neighbourhood fee and the carrier's freight. */
  fees: { localFee: number; freight: number | null };
  discount: number;
  total: number;
  deliveryEmployee: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  items: OrderItem[];
  history: OrderHistoryEntry[];
};

export type DeliveryPerson = { id: string; name: string; email: string };

export type Receipt = {
  restaurant: {
    name: string;
    cnpj: string | null;
    whatsapp: string | null;
    nomeRazaoSocial: string | null;
    timezone: string;
  };
  order: AdminOrder;
};

export const ordersKeys = {
  all: ['admin-orders'] as const,
  list: (filter: OrderFilter) => ['admin-orders', filter] as const,
  deliveryPeople: ['admin-delivery-people'] as const,
};

export const fetchOrders = (filter: OrderFilter) =>
  api
    .get<{ orders: AdminOrder[] }>('/api/admin/orders', { query: { status: filter === 'all' ? undefined : filter } })
    .then((r) => r.orders);

export const fetchDeliveryPeople = () =>
  api.get<{ deliveryPeople: DeliveryPerson[] }>('/api/admin/delivery-people').then((r) => r.deliveryPeople);

export const updateStatus = (
  id: string,
  body: { status: OrderStatus; deliveryEmployeeId?: string; phoneDigits?: string },
) => api.patch<{ order: AdminOrder }>(`/api/admin/orders/${id}/status`, body).then((r) => r.order);

/** Staff saw the PIX QR Code payment in the bank app: the order is paid and goes to the kitchen. */
export const confirmPix = (id: string) =>
  api.post<{ order: AdminOrder }>(`/api/admin/orders/${id}/confirm-pix`).then((r) => r.order);

export const fetchReceipt = (id: string) => api.get<Receipt>(`/api/admin/orders/${id}/receipt`);

export const verifyPayments = () =>
  api.post<{ checked: number; pending: number; configurationRequired: boolean }>('/api/admin/orders/verify-payments');

/** A Google Maps search for the delivery address (a plain link, no API key). */
export function mapsUrl(o: Pick<AdminOrder, 'address' | 'addressNumber' | 'neighborhood' | 'city' | 'state' | 'cep'>) {
  const parts = [
    [o.address, o.addressNumber].filter(Boolean).join(', '),
    o.neighborhood,
    [o.city, o.state].filter(Boolean).join(' - '),
    o.cep,
  ].filter((p) => p && String(p).trim() !== '');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(parts.join(', '))}`;
}

/** One line of the address for the card and the receipt. */
export function addressLine(
  o: Pick<AdminOrder, 'address' | 'addressNumber' | 'complement' | 'neighborhood' | 'city' | 'state'>,
) {
  const street = [o.address, o.addressNumber].filter(Boolean).join(', ');
  return [street, o.complement, o.neighborhood, [o.city, o.state].filter(Boolean).join('/')]
    .filter((p) => p && String(p).trim() !== '')
    .join(' · ');
}

/** "2x Pizza (Grande) · Calabresa / Mussarela · + Borda" — the details under an item name. */
export function itemDetails(i: OrderItem): string {
  const parts: string[] = [];
  if (i.variation?.name) parts.push(i.variation.name);
  if (i.colors.length) parts.push(i.colors.map((c) => c.name).join(', '));
  if (i.pizzaFlavors.length) parts.push(i.pizzaFlavors.map((f) => f.name).join(' / '));
  if (i.addons.length)
    parts.push(i.addons.map((a) => `+ ${a.quantity && a.quantity > 1 ? `${a.quantity}x ` : ''}${a.name}`).join(', '));
  return parts.join(' · ');
}
