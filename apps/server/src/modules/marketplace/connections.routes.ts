import { connectionInputSchema } from '@meucardapio/domain/marketplace';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { staffCtx } from '../../http/guard';
import { idParam, parseBody, parseParams } from '../../http/validate';
import {
  deleteConnection,
  generateMenuKey,
  integrationsOverview,
  saveConnection,
  simulateCallFailure,
  simulateOrder,
  simulatorCalls,
  testConnection,
  unhealthyConnections,
} from './connections.service';

/** Configurações → Integrações, and the board's warning about a connection that stopped working. */
export const connectionsRoutes = new Hono<AppEnv>();

connectionsRoutes.get('/admin/integrations', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  return c.json(await integrationsOverview(ctx));
});

connectionsRoutes.put('/admin/integrations', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const body = await parseBody(c, connectionInputSchema);
  return c.json({ connection: await saveConnection(ctx, body) });
});

connectionsRoutes.delete('/admin/integrations/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const { id } = parseParams(c, idParam);
  await deleteConnection(ctx, id);
  return c.json({ ok: true });
});

connectionsRoutes.post('/admin/integrations/:id/test', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const { id } = parseParams(c, idParam);
  return c.json(await testConnection(ctx, id));
});

const simulateBody = z.object({
  app: z.enum(['ifood', 'keeta'], { message: 'Aplicativo inválido' }).optional(),
  scheduled: z.boolean({ message: 'Agendado: use verdadeiro ou falso' }).optional(),
});

connectionsRoutes.post('/admin/integrations/:id/simulate', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, simulateBody);
  return c.json(await simulateOrder(ctx, id, body), 201);
});

connectionsRoutes.post('/admin/integrations/:id/refuse-next-call', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const { id } = parseParams(c, idParam);
  await simulateCallFailure(ctx, id);
  return c.json({ ok: true });
});

connectionsRoutes.get('/admin/integrations/:id/calls', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const { id } = parseParams(c, idParam);
  return c.json({ calls: await simulatorCalls(ctx, id) });
});

connectionsRoutes.post('/admin/integrations/menu-key', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  return c.json(await generateMenuKey(ctx), 201);
});

connectionsRoutes.get('/admin/integrations/health', async (c) => {
  const ctx = staffCtx(c, 'manage_orders');
  return c.json({ failing: await unhealthyConnections(ctx) });
});
