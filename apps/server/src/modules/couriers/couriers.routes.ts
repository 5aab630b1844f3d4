import { courierInputSchema } from '@meucardapio/domain/couriers';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { staffCtx } from '../../http/guard';
import { idParam, parseBody, parseParams } from '../../http/validate';
import { createCourier, listCouriers, retireCourier } from './couriers.service';

/** Delivery people without a login: kept by whoever manages the staff. */
export const couriersRoutes = new Hono<AppEnv>();

couriersRoutes.get('/admin/couriers', async (c) => {
  const ctx = staffCtx(c, 'manage_employees');
  return c.json({ couriers: await listCouriers(ctx) });
});

couriersRoutes.post('/admin/couriers', async (c) => {
  const ctx = staffCtx(c, 'manage_employees');
  const body = await parseBody(c, courierInputSchema);
  return c.json({ courier: await createCourier(ctx, body) }, 201);
});

couriersRoutes.delete('/admin/couriers/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_employees');
  const { id } = parseParams(c, idParam);
  await retireCourier(ctx, id);
  return c.json({ ok: true });
});
