import { ROUTE_PERMISSIONS } from '@meucardapio/domain/permissions';
import { agentNameInput, autoPrintInput, printerInput } from '@meucardapio/domain/printing';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { staffCtx } from '../../http/guard';
import { idParam, parseBody, parseParams } from '../../http/validate';
import {
  createAgent,
  createPrinter,
  deletePrinter,
  getAutoPrint,
  listAgents,
  listPrinters,
  printingOverview,
  revokeAgent,
  saveAutoPrint,
  updatePrinter,
} from './printers.service';
import { printTestPage, reprintAccountDanfe, reprintOrder, retryJob } from './reprints.service';

/** Configurações → Impressoras (owner), the board's printer strip and reprints (staff working orders). */
export const printingRoutes = new Hono<AppEnv>();

printingRoutes.get('/admin/printing/settings', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const [printers, agents, auto] = await Promise.all([listPrinters(ctx), listAgents(ctx), getAutoPrint(ctx)]);
  return c.json({ printers, agents, auto });
});

printingRoutes.put('/admin/printing/auto', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const body = await parseBody(c, autoPrintInput);
  return c.json({ auto: await saveAutoPrint(ctx, body) });
});

printingRoutes.post('/admin/printers', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const body = await parseBody(c, printerInput);
  return c.json({ printer: await createPrinter(ctx, body) }, 201);
});

printingRoutes.put('/admin/printers/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, printerInput);
  await updatePrinter(ctx, id, body);
  return c.json({ ok: true });
});

printingRoutes.delete('/admin/printers/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const { id } = parseParams(c, idParam);
  await deletePrinter(ctx, id);
  return c.body(null, 204);
});

printingRoutes.post('/admin/printers/:id/test', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const { id } = parseParams(c, idParam);
  return c.json({ job: await printTestPage(ctx, id) }, 201);
});

printingRoutes.post('/admin/print-agents', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const { name } = await parseBody(c, agentNameInput);
  return c.json(await createAgent(ctx, name), 201);
});

printingRoutes.delete('/admin/print-agents/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  const { id } = parseParams(c, idParam);
  await revokeAgent(ctx, id);
  return c.body(null, 204);
});

printingRoutes.get('/admin/printing/status', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.orders);
  return c.json(await printingOverview(ctx));
});

printingRoutes.post('/admin/print-jobs/:id/retry', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.orders);
  const { id } = parseParams(c, idParam);
  return c.json({ job: await retryJob(ctx, id) });
});

printingRoutes.post('/admin/orders/:id/print', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.orders);
  const { id } = parseParams(c, idParam);
  return c.json(await reprintOrder(ctx, id), 201);
});

printingRoutes.post('/admin/table-accounts/:id/print', async (c) => {
  const ctx = staffCtx(c, ...ROUTE_PERMISSIONS.mesas);
  const { id } = parseParams(c, idParam);
  return c.json(await reprintAccountDanfe(ctx, id), 201);
});
