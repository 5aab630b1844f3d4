import type { CancellationCode } from '@meucardapio/domain/marketplace';
import type { OrderFilter, OrderStatus } from '@meucardapio/domain/order-status';
import {
  type AdminOrderView,
  BOARD_NAMED_ORDERS_MAX,
  type DeliveryPersonView,
  type OrderItemView,
  type OrderReceiptView,
} from '@meucardapio/domain/order-views';
import { api } from '@/lib/api';

export type OrderItem = OrderItemView;
export type AdminOrder = AdminOrderView;
export type DeliveryPerson = DeliveryPersonView;
export type Receipt = OrderReceiptView;

export const ordersKeys = {
  all: ['admin-orders'] as const,
  list: (filter: OrderFilter) => ['admin-orders', filter] as const,
  deliveryPeople: ['admin-delivery-people'] as const,
};

/**
 * The board shows the newest orders: what is happening now sits on top, and a month of history (hundreds of
 * cards, re-rendered on every event) would only slow a counter tablet down. Older orders live in reports.
 */
export const BOARD_ORDERS = 60;

export const fetchOrders = (filter: OrderFilter) =>
  api
    .get<{ orders: AdminOrder[] }>('/api/admin/orders', {
      query: { status: filter === 'all' ? undefined : filter, limit: BOARD_ORDERS },
    })
    .then((r) => r.orders);

/** Of the orders `ids`, those the list under `filter` shows now, as it shows them. */
export const fetchNamedOrders = (filter: OrderFilter, ids: readonly string[]) =>
  api
    .get<{ orders: AdminOrder[] }>('/api/admin/orders', {
      query: { status: filter === 'all' ? undefined : filter, limit: BOARD_NAMED_ORDERS_MAX, ids: ids.join(',') },
    })
    .then((r) => r.orders);

export const fetchDeliveryPeople = () =>
  api.get<{ deliveryPeople: DeliveryPerson[] }>('/api/admin/delivery-people').then((r) => r.deliveryPeople);

export const updateStatus = (
  id: string,
  body: {
    status: OrderStatus;
    deliveryEmployeeId?: string;
    courierId?: string;
    phoneDigits?: string;
    cancelReason?: CancellationCode;
  },
) => api.patch<{ order: AdminOrder }>(`/api/admin/orders/${id}/status`, body).then((r) => r.order);

/** Staff saw the PIX QR Code payment in the bank app: the order is paid and goes to the kitchen. */
export const confirmPix = (id: string, body: { receivedAmount: number | null; endToEndId: string | null }) =>
  api.post<{ order: AdminOrder }>(`/api/admin/orders/${id}/confirm-pix`, body).then((r) => r.order);

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
