import type { CancellationCode, MarketplaceAction } from '@meucardapio/domain/marketplace';
import { appHttp, tokenRefused } from './http';
import {
  type ActionBody,
  type ConnectionAccess,
  type MarketplaceClient,
  MarketplaceError,
  type OdOrder,
  type PolledEvent,
} from './marketplace';

/**
 * The iFood Merchant API client (authentication, events and order modules of iFood's developer
 * documentation). iFood is not an open standard: its orders are mapped into Open Delivery's shape so
 * the rest of the product reads one kind of order. The hosts come from IFOOD_API_URL (tests and
 * staging point it at a fake).
 */

const TIMEOUT_MS = 10_000;
const ACK_BATCH = 2000;
/** iFood's limit of merchants named in one polling request. */
const IFOOD_MERCHANTS_PER_POLL = 100;

/** Open Delivery's reason codes as iFood's cancellation codes. */
const IFOOD_CANCEL_CODE: Record<CancellationCode, string> = {
  SYSTEMIC_ISSUES: '501',
  DUPLICATE_APPLICATION: '502',
  UNAVAILABLE_ITEM: '503',
  RESTAURANT_WITHOUT_DELIVERY_PERSON: '504',
  OUTDATED_MENU: '505',
  ORDER_OUTSIDE_THE_DELIVERY_AREA: '506',
  BLOCKED_CUSTOMER: '507',
  OUTSIDE_DELIVERY_HOURS: '508',
  INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT: '509',
  RISK_AREA: '511',
  OTHER_CANCELLATION_REASON: '509',
};

const ENDPOINT: Record<MarketplaceAction, string> = {
  confirm: 'confirm',
  startPreparation: 'startPreparation',
  readyForPickup: 'readyToPickup',
  dispatch: 'dispatch',
  delivered: '',
  requestCancellation: 'requestCancellation',
  acceptCancellation: 'acceptCancellation',
  denyCancellation: 'denyCancellation',
};

type IfoodMoney = number;
type IfoodOrder = {
  id: string;
  displayId: string;
  orderType: 'DELIVERY' | 'TAKEOUT' | 'INDOOR' | 'DINE_IN';
  orderTiming: 'IMMEDIATE' | 'SCHEDULED';
  salesChannel?: string;
  createdAt: string;
  preparationStartDateTime: string;
  merchant: { id: string; name: string };
  customer?: {
    id: string;
    name: string;
    phone?: { number: string; localizer?: string };
    ordersCountOnMerchant?: number;
  };
  items: {
    id: string;
    name: string;
    externalCode?: string;
    unit?: string;
    quantity: number;
    unitPrice: IfoodMoney;
    optionsPrice?: IfoodMoney;
    totalPrice: IfoodMoney;
    observations?: string;
    options?: {
      id: string;
      name: string;
      externalCode?: string;
      unit?: string;
      quantity: number;
      unitPrice: IfoodMoney;
      price: IfoodMoney;
    }[];
  }[];
  total: {
    subTotal: IfoodMoney;
    deliveryFee: IfoodMoney;
    benefits: IfoodMoney;
    orderAmount: IfoodMoney;
    additionalFees?: IfoodMoney;
  };
  payments: {
    prepaid: IfoodMoney;
    pending: IfoodMoney;
    methods: {
      value: IfoodMoney;
      currency?: string;
      method: string;
      type: 'ONLINE' | 'OFFLINE';
      cash?: { changeFor?: IfoodMoney };
    }[];
  };
  delivery?: {
    deliveredBy: 'IFOOD' | 'MERCHANT';
    deliveryDateTime: string;
    deliveryAddress: {
      streetName: string;
      streetNumber: string;
      formattedAddress: string;
      neighborhood: string;
      complement?: string;
      reference?: string;
      postalCode: string;
      city: string;
      state: string;
      country: string;
      coordinates?: { latitude: number; longitude: number };
    };
  };
  schedule?: { deliveryDateTimeStart: string; deliveryDateTimeEnd: string };
  extraInfo?: string;
};

const brl = (value: number) => ({ value, currency: 'BRL' });

