import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { staffCtx } from '../../http/guard';
import { idParam, parseParams, parseQuery } from '../../http/validate';
import { customerOrders, listCustomers } from './admin-customers.service';
import { listPrivacyRequests } from './privacy.service';

/** The staff "Clientes" screen (manage_users). */
export const adminCustomersRoutes = new Hono<AppEnv>();

adminCustomersRoutes.get('/admin/customers', async (c) => {
  const ctx = staffCtx(c, 'manage_users');
  const { q } = parseQuery(c, z.object({ q: z.string().max(100).optional() }));
  return c.json({ customers: await listCustomers(ctx, q) });
});

adminCustomersRoutes.get('/admin/customers/:id/orders', async (c) => {
  const ctx = staffCtx(c, 'manage_users');
  const { id } = parseParams(c, idParam);
  return c.json(await customerOrders(ctx, id));
});

/** What customers asked under the LGPD, each with its 15-day deadline (art. 19). */
adminCustomersRoutes.get('/admin/privacy-requests', async (c) => {
  const ctx = staffCtx(c, 'manage_users');
  return c.json({ requests: await listPrivacyRequests(ctx) });
});
