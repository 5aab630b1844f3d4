import { paymentMethodInputSchema } from '@meucardapio/domain/payment-method-admin';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { staffCtx } from '../../http/guard';
import { idParam, parseBody, parseParams } from '../../http/validate';
import {
  createDefaultPaymentMethods,
  createPaymentMethod,
  deletePaymentMethod,
  listPaymentMethods,
  setPaymentMethodActive,
  updatePaymentMethod,
} from './payment-methods.service';

/** Admin CRUD of the restaurant's payment methods (manage_payment_methods). */
export const paymentMethodsRoutes = new Hono<AppEnv>();

paymentMethodsRoutes.get('/admin/payment-methods', async (c) => {
  const ctx = staffCtx(c, 'manage_payment_methods');
  return c.json(await listPaymentMethods(ctx));
});

paymentMethodsRoutes.post('/admin/payment-methods', async (c) => {
  const ctx = staffCtx(c, 'manage_payment_methods');
  const body = await parseBody(c, paymentMethodInputSchema);
  return c.json({ paymentMethod: await createPaymentMethod(ctx, body) }, 201);
});

paymentMethodsRoutes.post('/admin/payment-methods/defaults', async (c) => {
  const ctx = staffCtx(c, 'manage_payment_methods');
  return c.json({ paymentMethods: await createDefaultPaymentMethods(ctx) }, 201);
});

paymentMethodsRoutes.put('/admin/payment-methods/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_payment_methods');
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, paymentMethodInputSchema);
  return c.json({ paymentMethod: await updatePaymentMethod(ctx, id, body) });
});

paymentMethodsRoutes.patch('/admin/payment-methods/:id/active', async (c) => {
  const ctx = staffCtx(c, 'manage_payment_methods');
  const { id } = parseParams(c, idParam);
  const { active } = await parseBody(c, z.object({ active: z.boolean({ message: 'Informe ativo ou inativo' }) }));
  return c.json({ paymentMethod: await setPaymentMethodActive(ctx, id, active) });
});

paymentMethodsRoutes.delete('/admin/payment-methods/:id', async (c) => {
  const ctx = staffCtx(c, 'manage_payment_methods');
  const { id } = parseParams(c, idParam);
  await deletePaymentMethod(ctx, id);
  return c.json({ ok: true });
});