/** An iFood order in Open Delivery's shape. */
export function ifoodToOpenDelivery(o: IfoodOrder): OdOrder {
  const address = o.delivery?.deliveryAddress;
  return {
    id: o.id,
    type: o.orderType === 'DELIVERY' ? 'DELIVERY' : o.orderType === 'TAKEOUT' ? 'TAKEOUT' : 'INDOOR',
    displayId: o.displayId,
    salesChannel: 'IFOOD',
    createdAt: o.createdAt,
    orderTiming: o.orderTiming === 'SCHEDULED' ? 'SCHEDULED' : 'INSTANT',
    preparationStartDateTime: o.preparationStartDateTime,
    merchant: o.merchant,
    items: o.items.map((i) => ({
      id: i.id,
      name: i.name,
      externalCode: i.externalCode ?? '',
      unit: i.unit ?? 'UN',
      quantity: i.quantity,
      specialInstructions: i.observations,
      unitPrice: brl(i.unitPrice),
      optionsPrice: brl(i.optionsPrice ?? 0),
      totalPrice: brl(i.totalPrice),
      options: (i.options ?? []).map((x) => ({
        id: x.id,
        name: x.name,
        externalCode: x.externalCode ?? '',
        unit: x.unit ?? 'UN',
        quantity: x.quantity,
        unitPrice: brl(x.unitPrice),
        totalPrice: brl(x.price),
      })),
    })),
    otherFees: o.total.deliveryFee
      ? [{ name: 'Taxa de entrega', type: 'DELIVERY_FEE', receivedBy: 'MERCHANT', price: brl(o.total.deliveryFee) }]
      : [],
    total: {
      itemsPrice: brl(o.total.subTotal),
      otherFees: brl(o.total.deliveryFee + (o.total.additionalFees ?? 0)),
      discount: brl(o.total.benefits),
      orderAmount: brl(o.total.orderAmount),
    },
    payments: {
      prepaid: o.payments.prepaid,
      pending: o.payments.pending,
      methods: o.payments.methods.map((m) => ({
        value: m.value,
        currency: m.currency ?? 'BRL',
        type: m.type === 'ONLINE' ? 'PREPAID' : 'PENDING',
        method: m.method,
        changeFor: m.cash?.changeFor,
      })),
    },
    customer: o.customer
      ? {
          id: o.customer.id,
          name: o.customer.name,
          phone: {
            number: o.customer.phone?.localizer
              ? `${o.customer.phone.number} (código ${o.customer.phone.localizer})`
              : (o.customer.phone?.number ?? ''),
          },
          ordersCountOnMerchant: o.customer.ordersCountOnMerchant ?? 0,
        }
      : undefined,
    schedule: o.schedule
      ? {
          scheduledDateTimeStart: o.schedule.deliveryDateTimeStart,
          scheduledDateTimeEnd: o.schedule.deliveryDateTimeEnd,
        }
      : undefined,
    delivery:
      o.delivery && address
        ? {
            deliveredBy: o.delivery.deliveredBy === 'MERCHANT' ? 'MERCHANT' : 'MARKETPLACE',
            deliveryAddress: {
              country: address.country,
              state: address.state,
              city: address.city,
              district: address.neighborhood,
              street: address.streetName,
              number: address.streetNumber,
              complement: address.complement,
              reference: address.reference,
              formattedAddress: address.formattedAddress,
              postalCode: address.postalCode,
              coordinates: address.coordinates ?? { latitude: 0, longitude: 0 },
            },
            estimatedDeliveryDateTime: o.delivery.deliveryDateTime,
          }
        : undefined,
    extraInfo: o.extraInfo,
  };
}

export function ifoodClient(options: { baseUrl: string; timeoutMs?: number }): MarketplaceClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const { authorized, ensure, token } = appHttp({
    timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    who: 'o iFood',
    url: (_c, path) => `${base}${path}`,
    // One token per set of credentials: a group of merchants shares it.
    cacheKey: (c) => c.clientId ?? '',
    async grant(c, call) {
      if (!c.clientId || !c.clientSecret) throw new MarketplaceError('Conexão iFood sem client id e client secret.');
      const res = await call(`${base}/authentication/v1.0/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grantType: 'client_credentials',
          clientId: c.clientId,
          clientSecret: c.clientSecret,
        }).toString(),
      });
      const refused = tokenRefused(res, 'o iFood');
      if (refused) throw refused;
      const body = (await res.json()) as { accessToken: string; expiresIn?: number };
      return { value: body.accessToken, expiresInSeconds: body.expiresIn ?? 3600 };
    },
  });
  // One request for up to 100 merchants of one credential: iFood's own way to poll a group of stores.
  async function pollMerchants(cs: readonly ConnectionAccess[]): Promise<PolledEvent[]> {
    if (cs.length === 0) return [];
    if (cs.length > IFOOD_MERCHANTS_PER_POLL)
      throw new MarketplaceError(`O iFood aceita até ${IFOOD_MERCHANTS_PER_POLL} lojas por consulta.`);
    const res = await authorized(cs[0], '/events/v1.0/events:polling', {
      method: 'GET',
      headers: { 'x-polling-merchants': cs.map((c) => c.merchantId).join(',') },
    });
    if (res.status === 204) return [];
    await ensure(res, [200], 'Busca de eventos');
    const list = (await res.json()) as {
      id: string;
      code: string;
      orderId: string;
      merchantId?: string;
      createdAt: string;
    }[];
    return list.map(
      (e): PolledEvent => ({
        id: e.id,
        type: e.code,
        orderId: e.orderId,
        createdAt: e.createdAt,
        merchantId: e.merchantId,
        raw: e,
      }),
    );
  }

  return {
    poll: (c) => pollMerchants([c]),
    group: { max: IFOOD_MERCHANTS_PER_POLL, poll: pollMerchants },
    async acknowledge(c, events) {
      for (let i = 0; i < events.length; i += ACK_BATCH) {
        const res = await authorized(c, '/events/v1.0/events/acknowledgment', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(events.slice(i, i + ACK_BATCH).map((e) => ({ id: e.id }))),
        });
        await ensure(res, [200, 202, 204], 'Confirmação de eventos');
      }
    },
    async order(c, orderId) {
      const res = await authorized(c, `/order/v1.0/orders/${encodeURIComponent(orderId)}`, { method: 'GET' });
      await ensure(res, [200], 'Detalhes do pedido');
      return ifoodToOpenDelivery((await res.json()) as IfoodOrder);
    },
    async act(c, orderId, action, body: ActionBody) {
      const endpoint = ENDPOINT[action];
      if (!endpoint) return;
      const payload =
        action === 'requestCancellation'
          ? {
              reason: body.reason?.text ?? 'Cancelado pelo restaurante',
              cancellationCode:
                IFOOD_CANCEL_CODE[
                  (body.reason?.code as CancellationCode) ?? 'INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT'
                ] ?? '509',
            }
          : null;
      const res = await authorized(c, `/order/v1.0/orders/${encodeURIComponent(orderId)}/${endpoint}`, {
        method: 'POST',
        ...(payload ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) } : {}),
      });
      await ensure(res, [200, 202, 204], 'Atualização do pedido');
    },
    async check(c) {
      await token(c, true);
    },
  };
}
