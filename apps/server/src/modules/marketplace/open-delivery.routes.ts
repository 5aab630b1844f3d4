import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { errorBody } from '../../http/error-handler';
import { restaurantOfMenuKey } from './connections.service';
import { merchantMenu } from './merchant-menu.service';
import { receivePushedEvent, signedConnection } from './webhook.service';

/**
 * What we host for Open Delivery apps, outside /api (the standard's paths): the `newEvent` webhook
 * (also under the other names the standard uses for it) and our menu (`GET /v1/merchant`, behind the
 * API key the restaurant generates in Integrações).
 */
export const openDeliveryRoutes = new Hono<AppEnv>();

const MAX_EVENT_BYTES = 64 * 1024;

const pushedEvent = z
  .object({
    eventId: z.string().min(1).max(100),
    eventType: z.string().min(1).max(60),
    orderId: z.string().min(1).max(100),
    createdAt: z.string().min(1).max(40),
  })
  .passthrough();

const problem = (title: string, status: number) => ({ title, status });
const MISSING_LOCATION =
  'Localização do restaurante não informada: o restaurante deve preenchê-la em Configurações → Informações Gerais.';

for (const path of ['/v1/newEvent', '/v1/orderUpdate', '/newEvent', '/orderUpdate']) {
  openDeliveryRoutes.post(path, async (c) => {
    const raw = await c.req.text();
    if (raw.length > MAX_EVENT_BYTES) return c.json(problem('Evento grande demais', 413), 413);
    const deps = c.get('deps');
    const connection = await signedConnection(
      deps,
      c.req.header('x-app-merchantid') ?? '',
      raw,
      c.req.header('x-app-signature') ?? '',
    );
    if (!connection) return c.json(problem('Assinatura inválida', 403), 403);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return c.json(errorBody('invalid_json', 'Dados inválidos', 'O corpo não é um JSON válido.'), 400);
    }
    const event = pushedEvent.safeParse(parsed);
    if (!event.success)
      return c.json(
        errorBody('invalid_event', 'Dados inválidos', 'Evento sem eventId, eventType, orderId ou createdAt.'),
        400,
      );
    try {
      await receivePushedEvent(deps, connection, event.data);
    } catch (err) {
      // The app sends it again (or the poll brings it): nothing was stored.
      c.get('log').warn({ err, connectionId: connection.id }, 'pushed marketplace event not stored');
      return c.json(problem('Evento não processado, tente novamente', 503), 503);
    }
    return c.body(null, 204);
  });
}

openDeliveryRoutes.get('/v1/merchant', async (c) => {
  const key = c.req.header('x-api-key') ?? '';
  const deps = c.get('deps');
  const restaurantId = key ? await restaurantOfMenuKey(deps.database.db, key) : null;
  if (!restaurantId) return c.json(problem('Chave de API inválida', 403), 403);
  const merchant = await merchantMenu(deps.database.db, restaurantId, deps.config.publicUrl);
  // The standard's answer for a merchant not available now: the owner completes it in Configurações.
  if (!merchant) return c.json(problem(MISSING_LOCATION, 503), 503);
  return c.json(merchant);
});
