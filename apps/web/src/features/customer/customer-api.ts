import type { CustomerOrderView, OrderItemView } from '@meucardapio/domain/order-views';
import { unitPrice } from '@meucardapio/domain/pricing';
import { api } from '@/lib/api';

/** GET /api/customer/orders (money in centavos). */
export type CustomerOrder = CustomerOrderView;
export type CustomerOrderItem = OrderItemView;

export type CustomerProfile = {
  id: string;
  name: string;
  email: string;
  phone: string;
  cep: string | null;
  address: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  birthDay: number | null;
  birthMonth: number | null;
};

export type Address = {
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

export type AddressInput = Omit<Address, 'id'>;

export const customerKeys = {
  orders: ['customer', 'orders'] as const,
  profile: ['customer', 'profile'] as const,
  addresses: ['customer', 'addresses'] as const,
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
  api.post<{ status: string; order: CustomerOrder }>(`/api/customer/orders/${id}/verify-payment`);

// ---------------------------------------------------------------------------------------------
// 'Repetir Pedido': the order's items go back into that restaurant's cart, priced from today's menu.

type MenuOption = { id: string; name: string; priceModifier: number };
type MenuProduct = {
  id: string;
  name: string;
  price: number;
  imageUrl: string | null;
  isPizza: boolean;
  allowsMultipleFlavors: boolean;
  variations: MenuOption[];
  addons: { id: string; name: string; price: number; type?: string }[];
  colors: MenuOption[];
  controleEstoque: boolean;
  estoque: number;
  envioCorreios: boolean;
};

/** The storefront's cart key and stored shape (`{ v: 1, items }`), which the menu page reads back. */
const cartKey = (slug: string) => `mc-cart:${slug}`;

function randomId() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Rebuilds the order's lines from the current menu (current prices, only products still on sale) and
 * appends them to the stored cart. Returns how many lines were added.
 */
export async function repeatOrder(order: CustomerOrder): Promise<number> {
  const slug = order.restaurant.slug;
  const menu = await api.get<{ products: MenuProduct[] }>(`/api/public/restaurants/${encodeURIComponent(slug)}/menu`);
  const byId = new Map(menu.products.map((p) => [p.id, p]));
  const lines: Record<string, unknown>[] = [];
  for (const item of order.items) {
    const product = item.productId ? byId.get(item.productId) : undefined;
    if (!product) continue;
    const variation = item.variation?.id ? (product.variations.find((v) => v.id === item.variation?.id) ?? null) : null;
    const colors = product.colors.filter((c) => item.colors.some((x) => x.id === c.id));
    const addons = product.addons.filter((a) => item.addons.some((x) => x.id === a.id));
    const flavors = item.pizzaFlavors
      .map((f) => (f.id ? byId.get(f.id) : undefined))
      .filter((f): f is MenuProduct => !!f)
      .map((f) => ({ id: f.id, name: f.name, price: f.price }));
    const multi = product.isPizza && product.allowsMultipleFlavors;
    if (multi && flavors.length === 0) continue;
    if (product.variations.length > 0 && !variation) continue;
    const price = unitPrice({
      basePrice: product.price,
      flavorPrices: multi ? flavors.map((f) => f.price) : [],
      variation,
      colors,
      addons,
    });
    lines.push({
      id: randomId(),
      productId: product.id,
      name: product.name,
      price,
      quantity: item.quantity,
      total: price * item.quantity,
      variation,
      colors,
      addons,
      pizzaFlavors: multi ? flavors : [],
      notes: item.notes,
      estoque: product.estoque,
      controleEstoque: product.controleEstoque,
      envioCorreios: product.envioCorreios,
      imageUrl: product.imageUrl,
    });
  }
  if (lines.length === 0) return 0;
  let current: unknown[] = [];
  try {
    const raw = JSON.parse(window.localStorage.getItem(cartKey(slug)) ?? 'null') as unknown;
    if (Array.isArray(raw)) current = raw;
    else if (raw && typeof raw === 'object' && Array.isArray((raw as { items?: unknown }).items))
      current = (raw as { items: unknown[] }).items;
  } catch {
    current = [];
  }
  window.localStorage.setItem(cartKey(slug), JSON.stringify({ v: 1, items: [...current, ...lines] }));
  return lines.length;
}
