/**
 * Shapes of the order answers the API sends (money in centavos), shared by the server that builds
 * them and the web app that reads them. Types only.
 */

import type { AddressParts, CashChange } from './order-display';
import type { LocalPixView } from './order-pix';
import type { OrderStatus } from './order-status';

/** The most orders the board asks for at once by their ids, after live events named them (decision 117). */
export const BOARD_NAMED_ORDERS_MAX = 100;

/** How an order reaches its customer; 'pdv' is a counter sale. */
export type OrderDeliveryType = 'delivery' | 'pickup' | 'dine_in' | 'pdv';

/** Where a delivery order goes (all null for pickup, table and counter orders). */
export type OrderAddressView = AddressParts & { cep: string | null };

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
export type CustomerOrderView = CashChange &
  OrderAddressView & {
    id: string;
    number: number;
    restaurantId: string;
    /** `timezone` is the restaurant's: the customer sees the times the restaurant sees, wherever they are. */
    restaurant: { name: string; slug: string; logoUrl: string | null; timezone: string };
    status: string;
    deliveryType: string;
    tableNumber: number | null;
    customerName: string;
    customerPhone: string | null;
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
    /** The order's NFC-e on SEFAZ's portal, once authorised ("Nota fiscal (NFC-e)"); null before or without one. */
    fiscalNoteUrl: string | null;
  };

/** One status change of an order, as the staff board's history shows it. */
export type OrderHistoryEntry = {
  status: string;
  employeeName: string | null;
  notes: string | null;
  createdAt: string;
};

/** A line as staff read it: one cancelled after it was sent (a table's item) stays, struck out, with why and who. */
export type StaffOrderItemView = OrderItemView & {
  cancelled: { reason: string; by: string } | null;
};

/** An order as staff see it on the board, the delivery screen and the receipt. */
export type AdminOrderView = CashChange &
  OrderAddressView & {
    id: string;
    /** Last 8 characters of the id (ARCHITECTURE §6.13). */
    shortId: string;
    number: number;
    status: OrderStatus;
    deliveryType: OrderDeliveryType;
    /** 'Delivery' (local, 4-digit check) or 'Transportadora' (carrier); null when not a delivery order. */
    deliveryKind: 'Delivery' | 'Transportadora' | null;
    customerId: string | null;
    customerName: string;
    customerPhone: string | null;
    customerEmail: string | null;
    tableNumber: number | null;
    /** The round of a table account ("Mesa 12 · rodada 3"); null for any other order. */
    round: number | null;
    /** A tab's round: the comanda's number ("Comanda 7 · rodada 1"); null otherwise. */
    tabNumber: number | null;
    paymentMethod: string | null;
    paymentStatus: string | null;
    paymentStatusCheckedAt: string | null;
    paymentCheckoutVerified: boolean;
    /** Whether the payment went through the card/PIX hosted checkout (so it can be verified). */
    paymentCheckout: boolean;
    /** Set when the provider reported a payment that does not match the order (pt-BR, for staff). */
    paymentWarning: string | null;
    /** A card/PIX order not paid yet: shown apart as 'Aguardando pagamento', not for the kitchen. */
    awaitingPayment: boolean;
    /** Placed from the menu preview by staff: on the board, in no report, stock or dashboard. */
    isTest: boolean;
    /** The ordering app it came from ('ifood', 'keeta', …); null for our own channels ("Próprio"). */
    channel: string | null;
    /** An app's order: its short code there, until when it must be accepted, a cancellation it asks for. */
    marketplace: {
      displayId: string;
      confirmBy: string | null;
      cancellationRequested: { code: string; reason: string } | null;
      /** The latest call the app never received (failed for good), as staff read it. */
      failedCall: { text: string; at: string } | null;
      /**
       * A scheduled order: the delivery window, when its preparation starts, and whether it is still
       * waiting out of the kitchen (accepted before then).
       */
      schedule: { start: string | null; end: string | null; preparationStart: string; held: boolean } | null;
    } | null;
    /** Placed to be paid by the restaurant's own PIX QR Code: staff confirm its payment on the board. */
    localPix: boolean;
    /** Who confirmed a local PIX payment, and when. */
    pixConfirmation: { name: string; at: string } | null;
    installments: number | null;
    note: string | null;
    subtotal: number;
    deliveryFee: number;
    /** A mixed cart's delivery fee in its two parts: the neighbourhood fee and the carrier's freight (null if none). */
    fees: { localFee: number; freight: number | null };
    discount: number;
    total: number;
    deliveryEmployee: { id: string; name: string } | null;
    createdAt: string;
    updatedAt: string;
    items: StaffOrderItemView[];
    history: OrderHistoryEntry[];
  };

/** GET /api/admin/orders/:id/receipt: the order and the header the 80 mm receipt prints. */
export type OrderReceiptView = {
  restaurant: {
    name: string;
    cnpj: string | null;
    whatsapp: string | null;
    nomeRazaoSocial: string | null;
    timezone: string;
    /** The street address printed under the name, null until the owner fills it in. */
    address: string | null;
  };
  order: AdminOrderView;
};

/**
 * Someone who can take orders out for delivery: an employee with the Entregador profile (signs in, sees
 * their own deliveries) or a courier without a login (a freelance motoboy: name and phone only).
 */
export type DeliveryPersonView =
  | { kind: 'employee'; id: string; name: string; email: string }
  | { kind: 'courier'; id: string; name: string; phone: string };
