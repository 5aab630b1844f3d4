import type { MarketplaceAction } from '@meucardapio/domain/marketplace';

/**
 * Ordering apps (iFood, Open Delivery apps, the offline simulator) behind one interface. Orders travel
 * in Open Delivery's shape whatever the app speaks: the standard is the lingua franca, and the iFood
 * client maps its own orders into it.
 */

/** What a client needs of a connection (credentials already opened). */
export type ConnectionAccess = {
  id: string;
  kind: 'simulator' | 'open_delivery' | 'ifood';
  app: string;
  merchantId: string;
  baseUrl: string | null;
  tokenUrl: string | null;
  clientId: string | null;
  clientSecret: string | null;
};

/** One event as the app delivers it. */
export type PolledEvent = {
  id: string;
  /** The app's own type (Open Delivery's or iFood's code): normalizeEventType reads both. */
  type: string;
  orderId: string;
  createdAt: string;
  /** The merchant it belongs to, when one poll carries several (iFood). */
  merchantId?: string;
  raw: Record<string, unknown>;
};

export type Price = { value: number; currency: string };

/** The part of an Open Delivery `Order` the board reads. */
export type OdOrder = {
  id: string;
  type: 'DELIVERY' | 'TAKEOUT' | 'INDOOR';
  displayId: string;
  salesChannel?: string;
  createdAt: string;
  lastEvent?: string;
  orderTiming: 'INSTANT' | 'SCHEDULED';
  preparationStartDateTime: string;
  merchant: { id: string; name: string };
  items: {
    id: string;
    name: string;
    externalCode: string;
    unit: string;
    quantity: number;
    specialInstructions?: string;
    unitPrice: Price;
    optionsPrice?: Price;
    totalPrice: Price;
    options?: {
      id: string;
      name: string;
      externalCode: string;
      unit: string;
      quantity: number;
      unitPrice: Price;
      totalPrice: Price;
    }[];
  }[];
  otherFees?: { name: string; type: string; receivedBy: string; price: Price }[];
  discounts?: { amount: Price; target: string; sponsorshipValues: { name: string; amount: Price }[] }[];
  total: { itemsPrice: Price; otherFees: Price; discount: Price; orderAmount: Price };
  payments: {
    prepaid: number;
    pending: number;
    methods: { value: number; currency: string; type: 'PREPAID' | 'PENDING'; method: string; changeFor?: number }[];
  };
  customer?: {
    id: string;
    name: string;
    phone: { number: string };
    documentNumber?: string;
    ordersCountOnMerchant: number;
  };
  schedule?: { scheduledDateTimeStart: string; scheduledDateTimeEnd: string };
  delivery?: {
    deliveredBy: 'MERCHANT' | 'MARKETPLACE';
    deliveryAddress: {
      country: string;
      state: string;
      city: string;
      district: string;
      street: string;
      number: string;
      complement?: string;
      reference?: string;
      formattedAddress: string;
      postalCode: string;
      coordinates: { latitude: number; longitude: number };
    };
    estimatedDeliveryDateTime: string;
  };
  takeout?: { mode: string; takeoutDateTime: string };
  extraInfo?: string;
};

/** A call the app refused or that did not arrive; `sent` says whether it may have reached the app (a timeout). */
export class MarketplaceError extends Error {
  constructor(
    message: string,
    readonly options: { status?: number; mayHaveArrived?: boolean } = {},
  ) {
    super(message);
  }
}

export type ActionBody = {
  /** Our order number, sent as the confirmation's `orderExternalCode`. */
  orderNumber: number;
  reason?: { code: string; text: string };
};

export interface MarketplaceClient {
  /** New events for the connection's merchant (unacknowledged ones come again). */
  poll(c: ConnectionAccess): Promise<PolledEvent[]>;
  /**
   * Apps that poll many merchants of one credential in one request (iFood): at most `max` connections
   * sharing a credential a call; each event names its merchant.
   */
  group?: { max: number; poll(cs: readonly ConnectionAccess[]): Promise<PolledEvent[]> };
  /** Tells the app these events are stored; they are not delivered again. */
  acknowledge(c: ConnectionAccess, events: readonly PolledEvent[]): Promise<void>;
  order(c: ConnectionAccess, orderId: string): Promise<OdOrder>;
  act(c: ConnectionAccess, orderId: string, action: MarketplaceAction, body: ActionBody): Promise<void>;
  /** "Testar conexão": credentials accepted and the app answers. */
  check(c: ConnectionAccess): Promise<void>;
  /** Tells the app our menu changed so it reads `GET /v1/merchant` again (Open Delivery's `menuUpdated`). */
  menuUpdated?(c: ConnectionAccess): Promise<void>;
}
