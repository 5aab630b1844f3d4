import { MSG } from '@meucardapio/domain/messages';
import { customerDataCsv } from '@meucardapio/domain/privacy';
import { addressEntrySchema, customerProfileSchema } from '@meucardapio/domain/validation';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { badRequest } from '../../http/errors';
import { customerCtx } from '../../http/guard';
import { endSession } from '../../http/session';
import { idParam, parseBody, parseParams } from '../../http/validate';
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
import { deleteMyAccount, exportMyData, privacyOverview, setMarketingConsent } from './privacy.service';

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

// ─── "Meus dados" (LGPD) ───────────────────────────────────────────────────────────────────────────

customersRoutes.get('/customer/privacy', async (c) => {
  const ctx = customerCtx(c);
  return c.json(await privacyOverview(ctx));
});

customersRoutes.put('/customer/privacy/marketing', async (c) => {
  const ctx = customerCtx(c);
  const { granted } = await parseBody(c, z.object({ granted: z.boolean() }));
  return c.json({
    ...(await setMarketingConsent(ctx, granted)),
    message: granted ? 'Consentimento registrado!' : 'Consentimento retirado.',
  });
});

/** A copy of everything the restaurant holds about the customer, as a JSON or CSV download. */
customersRoutes.post('/customer/privacy/export', async (c) => {
  const ctx = customerCtx(c);
  const { format } = await parseBody(c, z.object({ format: z.enum(['json', 'csv']) }));
  const data = await exportMyData(ctx);
  const name = `meus-dados-${data.generatedAt.slice(0, 10)}.${format}`;
  c.header('Content-Disposition', `attachment; filename="${name}"`);
  c.header('Cache-Control', 'no-store');
  if (format === 'json') return c.json(data);
  c.header('Content-Type', 'text/csv; charset=utf-8');
  return c.body(customerDataCsv(data));
});

customersRoutes.post('/customer/privacy/delete-account', async (c) => {
  const ctx = customerCtx(c);
  const { password } = await parseBody(
    c,
    z.object({ password: z.string({ message: 'Digite sua senha.' }).min(1, 'Digite sua senha.').max(200) }),
  );
  await deleteMyAccount(ctx, password);
  await endSession(c, c.get('db'));
  return c.json({ ok: true, message: 'Sua conta foi excluída.' });
});
