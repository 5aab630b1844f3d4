import { appCancellationAnswerSchema, CANCELLATION_REASONS } from '@meucardapio/domain/marketplace';
import { confirmLocalPixSchema } from '@meucardapio/domain/order-pix';
import { normalizeOrderStatus } from '@meucardapio/domain/order-status';
import { BOARD_NAMED_ORDERS_MAX } from '@meucardapio/domain/order-views';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../../http/context';
import { staffCtx } from '../../../http/guard';
import { idParam, parseBody, parseParams, parseQuery } from '../../../http/validate';
import { listOutboundMessages } from '../notifications/whatsapp-outbox';
import {
  answerAppCancellation,
  deliveryOverview,
  getReceipt,
  listDeliveryPeople,
  listOrders,
  updateOrderStatus,
} from './board.service';
import { confirmLocalPixPayment } from './local-pix.service';
import { verifyOrderPayment, verifyPendingPayments } from './payment-checks.service';

/** Staff side of orders (mounted by orders.routes.ts): the board, status changes, delivery, payments. */
export const boardRoutes = new Hono<AppEnv>();

// 'ready' is what the POS and old clients send; it is stored as 'confirmed' (ARCHITECTURE §6.5).
const statusValue = z.string({ message: 'Status inválido' }).transform((v, ctx) => {
  const s = normalizeOrderStatus(v);
  if (!s) {
    ctx.addIssue({ code: 'custom', message: 'Status inválido' });
    return z.NEVER;
  }
  return s;
});

const listQuery = z.object({
  status: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v || v === 'all') return undefined;
      const s = normalizeOrderStatus(v);
      if (!s) {
        ctx.addIssue({ code: 'custom', message: 'Status inválido' });
        return z.NEVER;
      }
      return s;
    }),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  // The orders a live event named: the board asks for those alone and puts them in the list it holds.
  ids: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .pipe(
      z
        .array(z.uuid({ message: 'Identificador inválido' }))
        .max(BOARD_NAMED_ORDERS_MAX, 'Pedidos demais')
        .optional(),
    ),
});

const statusBody = z.object({
  status: statusValue,
  deliveryEmployeeId: z.uuid({ message: 'Entregador inválido' }).nullish(),
  courierId: z.uuid({ message: 'Entregador inválido' }).nullish(),
  phoneDigits: z.string().max(20).nullish(),
  notes: z.string().max(500).nullish(),
  cancelReason: z
    .enum(CANCELLATION_REASONS.map((r) => r.code) as [string, ...string[]], { message: 'Motivo inválido' })
    .optional()
    .transform((v) => v as (typeof CANCELLATION_REASONS)[number]['code'] | undefined),
});

boardRoutes.get('/admin/orders', async (c) => {
  const ctx = staffCtx(c, 'manage_orders');
  const query = parseQuery(c, listQuery);
  return c.json({ orders: await listOrders(ctx, query) });
});

boardRoutes.patch('/admin/orders/:id/status', async (c) => {
  const ctx = staffCtx(c, 'manage_orders');
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, statusBody);
  return c.json({ order: await updateOrderStatus(ctx, id, body) });
});

boardRoutes.post('/admin/orders/:id/app-cancellation', async (c) => {
  const ctx = staffCtx(c, 'manage_orders');
  const { id } = parseParams(c, idParam);
  const body = await parseBody(c, appCancellationAnswerSchema);
  return c.json({ order: await answerAppCancellation(ctx, id, body.accept) });
});

boardRoutes.get('/admin/orders/:id/receipt', async (c) => {
  const ctx = staffCtx(c, 'manage_orders');
  const { id } = parseParams(c, idParam);
  return c.json(await getReceipt(ctx, id));
});

boardRoutes.post('/admin/orders/verify-payments', async (c) => {
  const ctx = staffCtx(c, 'manage_orders');
  return c.json(await verifyPendingPayments(ctx));
});

boardRoutes.post('/admin/orders/:id/verify-payment', async (c) => {
  const ctx = staffCtx(c, 'manage_orders');
  const { id } = parseParams(c, idParam);
  return c.json(await verifyOrderPayment(ctx, id));
});

// The restaurant's own PIX QR Code: who handles money confirms it arrived, with the amount or the E2E id.
boardRoutes.post('/admin/orders/:id/confirm-pix', async (c) => {
  const ctx = staffCtx(c, 'manage_orders');
  const { id } = parseParams(c, idParam);
  return c.json({ order: await confirmLocalPixPayment(ctx, id, await parseBody(c, confirmLocalPixSchema)) });
});

boardRoutes.get('/admin/delivery-people', async (c) => {
  const ctx = staffCtx(c, 'manage_orders', 'manage_delivery');
  return c.json({ deliveryPeople: await listDeliveryPeople(ctx) });
});

boardRoutes.get('/admin/delivery/overview', async (c) => {
  const ctx = staffCtx(c, 'manage_delivery');
  return c.json({ groups: await deliveryOverview(ctx) });
});

// "Mensagens enviadas": the WhatsApp outbox, for the owner and administrators.
boardRoutes.get('/admin/messages', async (c) => {
  const ctx = staffCtx(c, 'manage_settings');
  return c.json({ messages: await listOutboundMessages(ctx) });
});
