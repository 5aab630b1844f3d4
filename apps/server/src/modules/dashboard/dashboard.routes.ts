import { reportDateQuery } from '@meucardapio/domain/cashier-api';
import { isCashierOnly } from '@meucardapio/domain/permissions';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { forbidden } from '../../http/errors';
import { staffCtx } from '../../http/guard';
import { parseQuery } from '../../http/validate';
import { dashboard } from './dashboard.service';

export const dashboardRoutes = new Hono<AppEnv>();

/**
 * The owner's dashboard (GET /api/admin/dashboard?date=YYYY-MM-DD): view_reports, and not a cashier-only
 * user, who closes the drawer blind and so must not see the day's takings by payment method.
 */
dashboardRoutes.get('/admin/dashboard', async (c) => {
  const ctx = staffCtx(c, 'view_reports');
  if (isCashierOnly(ctx.actor.rules)) throw forbidden();
  const { date } = parseQuery(c, reportDateQuery);
  return c.json(await dashboard(ctx, date));
});
