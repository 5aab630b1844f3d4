import { orderProposalSchema } from '@meucardapio/domain/checkout';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../../http/context';
import { customerCtx, staffCtx } from '../../../http/guard';
import { idempotencyKeyOf } from '../../../http/idempotency';
import { throttle } from '../../../http/rate-limit';
import { parseBody, parseParams, parseQuery } from '../../../http/validate';
import { createCustomerOrder } from './checkout.service';
import { getCheckoutOptions, quoteShippingBySlug, validateCoupon } from './checkout-options.service';
import { placeTestOrder } from './test-order.service';

/** The storefront's checkout: its options and previews (public or signed-in customer) and the order itself. */
export const checkoutRoutes = new Hono<AppEnv>();

const slugParam = z.object({ slug: z.string().trim().min(1).max(80) });

const tableQuery = z.object({
  table: z.coerce
    .number({ message: 'Mesa inválida' })
    .int('Mesa inválida')
    .min(1, 'Mesa inválida')
    .max(100000, 'Mesa inválida')
    .optional(),
});

checkoutRoutes.get('/public/restaurants/:slug/checkout-options', async (c) => {
  const { slug } = parseParams(c, slugParam);
  const { table } = parseQuery(c, tableQuery);
  const onlinePayments = c.get('deps').integrations.payments.offersCheckoutTo(slug);
  return c.json(await getCheckoutOptions(c.get('db'), slug, onlinePayments, table ?? null));
});

const couponBody = z.object({
  code: z.string({ message: 'Informe o código do cupom' }).trim().min(1, 'Informe o código do cupom').max(50),
  subtotal: z.number().int().min(0).max(100_000_000),
});

checkoutRoutes.post('/public/restaurants/:slug/coupons/validate', async (c) => {
  const ctx = customerCtx(c);
  const { slug } = parseParams(c, slugParam);
  const input = await parseBody(c, couponBody);
  // Guessing codes is the attack: a few dozen checks per address and quarter hour.
  await throttle(c, 'coupon');
  return c.json(await validateCoupon(ctx, slug, input));
});

const quoteBody = z.object({
  cep: z.string().trim().max(12).nullish(),
  items: z
    .array(z.object({ productId: z.uuid({ message: 'Produto inválido' }), quantity: z.number().int().min(1).max(999) }))
    .max(100),
});

checkoutRoutes.post('/public/restaurants/:slug/shipping/quote', async (c) => {
  const { slug } = parseParams(c, slugParam);
  const input = await parseBody(c, quoteBody);
  await throttle(c, 'shipping');
  return c.json(await quoteShippingBySlug(c.get('db'), c.get('deps'), slug, input));
});

checkoutRoutes.post('/customer/orders', async (c) => {
  const ctx = customerCtx(c);
  const key = idempotencyKeyOf(c);
  const input = await parseBody(c, orderProposalSchema);
  const result = await createCustomerOrder(ctx, input, key);
  return c.json(result, result.replayed ? 200 : 201);
});

// The menu preview's test order: staff, any hour, marked as a test (decision 044).
checkoutRoutes.post('/admin/orders/test', async (c) => {
  const ctx = staffCtx(c, 'manage_orders');
  const key = idempotencyKeyOf(c);
  const input = await parseBody(c, orderProposalSchema);
  const result = await placeTestOrder(ctx, input, key);
  return c.json(result, result.replayed ? 200 : 201);
});
