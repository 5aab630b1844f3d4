import { MSG } from '@meucardapio/domain/messages';
import { addressEntrySchema, customerProfileSchema } from '@meucardapio/domain/validation';
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { badRequest } from '../../http/errors';
import { customerCtx } from '../../http/guard';
import { idParam, parseParams } from '../../http/validate';
import {
  createAddress,
  deleteAddress,
  getOwnOrder,
  getProfile,
  listAddresses,
  listOwnOrders,
  updateAddress,
  updateProfile,
  verifyOwnOrderPayment,
} from './customer-area.service';

/** Form bodies answer the spec's own text as the toast title ('Preencha todos os campos obrigatórios.'). */
async function parseForm<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const raw = await c.req.json().catch(() => undefined);
  const result = schema.safeParse(raw ?? {});
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? MSG.invalidData, '', 'invalid_data');
  return result.data;
}

/** The customer area (/customer-dashboard, /customer): the signed-in customer acts on their own data only. */
export const customersRoutes = new Hono<AppEnv>();

customersRoutes.get('/customer/profile', async (c) => {
  const ctx = customerCtx(c);
  return c.json({ customer: await getProfile(ctx) });
});

customersRoutes.put('/customer/profile', async (c) => {
  const ctx = customerCtx(c);
  const input = await parseForm(c, customerProfileSchema);
  return c.json({ customer: await updateProfile(ctx, input), message: 'Perfil atualizado!' });
});

customersRoutes.get('/customer/addresses', async (c) => {
  const ctx = customerCtx(c);
  return c.json({ addresses: await listAddresses(ctx) });
});

customersRoutes.post('/customer/addresses', async (c) => {
  const ctx = customerCtx(c);
  const input = await parseForm(c, addressEntrySchema);
  return c.json({ address: await createAddress(ctx, input), message: 'Endereço salvo!' }, 201);
});

customersRoutes.put('/customer/addresses/:id', async (c) => {
  const ctx = customerCtx(c);
  const { id } = parseParams(c, idParam);
  const input = await parseForm(c, addressEntrySchema);
  return c.json({ address: await updateAddress(ctx, id, input), message: 'Endereço atualizado!' });
});

customersRoutes.delete('/customer/addresses/:id', async (c) => {
  const ctx = customerCtx(c);
  const { id } = parseParams(c, idParam);
  await deleteAddress(ctx, id);
  return c.json({ ok: true, message: 'Endereço excluído!' });
});

customersRoutes.get('/customer/orders', async (c) => {
  const ctx = customerCtx(c);
  return c.json({ orders: await listOwnOrders(ctx) });
});

customersRoutes.get('/customer/orders/:id', async (c) => {
  const ctx = customerCtx(c);
  const { id } = parseParams(c, idParam);
  return c.json({ order: await getOwnOrder(ctx, id) });
});

customersRoutes.post('/customer/orders/:id/verify-payment', async (c) => {
  const ctx = customerCtx(c);
  const { id } = parseParams(c, idParam);
  return c.json(await verifyOwnOrderPayment(ctx, id));
});
