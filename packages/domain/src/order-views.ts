/**
 * Shapes of the order answers the API sends (money in centavos), shared by the server that builds
 * them and the web app that reads them. Types only.
 */

import type { CashChange } from './order-display';
import type { LocalPixView } from './order-pix';

/** A chosen size, colour, flavour or add-on as recorded on an order line. */
export type OrderOptionView = { id?: string; name: string; price?: number; quantity?: number; type?: string };

export type OrderItemView = {
  id: string;
  productId: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  variation: OrderOptionView | null;
  addons: OrderOptionView[];
  colors: OrderOptionView[];
  pizzaFlavors: OrderOptionView[];
  notes: string | null;
};

/** An order as its customer sees it: no staff-only fields, only the payment data that concerns them. */
export type CustomerOrderView = CashChange & {
  id: string;
  number: number;
  restaurantId: string;
  restaurant: { name: string; slug: string; logoUrl: string | null };
  status: string;
  deliveryType: string;
  tableNumber: number | null;
  customerName: string;
  customerPhone: string | null;
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
  installments: number | null;
  /** Still-open hosted checkout of a pending card/pix order, so the customer can pay later. */
  checkoutUrl: string | null;
  /** The PIX QR Code ("copia e cola") of a local PIX order not paid yet, to pay it again later. */
  pix: LocalPixView | null;
  shippingOption: Record<string, unknown> | null;
  note: string | null;
  subtotal: number;
  deliveryFee: number;
  discount: number;
  total: number;
  createdAt: string;
  updatedAt: string;
  items: OrderItemView[];
};
