import { couponInputSchema } from '@meucardapio/domain/coupon-admin';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { staffCtx } from '../../http/guard';
import { idParam, parseBody, parseParams } from '../../http/validate';
import { createCoupon, deleteCoupon, listCoupons, setCouponActive, updateCoupon } from './coupons.service';

export const couponsRoutes = new Hono<AppEnv>();

couponsRoutes.get('/admin/coupons', async (c) => {
  const ctx = staffCtx(c, 'manage_coupons');
  return c.json({ coupons: await listCoupons(ctx) });
});

couponsRoutes.post('/admin/coupons', async (c) => {
  const ctx = staffCtx(c, 'manage_coupons');
  const body = await parseBody(c, couponInputSchema);
  return c.json({ coupon: await createCoupon(ctx, body) }, 201);
});

couponsRoutes.put('/admin/coupons/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_coupons');
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, couponInputSchema);
  return c.json({ coupon: await updateCoupon(ctx, id, body) });
});

couponsRoutes.patch('/admin/coupons/:id/active', async (c) => {
  const ctx = staffCtx(c, 'manage_coupons');
  const { id } = parseParams(c, idParam);
  const { active } = await parseBody(c, z.object({ active: z.boolean({ message: 'Informe ativo ou inativo' }) }));
  return c.json({ coupon: await setCouponActive(ctx, id, active) });
});

couponsRoutes.delete('/admin/coupons/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_coupons');
  const { id } = parseParams(c, idParam);
  await deleteCoupon(ctx, id);
  return c.json({ ok: true });
});
