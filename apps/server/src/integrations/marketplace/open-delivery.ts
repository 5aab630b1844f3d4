import type { MarketplaceAction } from '@meucardapio/domain/marketplace';
import { appHttp, tokenRefused } from './http';
import {
  type ActionBody,
  type MarketplaceClient,
  MarketplaceError,
  type OdOrder,
  type PolledEvent,
} from './marketplace';

/**
 * The Open Delivery client (the software-service side of Abrasel's standard, v1): OAuth2 client
 * credentials, events polling and acknowledgment, order details and the order actions. Field names
 * and status codes follow the vendored OpenAPI description; see open-delivery-notes in the reference.
 */

const TIMEOUT_MS = 10_000;
/** The standard's limit per acknowledgment call. */
const ACK_BATCH = 100;

/** Our actions as the standard's endpoints; `startPreparation` has none (confirming starts it). */
const ENDPOINT: Partial<Record<MarketplaceAction, string>> = {
  confirm: 'confirm',
  readyForPickup: 'readyForPickup',
  dispatch: 'dispatch',
  delivered: 'delivered',
  requestCancellation: 'requestCancellation',
  acceptCancellation: 'acceptCancellation',
  denyCancellation: 'denyCancellation',
};

export function openDeliveryClient(options: { timeoutMs?: number } = {}): MarketplaceClient {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const { authorized, ensure, token } = appHttp({
    timeoutMs,
    who: 'o aplicativo',
    url: (c, path) => {
      if (!c.baseUrl) throw new MarketplaceError('Conexão sem URL base do aplicativo.');
      return `${c.baseUrl.replace(/\/+$/, '')}${path}`;
    },
    // The standard gives each merchant its own credentials.
    cacheKey: (c) => `${c.id}:${c.clientId}`,
    async grant(c, call) {
      if (!c.tokenUrl || !c.clientId || !c.clientSecret)
        throw new MarketplaceError('Conexão sem credenciais (client id, client secret e URL do token).');
      // Form-urlencoded with the credentials in the body, as the standard's /oauth/token asks.
      const res = await call(c.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: c.clientId,
          client_secret: c.clientSecret,
        }).toString(),
      });
      const refused = tokenRefused(res, 'o aplicativo');
      if (refused) throw refused;
      // snake_case in the schema, camelCase in the prose: both are read.
      const body = (await res.json()) as {
        access_token?: string;
        accessToken?: string;
        expires_in?: number;
        expiresIn?: number;
      };
      const value = body.access_token ?? body.accessToken;
      if (!value) throw new MarketplaceError('O aplicativo não devolveu um token de acesso.');
      return { value, expiresInSeconds: body.expires_in ?? body.expiresIn ?? 3600 };
    },
  });

  return {
    async poll(c) {
      // No eventType filter: filtering acknowledges the other types silently.
      const res = await authorized(c, '/v1/events:polling', {
        method: 'GET',
        headers: { 'x-polling-merchants': c.merchantId },
      });
      if (res.status === 204) return [];
      await ensure(res, [200], 'Busca de eventos');
      const list = (await res.json()) as { eventId: string; eventType: string; orderId: string; createdAt: string }[];
      return list.map(
        (e): PolledEvent => ({ id: e.eventId, type: e.eventType, orderId: e.orderId, createdAt: e.createdAt, raw: e }),
      );
    },

    async acknowledge(c, events) {
      for (let i = 0; i < events.length; i += ACK_BATCH) {
        const body = events.slice(i, i + ACK_BATCH).map((e) => ({ id: e.id, orderId: e.orderId, eventType: e.type }));
        const res = await authorized(c, '/v1/events/acknowledgment', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        await ensure(res, [200, 202, 204], 'Confirmação de eventos');
      }
    },

    async order(c, orderId) {
      const res = await authorized(c, `/v1/orders/${encodeURIComponent(orderId)}`, { method: 'GET' });
      await ensure(res, [200], 'Detalhes do pedido');
      return (await res.json()) as OdOrder;
    },

    async act(c, orderId, action, body: ActionBody) {
      const endpoint = ENDPOINT[action];
      if (!endpoint) return;
      const payload = actionPayload(action, body);
      const res = await authorized(c, `/v1/orders/${encodeURIComponent(orderId)}/${endpoint}`, {
        method: 'POST',
        ...(payload ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) } : {}),
      });
      await ensure(res, [200, 202, 204], 'Atualização do pedido');
    },

    async menuUpdated(c) {
      // An empty update asks the app to read the whole merchant again.
      const res = await authorized(c, '/v1/merchantUpdate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      await ensure(res, [200, 202, 204], 'Aviso de cardápio atualizado');
    },

    async check(c) {
      await token(c, true);
      const res = await authorized(c, `/v1/merchantStatus?merchantId=${encodeURIComponent(c.merchantId)}`, {
        method: 'GET',
      });
      // Apps that do not host merchantStatus still prove the token works by answering 404.
      await ensure(res, [200, 404], 'Teste de conexão');
    },
  };
}

function actionPayload(action: MarketplaceAction, body: ActionBody): Record<string, unknown> | null {
  switch (action) {
    case 'confirm':
      return { createdAt: new Date().toISOString(), orderExternalCode: String(body.orderNumber) };
    case 'requestCancellation':
      return { reason: body.reason?.text ?? 'Cancelado pelo restaurante', code: body.reason?.code, mode: 'MANUAL' };
    case 'denyCancellation':
      return { reason: body.reason?.text ?? 'Pedido já preparado', code: body.reason?.code ?? 'DISH_ALREADY_DONE' };
    case 'dispatch':
      return {};
    default:
      return null;
  }
}
